package dev.fastio.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The leak check itself: it sees a descriptor left open, and not one that something else closed. */
class OpenDescriptorsTest {
    @TempDir Path dir;

    @Test
    void namesWhatIsLeftOpenAndIgnoresWhatClosed() throws Exception {
        Path earlier = Files.writeString(dir.resolve("earlier"), "x");
        Path leaked = Files.writeString(dir.resolve("leaked"), "y");
        FileChannel closedMeanwhile = FileChannel.open(earlier);
        var before = OpenDescriptors.snapshot();
        closedMeanwhile.close(); // the count drops by one here, which a count-based check took for a change
        assertThat(OpenDescriptors.openedSince(before)).isEmpty();
        try (FileChannel open = FileChannel.open(leaked)) {
            assertThat(OpenDescriptors.openedSince(before)).singleElement().asString().endsWith(" -> " + leaked.toRealPath());
        }
        assertThat(OpenDescriptors.openedSince(before)).isEmpty();
    }
}
