package dev.fastio.hadoop;

import dev.fastio.array.Tail;
import dev.fastio.internal.array.Elements;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.nio.ByteOrder;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Files of primitive arrays on any Hadoop {@code FileSystem} (HDFS, S3A, ABFS, GCS,
 * {@code file://}): load a whole file, a range, or into an existing array. The same calls and
 * rules as {@link dev.fastio.array.ArrayFiles}, with the file named by a {@code FileSystem} and
 * a Hadoop {@code Path}; errors name the qualified path ({@code hdfs://namenode:8020/ips.bin}).
 *
 * <p><b>How.</b> The file is opened with {@code FileSystem.openFile}, its status and the
 * whole-file (or, for a range, random) read policy, so object stores make no extra request.
 * Above 8 MB its parts are read in parallel, one per core, each on a stream of its own: into
 * pooled direct buffers where the stream has {@code in:readbytebuffer} (HDFS), into heap chunks
 * otherwise; each chunk is copied into the array with the JDK's bulk typed-view copy. The race against the article's {@code DataInputStream} over
 * {@code fs.open} and against the HDFS read floor is {@code dev.fastio.bench.hadoop.HdfsLoadBenchmark};
 * figures in docs/PERFORMANCE.md ("Hadoop: a stream per part, and a validated get").
 *
 * <p><b>Sizes and changes.</b> A whole-file load sizes its array by the file's status at open. A
 * length of 0 says nothing (procfs through {@code file://}): such a file is read to its end, by
 * positioned reads (so a named pipe, which has none, is not supported). A file that ends before its length, or has bytes past it, or whose
 * length, modification time or identity (HDFS inode id, object etag) differs after the load (rewritten, appended to or deleted while
 * its parts were read) is an {@link IOException} naming it, never an array mixing two versions.
 * A file that is appended to (a log, an HDFS file a writer flushes) can be loaded with
 * {@link Growth#PREFIX} ({@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} and its
 * siblings): the elements of its first bytes, up to its length at open, confirmed by its status or
 * by a second load; the rule is core's, as for {@code FastRead} and {@code FileCopy}.
 *
 * <p><b>Errors.</b> A missing path, or a directory, is a {@link java.io.FileNotFoundException}
 * naming it; a path the user may not read is Hadoop's
 * {@code org.apache.hadoop.security.AccessControlException}, which names it. The tail and range
 * rules are those of {@code ArrayFiles}: a length that is not a multiple of the element size is
 * an IOException unless the caller passes {@link Tail#IGNORE}; a range past the end is an
 * {@link java.io.EOFException} naming both. A read that fails on every replica is the
 * filesystem's IOException, with the path added where it named only a block. The stream is
 * closed and every part has stopped on every path; an interrupt stops the load with an
 * {@link java.io.InterruptedIOException} naming the file.
 *
 * <pre>{@code
 * Path index = new Path("hdfs:///shared/ips.bin");
 * int[] ips = HadoopArrays.readInts(index.getFileSystem(conf), index, ByteOrder.BIG_ENDIAN);
 * }</pre>
 */
public final class HadoopArrays {
    private HadoopArrays() {}

    /**
     * Loads the whole file as shorts, 2 bytes each; trailing bytes are an error. Hadoop
     * equivalent: a loop of {@code DataInputStream.readShort} over {@code fs.open(file)}.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in ({@code DataOutputStream}: big-endian)
     * @return a new array of the file's shorts, in file order
     * @throws java.io.FileNotFoundException the file does not exist or is a directory
     * @throws IOException the length is not a multiple of 2, or the file holds more shorts than an
     *     array can, or it changed during the load, or a read failed; each names the file
     */
    public static short[] readShorts(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.SHORT, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as shorts, with {@code tail} saying what trailing bytes mean.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 1 trailing byte
     * @return a new array of the file's shorts, in file order
     * @throws IOException as {@link #readShorts(FileSystem, Path, ByteOrder)} says
     */
    public static short[] readShorts(FileSystem fs, Path file, ByteOrder order, Tail tail) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.SHORT, order, tail);
    }

    /**
     * Loads the whole file as shorts, with {@code tail} saying what trailing bytes mean and
     * {@code growth} what a file that grows during the load gives: with {@link Growth#PREFIX}
     * (a file appended to, as by an HDFS writer that flushes), the elements of its first bytes, up
     * to its length at open, confirmed by its status (and, through {@code file://}, its local
     * stamp) or by loading them again and comparing; truncated, replaced or rewritten inside them
     * is still a {@link dev.fastio.read.FileChangedException}. Pass {@link Tail#IGNORE} with it:
     * the length at open may end inside an element. {@link Growth#REJECT} is
     * {@link #readShorts(FileSystem, Path, ByteOrder, Tail)}. Hadoop equivalent: a loop of
     * {@code DataInputStream.readShort} over {@code fs.open(file)}, which reads to wherever the
     * stream's length was when it opened, rewritten or not.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 1 trailing byte
     * @param growth {@link Growth#REJECT} (any change is an error) or {@link Growth#PREFIX}
     * @return a new array of the file's shorts, in file order
     * @throws dev.fastio.read.FileChangedException the file changed during the load (with
     *     {@code PREFIX}: it was truncated, replaced or rewritten inside its first bytes)
     * @throws IOException as {@link #readShorts(FileSystem, Path, ByteOrder)} says
     */
    public static short[] readShorts(FileSystem fs, Path file, ByteOrder order, Tail tail, Growth growth) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.SHORT, order, tail, growth);
    }

    /**
     * Loads {@code count} shorts starting at element {@code first} of the file (byte
     * {@code first * 2}).
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} shorts
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static short[] readShorts(FileSystem fs, Path file, ByteOrder order, long first, int count) throws IOException {
        return ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.SHORT, order, first, count);
    }

    /**
     * Loads {@code count} shorts starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static void readShorts(FileSystem fs, Path file, ByteOrder order, long first, short[] dst, int off, int count)
            throws IOException {
        ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.SHORT, order, first, dst, off, count);
    }

    /**
     * Loads the whole file as ints, 4 bytes each; trailing bytes are an error. Hadoop
     * equivalent: a loop of {@code DataInputStream.readInt} over {@code fs.open(file)}.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in ({@code DataOutputStream}: big-endian)
     * @return a new array of the file's ints, in file order
     * @throws java.io.FileNotFoundException the file does not exist or is a directory
     * @throws IOException the length is not a multiple of 4, or the file holds more ints than an
     *     array can, or it changed during the load, or a read failed; each names the file
     */
    public static int[] readInts(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.INT, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as ints, with {@code tail} saying what trailing bytes mean.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 3 trailing bytes
     * @return a new array of the file's ints, in file order
     * @throws IOException as {@link #readInts(FileSystem, Path, ByteOrder)} says
     */
    public static int[] readInts(FileSystem fs, Path file, ByteOrder order, Tail tail) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.INT, order, tail);
    }

    /**
     * Loads the whole file as ints, with {@code tail} and {@code growth} as
     * {@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} says.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 3 trailing bytes
     * @param growth {@link Growth#REJECT} (any change is an error) or {@link Growth#PREFIX}
     * @return a new array of the file's ints, in file order
     * @throws IOException as {@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} says
     */
    public static int[] readInts(FileSystem fs, Path file, ByteOrder order, Tail tail, Growth growth) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.INT, order, tail, growth);
    }

    /**
     * Loads {@code count} ints starting at element {@code first} of the file (byte
     * {@code first * 4}).
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} ints
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static int[] readInts(FileSystem fs, Path file, ByteOrder order, long first, int count) throws IOException {
        return ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.INT, order, first, count);
    }

    /**
     * Loads {@code count} ints starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static void readInts(FileSystem fs, Path file, ByteOrder order, long first, int[] dst, int off, int count)
            throws IOException {
        ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.INT, order, first, dst, off, count);
    }

    /**
     * Loads the whole file as longs, 8 bytes each; trailing bytes are an error. Hadoop
     * equivalent: a loop of {@code DataInputStream.readLong} over {@code fs.open(file)}.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in ({@code DataOutputStream}: big-endian)
     * @return a new array of the file's longs, in file order
     * @throws java.io.FileNotFoundException the file does not exist or is a directory
     * @throws IOException the length is not a multiple of 8, or the file holds more longs than an
     *     array can, or it changed during the load, or a read failed; each names the file
     */
    public static long[] readLongs(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.LONG, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as longs, with {@code tail} saying what trailing bytes mean.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 7 trailing bytes
     * @return a new array of the file's longs, in file order
     * @throws IOException as {@link #readLongs(FileSystem, Path, ByteOrder)} says
     */
    public static long[] readLongs(FileSystem fs, Path file, ByteOrder order, Tail tail) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.LONG, order, tail);
    }

    /**
     * Loads the whole file as longs, with {@code tail} and {@code growth} as
     * {@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} says.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 7 trailing bytes
     * @param growth {@link Growth#REJECT} (any change is an error) or {@link Growth#PREFIX}
     * @return a new array of the file's longs, in file order
     * @throws IOException as {@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} says
     */
    public static long[] readLongs(FileSystem fs, Path file, ByteOrder order, Tail tail, Growth growth) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.LONG, order, tail, growth);
    }

    /**
     * Loads {@code count} longs starting at element {@code first} of the file (byte
     * {@code first * 8}).
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} longs
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static long[] readLongs(FileSystem fs, Path file, ByteOrder order, long first, int count) throws IOException {
        return ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.LONG, order, first, count);
    }

    /**
     * Loads {@code count} longs starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static void readLongs(FileSystem fs, Path file, ByteOrder order, long first, long[] dst, int off, int count)
            throws IOException {
        ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.LONG, order, first, dst, off, count);
    }

    /**
     * Loads the whole file as floats, 4 bytes each; trailing bytes are an error. Hadoop
     * equivalent: a loop of {@code DataInputStream.readFloat} over {@code fs.open(file)}.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in ({@code DataOutputStream}: big-endian)
     * @return a new array of the file's floats, in file order
     * @throws java.io.FileNotFoundException the file does not exist or is a directory
     * @throws IOException the length is not a multiple of 4, or the file holds more floats than an
     *     array can, or it changed during the load, or a read failed; each names the file
     */
    public static float[] readFloats(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.FLOAT, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as floats, with {@code tail} saying what trailing bytes mean.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 3 trailing bytes
     * @return a new array of the file's floats, in file order
     * @throws IOException as {@link #readFloats(FileSystem, Path, ByteOrder)} says
     */
    public static float[] readFloats(FileSystem fs, Path file, ByteOrder order, Tail tail) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.FLOAT, order, tail);
    }

    /**
     * Loads the whole file as floats, with {@code tail} and {@code growth} as
     * {@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} says.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 3 trailing bytes
     * @param growth {@link Growth#REJECT} (any change is an error) or {@link Growth#PREFIX}
     * @return a new array of the file's floats, in file order
     * @throws IOException as {@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} says
     */
    public static float[] readFloats(FileSystem fs, Path file, ByteOrder order, Tail tail, Growth growth) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.FLOAT, order, tail, growth);
    }

    /**
     * Loads {@code count} floats starting at element {@code first} of the file (byte
     * {@code first * 4}).
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} floats
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static float[] readFloats(FileSystem fs, Path file, ByteOrder order, long first, int count) throws IOException {
        return ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.FLOAT, order, first, count);
    }

    /**
     * Loads {@code count} floats starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static void readFloats(FileSystem fs, Path file, ByteOrder order, long first, float[] dst, int off, int count)
            throws IOException {
        ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.FLOAT, order, first, dst, off, count);
    }

    /**
     * Loads the whole file as doubles, 8 bytes each; trailing bytes are an error. Hadoop
     * equivalent: a loop of {@code DataInputStream.readDouble} over {@code fs.open(file)}.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in ({@code DataOutputStream}: big-endian)
     * @return a new array of the file's doubles, in file order
     * @throws java.io.FileNotFoundException the file does not exist or is a directory
     * @throws IOException the length is not a multiple of 8, or the file holds more doubles than an
     *     array can, or it changed during the load, or a read failed; each names the file
     */
    public static double[] readDoubles(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.DOUBLE, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as doubles, with {@code tail} saying what trailing bytes mean.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 7 trailing bytes
     * @return a new array of the file's doubles, in file order
     * @throws IOException as {@link #readDoubles(FileSystem, Path, ByteOrder)} says
     */
    public static double[] readDoubles(FileSystem fs, Path file, ByteOrder order, Tail tail) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.DOUBLE, order, tail);
    }

    /**
     * Loads the whole file as doubles, with {@code tail} and {@code growth} as
     * {@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} says.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 7 trailing bytes
     * @param growth {@link Growth#REJECT} (any change is an error) or {@link Growth#PREFIX}
     * @return a new array of the file's doubles, in file order
     * @throws IOException as {@link #readShorts(FileSystem, Path, ByteOrder, Tail, Growth)} says
     */
    public static double[] readDoubles(FileSystem fs, Path file, ByteOrder order, Tail tail, Growth growth) throws IOException {
        return ArrayLoad.readAll(OneVersion.SYSTEM, fs, file, Elements.DOUBLE, order, tail, growth);
    }

    /**
     * Loads {@code count} doubles starting at element {@code first} of the file (byte
     * {@code first * 8}).
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} doubles
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static double[] readDoubles(FileSystem fs, Path file, ByteOrder order, long first, int count) throws IOException {
        return ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.DOUBLE, order, first, count);
    }

    /**
     * Loads {@code count} doubles starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param fs the filesystem that holds the file
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read, or changed during the load; names it
     */
    public static void readDoubles(FileSystem fs, Path file, ByteOrder order, long first, double[] dst, int off, int count)
            throws IOException {
        ArrayLoad.readRange(OneVersion.SYSTEM, fs, file, Elements.DOUBLE, order, first, dst, off, count);
    }
}
