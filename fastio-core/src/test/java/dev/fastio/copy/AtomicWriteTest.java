package dev.fastio.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriteTest {
    @TempDir
    Path dir;

    private String[] listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    @Test
    void createsAndReplaces() throws IOException {
        Path t = dir.resolve("out.txt");
        AtomicWrite.write(t, tmp -> Files.writeString(tmp, "one"));
        assertThat(Files.readString(t)).isEqualTo("one");
        AtomicWrite.write(t, tmp -> Files.writeString(tmp, "two"));
        assertThat(Files.readString(t)).isEqualTo("two");
        assertThat(listing()).containsExactly("out.txt");
    }

    @Test
    void aFailingWriterLeavesTheTargetAsItWasAndNoTemporaryFile() throws IOException {
        Path t = Files.writeString(dir.resolve("keep.txt"), "old");
        assertThatThrownBy(() -> AtomicWrite.write(t, tmp -> {
            Files.writeString(tmp, "half");
            throw new IOException("disk on fire");
        })).hasMessage("disk on fire");
        assertThat(Files.readString(t)).isEqualTo("old");
        assertThat(listing()).containsExactly("keep.txt");
        assertThatThrownBy(() -> AtomicWrite.write(dir.resolve("new.txt"), tmp -> {
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(listing()).containsExactly("keep.txt");
    }

    @Test
    void aMissingFolderIsNamed() {
        Path t = dir.resolve("no/such/out.txt");
        assertThatThrownBy(() -> AtomicWrite.write(t, tmp -> {}))
                .isInstanceOfSatisfying(NoSuchFileException.class, e -> {
                    assertThat(e.getFile()).isEqualTo(dir.resolve("no/such").toString());
                    assertThat(e.getReason()).contains("destination folder does not exist");
                });
    }
}
