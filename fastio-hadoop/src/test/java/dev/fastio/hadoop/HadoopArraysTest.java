package dev.fastio.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.array.Tail;
import dev.fastio.internal.buffer.DirectBuffers;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link HadoopArrays} against a plain {@code fs.open} read of the same file, on HDFS (64 KiB
 * blocks, two datanodes: direct-buffer reads), {@code RawLocalFileSystem} and the
 * checksummed {@code LocalFileSystem} (heap chunks): every element type, both byte
 * orders, sizes at 0, one element, chunk and block boundaries ± one element and either side of
 * the parallel threshold, ranges starting and ending on those boundaries, into arrays at an
 * offset.
 */
class HadoopArraysTest {
    static final int CHUNK = DirectBuffers.SIZE;
    static final long PARALLEL = 8L << 20;
    /** Byte sizes; all multiples of 8, so every element type loads them whole. */
    static final long[] SIZES = {0, 8, 4096, CHUNK - 8, CHUNK, CHUNK + 8, 3L * Hdfs.BLOCK + 8, PARALLEL - 8, PARALLEL + 8,
            9L * (1 << 20) + 24};

    static final Map<String, FileSystem> FILESYSTEMS = new LinkedHashMap<>();
    static final Map<String, Path> DIRS = new LinkedHashMap<>();

    @BeforeAll
    static void filesystems() throws IOException {
        FILESYSTEMS.put("hdfs", Hdfs.fs());
        DIRS.put("hdfs", new Path("/arrays"));
        org.apache.hadoop.fs.LocalFileSystem local = FileSystem.getLocal(new Configuration());
        java.nio.file.Path tmp = java.nio.file.Files.createTempDirectory("fastio-hadoop-arrays");
        FILESYSTEMS.put("file (raw)", local.getRawFileSystem());
        DIRS.put("file (raw)", new Path(tmp.toUri().toString(), "raw"));
        FILESYSTEMS.put("file (checksummed)", local);
        DIRS.put("file (checksummed)", new Path(tmp.toUri().toString(), "checksummed"));
        Random random = new Random(15);
        for (String fsName : FILESYSTEMS.keySet()) {
            for (long size : SIZES) {
                byte[] bytes = new byte[(int) size];
                random.nextBytes(bytes);
                write(FILESYSTEMS.get(fsName), file(fsName, size), bytes);
            }
        }
    }

    static Path file(String fsName, long size) {
        return new Path(DIRS.get(fsName), "f" + size + ".bin");
    }

    static void write(FileSystem fs, Path p, byte[] bytes) throws IOException {
        try (FSDataOutputStream out = fs.create(p, true)) {
            out.write(bytes);
        }
    }

    /** The plain way: {@code fs.open} and {@code DataInputStream.readFully}. */
    static byte[] plainRead(FileSystem fs, Path p) throws IOException {
        long len = fs.getFileStatus(p).getLen();
        byte[] b = new byte[(int) len];
        try (DataInputStream in = new DataInputStream(fs.open(p))) {
            in.readFully(b);
            assertThat(in.read()).isEqualTo(-1);
        }
        return b;
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String fsName : List.of("hdfs", "file (raw)", "file (checksummed)")) {
            for (Kinds k : Kinds.ALL) {
                for (ByteOrder o : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
                    out.add(Arguments.of(fsName, k, o));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void wholeFilesEqualThePlainRead(String fsName, Kinds k, ByteOrder order) throws IOException {
        FileSystem fs = FILESYSTEMS.get(fsName);
        for (long size : SIZES) {
            Path p = file(fsName, size);
            byte[] expected = plainRead(fs, p);
            Object a = k.readAll(fs, p, order, Tail.REJECT);
            assertThat(k.length(a)).as("%s %d", p, size).isEqualTo(expected.length / k.size);
            assertThat(k.bytes(a, order)).as("%s %d", p, size).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void rangesAtBoundariesEqualThePlainRead(String fsName, Kinds k, ByteOrder order) throws IOException {
        FileSystem fs = FILESYSTEMS.get(fsName);
        long size = SIZES[SIZES.length - 1];
        Path p = file(fsName, size);
        byte[] all = plainRead(fs, p);
        long elements = size / k.size;
        long[] edges = {0, 1, CHUNK / k.size - 1, CHUNK / k.size, CHUNK / k.size + 1, Hdfs.BLOCK / k.size - 1,
                Hdfs.BLOCK / k.size, Hdfs.BLOCK / k.size + 1, PARALLEL / k.size, elements - 1, elements};
        Random random = new Random(k.size * 31L + order.hashCode());
        List<long[]> ranges = new ArrayList<>();
        ranges.add(new long[] {0, elements}); // the whole file as a range: parallel parts
        for (long e : edges) { // short ranges that start, end or straddle each boundary
            ranges.add(new long[] {e, e});
            ranges.add(new long[] {Math.max(0, e - 1), Math.min(elements, e + 1)});
            ranges.add(new long[] {Math.max(0, e - 3), Math.min(elements, e + CHUNK / k.size + 1)});
        }
        for (int i = 0; i < 10; i++) {
            long a = random.nextInt((int) elements);
            ranges.add(new long[] {a, a + random.nextInt((int) Math.min(elements - a, 300_000) + 1)});
        }
        for (long[] r : ranges) {
            int count = (int) (r[1] - r[0]);
            byte[] expected = Arrays.copyOfRange(all, (int) (r[0] * k.size), (int) (r[1] * k.size));
            Object got = k.readRange(fs, p, order, r[0], count);
            assertThat(k.bytes(got, order)).as("%s [%d, %d)", p, r[0], r[1]).isEqualTo(expected);
            // into an array at an offset: the rest stays as it was
            Object dst = k.newArray(count + 5);
            byte[] before = k.bytes(dst, order);
            k.readInto(fs, p, order, r[0], dst, 3, count);
            assertThat(k.bytes(dst, 3, count, order)).isEqualTo(expected);
            assertThat(k.bytes(dst, 0, 3, order)).isEqualTo(Arrays.copyOf(before, 3 * k.size));
            assertThat(k.bytes(dst, 3 + count, 2, order)).isEqualTo(Arrays.copyOfRange(before, (3 + count) * k.size, (5 + count) * k.size));
        }
    }

    @Test
    void intsEqualTheArticlesDataInputStreamLoop() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path p = file("hdfs", SIZES[SIZES.length - 1]);
        int[] got = HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN);
        int[] expected = new int[got.length];
        try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(fs.open(p)))) {
            for (int i = 0; i < expected.length; i++) {
                expected[i] = in.readInt();
            }
        }
        assertThat(got).isEqualTo(expected);
    }

    @Test
    void trailingBytesAreAnErrorNamingTheFileUnlessIgnored() throws IOException {
        for (String fsName : FILESYSTEMS.keySet()) {
            FileSystem fs = FILESYSTEMS.get(fsName);
            for (long size : new long[] {3, PARALLEL + 8 + 3}) {
                Path p = new Path(DIRS.get(fsName), "tail" + size);
                byte[] bytes = new byte[(int) size];
                new Random(size).nextBytes(bytes);
                write(fs, p, bytes);
                String name = fs.makeQualified(p).toString();
                assertThatThrownBy(() -> HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN))
                        .isExactlyInstanceOf(IOException.class)
                        .hasMessageContaining(name).hasMessageContaining("3 trailing bytes");
                int[] ints = HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE);
                int[] expected = new int[(int) (size / 4)];
                ByteBuffer.wrap(bytes).asIntBuffer().get(expected);
                assertThat(ints).isEqualTo(expected);
            }
        }
    }

    /**
     * Ranges at every {@code first} and {@code count} the API accepts, near the powers of two
     * where {@code (first + count) * size} wraps: the elements, an EOFException naming the file
     * and the range, or an IllegalArgumentException naming a negative argument; never other
     * elements ({@code first = 2^61} read element 0 before).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rangeFilesystems")
    void rangesAtTheLimitsOfLongAreTheirElementsOrAnError(String fsName) throws IOException {
        FileSystem fs = FILESYSTEMS.get(fsName);
        Path p = new Path(DIRS.get(fsName), "limits.bin");
        byte[] bytes = new byte[32];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (17 * i + 3);
        }
        write(fs, p, bytes);
        List<Long> firsts = new ArrayList<>();
        for (long base : new long[] {0, 1L << 31, 1L << 32, 1L << 61, 1L << 62, Long.MAX_VALUE / 8, Long.MAX_VALUE / 4,
                Long.MAX_VALUE / 2, Long.MAX_VALUE, Long.MIN_VALUE}) {
            for (int d = -3; d <= 3; d++) {
                firsts.add(base + d);
            }
        }
        int[] counts = {-1, 0, 1, 2, 3, 4, 5, Integer.MAX_VALUE, Integer.MAX_VALUE - 8, Integer.MIN_VALUE};
        for (Kinds k : Kinds.ALL) {
            int elements = bytes.length / k.size;
            for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
                for (long first : firsts) {
                    for (int count : counts) {
                        String what = k + " " + order + " first=" + first + " count=" + count;
                        if (first < 0 || count < 0) {
                            assertThatThrownBy(() -> k.readRange(fs, p, order, first, count)).as(what)
                                    .isInstanceOf(IllegalArgumentException.class)
                                    .hasMessageContaining(first < 0 ? "first = " + first : "count = " + count);
                            assertThatThrownBy(() -> k.readInto(fs, p, order, first, k.newArray(2), 0, count)).as(what)
                                    .isInstanceOf(IllegalArgumentException.class);
                        } else if (java.math.BigInteger.valueOf(first).add(java.math.BigInteger.valueOf(count))
                                .compareTo(java.math.BigInteger.valueOf(elements)) > 0) {
                            assertThatThrownBy(() -> k.readRange(fs, p, order, first, count)).as(what)
                                    .isInstanceOf(EOFException.class)
                                    .hasMessageContaining("limits.bin")
                                    .hasMessageContaining("elements [" + first + ", ");
                        } else {
                            Object got = k.readRange(fs, p, order, first, count);
                            assertThat(k.bytes(got, order)).as(what).isEqualTo(
                                    Arrays.copyOfRange(bytes, (int) first * k.size, (int) (first + count) * k.size));
                        }
                    }
                }
            }
        }
    }

    static Stream<String> rangeFilesystems() {
        return Stream.of("hdfs", "file (raw)");
    }

    @Test
    void aRangePastTheEndIsAnEofExceptionNamingBoth() throws IOException {
        for (String fsName : FILESYSTEMS.keySet()) {
            FileSystem fs = FILESYSTEMS.get(fsName);
            Path p = file(fsName, 4096);
            assertThatThrownBy(() -> HadoopArrays.readLongs(fs, p, ByteOrder.BIG_ENDIAN, 500, 13))
                    .isInstanceOf(EOFException.class)
                    .hasMessageContaining(fs.makeQualified(p).toString())
                    .hasMessageContaining("[500, 513)").hasMessageContaining("4096 bytes long");
            assertThat(HadoopArrays.readLongs(fs, p, ByteOrder.BIG_ENDIAN, 512, 0)).isEmpty();
            assertThatThrownBy(() -> HadoopArrays.readLongs(fs, p, ByteOrder.BIG_ENDIAN, 0, new long[4], 2, 3))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> HadoopArrays.readLongs(fs, p, ByteOrder.BIG_ENDIAN, -1, 1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("first = -1");
        }
    }

    /** A file still open for writing loads what was flushed; a length of 0 (procfs through file://) is read to the end. */
    @Test
    void aFileBeingWrittenAndALengthOfZero() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path p = new Path("/arrays/being-written.bin");
        byte[] bytes = new byte[4000];
        new Random(9).nextBytes(bytes);
        try (FSDataOutputStream out = fs.create(p, true)) {
            out.write(bytes);
            out.hflush(); // readers see the bytes while the file is still open for writing
            assertThat(fs.getFileStatus(p).getLen()).isEqualTo(4000);
            int[] expected = new int[1000];
            ByteBuffer.wrap(bytes).asIntBuffer().get(expected);
            assertThat(HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(expected);
        }
        FileSystem raw = FILESYSTEMS.get("file (raw)");
        Path proc = new Path("file:///proc/self/mountinfo");
        assertThat(raw.getFileStatus(proc).getLen()).isZero();
        byte[] content = java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/self/mountinfo"));
        short[] shorts = HadoopArrays.readShorts(raw, proc, ByteOrder.LITTLE_ENDIAN, Tail.IGNORE);
        short[] expected = new short[content.length / 2];
        ByteBuffer.wrap(content).order(ByteOrder.LITTLE_ENDIAN).asShortBuffer().get(expected);
        assertThat(shorts).isEqualTo(expected);
    }

    @Test
    void theOpenedStreamIsAsked() throws IOException {
        // HDFS reads into direct buffers; the local filesystems (raw and checksummed) into heap chunks
        for (String fsName : FILESYSTEMS.keySet()) {
            try (FSDataInputStream in = FILESYSTEMS.get(fsName).open(file(fsName, 4096))) {
                assertThat(in.hasCapability("in:readbytebuffer")).as(fsName).isEqualTo(fsName.equals("hdfs"));
            }
        }
    }

    /** A null byte order or tail is an error naming it (a null order had been read as little-endian, a null tail as IGNORE). */
    @Test
    void aNullOrderOrTailIsAnErrorNamingIt() throws IOException {
        for (String fsName : FILESYSTEMS.keySet()) {
            FileSystem fs = FILESYSTEMS.get(fsName);
            Path p = new Path(DIRS.get(fsName), "null-order");
            write(fs, p, new byte[] {1, 0, 0, 0, 2});
            assertThatThrownBy(() -> HadoopArrays.readInts(fs, p, null)).isInstanceOf(NullPointerException.class).hasMessage("order");
            assertThatThrownBy(() -> HadoopArrays.readLongs(fs, p, null, 0, 0)).isInstanceOf(NullPointerException.class).hasMessage("order");
            assertThatThrownBy(() -> HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN, (Tail) null)).isInstanceOf(NullPointerException.class)
                    .hasMessage("tail");
        }
    }
}
