package dev.fastio.internal.buffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;

/**
 * A bounded pool of 256 KiB direct buffers, shared by everything in fastio that reads or writes
 * a file through its own buffer ({@code copy.BufferCopy}, {@code array.ArrayFiles}).
 *
 * <p>Why direct: a heap buffer passed to a channel is staged through a JDK temporary direct
 * buffer, one more pass over the bytes. Why pooled: an {@code allocateDirect} per call costs a
 * zeroing pass and native memory that only the GC frees. Why not one per thread (what the JDK
 * does for its temporary buffers): with virtual threads that is 256 KiB per thread. The pool
 * keeps at most two buffers per core; a caller that finds it empty allocates one, and a buffer
 * given back to a full pool is left to the GC. A plain lock guards it: it is held for a push or a
 * pop, and unlike the JDK's lock-free queues it needs no method-handle set-up in a fresh JVM.
 *
 * <p>Use as {@code ByteBuffer b = take(); try { ... } finally { give(b); }}, and do not touch the
 * buffer after giving it back.
 */
public final class DirectBuffers {
    /** 256 KiB: past this, the syscall count no longer shows in the copy and load measurements. */
    public static final int SIZE = 256 * 1024;
    static final int POOL_MAX = 2 * Runtime.getRuntime().availableProcessors();

    private static final ArrayDeque<ByteBuffer> POOL = new ArrayDeque<>(POOL_MAX);

    private DirectBuffers() {}

    /** A buffer of {@link #SIZE} bytes, cleared and big-endian, for the caller alone until {@link #give}. */
    public static ByteBuffer take() {
        ByteBuffer b;
        synchronized (POOL) {
            b = POOL.pollLast();
        }
        if (b == null) {
            return ByteBuffer.allocateDirect(SIZE);
        }
        return b.clear().order(ByteOrder.BIG_ENDIAN);
    }

    /** Returns a buffer from {@link #take}. */
    public static void give(ByteBuffer b) {
        if (!b.isDirect() || b.capacity() != SIZE) {
            throw new IllegalArgumentException("not a buffer from DirectBuffers.take(): " + b);
        }
        synchronized (POOL) {
            for (ByteBuffer pooled : POOL) {
                if (pooled == b) { // by identity: ByteBuffer.equals compares contents
                    throw new IllegalStateException("buffer given back twice: two holders would share it");
                }
            }
            if (POOL.size() < POOL_MAX) {
                POOL.addLast(b);
            } // else: pool full, the GC frees this one
        }
    }

    /** Buffers waiting in the pool (for tests). */
    static int pooled() {
        synchronized (POOL) {
            return POOL.size();
        }
    }
}
