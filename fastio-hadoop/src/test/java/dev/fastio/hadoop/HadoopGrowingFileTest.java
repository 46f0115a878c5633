package dev.fastio.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fastio.array.Tail;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.read.FileChangedException;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HadoopArrays}' whole-file loads of a file that grows, with {@link Growth#PREFIX}: a local
 * file ({@code file://}, raw and checksummed) appended to after the load's first read gives the
 * elements of its first bytes, every element type, one part or parallel ones; without the opt-in
 * it is an error. Rewritten inside those bytes, truncated or replaced is a
 * {@link FileChangedException} either way. A live file (a record appended every millisecond)
 * loads as its prefix every time; an HDFS file still open for writing loads as the bytes its
 * status gave at open.
 */
class HadoopGrowingFileTest {
    static final int CHUNK = DirectBuffers.SIZE;

    @TempDir
    java.nio.file.Path dir;

    static FileSystem raw() throws IOException {
        return FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }

    interface Change {
        void run() throws IOException;
    }

    /** {@code fs} whose streams run {@code change} once, after the first read of any of them. */
    static FileSystem once(FileSystem fs, Change change) {
        AtomicBoolean done = new AtomicBoolean();
        return new HookedFileSystem(fs, () -> {
            if (done.compareAndSet(false, true)) {
                try {
                    change.run();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
    }

    static byte[] random(int size) {
        byte[] b = new byte[size];
        new Random(size).nextBytes(b);
        return b;
    }

    @Test
    void everyTypeLoadsThePrefixOfAFileAppendedToDuringTheLoad() throws IOException {
        org.apache.hadoop.fs.LocalFileSystem local = FileSystem.getLocal(new Configuration());
        for (FileSystem base : new FileSystem[] {local.getRawFileSystem(), local}) {
            // one part, and parallel parts (above 8 MiB); 3 trailing bytes: the length at open ends inside an element
            for (int size : new int[] {3 * CHUNK + 8 + 3, (9 << 20) + 3}) {
                byte[] content = random(size);
                java.nio.file.Path f = dir.resolve("growing.bin");
                for (Kinds k : Kinds.ALL) {
                    String what = base.getClass().getSimpleName() + ", " + k + ", " + size + " bytes";
                    Files.write(f, content);
                    Path p = new Path(f.toUri());
                    FileSystem fs = once(base, () -> Files.write(f, random(5000), StandardOpenOption.APPEND));
                    Object a = k.readAll(fs, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE, Growth.PREFIX);
                    int whole = size / k.size * k.size;
                    assertThat(k.bytes(a, ByteOrder.BIG_ENDIAN)).as(what).isEqualTo(Arrays.copyOf(content, whole));

                    Files.write(f, content);
                    FileSystem strict = once(base, () -> Files.write(f, random(5000), StandardOpenOption.APPEND));
                    assertThat(catchThrowable(() -> k.readAll(strict, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE, Growth.REJECT))).as(what)
                            .isInstanceOf(IOException.class).hasMessageContaining(f.getFileName().toString());
                }
            }
        }
    }

    @Test
    void aFileRewrittenTruncatedOrReplacedDuringAGrowingLoadIsAChange() throws IOException {
        java.nio.file.Path f = dir.resolve("changing.bin");
        Path p = new Path(f.toUri());
        int size = 3 * CHUNK + 8;
        Change rewrite = () -> {
            try (FileChannel w = FileChannel.open(f, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                w.write(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}));
            }
            try (FileChannel w = FileChannel.open(f, StandardOpenOption.WRITE)) {
                w.write(ByteBuffer.wrap(new byte[8]), 0); // inside the bytes read first
            }
        };
        Change truncate = () -> {
            try (FileChannel w = FileChannel.open(f, StandardOpenOption.WRITE)) {
                w.truncate(CHUNK);
            }
        };
        Change replace = () -> Files.move(Files.write(dir.resolve("other.bin"), random(2 * size)), f,
                StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Change[] changes = {rewrite, truncate, replace};
        String[] names = {"rewritten inside and appended to", "truncated", "replaced by a rename"};
        for (int c = 0; c < changes.length; c++) {
            byte[] content = random(size);
            content[0] = 9; // not the zeros the rewrite puts there
            Files.write(f, content);
            FileSystem fs = once(raw(), changes[c]);
            assertThatThrownBy(() -> HadoopArrays.readLongs(fs, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE, Growth.PREFIX)).as(names[c])
                    .isInstanceOf(FileChangedException.class).hasMessageContaining(f.getFileName().toString());
        }
    }

    /** A file of longs 0, 1, 2, … appended to every millisecond: each growing load is its first records. */
    @Test
    void aLiveFileLoadsAsItsPrefixEveryTime() throws Exception {
        java.nio.file.Path f = dir.resolve("live.bin");
        long start = (10 << 20) / 8; // above 8 MiB: parallel parts
        ByteBuffer b = ByteBuffer.allocate((int) start * 8);
        for (long i = 0; i < start; i++) {
            b.putLong(i);
        }
        Files.write(f, b.array());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong records = new AtomicLong(start);
        Thread writer = new Thread(() -> {
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.APPEND)) {
                while (!stop.get()) {
                    ch.write(ByteBuffer.allocate(8).putLong(0, records.get()));
                    records.incrementAndGet();
                    LockSupport.parkNanos(1_000_000);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "record writer");
        writer.start();
        int refused = 0;
        try {
            FileSystem fs = raw();
            Path p = new Path(f.toUri());
            for (int round = 0; round < 15; round++) {
                long before = Files.size(f) / 8;
                long[] a = HadoopArrays.readLongs(fs, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE, Growth.PREFIX);
                assertThat((long) a.length).as("round %d", round).isGreaterThanOrEqualTo(before);
                for (int i = 0; i < a.length; i++) {
                    if (a[i] != i) {
                        throw new AssertionError("round " + round + ": record " + i + " is " + a[i]);
                    }
                }
                try {
                    HadoopArrays.readLongs(fs, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE);
                } catch (IOException e) {
                    refused++;
                }
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        assertThat(refused).as("loads without the opt-in refused").isPositive();
    }

    /**
     * HDFS: a file still open for writing ({@code hflush} after each write), which the writer
     * extends by three blocks after the load's first read: a growing load gives the bytes its
     * status gave at open; one without the opt-in fails.
     */
    @Test
    void anHdfsFileStillBeingWrittenLoadsAsTheBytesItsStatusGaveAtOpen() throws Exception {
        FileSystem fs = Hdfs.fs();
        Path p = new Path("/growing/open.bin");
        byte[] content = random(5 * Hdfs.BLOCK + 1000);
        try (FSDataOutputStream out = fs.create(p, true)) {
            out.write(content);
            out.hflush();
            long length = fs.getFileStatus(p).getLen();
            assertThat(length).isLessThanOrEqualTo(content.length);
            FileSystem appending = once(fs, () -> {
                out.write(random(3 * Hdfs.BLOCK));
                out.hflush();
            });
            long[] a = HadoopArrays.readLongs(appending, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE, Growth.PREFIX);
            byte[] expected = Arrays.copyOf(content, (int) (length / 8 * 8));
            assertThat(Kinds.ALL.get(2).bytes(a, ByteOrder.BIG_ENDIAN)).isEqualTo(expected);
            assertThat(fs.getFileStatus(p).getLen()).as("the writer went on during the load").isGreaterThan(length);
            FileSystem appendingAgain = once(fs, () -> {
                out.write(random(Hdfs.BLOCK));
                out.hflush();
            });
            assertThat(catchThrowable(() -> HadoopArrays.readLongs(appendingAgain, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE)))
                    .as("without the opt-in").isInstanceOf(IOException.class).hasMessageContaining(p.toString());
        } finally {
            fs.delete(p, false);
        }
    }
}
