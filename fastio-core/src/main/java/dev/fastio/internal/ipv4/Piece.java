package dev.fastio.internal.ipv4;

import dev.fastio.internal.FileSizes;
import dev.fastio.ipv4.Ipv4Encoding;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * One piece of the file, {@code [start, end)} from line start to line start, read in blocks and
 * cut into whole lines for its {@link BlockParser}: the part-line at a block's end is carried to
 * the next block; a line longer than a block grows it; a line too long to be an address is
 * reported by its first bytes and the rest passed over; the last line gets the newline it lacks.
 */
final class Piece {
    /**
     * A line at least this long is malformed without reading the rest of it (an address line has
     * at most 16 bytes): reported by its first bytes, the rest passed over.
     */
    static final int LONG_LINE = 1 << 20;
    /** Bytes kept free after the data: {@link BlockKernel} reads up to {@link BlockKernel#PAD} bytes past a newline. */
    static final int PAD = BlockKernel.PAD;

    final int index;
    final long start;
    /** Where the piece ends; {@link Long#MAX_VALUE}: at end of file, read with relative reads. */
    final long end;
    private final LineSource src;
    /** The source as messages name it. */
    private final String file;
    private final LongConsumer progress;
    private final AtomicInteger firstFailedPart;
    private final LineKernels.Choice kernel;
    private final Ipv4Encoding encoding;
    private final boolean lenient;
    private final int block;
    /** The piece's addresses and line counts; made when the piece is run, on its thread (which then zeroes its array). */
    BlockParser parsed;

    Piece(int index, long start, long end, LineSource src, LongConsumer progress, AtomicInteger firstFailedPart,
            LineKernels.Choice kernel, Ipv4Encoding encoding, boolean lenient, int block) {
        this.index = index;
        this.start = start;
        this.end = end;
        this.src = src;
        this.file = src.name();
        this.progress = progress;
        this.firstFailedPart = firstFailedPart;
        this.kernel = kernel;
        this.encoding = encoding;
        this.lenient = lenient;
        this.block = block;
    }

    /**
     * Parses the piece through {@code buf} (a thread's block, reused from piece to piece; what
     * it holds past the data does not matter to the kernels); returns it, grown if a line
     * was longer than a block.
     */
    byte[] run(byte[] buf) throws IOException {
        int capacity = end == Long.MAX_VALUE ? 1024 : (int) Math.min(FileSizes.MAX_ARRAY_LENGTH, (end - start) / 12 + 16);
        parsed = new BlockParser(kernel, encoding, lenient, capacity, block, index, firstFailedPart);
        long pos = start;
        int carry = 0;
        long skipped = -1; // bytes of an over-long line passed over so far, or -1
        while (pos < end) {
            if (firstFailedPart.get() < index) {
                return buf; // an earlier part failed: nothing here will be reported
            }
            if (carry >= buf.length - PAD) {
                if (carry >= LONG_LINE) {
                    // No address line is this long: it is malformed whatever follows. It is
                    // reported by its first bytes and the rest is passed over up to its newline,
                    // not held: an endless source (/dev/zero) grew the block until memory ran out.
                    if (!parsed.overLongLine(buf, carry)) {
                        return buf;
                    }
                    skipped = carry;
                    carry = 0;
                } else {
                    buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than a block
                }
            }
            int want = (int) Math.min(buf.length - PAD - carry, end - pos);
            int n = end == Long.MAX_VALUE ? readToEnd(src, buf, carry, want) : readFully(src, buf, carry, want, pos);
            boolean last = n < want; // only a read to end of file comes back short
            pos = last ? end : pos + n;
            progress.accept(n);
            int limit = carry + n;
            if (skipped >= 0) {
                int nl = 0;
                while (nl < limit && buf[nl] != '\n') {
                    nl++;
                }
                if (nl == limit) {
                    skipped += n;
                    if (skipped > FileSizes.MAX_ARRAY_LENGTH) {
                        throw new IOException(file + ": line " + parsed.lines + " runs past " + FileSizes.MAX_ARRAY_LENGTH
                                + " bytes with no newline: not a list of lines (an endless source such as /dev/zero?)");
                    }
                    continue; // nothing kept: the block is read over again
                }
                skipped = -1;
                limit -= nl + 1;
                System.arraycopy(buf, nl + 1, buf, 0, limit);
            }
            int parseEnd;
            if (pos >= end) {
                if (limit > 0 && buf[limit - 1] != '\n') {
                    buf[limit++] = '\n'; // the last line, with no final newline
                }
                parseEnd = limit;
            } else {
                parseEnd = limit;
                while (parseEnd > 0 && buf[parseEnd - 1] != '\n') {
                    parseEnd--;
                }
            }
            if (!parsed.parse(buf, parseEnd)) {
                return buf;
            }
            carry = limit - parseEnd;
            System.arraycopy(buf, parseEnd, buf, 0, carry);
        }
        return buf;
    }

    /** Relative reads into {@code buf[off..off+len)} until full or end of file; returns the bytes read. */
    private static int readToEnd(LineSource ch, byte[] buf, int off, int len) throws IOException {
        int done = 0;
        while (done < len) {
            int r = ch.read(buf, off + done, len - done);
            if (r < 0) {
                break;
            }
            done += r;
        }
        return done;
    }

    private int readFully(LineSource ch, byte[] buf, int off, int len, long pos) throws IOException {
        int done = 0;
        while (done < len) {
            int r = ch.read(pos + done, buf, off + done, len - done);
            if (r < 0) {
                throw new EOFException(file + ": ended at byte " + (pos + done) + "; it was shortened while being parsed");
            }
            done += r;
        }
        return len;
    }
}
