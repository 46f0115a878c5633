package dev.fastio.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.SyscallFaults;
import dev.fastio.internal.read.WholeFile;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native whole-file read and stat (JDK 22+) with each of their system calls failing in turn,
 * through the same fault plan as the native copy: {@code open}, {@code statx} and every
 * {@code read}. Each failure is an {@link IOException} naming the file, with nothing left open;
 * with no fault the bytes are the file's. (The cache's: {@code dev.fastio.cache.NativeCacheFaultTest}.) The cache, whose failed stat is answered as a read
 * would, gives the bytes or the read's error, and never keeps what a failure left.
 */
class NativeReadFaultTest {
    private static final int EIO = 5;

    @TempDir
    Path dir;

    /** {@link FastRead#readAllBytes(Path)} through a layer whose calls consult {@code plan}. */
    private static byte[] read(SyscallFaults plan, Path file) throws IOException {
        return WholeFile.readAllBytes(NativeLayer.awaitBound().withFaults(plan), OneVersion.SYSTEM, file, true);
    }

    @Test
    void everyFailingCallOfAReadIsAnErrorNamingTheFileAndLeavesNothingOpen() throws Exception {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        // 0 bytes, one chunk less one, a chunk, two chunks and a bit: the read loop's ends
        for (int size : new int[] {0, 1, (1 << 20) - 1, 1 << 20, (2 << 20) + 7}) {
            byte[] content = new byte[size];
            new Random(size).nextBytes(content);
            Path file = Files.write(dir.resolve("f" + size), content);

            SyscallFaults counting = SyscallFaults.counting();
            assertThat(read(counting, file)).isEqualTo(content);
            List<String> calls = counting.log();
            // no size asked first: open, a read, and for a file with bytes the statx that judges the read
            // (and, just written, the passes that confirm it)
            assertThat(calls).as("a read of %d bytes", size).startsWith("open", "read");
            assertThat(calls.contains("statx")).as("a read of %d bytes", size).isEqualTo(size > 0);

            var before = OpenDescriptors.snapshot();
            List<String> failed = new ArrayList<>();
            for (int n = 1; n <= calls.size(); n++) {
                SyscallFaults plan = SyscallFaults.failing(n, EIO);
                String what = "size " + size + ", call " + n + " (" + calls.get(n - 1) + ") failing";
                assertThat(catchThrowable(() -> read(plan, file))).as(what)
                        .isInstanceOf(IOException.class).hasMessageContaining(file.toString());
                assertThat(plan.fired()).as(what).isTrue();
                failed.add(calls.get(n - 1));
            }
            assertThat(failed).containsAll(size > 0 ? List.of("open", "statx", "read") : List.of("open", "read"));
            assertThat(OpenDescriptors.openedSince(before)).as("descriptors left open").isEmpty();
            assertThat(FastRead.readAllBytes(file)).as("after the faults").isEqualTo(content);
        }
    }
}
