package dev.fastio.hadoop;

import dev.fastio.array.Tail;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The five element types as the tests drive them: {@link HadoopArrays}' five calls, and the
 * array turned back into the bytes it came from (raw bits: a float NaN's payload counts), so a
 * load is compared byte for byte with what a plain {@code fs.open} read of the file returns.
 */
abstract class Kinds {
    final String name;
    final int size;

    Kinds(String name, int size) {
        this.name = name;
        this.size = size;
    }

    abstract Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t) throws IOException;

    abstract Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t, Growth g) throws IOException;

    abstract Object readRange(FileSystem fs, Path p, ByteOrder o, long first, int count) throws IOException;

    abstract void readInto(FileSystem fs, Path p, ByteOrder o, long first, Object dst, int off, int count) throws IOException;

    abstract Object newArray(int n);

    abstract int length(Object a);

    /** Elements {@code [off, off + n)} of {@code a} as bytes in order {@code o}. */
    abstract byte[] bytes(Object a, int off, int n, ByteOrder o);

    byte[] bytes(Object a, ByteOrder o) {
        return bytes(a, 0, length(a), o);
    }

    @Override
    public String toString() {
        return name;
    }

    static final List<Kinds> ALL = List.of(
            new Kinds("short", 2) {
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t) throws IOException { return HadoopArrays.readShorts(fs, p, o, t); }
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t, Growth g) throws IOException { return HadoopArrays.readShorts(fs, p, o, t, g); }
                Object readRange(FileSystem fs, Path p, ByteOrder o, long f, int c) throws IOException { return HadoopArrays.readShorts(fs, p, o, f, c); }
                void readInto(FileSystem fs, Path p, ByteOrder o, long f, Object d, int off, int c) throws IOException { HadoopArrays.readShorts(fs, p, o, f, (short[]) d, off, c); }
                Object newArray(int n) { return new short[n]; }
                int length(Object a) { return ((short[]) a).length; }
                byte[] bytes(Object a, int off, int n, ByteOrder o) { ByteBuffer b = ByteBuffer.allocate(n * 2).order(o); b.asShortBuffer().put((short[]) a, off, n); return b.array(); }
            },
            new Kinds("int", 4) {
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t) throws IOException { return HadoopArrays.readInts(fs, p, o, t); }
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t, Growth g) throws IOException { return HadoopArrays.readInts(fs, p, o, t, g); }
                Object readRange(FileSystem fs, Path p, ByteOrder o, long f, int c) throws IOException { return HadoopArrays.readInts(fs, p, o, f, c); }
                void readInto(FileSystem fs, Path p, ByteOrder o, long f, Object d, int off, int c) throws IOException { HadoopArrays.readInts(fs, p, o, f, (int[]) d, off, c); }
                Object newArray(int n) { return new int[n]; }
                int length(Object a) { return ((int[]) a).length; }
                byte[] bytes(Object a, int off, int n, ByteOrder o) { ByteBuffer b = ByteBuffer.allocate(n * 4).order(o); b.asIntBuffer().put((int[]) a, off, n); return b.array(); }
            },
            new Kinds("long", 8) {
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t) throws IOException { return HadoopArrays.readLongs(fs, p, o, t); }
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t, Growth g) throws IOException { return HadoopArrays.readLongs(fs, p, o, t, g); }
                Object readRange(FileSystem fs, Path p, ByteOrder o, long f, int c) throws IOException { return HadoopArrays.readLongs(fs, p, o, f, c); }
                void readInto(FileSystem fs, Path p, ByteOrder o, long f, Object d, int off, int c) throws IOException { HadoopArrays.readLongs(fs, p, o, f, (long[]) d, off, c); }
                Object newArray(int n) { return new long[n]; }
                int length(Object a) { return ((long[]) a).length; }
                byte[] bytes(Object a, int off, int n, ByteOrder o) { ByteBuffer b = ByteBuffer.allocate(n * 8).order(o); b.asLongBuffer().put((long[]) a, off, n); return b.array(); }
            },
            new Kinds("float", 4) {
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t) throws IOException { return HadoopArrays.readFloats(fs, p, o, t); }
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t, Growth g) throws IOException { return HadoopArrays.readFloats(fs, p, o, t, g); }
                Object readRange(FileSystem fs, Path p, ByteOrder o, long f, int c) throws IOException { return HadoopArrays.readFloats(fs, p, o, f, c); }
                void readInto(FileSystem fs, Path p, ByteOrder o, long f, Object d, int off, int c) throws IOException { HadoopArrays.readFloats(fs, p, o, f, (float[]) d, off, c); }
                Object newArray(int n) { return new float[n]; }
                int length(Object a) { return ((float[]) a).length; }
                byte[] bytes(Object a, int off, int n, ByteOrder o) {
                    ByteBuffer b = ByteBuffer.allocate(n * 4).order(o);
                    for (int i = 0; i < n; i++) b.putInt(Float.floatToRawIntBits(((float[]) a)[off + i]));
                    return b.array();
                }
            },
            new Kinds("double", 8) {
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t) throws IOException { return HadoopArrays.readDoubles(fs, p, o, t); }
                Object readAll(FileSystem fs, Path p, ByteOrder o, Tail t, Growth g) throws IOException { return HadoopArrays.readDoubles(fs, p, o, t, g); }
                Object readRange(FileSystem fs, Path p, ByteOrder o, long f, int c) throws IOException { return HadoopArrays.readDoubles(fs, p, o, f, c); }
                void readInto(FileSystem fs, Path p, ByteOrder o, long f, Object d, int off, int c) throws IOException { HadoopArrays.readDoubles(fs, p, o, f, (double[]) d, off, c); }
                Object newArray(int n) { return new double[n]; }
                int length(Object a) { return ((double[]) a).length; }
                byte[] bytes(Object a, int off, int n, ByteOrder o) {
                    ByteBuffer b = ByteBuffer.allocate(n * 8).order(o);
                    for (int i = 0; i < n; i++) b.putLong(Double.doubleToRawLongBits(((double[]) a)[off + i]));
                    return b.array();
                }
            });
}
