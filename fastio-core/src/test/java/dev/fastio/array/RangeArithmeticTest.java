package dev.fastio.array;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Range loads at every {@code first} and {@code count} the API accepts: the result is the
 * elements the file holds there, an {@link EOFException} naming the file and the range when the
 * range passes its end, or an {@link IllegalArgumentException} naming a negative argument; never
 * other elements. A product {@code (first + count) * size} that wrapped around made
 * {@code readLongs(f, BE, 2^61, 1)} return element 0.
 */
class RangeArithmeticTest {
    /** Elements in the file, whatever the type: 4 longs, 8 ints, 16 shorts. */
    static final int FILE_BYTES = 32;
    static Path dir;
    static Path file;
    static byte[] bytes;

    @BeforeContainer
    static void makeFile() throws IOException {
        dir = Files.createTempDirectory("fastio-ranges");
        file = dir.resolve("four-longs.bin");
        bytes = new byte[FILE_BYTES];
        for (int i = 0; i < FILE_BYTES; i++) {
            bytes[i] = (byte) (17 * i + 3);
        }
        Files.write(file, bytes);
    }

    @AfterContainer
    static void removeFile() throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
    }

    /** One element type's two range calls, and its elements as raw longs for comparison. */
    interface Kind {
        int size();

        Object range(Path f, ByteOrder o, long first, int count) throws IOException;

        void into(Path f, ByteOrder o, long first, Object dst, int off, int count) throws IOException;

        Object newArray(int n);

        long raw(ByteBuffer b, int index);

        static Kind of(int size, Range range, Into into, java.util.function.IntFunction<Object> newArray, Raw raw) {
            return new Kind() {
                public int size() { return size; }
                public Object range(Path f, ByteOrder o, long first, int count) throws IOException { return range.load(f, o, first, count); }
                public void into(Path f, ByteOrder o, long first, Object dst, int off, int count) throws IOException { into.load(f, o, first, dst, off, count); }
                public Object newArray(int n) { return newArray.apply(n); }
                public long raw(ByteBuffer b, int index) { return raw.at(b, index); }
                public String toString() { return size + "-byte"; }
            };
        }
    }

    interface Range { Object load(Path f, ByteOrder o, long first, int count) throws IOException; }

    interface Into { void load(Path f, ByteOrder o, long first, Object dst, int off, int count) throws IOException; }

    interface Raw { long at(ByteBuffer b, int index); }

    static final List<Kind> KINDS = List.of(
            Kind.of(2, ArrayFiles::readShorts, (f, o, first, d, off, c) -> ArrayFiles.readShorts(f, o, first, (short[]) d, off, c),
                    short[]::new, (b, i) -> b.getShort(i * 2)),
            Kind.of(4, ArrayFiles::readInts, (f, o, first, d, off, c) -> ArrayFiles.readInts(f, o, first, (int[]) d, off, c),
                    int[]::new, (b, i) -> b.getInt(i * 4)),
            Kind.of(8, ArrayFiles::readLongs, (f, o, first, d, off, c) -> ArrayFiles.readLongs(f, o, first, (long[]) d, off, c),
                    long[]::new, (b, i) -> b.getLong(i * 8)),
            Kind.of(4, ArrayFiles::readFloats, (f, o, first, d, off, c) -> ArrayFiles.readFloats(f, o, first, (float[]) d, off, c),
                    float[]::new, (b, i) -> Float.floatToRawIntBits(b.getFloat(i * 4))),
            Kind.of(8, ArrayFiles::readDoubles, (f, o, first, d, off, c) -> ArrayFiles.readDoubles(f, o, first, (double[]) d, off, c),
                    double[]::new, (b, i) -> Double.doubleToRawLongBits(b.getDouble(i * 8))));

    /** Values near every power of two where a product of an element index and 2, 4 or 8 wraps, and near the ends of the long range. */
    static List<Long> edges() {
        List<Long> out = new ArrayList<>();
        long[] bases = {0, 1L << 31, 1L << 32, 1L << 60, 1L << 61, 1L << 62, Long.MAX_VALUE / 8, Long.MAX_VALUE / 4,
                Long.MAX_VALUE / 2, Long.MAX_VALUE, Long.MIN_VALUE, -(1L << 61), -(1L << 62)};
        for (long b : bases) {
            for (int d = -4; d <= 4; d++) {
                out.add(b + d); // wraps at the ends: that is part of the range tested
            }
        }
        return out;
    }

    @Provide
    Arbitrary<Long> firsts() {
        return Arbitraries.oneOf(Arbitraries.of(edges()), Arbitraries.longs(), Arbitraries.longs().between(-2, 40));
    }

    @Provide
    Arbitrary<Integer> counts() {
        return Arbitraries.oneOf(Arbitraries.integers().between(-2, 17),
                Arbitraries.of(Integer.MAX_VALUE, Integer.MAX_VALUE - 8, 1 << 30, 1 << 29, Integer.MIN_VALUE));
    }

    @Property(tries = 400)
    void aRangeIsItsElementsOrAnErrorNamingIt(@ForAll("firsts") long first, @ForAll("counts") int count) throws IOException {
        for (Kind k : KINDS) {
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                check(k, order, first, count);
            }
        }
    }

    private static void check(Kind k, ByteOrder order, long first, int count) throws IOException {
        int elements = FILE_BYTES / k.size();
        String what = k + " " + order + " first=" + first + " count=" + count;
        if (first < 0 || count < 0) {
            String argument = first < 0 ? "first = " + first : "count = " + count;
            assertThatThrownBy(() -> k.range(file, order, first, count)).as(what)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(argument);
            assertThatThrownBy(() -> k.into(file, order, first, k.newArray(3), 0, count)).as(what)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(argument);
            return;
        }
        boolean inside = BigInteger.valueOf(first).add(BigInteger.valueOf(count)).compareTo(BigInteger.valueOf(elements)) <= 0;
        if (!inside) {
            assertThatThrownBy(() -> k.range(file, order, first, count)).as(what)
                    .isInstanceOf(EOFException.class)
                    .hasMessageContaining(file.toString())
                    .hasMessageContaining("elements [" + first + ", ")
                    .hasMessageContaining("32 bytes long");
            if (count <= 5) {
                Object dst = k.newArray(count + 2);
                assertThatThrownBy(() -> k.into(file, order, first, dst, 1, count)).as(what).isInstanceOf(EOFException.class);
                assertThat(Array.getLength(dst)).isEqualTo(count + 2);
            }
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(order);
        Object got = k.range(file, order, first, count);
        assertThat(Array.getLength(got)).as(what).isEqualTo(count);
        Object into = k.newArray(count + 2);
        k.into(file, order, first, into, 1, count);
        for (int i = 0; i < count; i++) {
            long expected = k.raw(b, (int) first + i);
            assertThat(raw(got, i)).as("%s element %d", what, i).isEqualTo(expected);
            assertThat(raw(into, i + 1)).as("%s into, element %d", what, i).isEqualTo(expected);
        }
        assertThat(raw(into, 0)).isZero();
        assertThat(raw(into, count + 1)).isZero();
    }

    /** Element {@code i} of a primitive array as the raw bits the file held, sign-extended like ByteBuffer's getters. */
    private static long raw(Object array, int i) {
        Object v = Array.get(array, i);
        if (v instanceof Float f) {
            return Float.floatToRawIntBits(f);
        }
        if (v instanceof Double d) {
            return Double.doubleToRawLongBits(d);
        }
        return ((Number) v).longValue();
    }
}
