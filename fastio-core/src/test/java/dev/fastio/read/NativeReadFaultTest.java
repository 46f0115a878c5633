package dev.fastio.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.cache.FileCache;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.SyscallFaults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native whole-file read and stat (JDK 22+) with each of their system calls failing in turn,
 * through the same fault plan as the native copy: {@code open}, {@code statx} and every
 * {@code read}. Each failure is an {@link IOException} naming the file, with nothing left open;
 * with no fault the bytes are the file's. The cache, whose failed stat is answered as a read
 * would, gives the bytes or the read's error, and never keeps what a failure left.
 */
class NativeReadFaultTest {
    private static final int EIO = 5;

    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        SyscallFaults.clear();
    }

    @Test
    void everyFailingCallOfAReadIsAnErrorNamingTheFileAndLeavesNothingOpen() throws Exception {
        assumeThat(NativeLayer.get().active()).as("the native layer (JDK 22+)").isTrue();
        // 0 bytes, one chunk less one, a chunk, two chunks and a bit: the read loop's ends
        for (int size : new int[] {0, 1, (1 << 20) - 1, 1 << 20, (2 << 20) + 7}) {
            byte[] content = new byte[size];
            new Random(size).nextBytes(content);
            Path file = Files.write(dir.resolve("f" + size), content);

            SyscallFaults counting = SyscallFaults.install(0, 0);
            assertThat(FastRead.readAllBytes(file)).isEqualTo(content);
            List<String> calls = counting.log();
            SyscallFaults.clear();
            // no size asked first: open, a read, and for a file with bytes the statx that judges the read
            // (and, just written, the passes that confirm it)
            assertThat(calls).as("a read of %d bytes", size).startsWith("open", "read");
            assertThat(calls.contains("statx")).as("a read of %d bytes", size).isEqualTo(size > 0);

            var before = OpenDescriptors.snapshot();
            List<String> failed = new ArrayList<>();
            for (int n = 1; n <= calls.size(); n++) {
                SyscallFaults plan = SyscallFaults.install(n, EIO);
                String what = "size " + size + ", call " + n + " (" + calls.get(n - 1) + ") failing";
                assertThat(catchThrowable(() -> FastRead.readAllBytes(file))).as(what)
                        .isInstanceOf(IOException.class).hasMessageContaining(file.toString());
                assertThat(plan.fired()).as(what).isTrue();
                failed.add(calls.get(n - 1));
                SyscallFaults.clear();
            }
            assertThat(failed).containsAll(size > 0 ? List.of("open", "statx", "read") : List.of("open", "read"));
            assertThat(OpenDescriptors.openedSince(before)).as("descriptors left open").isEmpty();
            assertThat(FastRead.readAllBytes(file)).as("after the faults").isEqualTo(content);
        }
    }

    @Test
    void aFailingCallOfTheCachesStatOrLoadGivesTheBytesOrAnErrorAndCachesNothing() throws Exception {
        assumeThat(NativeLayer.get().active()).as("the native layer (JDK 22+)").isTrue();
        Path file = Files.writeString(dir.resolve("cached"), "one version");
        try (FileCache cache = FileCache.builder().build()) {
            SyscallFaults counting = SyscallFaults.install(0, 0);
            cache.get(file);
            List<String> log = counting.log();
            int calls = log.size();
            cache.invalidateAll();
            int errors = 0;
            for (int n = 1; n <= calls; n++) {
                SyscallFaults.install(n, EIO);
                Object got;
                try {
                    got = cache.get(file).asString();
                } catch (IOException e) {
                    got = e;
                }
                SyscallFaults.clear();
                // a failed stat is answered as a read would (FileCache's rule): the bytes, or the read's error
                if (got instanceof IOException e) {
                    assertThat(e).as("call %d of %s failing", n, log).hasMessageContaining(file.toString());
                    errors++;
                } else {
                    assertThat(got).as("call %d of %s failing", n, log).isEqualTo("one version");
                }
                assertThat(cache.get(file).asString()).as("after call %d failed", n).isEqualTo("one version");
                cache.invalidateAll();
            }
            assertThat(errors).as("the load's failures reach the caller").isPositive();
        }
    }
}
