package dev.fastio.internal.array;

import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.FileErrors;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.version.NativeOpenFile;
import dev.fastio.internal.version.OpenFile;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.read.FileChangedException;
import dev.fastio.internal.version.StampedByName;
import dev.fastio.array.Tail;
import java.io.Closeable;
import dev.fastio.internal.parallel.Interrupts;
import dev.fastio.internal.parallel.Parts;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The one array engine, behind {@code dev.fastio.array.ArrayFiles} (a local {@code FileChannel})
 * and {@code dev.fastio.hadoop.HadoopArrays} (a Hadoop stream per part), which meet at
 * {@link Source}: the part and chunk loop, the typed copy, the short-file error and the write are
 * written here once. For a local file: positional reads, then one {@code stat} that makes a load
 * one version of the file or a {@link dev.fastio.read.FileChangedException}
 * ({@link OneVersion}); the reads are of the file into a direct buffer from
 * {@link DirectBuffers} (which says why direct and pooled), then the JDK's bulk typed-view copy
 * into the array. Ranges of at least {@link #PARALLEL_MIN_BYTES} are split into one part per core
 * by {@link Parts} (each part has its own buffer and its own slice of the array, and the reads
 * are {@code pread}s on one shared channel).
 */
public final class ChunkedArrayIO {
    /** Bytes per read. Large enough that the syscall cost vanishes, small enough to stay in L2. */
    public static final int CHUNK = DirectBuffers.SIZE;
    /** Below this, one thread: the hand-off costs more than it saves. */
    public static final long PARALLEL_MIN_BYTES = 8L << 20;

    private static final NativeLayer NATIVE = NativeLayer.get();

    private ChunkedArrayIO() {}

    /** A file that ended before the bytes a load needed: shortened during the load, a change like any other. */
    private static FileChangedException changed(Path file, EndedEarly shorter) {
        FileChangedException e = new FileChangedException(file.toString(), "it was shortened during the load (it ended at byte "
                + shorter.at + ")");
        e.initCause(shorter);
        return e;
    }

    /**
     * The whole file. The size at open sizes the array; a size of 0 says nothing (procfs, pipes)
     * and the file is read to end of file instead. A file that turns out shorter or longer than
     * its size is an error naming it, unless its filesystem's sizes are unreliable (sysfs, FUSE:
     * {@link FileSizes#sizesUnreliable}), where the content read to end of file wins. One version
     * by {@code rule} (on the system clock but in tests).
     */
    public static <A> A readAll(OneVersion rule, Path file, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        Objects.requireNonNull(order, "order"); // not taken for little-endian
        Objects.requireNonNull(tail, "tail");
        try {
            return readAllOnce(rule, file, type, order, tail);
        } catch (IOException e) {
            throw FileErrors.named(file, Interrupts.named(file, "the load", e));
        }
    }

    private static <A> A readAllOnce(OneVersion rule, Path file, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        return rule.read(file, new StampedByName<A>(file) {
            private long sizeAtOpen;

            @Override
            public A read() throws IOException {
                long[] size = new long[2];
                try (OpenFile open = NativeOpenFile.open(NATIVE, file)) { // native layer: stamped by descriptor
                    A loaded = readAllOnce(open == null ? null : open.channel(), file, type, order, tail, size);
                    sizeAtOpen = size[0];
                    stampAfter(size[0], size[1], open);
                    return loaded;
                } catch (EndedEarly shorter) {
                    throw changed(file, shorter);
                }
            }

            @Override
            public boolean same(A a, A b) {
                return type.length(a) == type.length(b) && type.sameElements(a, 0, b, 0, type.length(a));
            }

            /**
             * Compared as it is read, chunk by chunk: no second array of the file's size. A file
             * whose size now says another count of elements than the first pass loaded (changed,
             * or a filesystem whose sizes are not lengths) is loaded whole again, as by default.
             */
            @Override
            public boolean readAgainAndCompare(A first) throws IOException {
                int count = type.length(first);
                try (OpenFile open = NativeOpenFile.open(NATIVE, file); FileChannel own = open == null ? FileChannel.open(file) : null) {
                    FileChannel ch = open != null ? open.channel() : own;
                    long size = ch.size();
                    if (size == sizeAtOpen && size > 0 && type.elementCount(file, size, Tail.IGNORE) == count) {
                        boolean same = matches(channel(ch, file), type, order, 0, first, 0, count)
                                && ch.read(ByteBuffer.allocate(1), size) <= 0; // not longer now
                        stampAfter(size, size, open);
                        return same;
                    }
                } catch (EndedEarly shorter) {
                    noVersion();
                    return false;
                }
                return same(first, read());
            }
        });
    }

    /**
     * The load; {@code sizeAtOpen[0]} receives the size the load saw (the channel's at open, or
     * the bytes read where that was 0), {@code sizeAtOpen[1]} the channel's size at open.
     */
    private static <A> A readAllOnce(FileChannel given, Path file, Elements<A> type, ByteOrder order, Tail tail, long[] sizeAtOpen)
            throws IOException {
        try (FileChannel own = given == null ? FileChannel.open(file) : null) {
            FileChannel ch = given != null ? given : own;
            long size = ch.size();
            sizeAtOpen[0] = size;
            sizeAtOpen[1] = size;
            if (size == 0) {
                byte[] bytes = FileSizes.readToEnd(ch, 0, file);
                sizeAtOpen[0] = bytes.length; // what was read is what the stamp after must show (procfs's says nothing)
                return fromBytes(file, bytes, type, order, tail);
            }
            A dst = type.newArray(file, type.elementCount(file, size, tail));
            try {
                read(ch, file, type, order, 0, dst, 0, type.length(dst));
            } catch (EOFException shorter) {
                if (!FileSizes.sizesUnreliable(file)) {
                    throw shorter;
                }
                return fromBytes(file, FileSizes.readToEnd(ch.position(0), size, file), type, order, tail);
            }
            if (ch.read(ByteBuffer.allocate(1), size) > 0) { // one byte past the size: the file is longer
                if (!FileSizes.sizesUnreliable(file)) {
                    throw new IOException(file + ": it was " + size + " bytes long when opened and has more now;"
                            + " it grew during the load");
                }
                return fromBytes(file, FileSizes.readToEnd(ch.position(0), size, file), type, order, tail);
            }
            return dst;
        }
    }

    /**
     * The elements of a file read whole into {@code bytes}, under the same tail rule.
     *
     * @param file the file, for messages
     * @param bytes its bytes
     * @param type the element type
     * @param order the file's byte order
     * @param tail what to do with trailing bytes
     * @param <A> the array type
     * @return the elements
     * @throws IOException trailing bytes under {@link Tail#REJECT}, or too many elements
     */
    public static <A> A fromBytes(Object file, byte[] bytes, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        A dst = type.newArray(file, type.elementCount(file, bytes.length, tail));
        type.get(ByteBuffer.wrap(bytes).order(order), dst, 0, type.length(dst));
        return dst;
    }

    /**
     * A new array of the {@code count} elements from element {@code first}. The arguments and the
     * range are checked against the file before the array is allocated, so that a range past the
     * end is an EOFException, not an OutOfMemoryError.
     */
    public static <A> A readRange(OneVersion rule, Path file, Elements<A> type, ByteOrder order, long first, int count) throws IOException {
        Objects.requireNonNull(order, "order");
        Elements.checkRange(first, count);
        return readRangeNamed(rule, file, type, order, first, null, 0, count);
    }

    public static <A> void readRange(OneVersion rule, Path file, Elements<A> type, ByteOrder order, long first, A dst, int off, int count)
            throws IOException {
        Objects.requireNonNull(order, "order");
        Elements.checkRange(first, count);
        if (off < 0 || off > type.length(dst) - count) {
            throw new IndexOutOfBoundsException("off=" + off + ", count=" + count + ", array length=" + type.length(dst));
        }
        readRangeNamed(rule, file, type, order, first, dst, off, count);
    }

    private static <A> A readRangeNamed(OneVersion rule, Path file, Elements<A> type, ByteOrder order, long first, A dst, int off, int count)
            throws IOException {
        try {
            return readRangeOnce(rule, file, type, order, first, dst, off, count);
        } catch (IOException e) {
            throw FileErrors.named(file, Interrupts.named(file, "the load", e));
        }
    }

    /** The range into {@code dst[off..]}, or into a new array when {@code dst} is null; returns the array. */
    private static <A> A readRangeOnce(OneVersion rule, Path file, Elements<A> type, ByteOrder order, long first, A dst, int off, int count)
            throws IOException {
        // the first pass reads into dst; a confirming one into a new array, copied into dst once it is the one returned
        A result = rule.read(file, new StampedByName<A>(file) {
            private boolean again;

            @Override
            public A read() throws IOException {
                long[] size = new long[1];
                try (OpenFile open = NativeOpenFile.open(NATIVE, file)) { // native layer: stamped by descriptor
                    A loaded = readRangeOnce(open == null ? null : open.channel(), file, type, order, first, again ? null : dst,
                            again ? 0 : off, count, size);
                    again = true;
                    stampAfter(size[0], size[0], open);
                    return loaded;
                } catch (EndedEarly shorter) {
                    throw changed(file, shorter);
                }
            }

            @Override
            public boolean same(A a, A b) {
                return type.sameElements(a, a == dst ? off : 0, b, b == dst ? off : 0, count);
            }
        });
        if (dst == null || result == dst) {
            return result;
        }
        System.arraycopy(result, 0, dst, off, count);
        return dst;
    }

    private static <A> A readRangeOnce(FileChannel given, Path file, Elements<A> type, ByteOrder order, long first, A dst, int off,
            int count, long[] sizeAtOpen) throws IOException {
        try (FileChannel own = given == null ? FileChannel.open(file) : null) {
            FileChannel ch = given != null ? given : own;
            long size = ch.size();
            sizeAtOpen[0] = size;
            long end = type.endByte(first, count);
            String range = type.describeRange(file, first, count);
            if (size == 0) {
                if (end == Long.MAX_VALUE) {
                    throw new EOFException(range);
                }
                // the size says nothing (procfs, pipes): try the range, and let the reads find the end
                A into = dst != null ? dst : type.newArray(count);
                try {
                    read(ch, file, type, order, first * type.size, into, off, count);
                } catch (EndedEarly e) {
                    throw new EOFException(range + " but the file ended at byte " + e.at);
                } catch (IOException e) {
                    throw new IOException(range + ", but reading there failed (its size reads 0: a pipe or device cannot be read at a position): "
                            + e.getMessage(), e);
                }
                return into;
            }
            if (end > size) {
                throw new EOFException(range + " but the file is " + size + " bytes long");
            }
            A into = dst != null ? dst : type.newArray(count);
            read(ch, file, type, order, first * type.size, into, off, count);
            return into;
        }
    }

    /**
     * Where a load's bytes come from: one file, read by parts. The engine asks for one reader per
     * part (part 0 on the caller's thread) and closes each.
     */
    public interface Source {
        /**
         * Returns the file, for messages.
         *
         * @return the file, for messages
         */
        Object name();

        /**
         * Returns a reader for part {@code part}, whose first byte is at {@code position}.
         *
         * @param part the part's number, 0 for the caller's thread
         * @param position the file position of the part's first byte
         * @return a reader; the engine closes it
         * @throws IOException it cannot be opened
         */
        PartReader part(int part, long position) throws IOException;
    }

    /** The reads of one part, in order. */
    public interface PartReader extends Closeable {
        /**
         * Returns whether {@link #read} takes a direct buffer (else a heap one, with an array).
         *
         * @return whether {@link #read} takes a direct buffer
         */
        boolean direct();

        /**
         * Reads into {@code buf}'s remaining bytes the file's bytes from {@code position}, which is
         * where the part's previous read ended.
         *
         * @param buf where the bytes go
         * @param position the file position of {@code buf}'s next byte
         * @return the bytes read, or -1 at the end of the file
         * @throws IOException the read failed
         */
        int read(ByteBuffer buf, long position) throws IOException;

        @Override
        default void close() throws IOException {}
    }

    /** A local file: positional reads on one channel that every part shares. */
    private static Source channel(FileChannel ch, Path file) {
        PartReader reader = new PartReader() {
            @Override
            public boolean direct() {
                return true;
            }

            @Override
            public int read(ByteBuffer buf, long position) throws IOException {
                return ch.read(buf, position);
            }
        };
        return new Source() {
            @Override
            public Object name() {
                return file;
            }

            @Override
            public PartReader part(int part, long position) {
                return reader;
            }
        };
    }

    private static <A> void read(FileChannel ch, Path file, Elements<A> type, ByteOrder order, long position,
            A dst, int off, int count) throws IOException {
        read(channel(ch, file), type, order, position, dst, off, count);
    }

    /**
     * Reads {@code count} elements from byte {@code position} of {@code source} into
     * {@code dst[off..]}: one part per core from {@link #PARALLEL_MIN_BYTES} on ({@link Parts}),
     * each reading {@link #CHUNK} bytes at a time into a pooled direct buffer (or a heap chunk,
     * where its reader takes one), then the JDK's bulk typed-view copy into its slice of the array.
     *
     * @param source the file
     * @param type the element type
     * @param order the file's byte order
     * @param position the file position of the first element
     * @param dst the array
     * @param off where the first element goes
     * @param count how many elements
     * @param <A> the array type
     * @throws EndedEarly the file ended before the last element
     * @throws IOException a read failed
     */
    public static <A> void read(Source source, Elements<A> type, ByteOrder order, long position, A dst, int off, int count)
            throws IOException {
        run(source, type, order, position, dst, off, count, false);
    }

    /**
     * Whether the {@code count} elements from byte {@code position} of {@code source} are
     * {@code expected[off..]}: read as {@link #read} reads them, and compared chunk by chunk as raw
     * bytes (a float's NaN and -0.0 as they are in the file), without a second array.
     *
     * @param source the file
     * @param type the element type
     * @param order the file's byte order
     * @param position the file position of the first element
     * @param expected the elements to compare with
     * @param off where the first is
     * @param count how many elements
     * @param <A> the array type
     * @return whether every byte agrees
     * @throws EndedEarly the file ended before the last element
     * @throws IOException a read failed
     */
    public static <A> boolean matches(Source source, Elements<A> type, ByteOrder order, long position, A expected, int off, int count)
            throws IOException {
        try {
            run(source, type, order, position, expected, off, count, true);
            return true;
        } catch (Differs d) {
            return false;
        }
    }

    private static <A> void run(Source source, Elements<A> type, ByteOrder order, long position, A dst, int off, int count,
            boolean compare) throws IOException {
        long bytes = (long) count * type.size;
        int parts = Runtime.getRuntime().availableProcessors();
        if (bytes < PARALLEL_MIN_BYTES || parts < 2) {
            readPart(source, 0, type, order, position, dst, off, count, compare);
            return;
        }
        int per = count / parts;
        Parts.run(parts, new Parts.Part() { // not a lambda: see Parts
            @Override
            public void run(int p) throws IOException {
                int from = p * per;
                int n = p == parts - 1 ? count - from : per;
                readPart(source, p, type, order, position + (long) from * type.size, dst, off + from, n, compare);
            }
        });
    }

    private static <A> void readPart(Source source, int part, Elements<A> type, ByteOrder order, long position,
            A dst, int off, int count, boolean compare) throws IOException {
        try (PartReader reader = source.part(part, position)) {
            ByteBuffer expect = compare ? DirectBuffers.take() : null;
            try {
                if (!reader.direct()) {
                    readChunks(source, reader, type, order, position, dst, off, count,
                            ByteBuffer.wrap(new byte[(int) Math.min(CHUNK, (long) count * type.size)]), expect);
                    return;
                }
                ByteBuffer buf = DirectBuffers.take();
                try {
                    readChunks(source, reader, type, order, position, dst, off, count, buf, expect);
                } finally {
                    DirectBuffers.give(buf);
                }
            } finally {
                if (expect != null) {
                    DirectBuffers.give(expect);
                }
            }
        }
    }

    /** Each chunk into {@code dst}, or, with {@code expect}, compared with {@code dst}'s elements put into it as bytes. */
    private static <A> void readChunks(Source source, PartReader reader, Elements<A> type, ByteOrder order, long position,
            A dst, int off, int count, ByteBuffer buf, ByteBuffer expect) throws IOException {
        int perChunk = Math.min(CHUNK, buf.capacity()) / type.size;
        long pos = position;
        int done = 0;
        while (done < count) {
            int n = Math.min(perChunk, count - done);
            buf.clear().limit(n * type.size);
            while (buf.hasRemaining()) {
                if (reader.read(buf, pos + buf.position()) < 0) {
                    throw new EndedEarly(source.name(), pos + buf.position());
                }
            }
            buf.flip();
            if (expect == null) {
                type.get(buf.order(order), dst, off + done, n);
            } else {
                expect.clear().limit(n * type.size);
                type.put(expect.order(order), dst, off + done, n);
                if (buf.mismatch(expect) >= 0) {
                    throw Differs.INSTANCE;
                }
            }
            done += n;
            pos += (long) n * type.size;
        }
    }

    /** A chunk that differs: stops every part of a comparison. One instance, no stack: it never leaves {@link #matches}. */
    private static final class Differs extends IOException {
        private static final long serialVersionUID = 1L;
        static final Differs INSTANCE = new Differs();

        private Differs() {
            super("a chunk differs");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // thrown from every part that differs, caught in matches: no trace to keep
        }
    }

    /** The file ended at byte {@link #at}, before the bytes a load needed: it was shortened during the load. */
    public static final class EndedEarly extends EOFException {
        private static final long serialVersionUID = 1L;
        /** The file position where it ended. */
        public final long at;

        EndedEarly(Object file, long at) {
            super(file + ": ended at byte " + at + " while reading; it was shortened during the load");
            this.at = at;
        }
    }
}
