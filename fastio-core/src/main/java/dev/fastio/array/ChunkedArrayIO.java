package dev.fastio.array;

import dev.fastio.buffer.DirectBuffers;
import dev.fastio.parallel.Parts;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The engine behind {@link ArrayFiles}: positional reads of the file into a direct buffer from
 * {@link DirectBuffers} (which says why direct and pooled), then the JDK's bulk typed-view copy
 * into the array. Ranges of at least {@link #PARALLEL_MIN_BYTES} are split into one part per core
 * by {@link Parts} (each part has its own buffer and its own slice of the array, and the reads
 * are {@code pread}s on one shared channel).
 */
final class ChunkedArrayIO {
    /** Bytes per read. Large enough that the syscall cost vanishes, small enough to stay in L2. */
    static final int CHUNK = DirectBuffers.SIZE;
    /** Below this, one thread: the hand-off costs more than it saves. */
    static final long PARALLEL_MIN_BYTES = 8L << 20;
    static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private ChunkedArrayIO() {}

    /** The number of whole elements in a file of {@code size} bytes, applying the tail rule. */
    static long elementCount(Path file, long size, Elements<?> type, Tail tail) throws IOException {
        long rest = size % type.size;
        if (rest != 0 && tail == Tail.REJECT) {
            throw new IOException(file + ": length " + size + " bytes is not a multiple of the " + type.size
                    + "-byte " + type.name + " element size (" + rest + " trailing bytes); pass Tail.IGNORE to load the "
                    + size / type.size + " whole elements");
        }
        return size / type.size;
    }

    static <A> A readAll(Path file, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            long count = elementCount(file, ch.size(), type, tail);
            if (count > MAX_ARRAY_LENGTH) {
                throw new IOException(file + " holds " + count + " " + type.name + " elements; one Java array holds at most "
                        + MAX_ARRAY_LENGTH + ": load it in ranges");
            }
            A dst = type.newArray((int) count);
            read(ch, file, type, order, 0, dst, 0, (int) count);
            return dst;
        }
    }

    static <A> void readRange(Path file, Elements<A> type, ByteOrder order, long first, A dst, int off, int count)
            throws IOException {
        if (first < 0 || count < 0 || off < 0 || off > type.length(dst) - count) {
            throw new IndexOutOfBoundsException("first=" + first + ", off=" + off + ", count=" + count
                    + ", array length=" + type.length(dst));
        }
        try (FileChannel ch = FileChannel.open(file)) {
            long size = ch.size();
            long end = (first + count) * type.size;
            if (end > size) {
                throw new EOFException(file + ": " + type.name + " elements [" + first + ", " + (first + count)
                        + ") need bytes up to " + end + " but the file is " + size + " bytes long");
            }
            read(ch, file, type, order, first * type.size, dst, off, count);
        }
    }

    private static <A> void read(FileChannel ch, Path file, Elements<A> type, ByteOrder order, long position,
            A dst, int off, int count) throws IOException {
        long bytes = (long) count * type.size;
        int parts = Runtime.getRuntime().availableProcessors();
        if (bytes < PARALLEL_MIN_BYTES || parts < 2) {
            readPart(ch, file, type, order, position, dst, off, count);
            return;
        }
        int per = count / parts;
        Parts.run(parts, new Parts.Part() { // not a lambda: see Parts
            @Override
            public void run(int p) throws IOException {
                int from = p * per;
                int n = p == parts - 1 ? count - from : per;
                readPart(ch, file, type, order, position + (long) from * type.size, dst, off + from, n);
            }
        });
    }

    private static <A> void readPart(FileChannel ch, Path file, Elements<A> type, ByteOrder order, long position,
            A dst, int off, int count) throws IOException {
        ByteBuffer buf = DirectBuffers.take();
        try {
            readChunks(ch, file, type, order, position, dst, off, count, buf);
        } finally {
            DirectBuffers.give(buf);
        }
    }

    private static <A> void readChunks(FileChannel ch, Path file, Elements<A> type, ByteOrder order, long position,
            A dst, int off, int count, ByteBuffer buf) throws IOException {
        int perChunk = CHUNK / type.size;
        long pos = position;
        int done = 0;
        while (done < count) {
            int n = Math.min(perChunk, count - done);
            buf.clear().limit(n * type.size);
            while (buf.hasRemaining()) {
                if (ch.read(buf, pos + buf.position()) < 0) {
                    throw new EOFException(file + ": ended at byte " + (pos + buf.position())
                            + " while reading; it was shortened during the load");
                }
            }
            buf.flip();
            type.get(buf.order(order), dst, off + done, n);
            done += n;
            pos += (long) n * type.size;
        }
    }

    static <A> void write(Path file, Elements<A> type, ByteOrder order, A src, int off, int count) throws IOException {
        if (off < 0 || count < 0 || off > type.length(src) - count) {
            throw new IndexOutOfBoundsException("off=" + off + ", count=" + count + ", array length=" + type.length(src));
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = DirectBuffers.take();
            try {
                int perChunk = CHUNK / type.size;
                for (int done = 0; done < count; ) {
                    int n = Math.min(perChunk, count - done);
                    buf.clear();
                    type.put(buf.order(order), src, off + done, n);
                    buf.limit(n * type.size);
                    while (buf.hasRemaining()) {
                        ch.write(buf);
                    }
                    done += n;
                }
            } finally {
                DirectBuffers.give(buf);
            }
        }
    }
}
