package dev.fastio.array;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ArrayFilesTest {
    @TempDir
    Path dir;

    /** Element counts around the 256 KB chunk and the 8 MB parallel threshold, for 4-byte ints. */
    static Stream<Integer> intCounts() {
        int chunk = dev.fastio.internal.array.ChunkedArrayIO.CHUNK / 4;
        int parallel = (int) (dev.fastio.internal.array.ChunkedArrayIO.PARALLEL_MIN_BYTES / 4);
        return Stream.of(0, 1, 2, chunk - 1, chunk, chunk + 1, 3 * chunk + 5, parallel - 1, parallel, parallel + 3,
                3 * parallel + 1);
    }

    private static int[] randomInts(int n, long seed) {
        Random r = new Random(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt();
        }
        return a;
    }

    /** What DataOutputStream writes: the big-endian reference. */
    private Path dataOutputFile(int[] values) throws IOException {
        Path f = dir.resolve("d-" + values.length);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(f)))) {
            for (int v : values) {
                out.writeInt(v);
            }
        }
        return f;
    }

    @ParameterizedTest
    @MethodSource("intCounts")
    void bigEndianIntsMatchDataOutputStream(int n) throws IOException {
        int[] values = randomInts(n, n);
        Path f = dataOutputFile(values);
        assertThat(ArrayFiles.readInts(f, ByteOrder.BIG_ENDIAN)).isEqualTo(values);
    }

    @ParameterizedTest
    @MethodSource("intCounts")
    void writeThenReadRoundTripsInBothOrders(int n) throws IOException {
        int[] values = randomInts(n, ~n);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            Path f = dir.resolve("w-" + n + order);
            ArrayFiles.writeInts(f, values, order);
            assertThat(Files.size(f)).isEqualTo(4L * n);
            assertThat(ArrayFiles.readInts(f, order)).isEqualTo(values);
            // the bytes are what a ByteBuffer in that order says
            ByteBuffer expected = ByteBuffer.allocate(4 * n).order(order);
            expected.asIntBuffer().put(values);
            assertThat(Files.readAllBytes(f)).isEqualTo(expected.array());
        }
    }

    @Property(tries = 60)
    void everyTypeRoundTripsAndRangesMatch(@ForAll @IntRange(max = 300_000) int n, @ForAll boolean little,
            @ForAll @IntRange(max = 1000) int firstPick) throws IOException {
        Path d = Files.createTempDirectory("fastio-array");
        try {
            ByteOrder order = little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            Random r = new Random(n);
            long[] longs = r.longs(n).toArray();
            double[] doubles = r.doubles(n).toArray();
            short[] shorts = new short[n];
            float[] floats = new float[n];
            for (int i = 0; i < n; i++) {
                shorts[i] = (short) r.nextInt();
                floats[i] = r.nextFloat();
            }
            ArrayFiles.writeLongs(d.resolve("l"), longs, order);
            ArrayFiles.writeDoubles(d.resolve("d"), doubles, order);
            ArrayFiles.writeShorts(d.resolve("s"), shorts, order);
            ArrayFiles.writeFloats(d.resolve("f"), floats, order);
            assertThat(ArrayFiles.readLongs(d.resolve("l"), order)).isEqualTo(longs);
            assertThat(ArrayFiles.readDoubles(d.resolve("d"), order)).isEqualTo(doubles);
            assertThat(ArrayFiles.readShorts(d.resolve("s"), order)).isEqualTo(shorts);
            assertThat(ArrayFiles.readFloats(d.resolve("f"), order)).isEqualTo(floats);
            int first = n == 0 ? 0 : firstPick % n;
            int count = n - first;
            assertThat(ArrayFiles.readLongs(d.resolve("l"), order, first, count))
                    .isEqualTo(java.util.Arrays.copyOfRange(longs, first, n));
            long[] into = new long[count + 3];
            ArrayFiles.readLongs(d.resolve("l"), order, first, into, 2, count);
            assertThat(java.util.Arrays.copyOfRange(into, 2, 2 + count)).isEqualTo(java.util.Arrays.copyOfRange(longs, first, n));
            assertThat(into[0]).isZero();
            assertThat(into[count + 2]).isZero();
        } finally {
            try (var s = Files.walk(d)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aTailIsAnErrorNamingFileLengthAndElementSizeUnlessIgnored() throws IOException {
        Path f = dir.resolve("odd");
        Files.write(f, new byte[] {0, 0, 0, 1, 0, 0, 0, 2, 9, 9});
        assertThatThrownBy(() -> ArrayFiles.readInts(f, ByteOrder.BIG_ENDIAN))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(f.toString()).hasMessageContaining("length 10 bytes")
                .hasMessageContaining("4-byte int").hasMessageContaining("Tail.IGNORE");
        assertThat(ArrayFiles.readInts(f, ByteOrder.BIG_ENDIAN, Tail.IGNORE)).containsExactly(1, 2);
    }

    @Test
    void aRangePastTheEndIsAnEofNamingBoth() throws IOException {
        Path f = dataOutputFile(new int[] {1, 2, 3});
        assertThatThrownBy(() -> ArrayFiles.readInts(f, ByteOrder.BIG_ENDIAN, 2, 2))
                .isInstanceOf(EOFException.class).hasMessageContaining("12 bytes long").hasMessageContaining("[2, 4)");
        assertThatThrownBy(() -> ArrayFiles.readInts(f, ByteOrder.BIG_ENDIAN, 0, new int[2], 1, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void moreElementsThanAnArrayHoldsIsAClearErrorAndRangesStillWork() throws IOException {
        Path sparse = dir.resolve("sparse");
        long bytes = 4L * Integer.MAX_VALUE + 64; // ~8.6 GB, sparse: no disk used
        try (RandomAccessFile raf = new RandomAccessFile(sparse.toFile(), "rw")) {
            raf.setLength(bytes);
            raf.seek(bytes - 4);
            raf.writeInt(0x01020304);
        }
        assertThatThrownBy(() -> ArrayFiles.readInts(sparse, ByteOrder.BIG_ENDIAN))
                .isInstanceOf(IOException.class).hasMessageContaining(sparse.toString())
                .hasMessageContaining("at most").hasMessageContaining("ranges");
        // a range beyond 2 GB in the file
        assertThat(ArrayFiles.readInts(sparse, ByteOrder.BIG_ENDIAN, bytes / 4 - 2, 2)).containsExactly(0, 0x01020304);
    }

    @Test
    void aMissingFileIsNoSuchFile() {
        assertThatThrownBy(() -> ArrayFiles.readInts(dir.resolve("none"), ByteOrder.BIG_ENDIAN))
                .isInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    /** A null byte order or tail is an error naming it (a null order had been read as little-endian), and a write leaves the file as it was. */
    @Test
    void aNullOrderOrTailIsAnErrorNamingIt() throws IOException {
        Path file = Files.write(dir.resolve("null-order.bin"), new byte[] {1, 0, 0, 0, 2, 0, 0, 0});
        java.util.List<org.assertj.core.api.ThrowableAssert.ThrowingCallable> calls = java.util.List.of(
                () -> ArrayFiles.readInts(file, null),
                () -> ArrayFiles.readLongs(file, null),
                () -> ArrayFiles.readShorts(file, null),
                () -> ArrayFiles.readFloats(file, null),
                () -> ArrayFiles.readDoubles(file, null),
                () -> ArrayFiles.readInts(file, null, Tail.IGNORE),
                () -> ArrayFiles.readInts(file, null, 0, 1),
                () -> ArrayFiles.readInts(file, null, 0, new int[1], 0, 1),
                () -> ArrayFiles.writeInts(file, new int[] {7}, null),
                () -> ArrayFiles.writeDoubles(file, new double[] {7}, null));
        for (var call : calls) {
            assertThatThrownBy(call).isInstanceOf(NullPointerException.class).hasMessage("order");
        }
        assertThatThrownBy(() -> ArrayFiles.readInts(file, ByteOrder.LITTLE_ENDIAN, null)).isInstanceOf(NullPointerException.class)
                .hasMessage("tail");
        assertThat(Files.readAllBytes(file)).containsExactly(1, 0, 0, 0, 2, 0, 0, 0);
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s).as("nothing staged").containsExactly(file);
        }
    }

    @Test
    void oneTrailingByteIsNamedInTheSingular() throws IOException {
        Path file = Files.write(dir.resolve("five.bin"), new byte[5]);
        assertThatThrownBy(() -> ArrayFiles.readInts(file, ByteOrder.BIG_ENDIAN)).isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("(1 trailing byte)");
    }
}
