package dev.fastio.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.SyscallFaults;
import dev.fastio.internal.read.WholeFile;
import dev.fastio.internal.version.ManualClock;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write landing between every pair of system calls of a whole-file read, through the native
 * layer's fault seam, on both paths of the one-version rule ({@code OneVersion}): the single pass
 * of a file older than the racy window, where the one stamp after the read is all that can see
 * the write, and the confirming pass of a file written just before the read. Each write is the
 * unlucky user's hardest: in place, the same size, and the mtime put back as it was
 * ({@code touch -r}); only the ctime moves. Every one must give a {@link FileChangedException}
 * naming the file, or the new version whole (a write that landed before any byte was read),
 * never the old bytes or a mix.
 */
class WriteBetweenCallsTest {
    @TempDir
    Path dir;

    /** {@link FastRead#readAllBytes(Path)} through a layer whose calls consult {@code plan}. */
    private static byte[] read(SyscallFaults plan, Path file) throws IOException {
        return WholeFile.readAllBytes(NativeLayer.awaitBound().withFaults(plan), OneVersion.SYSTEM, file, true);
    }

    /** One read's worth, the first read's size exactly and past it, and several reads. */
    private static final int[] SIZES = {1, 4096, (64 << 10) - 1, 64 << 10, (64 << 10) + 1, (3 << 20) + 5};

    @Test
    void aWriteBeforeAnyCallOfTheSinglePassIsAChange() throws Exception {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        List<Object[]> plans = plans(1);
        List<Path> files = new ArrayList<>();
        for (int p = 0; p < plans.size(); p++) {
            files.add(write(dir.resolve("old" + p), (Integer) plans.get(p)[0], 1));
        }
        // every file older than the racy window: one pass would be trusted. Real time, not a moved
        // clock: the writes made mid-read take the kernel's time, and the rule tells them from old
        // ones by comparing that time with its clock; a clock moved ahead would take them for old
        Thread.sleep(1_100);
        for (int p = 0; p < plans.size(); p++) {
            assertCaught(files.get(p), plans.get(p));
        }
    }

    @Test
    void aWriteBeforeAnyCallOfTheConfirmingPassIsAChange() throws Exception {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        int checked = 0;
        for (Object[] plan : plans(2)) {
            Path file = write(dir.resolve("fresh" + checked++), (Integer) plan[0], 1);
            Thread.sleep(20); // written within the window, and more than a tick before the read: confirmed
            assertCaught(file, plan);
        }
        assertThat(checked).isGreaterThan(SIZES.length * 2);
    }

    /**
     * For each size, every call of pass {@code pass} of a read, as {size, call, its number among
     * the read's calls of that name}: from the log of a read of a file just written (two passes).
     */
    private List<Object[]> plans(int pass) throws Exception {
        List<Object[]> plans = new ArrayList<>();
        for (int size : SIZES) {
            Path probe = write(dir.resolve("probe" + size), size, 1);
            Thread.sleep(20);
            SyscallFaults counting = SyscallFaults.counting();
            read(counting, probe);
            List<String> calls = counting.log();
            int opens = 0;
            for (int c = 0; c < calls.size(); c++) {
                String call = calls.get(c);
                opens += call.equals("open") ? 1 : 0;
                if (opens == pass) {
                    int nth = (int) calls.subList(0, c + 1).stream().filter(call::equals).count();
                    plans.add(new Object[] {size, call, nth, pass});
                }
            }
            assertThat(opens).as("a read of a file just written: two passes").isEqualTo(2);
        }
        return plans;
    }

    private static void assertCaught(Path file, Object[] plan) throws IOException {
        int size = (Integer) plan[0];
        byte[] newer = content(size, 2);
        FileTime mtime = Files.getLastModifiedTime(file);
        SyscallFaults seam = SyscallFaults.counting().before((String) plan[1], (Integer) plan[2], () -> {
            try {
                Files.write(file, newer); // in place: truncate and write, the same size
                Files.setLastModifiedTime(file, mtime);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        byte[][] read = new byte[1][];
        Throwable thrown = catchThrowable(() -> read[0] = read(seam, file));
        String what = size + " bytes, a write before " + plan[1] + " #" + plan[2] + " of " + seam.log();
        if (thrown == null) {
            assertThat(read[0]).as(what + ": given, so the new version whole").isEqualTo(newer);
            boolean beforeAnyByte = (Integer) plan[3] == 1 && (plan[1].equals("open") || plan[1].equals("read") && (Integer) plan[2] == 1);
            assertThat(beforeAnyByte).as(what + ": given, so the write must have landed before any byte was read").isTrue();
        } else {
            assertThat(thrown).as(what).isInstanceOf(FileChangedException.class).hasMessageContaining(file.toString());
        }
    }

    @Test
    void aFileOlderThanTheWindowNobodyWritesIsReadInOnePassOfFourCalls() throws Exception {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        Path file = write(dir.resolve("old"), 4096, 3);
        ManualClock clock = new ManualClock(); // moved past the window: nothing writes during this read
        clock.advance(Duration.ofMillis(OneVersion.WINDOW_MILLIS + 100));
        SyscallFaults counting = SyscallFaults.counting();
        assertThat(WholeFile.readAllBytes(NativeLayer.awaitBound().withFaults(counting), new OneVersion(clock), file, true))
                .isEqualTo(content(4096, 3));
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
