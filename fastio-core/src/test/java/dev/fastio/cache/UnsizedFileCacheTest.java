package dev.fastio.cache;

import dev.fastio.internal.version.ManualClock;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.internal.UnsizedSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Files whose size reads 0 or is wrong (procfs, sysfs): their stamp says nothing about their
 * bytes, so a validated get always compares content, and gives what {@code Files.readAllBytes}
 * gives.
 */
class UnsizedFileCacheTest {
    @Test
    void procAndSysFilesAreCachedWhole() throws IOException {
        try (FileCache cache = FileCache.builder().timestampResolution(Duration.ofMillis(1)).build()) {
            for (int pass = 0; pass < 3; pass++) {
                for (Path p : UnsizedSources.stableProcFiles()) {
                    assertThat(cache.get(p).bytes()).as(p.toString()).isEqualTo(Files.readAllBytes(p)).isNotEmpty();
                }
                for (Path p : UnsizedSources.sysfsFiles()) {
                    assertThat(cache.get(p).bytes()).as(p.toString()).isEqualTo(Files.readAllBytes(p)).isNotEmpty();
                }
            }
        }
    }

    /** /proc/thread-self/comm (size 0) changes when the thread's name is written, with no size to tell. */
    @Test
    void aProcFileThatChangesIsNeverServedByItsStamp() throws Exception {
        Path comm = Path.of("/proc/thread-self/comm");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(comm), "needs a writable /proc/thread-self/comm");
        String original = Files.readString(comm).strip();
        ManualClock clock = new ManualClock();
        try (FileCache cache = FileCache.builder().timestampResolution(Duration.ofMillis(1)).clock(clock).build()) {
            for (int i = 0; i < 20; i++) {
                String name = "fastio-" + i;
                Files.writeString(comm, name);
                clock.advance(Duration.ofMillis(2)); // the stamp would call the entry clean by now: it must not trust it
                assertThat(cache.get(comm).asString(StandardCharsets.UTF_8)).isEqualTo(name + "\n");
                assertThat(cache.get(comm).asString(StandardCharsets.UTF_8)).isEqualTo(name + "\n");
            }
        } finally {
            Files.writeString(comm, original);
        }
    }
}
