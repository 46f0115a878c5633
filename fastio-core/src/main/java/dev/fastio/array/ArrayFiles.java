package dev.fastio.array;

import dev.fastio.copy.AtomicWrite;
import dev.fastio.internal.array.ChunkedArrayIO;
import dev.fastio.internal.array.ChunkedArrayWrite;
import dev.fastio.internal.array.Elements;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Files of primitive arrays: load a whole file, a range, or into an existing array; write an
 * array. The caller names the byte order: {@link ByteOrder#BIG_ENDIAN} is what
 * {@code DataOutputStream} writes, {@link ByteOrder#nativeOrder()} loads fastest (a plain copy,
 * no byte swap).
 *
 * <p>This is the one place fastio chooses how arrays are loaded: positional reads into a pooled
 * 256 KiB direct buffer and the JDK's bulk typed-view copy, split across cores above 8 MB. The race against the article's strategies (DataInputStream,
 * NIO with a 64 KB direct buffer, a MappedByteBuffer, readAllBytes + wrap) is
 * {@code dev.fastio.bench.array.IpLoadBenchmark}; figures in docs/PERFORMANCE.md ("Performance: the
 * current figures", the "load ints" rows, and "Each article's headline experiment at its own size").
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
 * The file is closed on every path.
 *
 * <p><b>Writes.</b> A write to a path goes through {@link dev.fastio.copy.AtomicWrite}: a new
 * file in the same folder, {@code 0600} until complete, that then takes the name, so a reader or
 * a failure sees the old file or the whole new one, and a link planted at the name (in a folder
 * others can write) is replaced, never written through. An existing file keeps its permission
 * bits, not its inode: other hard links to it keep the old content. To write into a stream or an
 * open file of your own, use the {@code WritableByteChannel} forms.
 *
 * <p><b>Interrupts.</b> Interrupting the calling thread stops a load: it throws an
 * {@link java.io.InterruptedIOException} naming the file once every part has stopped, and the
 * thread's interrupt status stays set. (The JDK's {@code Files.readAllBytes} reads on through an
 * interrupt.) No thread, buffer or descriptor is left.
 *
 * <pre>{@code
 * int[] ips = ArrayFiles.readInts(Path.of("ips.bin"), ByteOrder.BIG_ENDIAN);
 * ArrayFiles.writeInts(Path.of("copy.bin"), ips, ByteOrder.nativeOrder());
 * }</pre>
 */
public final class ArrayFiles {
    private ArrayFiles() {}

    /**
     * Loads the whole file as shorts, 2 bytes each; trailing bytes are an error. JDK equivalent: a
     * loop of {@code DataInputStream.readShort} over a buffered stream, or {@code ByteBuffer.wrap(Files.readAllBytes(file)).asShortBuffer()}
     * (which needs the bytes and the array at once; this needs only the array).
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @return a new array of the file's shorts, in file order
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException the length is not a multiple of 2, or the file holds more shorts than an
     *     array can, or it changed during the load, or a read failed; each names the file
     * @throws java.io.InterruptedIOException the calling thread was interrupted (see the class comment)
     */
    public static short[] readShorts(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.SHORT, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as shorts, with {@code tail} saying what trailing bytes mean.
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 1 trailing byte
     * @return a new array of the file's shorts, in file order
     * @throws IOException as {@link #readShorts(Path, ByteOrder)} says
     */
    public static short[] readShorts(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.SHORT, order, tail);
    }

    /**
     * Loads {@code count} shorts starting at element {@code first} of the file (byte
     * {@code first * 2}). JDK equivalent: {@code FileChannel.read(buffer, position)} and a
     * typed view of the buffer.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} shorts
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static short[] readShorts(Path file, ByteOrder order, long first, int count) throws IOException {
        return ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.SHORT, order, first, count);
    }

    /**
     * Loads {@code count} shorts starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static void readShorts(Path file, ByteOrder order, long first, short[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.SHORT, order, first, dst, off, count);
    }

    /**
     * Writes {@code src} to the file, created or replaced all or nothing, 2 bytes per element in
     * {@code order}. JDK equivalent: {@code DataOutputStream.writeShort} in a loop (big-endian
     * only). Through {@link dev.fastio.copy.AtomicWrite}'s staged file: see the class comment.
     *
     * @param file the file to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException the file cannot be created or written
     */
    public static void writeShorts(Path file, short[] src, ByteOrder order) throws IOException {
        write(file, Elements.SHORT, order, src);
    }

    /**
     * Writes {@code src} to {@code out} at its position, 2 bytes per element in {@code order};
     * {@code out} stays open. For the new file of an all-or-nothing write:
     * {@code AtomicWrite.write(target, out -> ArrayFiles.writeShorts(out, src, order))}.
     *
     * @param out where to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException a write failed
     */
    public static void writeShorts(WritableByteChannel out, short[] src, ByteOrder order) throws IOException {
        ChunkedArrayWrite.write(out, Elements.SHORT, order, src, 0, src.length);
    }

    /**
     * Loads the whole file as ints, 4 bytes each; trailing bytes are an error. JDK equivalent: a
     * loop of {@code DataInputStream.readInt} over a buffered stream, or {@code ByteBuffer.wrap(Files.readAllBytes(file)).asIntBuffer()}
     * (which needs the bytes and the array at once; this needs only the array).
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @return a new array of the file's ints, in file order
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException the length is not a multiple of 4, or the file holds more ints than an
     *     array can, or it changed during the load, or a read failed; each names the file
     * @throws java.io.InterruptedIOException the calling thread was interrupted (see the class comment)
     */
    public static int[] readInts(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.INT, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as ints, with {@code tail} saying what trailing bytes mean.
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 3 trailing bytes
     * @return a new array of the file's ints, in file order
     * @throws IOException as {@link #readInts(Path, ByteOrder)} says
     */
    public static int[] readInts(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.INT, order, tail);
    }

    /**
     * Loads {@code count} ints starting at element {@code first} of the file (byte
     * {@code first * 4}). JDK equivalent: {@code FileChannel.read(buffer, position)} and a
     * typed view of the buffer.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} ints
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static int[] readInts(Path file, ByteOrder order, long first, int count) throws IOException {
        return ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.INT, order, first, count);
    }

    /**
     * Loads {@code count} ints starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static void readInts(Path file, ByteOrder order, long first, int[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.INT, order, first, dst, off, count);
    }

    /**
     * Writes {@code src} to the file, created or replaced all or nothing, 4 bytes per element in
     * {@code order}. JDK equivalent: {@code DataOutputStream.writeInt} in a loop (big-endian
     * only). Through {@link dev.fastio.copy.AtomicWrite}'s staged file: see the class comment.
     *
     * @param file the file to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException the file cannot be created or written
     */
    public static void writeInts(Path file, int[] src, ByteOrder order) throws IOException {
        write(file, Elements.INT, order, src);
    }

    /**
     * Writes {@code src} to {@code out} at its position, 4 bytes per element in {@code order};
     * {@code out} stays open. For the new file of an all-or-nothing write:
     * {@code AtomicWrite.write(target, out -> ArrayFiles.writeInts(out, src, order))}.
     *
     * @param out where to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException a write failed
     */
    public static void writeInts(WritableByteChannel out, int[] src, ByteOrder order) throws IOException {
        ChunkedArrayWrite.write(out, Elements.INT, order, src, 0, src.length);
    }

    /**
     * Loads the whole file as longs, 8 bytes each; trailing bytes are an error. JDK equivalent: a
     * loop of {@code DataInputStream.readLong} over a buffered stream, or {@code ByteBuffer.wrap(Files.readAllBytes(file)).asLongBuffer()}
     * (which needs the bytes and the array at once; this needs only the array).
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @return a new array of the file's longs, in file order
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException the length is not a multiple of 8, or the file holds more longs than an
     *     array can, or it changed during the load, or a read failed; each names the file
     * @throws java.io.InterruptedIOException the calling thread was interrupted (see the class comment)
     */
    public static long[] readLongs(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.LONG, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as longs, with {@code tail} saying what trailing bytes mean.
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 7 trailing bytes
     * @return a new array of the file's longs, in file order
     * @throws IOException as {@link #readLongs(Path, ByteOrder)} says
     */
    public static long[] readLongs(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.LONG, order, tail);
    }

    /**
     * Loads {@code count} longs starting at element {@code first} of the file (byte
     * {@code first * 8}). JDK equivalent: {@code FileChannel.read(buffer, position)} and a
     * typed view of the buffer.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} longs
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static long[] readLongs(Path file, ByteOrder order, long first, int count) throws IOException {
        return ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.LONG, order, first, count);
    }

    /**
     * Loads {@code count} longs starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static void readLongs(Path file, ByteOrder order, long first, long[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.LONG, order, first, dst, off, count);
    }

    /**
     * Writes {@code src} to the file, created or replaced all or nothing, 8 bytes per element in
     * {@code order}. JDK equivalent: {@code DataOutputStream.writeLong} in a loop (big-endian
     * only). Through {@link dev.fastio.copy.AtomicWrite}'s staged file: see the class comment.
     *
     * @param file the file to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException the file cannot be created or written
     */
    public static void writeLongs(Path file, long[] src, ByteOrder order) throws IOException {
        write(file, Elements.LONG, order, src);
    }

    /**
     * Writes {@code src} to {@code out} at its position, 8 bytes per element in {@code order};
     * {@code out} stays open. For the new file of an all-or-nothing write:
     * {@code AtomicWrite.write(target, out -> ArrayFiles.writeLongs(out, src, order))}.
     *
     * @param out where to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException a write failed
     */
    public static void writeLongs(WritableByteChannel out, long[] src, ByteOrder order) throws IOException {
        ChunkedArrayWrite.write(out, Elements.LONG, order, src, 0, src.length);
    }

    /**
     * Loads the whole file as floats, 4 bytes each; trailing bytes are an error. JDK equivalent: a
     * loop of {@code DataInputStream.readFloat} over a buffered stream, or {@code ByteBuffer.wrap(Files.readAllBytes(file)).asFloatBuffer()}
     * (which needs the bytes and the array at once; this needs only the array).
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @return a new array of the file's floats, in file order
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException the length is not a multiple of 4, or the file holds more floats than an
     *     array can, or it changed during the load, or a read failed; each names the file
     * @throws java.io.InterruptedIOException the calling thread was interrupted (see the class comment)
     */
    public static float[] readFloats(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.FLOAT, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as floats, with {@code tail} saying what trailing bytes mean.
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 3 trailing bytes
     * @return a new array of the file's floats, in file order
     * @throws IOException as {@link #readFloats(Path, ByteOrder)} says
     */
    public static float[] readFloats(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.FLOAT, order, tail);
    }

    /**
     * Loads {@code count} floats starting at element {@code first} of the file (byte
     * {@code first * 4}). JDK equivalent: {@code FileChannel.read(buffer, position)} and a
     * typed view of the buffer.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} floats
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static float[] readFloats(Path file, ByteOrder order, long first, int count) throws IOException {
        return ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.FLOAT, order, first, count);
    }

    /**
     * Loads {@code count} floats starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static void readFloats(Path file, ByteOrder order, long first, float[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.FLOAT, order, first, dst, off, count);
    }

    /**
     * Writes {@code src} to the file, created or replaced all or nothing, 4 bytes per element in
     * {@code order}. JDK equivalent: {@code DataOutputStream.writeFloat} in a loop (big-endian
     * only). Through {@link dev.fastio.copy.AtomicWrite}'s staged file: see the class comment.
     *
     * @param file the file to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException the file cannot be created or written
     */
    public static void writeFloats(Path file, float[] src, ByteOrder order) throws IOException {
        write(file, Elements.FLOAT, order, src);
    }

    /**
     * Writes {@code src} to {@code out} at its position, 4 bytes per element in {@code order};
     * {@code out} stays open. For the new file of an all-or-nothing write:
     * {@code AtomicWrite.write(target, out -> ArrayFiles.writeFloats(out, src, order))}.
     *
     * @param out where to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException a write failed
     */
    public static void writeFloats(WritableByteChannel out, float[] src, ByteOrder order) throws IOException {
        ChunkedArrayWrite.write(out, Elements.FLOAT, order, src, 0, src.length);
    }

    /**
     * Loads the whole file as doubles, 8 bytes each; trailing bytes are an error. JDK equivalent: a
     * loop of {@code DataInputStream.readDouble} over a buffered stream, or {@code ByteBuffer.wrap(Files.readAllBytes(file)).asDoubleBuffer()}
     * (which needs the bytes and the array at once; this needs only the array).
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @return a new array of the file's doubles, in file order
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException the length is not a multiple of 8, or the file holds more doubles than an
     *     array can, or it changed during the load, or a read failed; each names the file
     * @throws java.io.InterruptedIOException the calling thread was interrupted (see the class comment)
     */
    public static double[] readDoubles(Path file, ByteOrder order) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.DOUBLE, order, Tail.REJECT);
    }

    /**
     * Loads the whole file as doubles, with {@code tail} saying what trailing bytes mean.
     *
     * @param file the file to load
     * @param order the byte order the file was written in
     * @param tail {@link Tail#IGNORE} to load the whole elements and ignore up to 7 trailing bytes
     * @return a new array of the file's doubles, in file order
     * @throws IOException as {@link #readDoubles(Path, ByteOrder)} says
     */
    public static double[] readDoubles(Path file, ByteOrder order, Tail tail) throws IOException {
        return ChunkedArrayIO.readAll(OneVersion.SYSTEM, file, Elements.DOUBLE, order, tail);
    }

    /**
     * Loads {@code count} doubles starting at element {@code first} of the file (byte
     * {@code first * 8}). JDK equivalent: {@code FileChannel.read(buffer, position)} and a
     * typed view of the buffer.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param count how many elements to load
     * @return a new array of {@code count} doubles
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static double[] readDoubles(Path file, ByteOrder order, long first, int count) throws IOException {
        return ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.DOUBLE, order, first, count);
    }

    /**
     * Loads {@code count} doubles starting at element {@code first} of the file into
     * {@code dst[off, off + count)}; the rest of {@code dst} is not touched.
     *
     * @param file the file to load from
     * @param order the byte order the file was written in
     * @param first the index of the first element to load
     * @param dst the array to fill
     * @param off where in {@code dst} the first element goes
     * @param count how many elements to load
     * @throws IndexOutOfBoundsException {@code off} and {@code count} do not fit {@code dst}
     * @throws java.io.EOFException the file ends before element {@code first + count}; names both
     * @throws IllegalArgumentException {@code first} or {@code count} is negative
     * @throws IOException the file cannot be opened or read; names it
     */
    public static void readDoubles(Path file, ByteOrder order, long first, double[] dst, int off, int count) throws IOException {
        ChunkedArrayIO.readRange(OneVersion.SYSTEM, file, Elements.DOUBLE, order, first, dst, off, count);
    }

    /**
     * Writes {@code src} to the file, created or replaced all or nothing, 8 bytes per element in
     * {@code order}. JDK equivalent: {@code DataOutputStream.writeDouble} in a loop (big-endian
     * only). Through {@link dev.fastio.copy.AtomicWrite}'s staged file: see the class comment.
     *
     * @param file the file to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException the file cannot be created or written
     */
    public static void writeDoubles(Path file, double[] src, ByteOrder order) throws IOException {
        write(file, Elements.DOUBLE, order, src);
    }

    /**
     * Writes {@code src} to {@code out} at its position, 8 bytes per element in {@code order};
     * {@code out} stays open. For the new file of an all-or-nothing write:
     * {@code AtomicWrite.write(target, out -> ArrayFiles.writeDoubles(out, src, order))}.
     *
     * @param out where to write
     * @param src the elements to write
     * @param order the byte order to write them in
     * @throws IOException a write failed
     */
    public static void writeDoubles(WritableByteChannel out, double[] src, ByteOrder order) throws IOException {
        ChunkedArrayWrite.write(out, Elements.DOUBLE, order, src, 0, src.length);
    }

    /**
     * Writes the elements to {@code file}, created or replaced through {@link AtomicWrite}'s staged
     * file: never through a link planted at the name (a folder others can write, GUARANTEES.md),
     * 0600 until complete, and a reader or a failure sees the old file or the whole new one. Not
     * in place: opening the name with {@code CREATE, TRUNCATE_EXISTING} let a second user turn
     * the write to any file of the writer's by swapping the name for a link.
     */
    private static <A> void write(Path file, Elements<A> type, ByteOrder order, A src) throws IOException {
        int count = type.length(Objects.requireNonNull(src, "src")); // before anything is staged
        Objects.requireNonNull(order, "order");
        AtomicWrite.write(file, out -> ChunkedArrayWrite.write(out, type, order, src, 0, count));
    }
}
