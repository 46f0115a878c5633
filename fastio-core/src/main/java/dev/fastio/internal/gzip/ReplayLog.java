package dev.fastio.internal.gzip;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The compressed input read since the oldest BGZF block still in flight, kept so that
 * {@code dev.fastio.gzip.GzipReader} can read again, the one-thread way, from the start of a block the threads
 * could not trust (a block size that lies, a {@code BC} subfield on a member that is not BGZF, a
 * bad CRC): every thread count then gives the bytes and the outcome one thread gives. Bounded by
 * the window of blocks in flight (4 × threads × 64 KiB) and one input buffer.
 */
final class ReplayLog {
    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    /** The offset of the first kept byte. */
    private long base;
    /** The offset just past the last kept byte. */
    private long end;

    /** Starts the log with {@code buf[0, length)}, which sits at {@code offset} of the input. */
    public ReplayLog(long offset, byte[] buf, int length) {
        base = offset;
        end = offset;
        record(offset, buf, length);
    }

    /** Keeps a copy of {@code buf[0, length)}, read at {@code offset} (where the last record ended). */
    public void record(long offset, byte[] buf, int length) {
        if (offset != end) {
            throw new IllegalStateException("input read at " + offset + " after the log ended at " + end);
        }
        if (length > 0) {
            byte[] copy = new byte[length];
            System.arraycopy(buf, 0, copy, 0, length);
            chunks.addLast(copy);
            end += length;
        }
    }

    /** The bytes kept now. */
    public long kept() {
        return end - base;
    }

    /** Drops the chunks that end at or before {@code offset}: nothing before it will be read again. */
    public void trim(long offset) {
        while (!chunks.isEmpty() && base + chunks.peekFirst().length <= offset) {
            base += chunks.removeFirst().length;
        }
    }

    /** Where a reader stands after {@link #replay}: the kept chunk holding the offset, at its own offset, then the rest. */
    public record Replay(long base, byte[] chunk, InputStream rest) {}

    /**
     * The input from {@code offset} on, cut where it was first read: the kept chunk that holds
     * {@code offset} (what one read into the reader's buffer gave), then the later chunks and
     * {@code rest}. A reader that loads the chunk into its buffer at the same place reads every
     * byte in the same buffer fills as it first did, as a reader on one thread would have: a
     * corrupt block then gives the same bytes before its error, whatever the thread count.
     *
     * @throws IllegalStateException {@code offset} was trimmed away
     */
    public Replay replay(long offset, InputStream rest) {
        if (offset < base || offset > end) {
            throw new IllegalStateException("offset " + offset + " is outside the kept input [" + base + ", " + end + ")");
        }
        List<InputStream> later = new ArrayList<>();
        long at = base;
        long chunkBase = offset;
        byte[] holding = new byte[0];
        for (byte[] c : chunks) {
            if (at + c.length > offset && holding.length == 0 && at <= offset) {
                holding = c;
                chunkBase = at;
            } else if (at > offset) {
                later.add(new ByteArrayInputStream(c));
            }
            at += c.length;
        }
        later.add(rest);
        return new Replay(chunkBase, holding, new SequenceInputStream(Collections.enumeration(later)));
    }
}
