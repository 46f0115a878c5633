package dev.fastio.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/** Random contents and sizes: every fastio read path gives what the JDK gives. */
class FastReadPropertiesTest {
    private Path dir;

    @BeforeProperty
    void makeDir() throws IOException {
        dir = Files.createTempDirectory("fastio-read-props");
    }

    @AfterProperty
    void removeDir() throws IOException {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Property(tries = 200)
    void bytesMatchTheJdk(@ForAll @Size(max = 200_000) byte[] content) throws IOException {
        Path f = Files.write(dir.resolve("p.bin"), content);
        assertThat(FastRead.readAllBytes(f)).isEqualTo(content);
        assertThat(FastReadTest.drain(FastRead.openInputStream(f))).isEqualTo(content);
    }

    @Property(tries = 200)
    void textMatchesTheJdk(@ForAll String text, @ForAll @IntRange(min = 0, max = 4000) int repeat) throws IOException {
        // repeat pushes some cases past the small-file threshold onto the streaming path
        String s = text.repeat(Math.max(1, repeat / Math.max(1, text.length())));
        String wellFormed = new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        Path f = Files.writeString(dir.resolve("p.txt"), wellFormed, StandardCharsets.UTF_8);
        assertThat(FastRead.readString(f)).isEqualTo(Files.readString(f));
        assertThat(FastReadTest.drain(FastRead.openReader(f))).isEqualTo(wellFormed);
    }
}
