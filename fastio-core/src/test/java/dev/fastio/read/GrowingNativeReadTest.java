package dev.fastio.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.SyscallFaults;
import dev.fastio.internal.read.WholeFile;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The growing read through the native layer (JDK 22+), with the file changed at one exact point:
 * just before the {@code statx} that follows the first read (the syscall plan's
 * {@link SyscallFaults#before}). Both modes side by side: {@link Growth#PREFIX} returns the
 * prefix of a file appended to, and, as {@link Growth#REJECT} does, fails on a file truncated or
 * rewritten inside it. (The JDK path's twin is {@code GrowingReadTest}.)
 */
class GrowingNativeReadTest {
    private static final int EIO = 5;
    private static final int CHUNK = 1 << 20;

    @TempDir
    Path dir;

    @BeforeEach
    void nativeLayer() {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
    }

    /** The fault plan of the next reads (a test's own: JUnit makes an instance per test). */
    private SyscallFaults plan = SyscallFaults.counting();

    /** {@link FastRead#readAllBytes(Path, Growth)} through a layer whose calls consult {@link #plan}. */
    private byte[] read(Path file, Growth growth) throws IOException {
        return WholeFile.readAllBytes(NativeLayer.awaitBound().withFaults(plan), OneVersion.SYSTEM, file, growth);
    }

    private static byte[] random(int size) {
        byte[] b = new byte[size];
        new Random(size).nextBytes(b);
        return b;
    }

    /** Runs {@code change} just before the second {@code statx} of the next read on this thread: after its first pass. */
    private void afterTheFirstRead(Runnable change) {
        plan = SyscallFaults.counting().before("statx", 2, change);
    }

    private static Runnable io(IoChange c) {
        return () -> {
            try {
                c.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    interface IoChange {
        void run() throws IOException;
    }

    @Test
    void anAppendIsLeftOutWithPrefixAndAnErrorWithout() throws IOException {
        for (int size : new int[] {1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 7}) {
            byte[] content = random(size);
            Path f = Files.write(dir.resolve("log" + size), content);
            afterTheFirstRead(io(() -> Files.writeString(f, "a line\n", StandardOpenOption.APPEND)));
            assertThat(read(f, Growth.PREFIX)).as("size %d", size).isEqualTo(content);
            List<String> calls = plan.log();
            assertThat(calls.stream().filter("pread"::equals).count()).as("size %d: read twice", size)
                    .isEqualTo(2L * ((size + CHUNK - 1) / CHUNK));
            afterTheFirstRead(io(() -> Files.writeString(f, "a line\n", StandardOpenOption.APPEND)));
            assertThatThrownBy(() -> read(f, Growth.REJECT)).as("size %d, strict", size)
                    .isInstanceOf(FileChangedException.class).hasMessageContaining(f.toString());
        }
    }

    @Test
    void aByteRewrittenInsideThePrefixIsAChangeInBothModes() throws IOException {
        for (Growth g : Growth.values()) {
            for (int size : new int[] {1, CHUNK, 2 * CHUNK + 7}) {
                byte[] content = random(size);
                Path f = Files.write(dir.resolve("rewritten"), content);
                afterTheFirstRead(io(() -> {
                    try (FileChannel w = FileChannel.open(f, StandardOpenOption.WRITE)) {
                        w.write(ByteBuffer.wrap(new byte[] {(byte) (content[size - 1] + 1)}), size - 1);
                    }
                }));
                assertThatThrownBy(() -> read(f, g)).as("%s, size %d", g, size)
                        .isInstanceOf(FileChangedException.class).hasMessageContaining(f.toString());
            }
        }
    }

    @Test
    void aFileTruncatedAfterTheFirstReadIsAChangeInBothModes() throws IOException {
        for (Growth g : Growth.values()) {
            Path f = Files.write(dir.resolve("truncated"), random(100_000));
            afterTheFirstRead(io(() -> {
                try (FileChannel w = FileChannel.open(f, StandardOpenOption.WRITE)) {
                    w.truncate(99_999);
                }
            }));
            assertThatThrownBy(() -> read(f, g)).as("%s", g)
                    .isInstanceOf(FileChangedException.class).hasMessageContaining(f.toString());
        }
    }

    /**
     * A rename over the name: the read holds the file it opened, but the name stands for another
     * file now, a change in both modes (strict: the opened file's ctime moved as its last link went;
     * growing: the name's identity, as on the JDK path).
     */
    @Test
    void aFileRenamedOverTheNameIsAChangeInBothModes() throws IOException {
        for (Growth g : Growth.values()) {
            Path f = Files.write(dir.resolve("replaced"), random(100_000));
            Path other = Files.write(dir.resolve("other"), random(150_000));
            afterTheFirstRead(io(() -> Files.move(other, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)));
            assertThatThrownBy(() -> read(f, g)).as("%s", g)
                    .isInstanceOf(FileChangedException.class).hasMessageContaining(f.toString());
        }
    }

    /** Removed after the first read (a log rotated away): the descriptor still reads the file opened, and the two reads agree. */
    @Test
    void aFileRemovedAfterTheFirstReadIsReadFromWhatWasOpened() throws IOException {
        byte[] content = random(100_000);
        Path f = Files.write(dir.resolve("removed"), content);
        afterTheFirstRead(io(() -> Files.delete(f)));
        assertThat(read(f, Growth.PREFIX)).isEqualTo(content);
    }

    @Test
    void everyFailingCallOfAGrowingReadIsAnErrorNamingTheFileAndLeavesNothingOpen() throws Exception {
        for (int size : new int[] {0, 1, CHUNK + 1}) {
            byte[] content = random(size);
            Path f = Files.write(dir.resolve("f" + size), content);
            SyscallFaults counting = plan = SyscallFaults.counting();
            assertThat(read(f, Growth.PREFIX)).isEqualTo(content);
            List<String> calls = counting.log();
            plan = SyscallFaults.counting();
            var before = OpenDescriptors.snapshot();
            List<String> failed = new ArrayList<>();
            for (int n = 1; n <= calls.size(); n++) {
                SyscallFaults failing = plan = SyscallFaults.failing(n, EIO);
                String what = "size " + size + ", call " + n + " (" + calls.get(n - 1) + ") failing";
                assertThat(catchThrowable(() -> read(f, Growth.PREFIX))).as(what)
                        .isInstanceOf(IOException.class).hasMessageContaining(f.toString());
                assertThat(failing.fired()).as(what).isTrue();
                failed.add(calls.get(n - 1));
                plan = SyscallFaults.counting();
            }
            assertThat(failed).contains("open", "statx");
            assertThat(OpenDescriptors.openedSince(before)).as("descriptors left open").isEmpty();
        }
    }
}
