package dev.fastio.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSizesTest {
    @TempDir
    Path dir;

    @Test
    void procfsAndSysfsSizesAreUnreliableAndADiskFilesAreNot() throws IOException {
        for (Path p : UnsizedSources.stableProcFiles()) {
            assertThat(FileSizes.sizesUnreliable(p)).as(p.toString()).isTrue();
        }
        for (Path p : UnsizedSources.sysfsFiles()) {
            assertThat(FileSizes.sizesUnreliable(p)).as(p.toString()).isTrue();
        }
        assertThat(FileSizes.sizesUnreliable(Files.writeString(dir.resolve("f"), "x"))).isFalse();
        assertThat(FileSizes.sizesUnreliable(dir.resolve("missing"))).as("unknown: trusted, so a mismatch is reported").isFalse();
    }

    @Test
    void readToEndIgnoresAWrongHint() throws Exception {
        for (int n : UnsizedSources.PIPE_SIZES) {
            byte[] want = UnsizedSources.content(n, n);
            Path f = Files.write(dir.resolve("f" + n), want);
            for (long hint : new long[] {0, 1, n / 2, n, n + 1, 4096}) {
                try (FileChannel ch = FileChannel.open(f)) {
                    assertThat(FileSizes.readToEnd(ch, hint, f)).as("n=%d hint=%d", n, hint).isEqualTo(want);
                }
            }
            Path pipe = UnsizedSources.pipe(dir, "p" + n, want);
            try (FileChannel ch = FileChannel.open(pipe)) {
                assertThat(ch.size()).isZero();
                assertThat(FileSizes.readToEnd(ch, ch.size(), pipe)).as("pipe n=%d", n).isEqualTo(want);
            }
        }
    }
}
