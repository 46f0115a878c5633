package dev.fastio.internal.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.version.FileStamp;
import dev.fastio.internal.version.GrowingPrefix;
import dev.fastio.internal.version.ManualClock;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.read.FileChangedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The growing-file rule on the JDK path's source (a {@code FileChannel} and the stamps of the
 * name), with the file changed at one exact point: between the first read and the stamp after
 * it, or during the first read. The test wraps the source the library builds, as the copy tests
 * pass failing {@code FileOps}; the rule and the source are the library's. (The native layer's
 * twin is {@code GrowingNativeReadTest}, through its syscall plan.)
 */
class GrowingReadTest {
    /** Sizes at the ends of the read's and the confirming pass's 1 MiB pieces. */
    static final int[] SIZES = {1, FileSizes.MAX_READ_CHUNK - 1, FileSizes.MAX_READ_CHUNK, FileSizes.MAX_READ_CHUNK + 1,
        2 * FileSizes.MAX_READ_CHUNK + 7};

    @TempDir
    Path dir;

    interface Change {
        void run() throws IOException;
    }

    /** The library's JDK-path source, counting the bytes read, running {@code firstRead} after the first read and {@code between} before the first stamp. */
    static final class Hooked implements GrowingPrefix.Source {
        private final GrowingPrefix.Source d;
        private final Change firstRead;
        private final Change between;
        private boolean readDone;
        private boolean stampDone;
        long bytesRead;

        Hooked(GrowingPrefix.Source d, Change firstRead, Change between) {
            this.d = d;
            this.firstRead = firstRead;
            this.between = between;
        }

        @Override
        public int read(long position, byte[] buf, int off, int len) throws IOException {
            int n = d.read(position, buf, off, len);
            bytesRead += Math.max(n, 0);
            if (!readDone) {
                readDone = true;
                firstRead.run();
            }
            return n;
        }

        @Override
        public FileStamp stamp() throws IOException {
            if (!stampDone) {
                stampDone = true;
                between.run();
            }
            return d.stamp();
        }
    }

    /** What {@code WholeFile.readAllBytes(file, Growth.PREFIX)} does on the JDK path, with the source hooked. */
    static byte[] readGrowing(Path file, Hooked[] hooked, Change firstRead, Change between) throws IOException {
        return readGrowing(OneVersion.SYSTEM, file, hooked, firstRead, between);
    }

    /** As above, the racy window judged on {@code rule}'s clock. */
    static byte[] readGrowing(OneVersion rule, Path file, Hooked[] hooked, Change firstRead, Change between) throws IOException {
        FileStamp opened = FileStamp.read(file); // as WholeFile takes it
        try (FileChannel ch = FileChannel.open(file)) {
            hooked[0] = new Hooked(new WholeFile.ChannelPrefix(ch, file), firstRead, between);
            return GrowingPrefix.readAllBytes(file, hooked[0], opened, ch.size(), rule);
        }
    }

    private static final Change NOTHING = () -> { };

    static byte[] random(int size) {
        byte[] b = new byte[size];
        new Random(size).nextBytes(b);
        return b;
    }

    private static void append(Path f, String text) throws IOException {
        Files.writeString(f, text, StandardOpenOption.APPEND);
    }

    private static void writeAt(Path f, long at, byte[] bytes) throws IOException {
        try (FileChannel w = FileChannel.open(f, StandardOpenOption.WRITE)) {
            w.write(ByteBuffer.wrap(bytes), at);
        }
    }

    @Test
    void bytesAppendedMeanwhileAreLeftOutAndThePrefixIsConfirmedByASecondRead() throws IOException {
        for (int size : SIZES) {
            byte[] content = random(size);
            Path f = Files.write(dir.resolve("log" + size), content);
            Hooked[] h = new Hooked[1];
            assertThat(readGrowing(f, h, () -> append(f, "a line\n"), () -> append(f, "another\n"))).as("size %d", size).isEqualTo(content);
            assertThat(h[0].bytesRead).as("size %d: read twice", size).isEqualTo(2L * size);
        }
    }

    @Test
    void anOldFileThatDidNotChangeIsReadOnce() throws IOException {
        Path f = Files.write(dir.resolve("old"), random(3000));
        // older than the racy window by its ctime, on a clock moved past the window (an mtime set
        // back, as this test once did, is a writer's to set; the rule judges the ctime, which no
        // one can set back). Nothing writes during this read, so a moved clock is sound here.
        ManualClock clock = new ManualClock();
        clock.advance(Duration.ofMillis(OneVersion.WINDOW_MILLIS + 100));
        Hooked[] h = new Hooked[1];
        assertThat(readGrowing(new OneVersion(clock), f, h, NOTHING, NOTHING)).isEqualTo(Files.readAllBytes(f));
        assertThat(h[0].bytesRead).isEqualTo(3000);
    }

    @Test
    void aByteRewrittenInsideThePrefixBetweenTheReadsIsAChange() throws IOException {
        for (int size : SIZES) {
            for (long at : new long[] {0, size / 2, size - 1}) {
                byte[] content = random(size);
                Path f = Files.write(dir.resolve("rewritten"), content);
                byte[] other = {(byte) (content[(int) at] + 1)};
                assertThatThrownBy(() -> readGrowing(f, new Hooked[1], NOTHING, () -> writeAt(f, at, other)))
                        .as("size %d, byte %d", size, at)
                        .isInstanceOf(FileChangedException.class)
                        .hasMessageContaining(f.toString()).hasMessageContaining("differ");
            }
        }
    }

    @Test
    void aFileTruncatedBetweenTheReadsIsAChange() throws IOException {
        Path f = Files.write(dir.resolve("truncated"), random(100_000));
        assertThatThrownBy(() -> readGrowing(f, new Hooked[1], NOTHING, () -> {
            try (FileChannel w = FileChannel.open(f, StandardOpenOption.WRITE)) {
                w.truncate(50_000);
            }
        })).isInstanceOf(FileChangedException.class).hasMessageContaining(f.toString()).hasMessageContaining("truncated");
    }

    @Test
    void aFileTruncatedDuringTheFirstReadIsAChange() throws IOException {
        Path f = Files.write(dir.resolve("cut"), random(3 * FileSizes.MAX_READ_CHUNK));
        assertThatThrownBy(() -> readGrowing(f, new Hooked[1], () -> {
            try (FileChannel w = FileChannel.open(f, StandardOpenOption.WRITE)) {
                w.truncate(FileSizes.MAX_READ_CHUNK + 10);
            }
        }, NOTHING)).isInstanceOf(FileChangedException.class).hasMessageContaining(f.toString())
                .hasMessageContaining("ended at byte " + (FileSizes.MAX_READ_CHUNK + 10));
    }

    @Test
    void truncatedAndRegrownWithOtherBytesIsAChangeWithTheSameBytesIsNot() throws IOException {
        byte[] content = random(200_000);
        Path f = Files.write(dir.resolve("regrown"), content);
        byte[] longer = random(300_000);
        assertThatThrownBy(() -> readGrowing(f, new Hooked[1], NOTHING, () -> Files.write(f, longer)))
                .isInstanceOf(FileChangedException.class).hasMessageContaining("differ");
        Files.write(f, content);
        byte[] same = java.util.Arrays.copyOf(content, 250_000);
        assertThat(readGrowing(f, new Hooked[1], NOTHING, () -> Files.write(f, same)))
                .as("the same bytes again, and more: what the file holds").isEqualTo(content);
    }

    /** The JDK path stamps the name: another file under it is a change. (On JDK 22+ the native read stays on the file it opened.) */
    @Test
    void aFileReplacedByARenameBetweenTheReadsIsAChange() throws IOException {
        Path f = Files.write(dir.resolve("replaced"), random(100_000));
        Path other = Files.write(dir.resolve("other"), random(150_000));
        assertThatThrownBy(() -> readGrowing(f, new Hooked[1], NOTHING, () -> Files.move(other, f, StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE)))
                .isInstanceOf(FileChangedException.class).hasMessageContaining(f.toString()).hasMessageContaining("replaced by another file");
    }

    /** Removed after the first read: the channel still reads the file it opened, and the two reads agree. */
    @Test
    void aFileRemovedBetweenTheReadsIsReadFromWhatWasOpened() throws IOException {
        byte[] content = random(100_000);
        Path f = Files.write(dir.resolve("removed"), content);
        Hooked[] h = new Hooked[1];
        assertThat(readGrowing(f, h, NOTHING, () -> Files.delete(f))).isEqualTo(content);
        assertThat(h[0].bytesRead).as("confirmed by content: no stamp after").isEqualTo(200_000);
    }
}
