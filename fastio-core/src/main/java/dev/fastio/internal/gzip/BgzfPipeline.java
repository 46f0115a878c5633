package dev.fastio.internal.gzip;

import dev.fastio.gzip.GzipFormatException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.function.Supplier;

/**
 * BGZF blocks read ahead on the caller's thread and inflated on others ({@link ParallelBlocks}),
 * handed back in file order with the errors where one thread would have met them. The input read
 * since the oldest block in flight is kept ({@link ReplayLog}): a block the threads cannot trust
 * (a size that lies, a bad CRC) stops the pipeline and the {@link MemberReader} reads on from
 * that block's member on one thread, so every thread count gives the bytes and the outcome one
 * thread gives. The log is bounded by the blocks in flight: while an ordinary member between
 * blocks is inflated on the caller's thread, none is in flight and nothing is kept. The threads
 * stop at the end of input, at an error, and at {@link #close}.
 */
public final class BgzfPipeline {
    private final MemberReader members;
    private final ParallelBlocks blocks;
    /** The input since the oldest block that may be read again; null while none is in flight (an ordinary member). */
    private ReplayLog log;
    /**
     * The first block's member and data starts: its header was read before the log began (it may
     * span earlier buffer fills), so it is read again from its data, with the header's state.
     */
    private final long firstMember;
    private final long firstData;
    /** The member starts of the blocks in flight, in file order. */
    private final ArrayDeque<Long> inFlight = new ArrayDeque<>();
    /** An error met while reading ahead, thrown once the blocks before it are delivered. */
    private IOException deferred;
    /**
     * Where {@link #deferred} came from cutting a block by its BGZF size (which can lie, where one
     * thread never asks it): once the blocks before it are delivered, that member is read again
     * the one-thread way instead of failing; -1 otherwise.
     */
    private long deferredBlock = -1;
    /** The input ended (cleanly) while reading ahead. */
    private boolean inputDone;
    /** Every block is handed back and the input ended: nothing more to read. */
    private boolean ended;
    /** Stopped at a block it could not trust: the members are read on one thread from there. */
    private boolean stopped;
    /** {@link #deferred} was thrown: every later call throws it again, as the threads are gone. */
    private boolean failed;

    /**
     * Starts the threads with the BGZF member whose header {@code members} has just read.
     *
     * @param members the framing, standing after a BGZF header; from now on its input is logged
     * @param source named in error messages
     * @param threads the most threads inflating at once
     * @param inflaters a new whole-block decoder for each thread
     */
    public BgzfPipeline(MemberReader members, String source, int threads, Supplier<BlockInflater> inflaters) throws IOException {
        this.members = members;
        this.firstMember = members.memberStart();
        this.firstData = members.offset();
        this.blocks = new ParallelBlocks(source, threads, inflaters);
        this.log = members.startLog();
        try {
            submitBlock();
        } catch (GzipFormatException untrusted) {
            stopAt(members.memberStart());
        } catch (IOException | RuntimeException | Error e) {
            blocks.close(); // the caller never holds this pipeline: its threads stop here
            throw e;
        }
    }

    /**
     * Whether the pipeline has stopped at a block it could not trust: the caller reads the
     * members on its own thread from that block's start on.
     */
    public boolean stopped() {
        return stopped;
    }

    /** The input bytes kept to be read again, for tests of its bound: 0 while none may be. */
    public long keptBytes() {
        return log == null ? 0 : log.kept();
    }

    /** Whether the input ended cleanly after the last block handed back: nothing more to read. */
    public boolean ended() {
        return ended;
    }

    /**
     * The next inflated block in file order.
     *
     * @return its bytes (empty for BGZF's end-of-file marker); or null when none is next: the
     *     input ended ({@link #ended()}), the pipeline stopped ({@link #stopped()}) and the
     *     members are to be read on this thread from a block's start, or the next member is not
     *     BGZF (its header read, {@link MemberReader#inMember()}), for this thread to inflate
     * @throws IOException an error met reading ahead, once every block before it is delivered
     */
    public byte[] next() throws IOException {
        if (failed) {
            throw deferred;
        }
        if (stopped || ended) {
            return null;
        }
        if (log == null) {
            if (members.inMember()) {
                return null; // the ordinary member is still being inflated on the caller's thread
            }
            log = members.startLog(); // from the next header on: it may begin a block
        }
        readAhead();
        if (!blocks.isEmpty()) {
            long start = inFlight.removeFirst();
            byte[] chunk;
            try {
                chunk = blocks.take();
            } catch (GzipFormatException untrusted) {
                stopAt(start); // one thread may read this member otherwise, or fail elsewhere
                return null;
            }
            // keep from the oldest block that may yet be read again: one in flight, or one whose reading failed
            long keep = inFlight.isEmpty() ? members.offset() : inFlight.peekFirst();
            log.trim(deferredBlock >= 0 ? Math.min(keep, deferredBlock) : keep);
            return chunk;
        }
        if (deferred != null) { // every block before the error is delivered: now the error
            if (deferredBlock >= 0) {
                stopAt(deferredBlock);
                return null;
            }
            failed = true;
            close(); // no thread waits idle until the caller closes
            throw deferred;
        }
        if (inputDone) {
            ended = true;
            close();
            return null;
        }
        // an ordinary member is next, its header read: no block is in flight, so nothing before it
        // can be read again; the caller inflates it, unlogged (a log of it would hold all of it)
        members.stopLog();
        log = null;
        return null;
    }

    /**
     * Reads and queues BGZF blocks until the window is full, the input ends, a member without a
     * block size comes (left with its header read, for the caller's thread), or an error is met
     * (kept for when the blocks before it have been delivered).
     */
    private void readAhead() {
        while (!blocks.full() && deferred == null && !inputDone && !members.inMember()) {
            try {
                if (!members.readHeader()) {
                    inputDone = true;
                } else if (members.blockSize() >= 0) {
                    try {
                        submitBlock();
                    } catch (GzipFormatException e) {
                        deferred = e;
                        deferredBlock = members.memberStart();
                    }
                }
            } catch (IOException e) {
                deferred = e;
            }
        }
    }

    /** Cuts the BGZF block whose header was just read, and queues it. */
    private void submitBlock() throws IOException {
        long dataStart = members.offset();
        byte[] block = members.cutBlock();
        blocks.submit(block, block.length, members.memberStart(), dataStart);
        inFlight.addLast(members.memberStart());
    }

    /**
     * A block the threads could not trust: stops them, and has the members read on from
     * {@code start}, that block's member, on this thread, as a reader with one thread would have
     * from the start (its size field is then never asked). The blocks before it were delivered:
     * each one's deflate data ended exactly at its size, so one thread would have found the same
     * members.
     */
    private void stopAt(long start) {
        if (start == firstMember) {
            members.rewindToData(firstMember, firstData, log); // its header is behind the log: keep what it set
        } else {
            members.rewindTo(start, log);
        }
        stopped = true;
        close();
    }

    /** Stops every thread and frees their inflaters; the blocks in flight are dropped. */
    public void close() {
        blocks.close();
    }
}
