package dev.fastio.array;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Files of primitive arrays: load a whole file, a range, or into an existing array; write an
 * array. The caller names the byte order: {@link ByteOrder#BIG_ENDIAN} is what
 * {@code DataOutputStream} writes, {@link ByteOrder#nativeOrder()} loads fastest (a plain copy,
 * no byte swap).
 *
 * <p>This is the one place fastio chooses how arrays are loaded: positional reads into a pooled
 * 256 KiB direct buffer and the JDK's bulk typed-view copy, split across cores above 8 MB
 * ({@link ChunkedArrayIO}). The race against the article's strategies (DataInputStream,
 * NIO with a 64 KB direct buffer, a MappedByteBuffer, readAllBytes + wrap) is
 * {@code dev.fastio.bench.array.IpLoadBenchmark}; figures in docs/BENCHMARKS.md ("array").
 *
 * <p><b>Sizes.</b> A whole-file load sizes its array by the file's size at open. A size of 0 says
 * nothing (procfs files, pipes): such a file is read to end of file. A file that turns out
 * shorter or longer than its size is an {@link IOException} naming it (it changed during the
 * load), except on filesystems whose sizes are not the content's length (sysfs, FUSE), where the
 * content read to end of file is loaded. A range load needs positional reads: on a pipe it is an
 * IOException naming the file and the range.
 *
 * <p><b>Errors.</b> A file whose length is not a multiple of the element size is an
 * {@link IOException} naming the file, its length and the element size, unless the caller passes
 * {@link Tail#IGNORE}. A file of more elements than a Java array holds is an IOException (load it
 * in ranges). A range past the end of the file is an {@link java.io.EOFException} naming both.
 * The file is closed on every path. Writing truncates and replaces the file in place; for an
 * all-or-nothing replacement write to a temporary file and move it.
 */
public final class ArrayFiles {
    private ArrayFiles() {}

    /** Loads the whole file as shorts; trailing bytes are an error. */
    public static short[] readShorts(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.SHORT, order, Tail.REJECT);
    }

    /** Loads the whole file as shorts, with the given rule for trailing bytes. */
    public static short[] readShorts(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.SHORT, order, tail);
    }

    /** Loads {@code count} shorts starting at element {@code first} of the file. */
    public static short[] readShorts(Path file, ByteOrder order, long first, int count) throws IOException {
        short[] dst = new short[count];
        ChunkedArrayIO.readRange(file, Elements.SHORT, order, first, dst, 0, count);
        return dst;
    }

    /** Loads {@code count} shorts starting at element {@code first} of the file into {@code dst[off..]}. */
    public static void readShorts(Path file, ByteOrder order, long first, short[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(file, Elements.SHORT, order, first, dst, off, count);
    }

    /** Writes {@code src} to the file (created or truncated) in {@code order}. */
    public static void writeShorts(Path file, short[] src, ByteOrder order) throws IOException {
        ChunkedArrayIO.write(file, Elements.SHORT, order, src, 0, src.length);
    }

    /** Loads the whole file as ints; trailing bytes are an error. */
    public static int[] readInts(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.INT, order, Tail.REJECT);
    }

    /** Loads the whole file as ints, with the given rule for trailing bytes. */
    public static int[] readInts(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.INT, order, tail);
    }

    /** Loads {@code count} ints starting at element {@code first} of the file. */
    public static int[] readInts(Path file, ByteOrder order, long first, int count) throws IOException {
        int[] dst = new int[count];
        ChunkedArrayIO.readRange(file, Elements.INT, order, first, dst, 0, count);
        return dst;
    }

    /** Loads {@code count} ints starting at element {@code first} of the file into {@code dst[off..]}. */
    public static void readInts(Path file, ByteOrder order, long first, int[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(file, Elements.INT, order, first, dst, off, count);
    }

    /** Writes {@code src} to the file (created or truncated) in {@code order}. */
    public static void writeInts(Path file, int[] src, ByteOrder order) throws IOException {
        ChunkedArrayIO.write(file, Elements.INT, order, src, 0, src.length);
    }

    /** Loads the whole file as longs; trailing bytes are an error. */
    public static long[] readLongs(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.LONG, order, Tail.REJECT);
    }

    /** Loads the whole file as longs, with the given rule for trailing bytes. */
    public static long[] readLongs(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.LONG, order, tail);
    }

    /** Loads {@code count} longs starting at element {@code first} of the file. */
    public static long[] readLongs(Path file, ByteOrder order, long first, int count) throws IOException {
        long[] dst = new long[count];
        ChunkedArrayIO.readRange(file, Elements.LONG, order, first, dst, 0, count);
        return dst;
    }

    /** Loads {@code count} longs starting at element {@code first} of the file into {@code dst[off..]}. */
    public static void readLongs(Path file, ByteOrder order, long first, long[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(file, Elements.LONG, order, first, dst, off, count);
    }

    /** Writes {@code src} to the file (created or truncated) in {@code order}. */
    public static void writeLongs(Path file, long[] src, ByteOrder order) throws IOException {
        ChunkedArrayIO.write(file, Elements.LONG, order, src, 0, src.length);
    }

    /** Loads the whole file as floats; trailing bytes are an error. */
    public static float[] readFloats(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.FLOAT, order, Tail.REJECT);
    }

    /** Loads the whole file as floats, with the given rule for trailing bytes. */
    public static float[] readFloats(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.FLOAT, order, tail);
    }

    /** Loads {@code count} floats starting at element {@code first} of the file. */
    public static float[] readFloats(Path file, ByteOrder order, long first, int count) throws IOException {
        float[] dst = new float[count];
        ChunkedArrayIO.readRange(file, Elements.FLOAT, order, first, dst, 0, count);
        return dst;
    }

    /** Loads {@code count} floats starting at element {@code first} of the file into {@code dst[off..]}. */
    public static void readFloats(Path file, ByteOrder order, long first, float[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(file, Elements.FLOAT, order, first, dst, off, count);
    }

    /** Writes {@code src} to the file (created or truncated) in {@code order}. */
    public static void writeFloats(Path file, float[] src, ByteOrder order) throws IOException {
        ChunkedArrayIO.write(file, Elements.FLOAT, order, src, 0, src.length);
    }

    /** Loads the whole file as doubles; trailing bytes are an error. */
    public static double[] readDoubles(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.DOUBLE, order, Tail.REJECT);
    }

    /** Loads the whole file as doubles, with the given rule for trailing bytes. */
    public static double[] readDoubles(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(file, Elements.DOUBLE, order, tail);
    }

    /** Loads {@code count} doubles starting at element {@code first} of the file. */
    public static double[] readDoubles(Path file, ByteOrder order, long first, int count) throws IOException {
        double[] dst = new double[count];
        ChunkedArrayIO.readRange(file, Elements.DOUBLE, order, first, dst, 0, count);
        return dst;
    }

    /** Loads {@code count} doubles starting at element {@code first} of the file into {@code dst[off..]}. */
    public static void readDoubles(Path file, ByteOrder order, long first, double[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(file, Elements.DOUBLE, order, first, dst, off, count);
    }

    /** Writes {@code src} to the file (created or truncated) in {@code order}. */
    public static void writeDoubles(Path file, double[] src, ByteOrder order) throws IOException {
        ChunkedArrayIO.write(file, Elements.DOUBLE, order, src, 0, src.length);
    }
}
