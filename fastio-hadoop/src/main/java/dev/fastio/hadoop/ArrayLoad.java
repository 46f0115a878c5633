package dev.fastio.hadoop;

import dev.fastio.array.Tail;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.version.GrowingPrefix;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.internal.array.ChunkedArrayIO;
import dev.fastio.internal.array.Elements;
import dev.fastio.read.Growth;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@link HadoopArrays}' side of core's one array engine ({@link ChunkedArrayIO}): a Hadoop file as
 * the engine's {@link ChunkedArrayIO.Source}, whose parts read sequentially on a stream each (the
 * first on the stream the file was opened with), into the engine's pooled direct buffer where the
 * stream reads into byte buffers ({@code in:readbytebuffer}: HDFS), into a heap chunk otherwise.
 * The part and chunk loop, the typed copy and the split into parts are the engine's.
 *
 * <p>Why streams and not positioned reads on one stream: HDFS serves each positioned read with a
 * new block reader (a request to the datanode and a new reply stream), while a sequential read
 * keeps one per block. With 256 KiB positioned reads the 104 MB load from the in-process HDFS
 * took 256 ± 122 ms against 110–150 ms with a stream per part, and the HDFS read floor 65 ms
 * (docs/PERFORMANCE.md, "Hadoop: a stream per part, and a validated get"; measured by
 * HdfsLoadBenchmark). On an object store a stream per part is one ranged GET per
 * part, which is how parallel downloads are made there.
 *
 * <p>After the reads, the file's status is read again: a length, modification time or identity
 * ({@link StatusStamp}) other than at open (the file was rewritten, appended to or deleted between parts) is an error, never an
 * array of two versions.
 */
final class ArrayLoad {
    /** Bytes per read: the engine's. */
    static final int CHUNK = ChunkedArrayIO.CHUNK;

    private ArrayLoad() {}

    static <A> A readAll(OneVersion rule, FileSystem fs, Path file, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        return readAll(rule, fs, file, type, order, tail, Growth.REJECT);
    }

    static <A> A readAll(OneVersion rule, FileSystem fs, Path file, Elements<A> type, ByteOrder order, Tail tail, Growth growth)
            throws IOException {
        Objects.requireNonNull(order, "order"); // not taken for little-endian
        Objects.requireNonNull(tail, "tail");
        try (OpenedFile f = OpenedFile.open(fs, file, "whole-file", growth)) {
            return readAll(rule, f, type, order, tail);
        }
    }

    /**
     * The whole of {@code f}, which the caller opened (with the "whole-file" policy) and closes;
     * {@code f.stamp} is the version loaded. Opened with {@link Growth#PREFIX}, the elements of
     * its first bytes, up to its length at open, by {@link GrowingPrefix}'s rule: the status (and
     * a local file's stamp) after the load, and where they moved, a second load compared.
     */
    static <A> A readAll(OneVersion rule, OpenedFile f, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        try {
            long size = f.status.getLen();
            if (size == 0) {
                // a length of 0 says nothing (procfs through file://): read to the end
                return ChunkedArrayIO.fromBytes(f.name, readToEnd(f), type, order, tail);
            }
            A dst = type.newArray(f.name, type.elementCount(f.name, size, tail));
            read(f, type, order, 0, dst, 0, type.length(dst));
            if (f.growth == Growth.PREFIX) {
                if (f.prefixMustConfirm(size, rule)) { // it grew, or its stamps moved: the prefix again, compared
                    A again = type.newArray(type.length(dst));
                    read(f, type, order, 0, again, 0, type.length(again));
                    GrowingPrefix.confirm(f.name, size, type.sameElements(dst, 0, again, 0, type.length(dst)));
                }
                return dst;
            }
            if (f.in.read(size, new byte[1], 0, 1) > 0) {
                throw new IOException(f.name + ": it was " + size + " bytes long when opened and has more now; it grew during the load");
            }
            // the load above was the first pass; the rule judges it and, for a racy local file, loads again
            return rule.read(f.name, new OpenedFile.Pass<A>(f) {
                private boolean first = true;

                @Override
                A readOnce() throws IOException {
                    if (first) {
                        first = false;
                        return dst;
                    }
                    A again = type.newArray(type.length(dst));
                    ArrayLoad.read(f, type, order, 0, again, 0, type.length(again));
                    return again;
                }

                @Override
                public boolean same(A a, A b) {
                    return type.sameElements(a, 0, b, 0, type.length(a));
                }
            });
        } catch (IOException e) {
            throw f.orChanged(e);
        } catch (RuntimeException e) {
            throw f.orChanged(e);
        }
    }

    /**
     * A new array of the {@code count} elements from element {@code first}; the range is checked
     * against the file's length before the array is allocated.
     */
    static <A> A readRange(OneVersion rule, FileSystem fs, Path file, Elements<A> type, ByteOrder order, long first, int count)
            throws IOException {
        Objects.requireNonNull(order, "order");
        Elements.checkRange(first, count);
        return rangeInto(rule, fs, file, type, order, first, null, 0, count);
    }

    static <A> void readRange(OneVersion rule, FileSystem fs, Path file, Elements<A> type, ByteOrder order, long first, A dst, int off,
            int count) throws IOException {
        Objects.requireNonNull(order, "order");
        Elements.checkRange(first, count);
        if (off < 0 || off > type.length(dst) - count) {
            throw new IndexOutOfBoundsException("off=" + off + ", count=" + count + ", array length=" + type.length(dst));
        }
        rangeInto(rule, fs, file, type, order, first, dst, off, count);
    }

    /** The range into {@code dst[off..]}, or into a new array when {@code dst} is null; returns the array. */
    private static <A> A rangeInto(OneVersion rule, FileSystem fs, Path file, Elements<A> type, ByteOrder order, long first, A dst, int off,
            int count) throws IOException {
        try (OpenedFile f = OpenedFile.open(fs, file, "random")) {
            try {
                long size = f.status.getLen();
                if (type.endByte(first, count) > size) {
                    throw new EOFException(type.describeRange(f.name, first, count) + " but the file is " + size + " bytes long");
                }
                A into = dst != null ? dst : type.newArray(count);
                A result = rule.read(f.name, new OpenedFile.Pass<A>(f) {
                    private boolean again;

                    @Override
                    A readOnce() throws IOException {
                        A to = again ? type.newArray(count) : into; // a confirming pass into its own array
                        again = true;
                        ArrayLoad.read(f, type, order, first * type.size, to, to == into ? off : 0, count);
                        return to;
                    }

                    @Override
                    public boolean same(A a, A b) {
                        return type.sameElements(a, a == into ? off : 0, b, b == into ? off : 0, count);
                    }
                });
                if (result != into) {
                    System.arraycopy(result, 0, into, off, count);
                }
                return into;
            } catch (IOException e) {
                throw f.orChanged(e);
            } catch (RuntimeException e) {
                throw f.orChanged(e);
            }
        }
    }

    /**
     * The whole file, by positioned reads until one finds the end. Not the stream's own reads:
     * Hadoop's local stream sits behind a {@code BufferedInputStream}, which asks
     * {@code available()} after a short read, and procfs answers that with EINVAL.
     */
    private static byte[] readToEnd(OpenedFile f) throws IOException {
        return FileSizes.readToEnd(new PositionedReader(f.in), 0, f.name);
    }

    /** Positioned reads from 0 on, as relative ones (core's read to end of file stands on them). */
    private static final class PositionedReader implements FileSizes.ByteReader {
        private final FSDataInputStream in;
        private long position;

        PositionedReader(FSDataInputStream in) {
            this.in = in;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = in.read(position, buf, off, Math.min(len, CHUNK));
            if (n > 0) {
                position += n;
            }
            return n;
        }
    }

    private static <A> void read(OpenedFile f, Elements<A> type, ByteOrder order, long position, A dst, int off, int count)
            throws IOException {
        try {
            ChunkedArrayIO.read(new Parts(f), type, order, position, dst, off, count);
        } catch (ChunkedArrayIO.EndedEarly e) {
            throw (IOException) endedEarly(f, e.at).initCause(e);
        } catch (InterruptedIOException e) {
            throw (IOException) new InterruptedIOException(f.name + ": the load stopped: the thread was interrupted"
                    + " (its parts have finished; nothing is left open)").initCause(e);
        }
    }

    /**
     * The parts of an opened file: part 0 (the caller's thread) reads on the stream the file was
     * opened with, every other part on a stream of its own, opened the same way; each moved to its
     * start, then read sequentially.
     */
    private static final class Parts implements ChunkedArrayIO.Source {
        private final OpenedFile f;

        Parts(OpenedFile f) {
            this.f = f;
        }

        @Override
        public Object name() {
            return f.name;
        }

        @Override
        public ChunkedArrayIO.PartReader part(int part, long position) throws IOException {
            FSDataInputStream in = part == 0 ? f.in : f.reopen();
            try {
                in.seek(position);
            } catch (IOException | RuntimeException e) {
                if (in != f.in) {
                    in.close();
                }
                throw e;
            }
            boolean direct = in.hasCapability("in:readbytebuffer");
            return new ChunkedArrayIO.PartReader() {
                @Override
                public boolean direct() {
                    return direct;
                }

                @Override
                public int read(ByteBuffer buf, long at) throws IOException {
                    if (direct) {
                        return in.read(buf);
                    }
                    try {
                        in.readFully(buf.array(), buf.arrayOffset() + buf.position(), buf.remaining());
                    } catch (EOFException e) {
                        return -1;
                    }
                    int n = buf.remaining();
                    buf.position(buf.limit());
                    return n;
                }

                @Override
                public void close() throws IOException {
                    if (in != f.in) {
                        in.close();
                    }
                }
            };
        }
    }

    private static EOFException endedEarly(OpenedFile f, long at) {
        return new EOFException(f.name + ": ended near byte " + at + " while reading; it was shortened during the load");
    }
}
