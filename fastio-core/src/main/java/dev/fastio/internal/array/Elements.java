package dev.fastio.internal.array;

import dev.fastio.array.Tail;
import dev.fastio.internal.FileSizes;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A primitive element type: its size, and the bulk copies between a byte buffer (in the caller's
 * byte order) and an array. The copies are the JDK's typed-view bulk operations, which are a
 * plain memory copy in native order and a byte-swapping copy otherwise. Shared by
 * {@code dev.fastio.array} and the {@code fastio-hadoop} module (a qualified export), so that
 * both size, check and convert arrays by one set of rules and messages.
 */
public abstract class Elements<A> {
    /** The Java name of the element type ("int"), for messages. */
    public final String name;
    /** Bytes per element. */
    public final int size;

    private Elements(String name, int size) {
        this.name = name;
        this.size = size;
    }

    /** A new array of {@code length} elements. */
    public abstract A newArray(int length);

    /** The array's length. */
    public abstract int length(A array);

    /** Copies {@code n} elements from {@code src}'s position into {@code dst[off..]}. */
    public abstract void get(ByteBuffer src, A dst, int off, int n);

    /** Copies {@code n} elements from {@code src[off..]} into {@code dst} at its position. */
    public abstract void put(ByteBuffer dst, A src, int off, int n);

    public static final Elements<short[]> SHORT = new Elements<>("short", 2) {
        public short[] newArray(int length) { return new short[length]; }
        public int length(short[] a) { return a.length; }
        public void get(ByteBuffer src, short[] dst, int off, int n) { src.asShortBuffer().get(dst, off, n); }
        public void put(ByteBuffer dst, short[] src, int off, int n) { dst.asShortBuffer().put(src, off, n); }
    };

    public static final Elements<int[]> INT = new Elements<>("int", 4) {
        public int[] newArray(int length) { return new int[length]; }
        public int length(int[] a) { return a.length; }
        public void get(ByteBuffer src, int[] dst, int off, int n) { src.asIntBuffer().get(dst, off, n); }
        public void put(ByteBuffer dst, int[] src, int off, int n) { dst.asIntBuffer().put(src, off, n); }
    };

    public static final Elements<long[]> LONG = new Elements<>("long", 8) {
        public long[] newArray(int length) { return new long[length]; }
        public int length(long[] a) { return a.length; }
        public void get(ByteBuffer src, long[] dst, int off, int n) { src.asLongBuffer().get(dst, off, n); }
        public void put(ByteBuffer dst, long[] src, int off, int n) { dst.asLongBuffer().put(src, off, n); }
    };

    public static final Elements<float[]> FLOAT = new Elements<>("float", 4) {
        public float[] newArray(int length) { return new float[length]; }
        public int length(float[] a) { return a.length; }
        public void get(ByteBuffer src, float[] dst, int off, int n) { src.asFloatBuffer().get(dst, off, n); }
        public void put(ByteBuffer dst, float[] src, int off, int n) { dst.asFloatBuffer().put(src, off, n); }
    };

    public static final Elements<double[]> DOUBLE = new Elements<>("double", 8) {
        public double[] newArray(int length) { return new double[length]; }
        public int length(double[] a) { return a.length; }
        public void get(ByteBuffer src, double[] dst, int off, int n) { src.asDoubleBuffer().get(dst, off, n); }
        public void put(ByteBuffer dst, double[] src, int off, int n) { dst.asDoubleBuffer().put(src, off, n); }
    };

    /**
     * The number of whole elements in a file of {@code size} bytes, under the tail rule: trailing
     * bytes are an IOException naming {@code file}, its length and this element size, unless
     * {@code tail} is {@link Tail#IGNORE}.
     */
    public long elementCount(Object file, long size, Tail tail) throws IOException {
        long rest = size % this.size;
        if (rest != 0 && tail == Tail.REJECT) {
            throw new IOException(tailError(file, size) + "; pass Tail.IGNORE to load the " + size / this.size
                    + (size / this.size == 1 ? " whole element" : " whole elements"));
        }
        return size / this.size;
    }

    /**
     * The tail rule's error without advice, for callers that take no {@link Tail} (the caches):
     * {@code FILE: length N bytes is not a multiple of the 4-byte int element size (R trailing bytes)}.
     */
    public String tailError(Object file, long size) {
        return file + ": length " + size + " bytes is not a multiple of the " + this.size + "-byte " + name
                + " element size (" + size % this.size + (size % this.size == 1 ? " trailing byte)" : " trailing bytes)");
    }

    /**
     * Checks a range's arguments: a negative {@code first} or {@code count} is an
     * {@link IllegalArgumentException} naming the argument.
     */
    public static void checkRange(long first, int count) {
        if (first < 0) {
            throw new IllegalArgumentException("first = " + first + ": an element index cannot be negative");
        }
        if (count < 0) {
            throw new IllegalArgumentException("count = " + count + ": an element count cannot be negative");
        }
    }

    /**
     * The byte just past elements {@code [first, first + count)}, computed exactly: where it
     * passes {@code Long.MAX_VALUE}, {@code Long.MAX_VALUE}, which no file reaches, so that the
     * range is past every file's end. (A wrapping product made {@code first = 2^61} read
     * element 0.) Arguments must have passed {@link #checkRange}.
     */
    public long endByte(long first, int count) {
        try {
            return Math.multiplyExact(Math.addExact(first, count), (long) size);
        } catch (ArithmeticException past) {
            return Long.MAX_VALUE;
        }
    }

    /** What a range needs, for messages: "int elements [first, end) need bytes up to N". */
    public String describeRange(Object file, long first, int count) {
        long end = endByte(first, count);
        String last = first > Long.MAX_VALUE - count ? "first + " + count : Long.toString(first + count);
        return file + ": " + name + " elements [" + first + ", " + last + ") need bytes up to "
                + (end == Long.MAX_VALUE ? "past " + Long.MAX_VALUE + " (beyond any file)" : Long.toString(end));
    }

    /** Whether {@code a[aOff, aOff + n)} and {@code b[bOff, bOff + n)} hold the same elements. */
    public boolean sameElements(A a, int aOff, A b, int bOff, int n) {
        if (a instanceof int[] x) {
            return java.util.Arrays.equals(x, aOff, aOff + n, (int[]) b, bOff, bOff + n);
        }
        if (a instanceof long[] x) {
            return java.util.Arrays.equals(x, aOff, aOff + n, (long[]) b, bOff, bOff + n);
        }
        if (a instanceof short[] x) {
            return java.util.Arrays.equals(x, aOff, aOff + n, (short[]) b, bOff, bOff + n);
        }
        if (a instanceof float[] x) {
            return java.util.Arrays.equals(x, aOff, aOff + n, (float[]) b, bOff, bOff + n);
        }
        return java.util.Arrays.equals((double[]) a, aOff, aOff + n, (double[]) b, bOff, bOff + n);
    }

    /** A new array of {@code count} elements, or an IOException naming {@code file} when one array cannot hold them. */
    public A newArray(Object file, long count) throws IOException {
        if (count > FileSizes.MAX_ARRAY_LENGTH) {
            throw new IOException(file + " holds " + count + " " + name + " elements; one Java array holds at most "
                    + FileSizes.MAX_ARRAY_LENGTH + ": load it in ranges");
        }
        return newArray((int) count);
    }
}
