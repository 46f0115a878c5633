package dev.fastio.internal.gzip;

import dev.fastio.gzip.GzipFormatException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * BGZF blocks (gzip members that carry their own size, RFC 1952 extra subfield {@code BC}: what
 * {@code bgzip}, htsjdk and samtools write) inflated on several threads and handed back in file
 * order. {@code dev.fastio.gzip.GzipReader} reads each block whole in its own thread and {@link #submit}s it; the
 * window holds at most {@code 4 × threads} blocks, so memory stays near 4 × threads × 64 KiB × 2.
 *
 * <p>Each block is inflated whole by a {@link BlockInflater}. A block it does not trust (corrupt
 * deflate data, data that end before or after the block's size, a CRC-32 or length that disagree)
 * fails at {@link #take} when its turn comes, after every block before it was delivered, with a
 * {@link GzipFormatException} that only marks it untrusted: {@link BgzfPipeline} then reads on from
 * it on one thread, which names what is wrong. {@link #close} stops the threads (interrupting any
 * still inflating), waits for them, and frees every inflater.
 */
public final class ParallelBlocks implements AutoCloseable {
    /** The largest block BGZF allows: BSIZE is 16 bits. */
    public static final int MAX_BLOCK = 65_536;
    /** ISIZE above this is not BGZF's (64 KiB); refusing it bounds the memory a corrupt block can ask for. */
    static final int MAX_OUTPUT = 1 << 20;
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final String source;
    private final int window;
    private final ExecutorService pool;
    private final ArrayDeque<Future<byte[]>> inFlight = new ArrayDeque<>();
    /** Inflaters not in use; each task takes one and gives it back. */
    private final ConcurrentLinkedQueue<BlockInflater> idle = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<BlockInflater> all = new ConcurrentLinkedQueue<>();

    private final Supplier<BlockInflater> inflaters;

    public ParallelBlocks(String source, int threads, Supplier<BlockInflater> inflaters) {
        this.source = source;
        this.inflaters = inflaters;
        this.window = 4 * threads;
        int pool = POOLS.incrementAndGet();
        AtomicInteger n = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "fastio-gunzip-" + pool + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public boolean full() {
        return inFlight.size() >= window;
    }

    public boolean isEmpty() {
        return inFlight.isEmpty();
    }

    /**
     * Queues one block for inflating.
     *
     * @param block the block's deflate data, then its 8-byte trailer (CRC-32, ISIZE)
     * @param length bytes of {@code block} in use
     * @param memberStart the block's offset in the file, for messages
     * @param dataStart the offset of {@code block[0]} in the file
     */
    public void submit(byte[] block, int length, long memberStart, long dataStart) {
        inFlight.add(pool.submit(() -> inflate(block, length, memberStart, dataStart)));
    }

    /**
     * The next block's bytes in file order, waiting for them.
     *
     * @return the decompressed bytes
     * @throws IOException the block is corrupt (a {@link GzipFormatException} naming the source
     *     and offset), or the wait was interrupted
     */
    public byte[] take() throws IOException {
        Future<byte[]> next = inFlight.remove();
        try {
            return next.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(source + ": interrupted while waiting for a decompressed block");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(source + ": inflating a block failed", cause);
        }
    }

    private byte[] inflate(byte[] block, int length, long memberStart, long dataStart) throws IOException {
        int dataLength = length - 8;
        long want = le32(block, dataLength);
        long size = le32(block, dataLength + 4);
        long trailerAt = dataStart + dataLength;
        if (size > MAX_OUTPUT) {
            throw new GzipFormatException(source, trailerAt + 4, "BGZF block of " + size
                    + " bytes, more than BGZF's 64 KiB, in the member starting at offset " + memberStart);
        }
        byte[] out = new byte[(int) size];
        BlockInflater inf = idle.poll();
        if (inf == null) {
            inf = inflaters.get();
            all.add(inf);
        }
        try {
            // any disagreement is only "untrusted": the pipeline stops here and one thread streams
            // the member again, finding where it really ends and naming what is wrong
            int n = inf.inflate(block, 0, dataLength, out, 0, out.length);
            if (n != size || (inf.crc() & 0xFFFF_FFFFL) != want) {
                throw new GzipFormatException(source, memberStart, "the BGZF block starting at offset " + memberStart
                        + " does not agree with its size, CRC-32 or length");
            }
            return out;
        } finally {
            idle.add(inf);
        }
    }

    private static long le32(byte[] b, int at) {
        return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
    }

    /** Stops every thread, waits for them (a task in a native inflate call finishes its block), frees the inflaters. */
    @Override
    public void close() {
        // not through inFlight, the reading thread's queue: a reader closed from another thread
        // must not meet it mid-change. shutdownNow interrupts the running tasks and hands back the
        // queued ones, cancelled here so that a take() waiting on one wakes (CancellationException)
        for (Runnable never : pool.shutdownNow()) {
            if (never instanceof Future<?> f) {
                f.cancel(false);
            }
        }
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        for (BlockInflater inf; (inf = all.poll()) != null; ) {
            inf.close();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
