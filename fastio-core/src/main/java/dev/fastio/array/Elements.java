package dev.fastio.array;

import java.nio.ByteBuffer;

/**
 * A primitive element type: its size, and the bulk copies between a byte buffer (in the caller's
 * byte order) and an array. The copies are the JDK's typed-view bulk operations, which are a
 * plain memory copy in native order and a byte-swapping copy otherwise.
 */
abstract class Elements<A> {
    final String name;
    final int size;

    private Elements(String name, int size) {
        this.name = name;
        this.size = size;
    }

    abstract A newArray(int length);

    abstract int length(A array);

    /** Copies {@code n} elements from {@code src}'s position into {@code dst[off..]}. */
    abstract void get(ByteBuffer src, A dst, int off, int n);

    /** Copies {@code n} elements from {@code src[off..]} into {@code dst} at its position. */
    abstract void put(ByteBuffer dst, A src, int off, int n);

    static final Elements<short[]> SHORT = new Elements<>("short", 2) {
        short[] newArray(int length) { return new short[length]; }
        int length(short[] a) { return a.length; }
        void get(ByteBuffer src, short[] dst, int off, int n) { src.asShortBuffer().get(dst, off, n); }
        void put(ByteBuffer dst, short[] src, int off, int n) { dst.asShortBuffer().put(src, off, n); }
    };

    static final Elements<int[]> INT = new Elements<>("int", 4) {
        int[] newArray(int length) { return new int[length]; }
        int length(int[] a) { return a.length; }
        void get(ByteBuffer src, int[] dst, int off, int n) { src.asIntBuffer().get(dst, off, n); }
        void put(ByteBuffer dst, int[] src, int off, int n) { dst.asIntBuffer().put(src, off, n); }
    };

    static final Elements<long[]> LONG = new Elements<>("long", 8) {
        long[] newArray(int length) { return new long[length]; }
        int length(long[] a) { return a.length; }
        void get(ByteBuffer src, long[] dst, int off, int n) { src.asLongBuffer().get(dst, off, n); }
        void put(ByteBuffer dst, long[] src, int off, int n) { dst.asLongBuffer().put(src, off, n); }
    };

    static final Elements<float[]> FLOAT = new Elements<>("float", 4) {
        float[] newArray(int length) { return new float[length]; }
        int length(float[] a) { return a.length; }
        void get(ByteBuffer src, float[] dst, int off, int n) { src.asFloatBuffer().get(dst, off, n); }
        void put(ByteBuffer dst, float[] src, int off, int n) { dst.asFloatBuffer().put(src, off, n); }
    };

    static final Elements<double[]> DOUBLE = new Elements<>("double", 8) {
        double[] newArray(int length) { return new double[length]; }
        int length(double[] a) { return a.length; }
        void get(ByteBuffer src, double[] dst, int off, int n) { src.asDoubleBuffer().get(dst, off, n); }
        void put(ByteBuffer dst, double[] src, int off, int n) { dst.asDoubleBuffer().put(src, off, n); }
    };
}
