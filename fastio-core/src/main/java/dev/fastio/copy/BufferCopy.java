package dev.fastio.copy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Positional reads into a pooled direct buffer, each written out whole: article 003's "NIO
 * buffer" copy without its per-copy allocation. For a file that fits the buffer this is two
 * system calls ({@code pread}, {@code write}). Why direct: a heap buffer passed to a channel is
 * staged through a JDK temporary direct buffer, one more pass over the bytes. Why pooled: an
 * {@code allocateDirect} per copy costs a zeroing pass and native memory that only the GC frees;
 * and why not per thread: with virtual threads, a thread-local buffer each would be 256 KiB per
 * thread. The pool keeps at most two buffers per core; a copy that finds it empty allocates one.
 */
public final class BufferCopy implements CopyStrategy {
    public static final BufferCopy INSTANCE = new BufferCopy();
    /** 256 KiB: past this, the syscall count no longer shows in the measurements (docs/BENCHMARKS.md, copy). */
    static final int BUFFER = 256 * 1024;
    private static final int POOL_MAX = 2 * Runtime.getRuntime().availableProcessors();
    private static final ConcurrentLinkedQueue<ByteBuffer> POOL = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger POOLED = new AtomicInteger();

    private BufferCopy() {}

    @Override
    public String name() {
        return "buffer";
    }

    @Override
    public long copy(FileChannel in, FileChannel out, long size, CopyProgress progress) throws IOException {
        ByteBuffer buf = take();
        try {
            return copy(in, out, size, progress, buf);
        } finally {
            give(buf);
        }
    }

    private static ByteBuffer take() {
        ByteBuffer b = POOL.poll();
        if (b == null) {
            return ByteBuffer.allocateDirect(BUFFER);
        }
        POOLED.decrementAndGet();
        return b;
    }

    private static void give(ByteBuffer b) {
        if (POOLED.incrementAndGet() <= POOL_MAX) {
            POOL.offer(b);
        } else {
            POOLED.decrementAndGet(); // pool full: the GC frees this one
        }
    }

    private static long copy(FileChannel in, FileChannel out, long size, CopyProgress progress, ByteBuffer buf)
            throws IOException {
        long done = 0;
        while (true) {
            // ask for one byte more than remains: a file that grew shows it without an fstat
            int want = (int) Math.min(buf.capacity(), size - done + 1);
            buf.clear().limit(want);
            int n = in.read(buf, done);
            if (n < 0) {
                return done;
            }
            if (done + n > size) {
                return size + 1;
            }
            buf.flip();
            while (buf.hasRemaining()) {
                out.write(buf);
            }
            done += n;
            progress.update(done, size);
            if (done == size && n < want) {
                return done; // a short read at the expected end: end of file
            }
        }
    }
}
