package dev.fastio.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.SyscallFaults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write landing between every pair of system calls of a whole-file read, through the native
 * layer's fault seam, on files older than the racy window: so the one stamp after the read is
 * all that can see it. Each write is the unlucky user's hardest: in place, the same size, and
 * the mtime put back as it was ({@code touch -r}); only the ctime moves. Every one must send the
 * read down the confirming path and give the new version whole.
 */
class WriteBetweenCallsTest {
    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        SyscallFaults.clear();
    }

    @Test
    void aWriteBeforeAnyCallOfTheFirstPassIsSeenAndTheNewVersionGiven() throws Exception {
        assumeThat(NativeLayer.get().active()).as("the native layer (JDK 22+)").isTrue();
        // one read's worth, the first read's size exactly and past it, and several reads
        int[] sizes = {1, 4096, (64 << 10) - 1, 64 << 10, (64 << 10) + 1, (3 << 20) + 5};
        List<String[]> plans = new ArrayList<>(); // {size index, call, nth}
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            Path probe = write(dir.resolve("probe" + i), sizes[i], 1);
            SyscallFaults counting = SyscallFaults.install(0, 0);
            FastRead.readAllBytes(probe);
            List<String> calls = counting.log();
            SyscallFaults.clear();
            int opens = 0;
            for (int c = 0; c < calls.size(); c++) {
                String call = calls.get(c);
                opens += call.equals("open") ? 1 : 0;
                if (opens > 1) {
                    break; // only the first pass (the probe file is fresh, so it was confirmed)
                }
                int nth = (int) calls.subList(0, c + 1).stream().filter(call::equals).count();
                plans.add(new String[] {Integer.toString(i), call, Integer.toString(nth)});
                files.add(write(dir.resolve("f" + plans.size()), sizes[i], 1));
            }
        }
        Thread.sleep(1_100); // every file older than the racy window: one pass would be trusted
        for (int p = 0; p < plans.size(); p++) {
            String[] plan = plans.get(p);
            int size = sizes[Integer.parseInt(plan[0])];
            Path file = files.get(p);
            byte[] newer = content(size, 2);
            FileTime mtime = Files.getLastModifiedTime(file);
            SyscallFaults seam = SyscallFaults.install(0, 0).before(plan[1], Integer.parseInt(plan[2]), () -> {
                try {
                    Files.write(file, newer); // in place: truncate and write, the same size
                    Files.setLastModifiedTime(file, mtime);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            byte[] read = FastRead.readAllBytes(file);
            List<String> log = seam.log();
            SyscallFaults.clear();
            String what = size + " bytes, a write before " + plan[1] + " #" + plan[2] + " of " + log;
            assertThat(read).as(what).isEqualTo(newer);
            assertThat(log.stream().filter("open"::equals).count()).as(what + ": confirmed by another pass").isGreaterThan(1);
        }
    }

    @Test
    void aFileOlderThanTheWindowNobodyWritesIsReadInOnePassOfFourCalls() throws Exception {
        assumeThat(NativeLayer.get().active()).as("the native layer (JDK 22+)").isTrue();
        Path file = write(dir.resolve("old"), 4096, 3);
        Thread.sleep(1_100);
        SyscallFaults counting = SyscallFaults.install(0, 0);
        assertThat(FastRead.readAllBytes(file)).isEqualTo(content(4096, 3));
        assertThat(counting.log()).containsExactly("open", "read", "statx"); // and the close, which the seam does not count
    }

    private static Path write(Path file, int size, int seed) throws IOException {
        return Files.write(file, content(size, seed));
    }

    private static byte[] content(int size, int seed) {
        byte[] b = new byte[size];
        new Random(seed * 31L + size).nextBytes(b);
        return b;
    }
}
