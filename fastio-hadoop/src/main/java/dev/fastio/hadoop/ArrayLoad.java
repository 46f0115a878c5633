package dev.fastio.hadoop;

import dev.fastio.array.Tail;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.RacyWindow;
import dev.fastio.internal.array.Elements;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.parallel.Parts;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The engine behind {@link HadoopArrays}: the file's parts read in parallel, one part per core
 * above {@link #PARALLEL_MIN_BYTES}, each by sequential reads on a stream of its own (the first
 * on the stream the file was opened with), {@link #CHUNK} bytes at a time into a pooled direct
 * buffer where the stream reads into byte buffers, into a heap chunk otherwise, then copied into
 * the array with core's bulk typed-view copy ({@link Elements}), byte-swapping where the order is
 * not native.
 *
 * <p>Why streams and not positioned reads on one stream: HDFS serves each positioned read with a
 * new block reader (a request to the datanode and a new reply stream), while a sequential read
 * keeps one per block. With 256 KiB positioned reads the 104 MB load from the in-process HDFS
 * took 256 ± 122 ms against 110–150 ms with a stream per part, and the HDFS read floor 65 ms
 * (docs/BENCHMARKS.md, "Hadoop"). On an object store a stream per part is one ranged GET per
 * part, which is how parallel downloads are made there.
 *
 * <p>After the reads, the file's status is read again: a length, modification time or identity
 * ({@link StatusStamp}) other than at open (the file was rewritten, appended to or deleted between parts) is an error, never an
 * array of two versions.
 */
final class ArrayLoad {
    /** Bytes per read: the pooled direct buffer's size (see {@link DirectBuffers}). */
    static final int CHUNK = DirectBuffers.SIZE;
    /** Below this, one thread: the hand-off costs more than it saves. The same bound as core's loads. */
    static final long PARALLEL_MIN_BYTES = 8L << 20;

    /** Tests only: runs after each chunk is read (to change the file, or stop a datanode, mid-load); null otherwise. */
    static volatile Runnable chunkHook;

    private ArrayLoad() {}

    private static void afterChunk() {
        Runnable hook = chunkHook;
        if (hook != null) {
            hook.run();
        }
    }

    static <A> A readAll(FileSystem fs, Path file, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        try (OpenedFile f = OpenedFile.open(fs, file, "whole-file")) {
            return readAll(f, type, order, tail);
        }
    }

    /** The whole of {@code f}, which the caller opened (with the "whole-file" policy) and closes; {@code f.stamp} is the version loaded. */
    static <A> A readAll(OpenedFile f, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        try {
            long size = f.status.getLen();
            if (size == 0) {
                // a length of 0 says nothing (procfs through file://): read to the end
                return fromBytes(f, readToEnd(f), type, order, tail);
            }
            A dst = type.newArray(f.name, type.elementCount(f.name, size, tail));
            read(f, type, order, 0, dst, 0, type.length(dst));
            if (f.in.read(size, new byte[1], 0, 1) > 0) {
                throw new IOException(f.name + ": it was " + size + " bytes long when opened and has more now; it grew during the load");
            }
            f.checkUnchanged();
            if (f.racy()) { // a local file changed just before: loaded again and compared
                A again = type.newArray(type.length(dst));
                read(f, type, order, 0, again, 0, type.length(again));
                f.checkUnchanged();
                RacyWindow.confirm(f.name, type.sameElements(dst, 0, again, 0, type.length(dst)));
            }
            return dst;
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
    static <A> A readRange(FileSystem fs, Path file, Elements<A> type, ByteOrder order, long first, int count) throws IOException {
        Elements.checkRange(first, count);
        return rangeInto(fs, file, type, order, first, null, 0, count);
    }

    static <A> void readRange(FileSystem fs, Path file, Elements<A> type, ByteOrder order, long first, A dst, int off,
            int count) throws IOException {
        Elements.checkRange(first, count);
        if (off < 0 || off > type.length(dst) - count) {
            throw new IndexOutOfBoundsException("off=" + off + ", count=" + count + ", array length=" + type.length(dst));
        }
        rangeInto(fs, file, type, order, first, dst, off, count);
    }

    /** The range into {@code dst[off..]}, or into a new array when {@code dst} is null; returns the array. */
    private static <A> A rangeInto(FileSystem fs, Path file, Elements<A> type, ByteOrder order, long first, A dst, int off,
            int count) throws IOException {
        try (OpenedFile f = OpenedFile.open(fs, file, "random")) {
            try {
                long size = f.status.getLen();
                if (type.endByte(first, count) > size) {
                    throw new EOFException(type.describeRange(f.name, first, count) + " but the file is " + size + " bytes long");
                }
                A into = dst != null ? dst : type.newArray(count);
                read(f, type, order, first * type.size, into, off, count);
                f.checkUnchanged();
                if (f.racy()) { // a local file changed just before: loaded again and compared
                    A again = type.newArray(count);
                    read(f, type, order, first * type.size, again, 0, count);
                    f.checkUnchanged();
                    RacyWindow.confirm(f.name, type.sameElements(into, off, again, 0, count));
                }
                return into;
            } catch (IOException e) {
                throw f.orChanged(e);
            } catch (RuntimeException e) {
                throw f.orChanged(e);
            }
        }
    }

    private static <A> A fromBytes(OpenedFile f, byte[] bytes, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        A dst = type.newArray(f.name, type.elementCount(f.name, bytes.length, tail));
        type.get(ByteBuffer.wrap(bytes).order(order), dst, 0, type.length(dst));
        return dst;
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
        long bytes = (long) count * type.size;
        int parts = Runtime.getRuntime().availableProcessors();
        if (bytes < PARALLEL_MIN_BYTES || parts < 2) {
            streamPart(f, f.in, type, order, position, dst, off, count);
            return;
        }
        int per = count / parts;
        try {
            Parts.run(parts, new Parts.Part() { // not a lambda: see Parts
                @Override
                public void run(int p) throws IOException {
                    int from = p * per;
                    int n = p == parts - 1 ? count - from : per;
                    readPart(f, p, type, order, position + (long) from * type.size, dst, off + from, n);
                }
            });
        } catch (InterruptedIOException e) {
            throw (IOException) new InterruptedIOException(f.name + ": the load stopped: the thread was interrupted"
                    + " (its parts have finished; nothing is left open)").initCause(e);
        }
    }

    /**
     * Reads part {@code p}: part 0 (the caller's thread) on the stream the file was opened with,
     * every other part on a stream of its own, opened the same way; each moved to its start.
     */
    private static <A> void readPart(OpenedFile f, int p, Elements<A> type, ByteOrder order, long position, A dst, int off,
            int count) throws IOException {
        FSDataInputStream in = p == 0 ? f.in : f.reopen();
        try {
            streamPart(f, in, type, order, position, dst, off, count);
        } finally {
            if (in != f.in) {
                in.close();
            }
        }
    }

    /**
     * Sequential reads of {@code count} elements from {@code position}: into a pooled direct
     * buffer where the stream reads into byte buffers ({@code in:readbytebuffer}: HDFS), into a
     * heap chunk otherwise.
     */
    private static <A> void streamPart(OpenedFile f, FSDataInputStream in, Elements<A> type, ByteOrder order, long position,
            A dst, int off, int count) throws IOException {
        int perChunk = CHUNK / type.size;
        in.seek(position);
        if (in.hasCapability("in:readbytebuffer")) {
            ByteBuffer buf = DirectBuffers.take();
            try {
                for (int done = 0; done < count; ) {
                    int n = Math.min(perChunk, count - done);
                    buf.clear().limit(n * type.size);
                    while (buf.hasRemaining()) {
                        if (in.read(buf) < 0) {
                            throw endedEarly(f, position + (long) done * type.size + buf.position());
                        }
                    }
                    afterChunk();
                    buf.flip();
                    type.get(buf.order(order), dst, off + done, n);
                    done += n;
                }
            } finally {
                DirectBuffers.give(buf);
            }
            return;
        }
        byte[] chunk = new byte[(int) Math.min(CHUNK, (long) count * type.size)];
        ByteBuffer view = ByteBuffer.wrap(chunk).order(order);
        for (int done = 0; done < count; ) {
            int n = Math.min(perChunk, count - done);
            try {
                in.readFully(chunk, 0, n * type.size);
            } catch (EOFException e) {
                throw (IOException) endedEarly(f, position + (long) done * type.size).initCause(e);
            }
            afterChunk();
            type.get(view.clear(), dst, off + done, n);
            done += n;
        }
    }

    private static EOFException endedEarly(OpenedFile f, long at) {
        return new EOFException(f.name + ": ended near byte " + at + " while reading; it was shortened during the load");
    }
}
