package dev.fastio.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.SyscallFaults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache's native stats and loads (JDK 22+) with each of their system calls failing in turn,
 * through a native layer with a fault plan passed to its builder: a failed stat is answered as a
 * read would be, with the bytes or the read's error, and nothing a failure left is cached.
 */
class NativeCacheFaultTest {
    private static final int EIO = 5;

    @TempDir
    Path dir;

    @Test
    void aFailingCallOfTheCachesStatOrLoadGivesTheBytesOrAnErrorAndCachesNothing() throws Exception {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        Path file = Files.writeString(dir.resolve("cached"), "one version");
        SyscallFaults counting = SyscallFaults.counting();
        try (FileCache cache = FileCache.builder().nativeLayer(NativeLayer.awaitBound().withFaults(counting)).build()) {
            cache.get(file);
        }
        List<String> log = counting.log();
        int calls = log.size();
        int errors = 0;
        for (int n = 1; n <= calls; n++) {
            SyscallFaults plan = SyscallFaults.failing(n, EIO);
            try (FileCache cache = FileCache.builder().nativeLayer(NativeLayer.awaitBound().withFaults(plan)).build()) {
                Object got;
                try {
                    got = cache.get(file).asString();
                } catch (IOException e) {
                    got = e;
                }
                // a failed stat is answered as a read would (FileCache's rule): the bytes, or the read's error
                if (got instanceof IOException e) {
                    assertThat(e).as("call %d of %s failing", n, log).hasMessageContaining(file.toString());
                    errors++;
                } else {
                    assertThat(got).as("call %d of %s failing", n, log).isEqualTo("one version");
                }
                assertThat(cache.get(file).asString()).as("after call %d failed", n).isEqualTo("one version");
            }
        }
        assertThat(errors).as("the load's failures reach the caller").isPositive();
    }
}
