package dev.fastio.internal.ipv4;

import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.MalformedIpv4Exception;
import dev.fastio.ipv4.MalformedLine;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.parallel.Interrupts;
import dev.fastio.internal.parallel.Parts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * The engine behind {@code dev.fastio.ipv4.Ipv4Parser}. The file is cut into pieces at line starts, many more
 * than threads ({@link #piecesFor}); each thread takes the next piece not yet taken until none is
 * left, so a thread that finishes early takes more and all finish together (with one fixed part
 * per thread the slowest part set the time). This class is that schedule and the assembly: a
 * {@link Piece} reads its stretch in blocks ({@code Ipv4Parser.DEFAULT_BLOCK_BYTES}) with
 * positional reads into a heap array and cuts them into whole lines, which its {@link BlockParser}
 * parses in place; the pieces' arrays are joined at the end, in file order. Line numbers for
 * errors come from each piece's line count, so they are exact whatever the split and whichever
 * thread found them.
 */
public final class ParallelLineParser {
    /** Malformed lines a lenient result keeps to show. */
    public static final int SAMPLES = BlockParser.SAMPLES;
    public static final int MIN_BLOCK = 4 << 10;
    /** Below this, one part: thread hand-off would cost more than it saves. */
    static final long PARALLEL_MIN_BYTES = 4L << 20;
    /** Pieces per thread: enough that the last piece to finish is a small share of the parse. */
    static final int PIECES_PER_THREAD = 32;
    /** No piece below this: each costs a positional read to find its start and an array of its own. */
    static final long PIECE_MIN_BYTES = 1L << 20;

    private final LineSource src;
    /** The source as messages name it. */
    private final String file;
    private final boolean lenient;
    private final Ipv4Encoding encoding;
    private final int parallelism;
    private final LongConsumer progress;
    private final int block;
    private final LineKernels.Choice kernel;
    /** The lowest part that met a malformed line in strict mode; later parts stop early. */
    private final AtomicInteger firstFailedPart = new AtomicInteger(Integer.MAX_VALUE);

    public ParallelLineParser(LineSource src, boolean lenient, Ipv4Encoding encoding, int parallelism, int block, LongConsumer progress) {
        this(src, lenient, encoding, parallelism, block, progress, LineKernels.chosen());
    }

    /** @param kernel the kernel to parse with rather than the one {@link LineKernels} chose (tests run each) */
    public ParallelLineParser(LineSource src, boolean lenient, Ipv4Encoding encoding, int parallelism, int block, LongConsumer progress,
            LineKernels.Choice kernel) {
        this.kernel = kernel;
        this.src = src;
        this.file = src.name();
        this.block = block;
        this.lenient = lenient;
        this.encoding = encoding;
        this.parallelism = parallelism;
        this.progress = progress;
    }

    /**
     * The size at open splits the file into parts. A size of 0 says nothing (procfs, pipes): the
     * file is then parsed to end of file in one part. A file that turns out shorter or longer than
     * its size is an error naming it, unless its filesystem's sizes are unreliable (sysfs, FUSE:
     * {@link FileSizes#sizesUnreliable}); then it is parsed again, to end of file.
     */
    public Ipv4ParseResult run() throws IOException {
        try {
            return runOnce();
        } catch (IOException e) {
            throw Interrupts.named(file, "array and ipv4", e);
        }
    }

    private Ipv4ParseResult runOnce() throws IOException {
        LineSource ch = src;
        long size = ch.size();
        if (size == 0) {
            return parseToEnd(ch);
        }
        long[] starts = splitAtLines(ch, size);
        List<Piece> parts = new ArrayList<>();
        for (int k = 0; k < starts.length; k++) {
            parts.add(piece(k, starts[k], k + 1 < starts.length ? starts[k + 1] : size));
        }
        try {
            runAll(parts);
        } catch (java.io.EOFException shorter) {
            if (!ch.sizesUnreliable()) {
                throw shorter;
            }
            ch.rewind();
            return parseToEnd(ch);
        }
        if (ch.read(size, new byte[1], 0, 1) > 0) { // one byte past the size: the file is longer
            if (!ch.sizesUnreliable()) {
                throw new IOException(file + ": it was " + size + " bytes long when opened and has more now;"
                        + " it grew while being parsed");
            }
            ch.rewind();
            return parseToEnd(ch);
        }
        Ipv4ParseResult result = assemble(parts);
        ch.finished();
        return result;
    }

    /** One part from the source's position to its end, with relative reads (pipes cannot seek). */
    private Ipv4ParseResult parseToEnd(LineSource ch) throws IOException {
        firstFailedPart.set(Integer.MAX_VALUE);
        Piece all = piece(0, 0, Long.MAX_VALUE);
        all.run(newBlock());
        Ipv4ParseResult result = assemble(List.of(all));
        ch.finished();
        return result;
    }

    private Piece piece(int index, long start, long end) {
        return new Piece(index, start, end, src, progress, firstFailedPart, kernel, encoding, lenient, block);
    }

    /** Each thread takes the next piece not yet taken, until none is left. */
    private void runAll(List<Piece> parts) throws IOException {
        AtomicInteger next = new AtomicInteger();
        Parts.run(Math.min(parallelism, parts.size()), new Parts.Part() { // not a lambda: see Parts
            @Override
            public void run(int thread) throws IOException {
                byte[] buf = newBlock();
                for (int k = next.getAndIncrement(); k < parts.size(); k = next.getAndIncrement()) {
                    buf = parts.get(k).run(buf);
                }
            }
        });
    }

    /** A thread's block, with room for a final newline and the kernels' look-ahead. */
    private byte[] newBlock() {
        return new byte[block + Piece.PAD];
    }

    /**
     * How many pieces a file of {@code size} bytes is cut into: one below
     * {@link #PARALLEL_MIN_BYTES} or on one thread, else {@link #PIECES_PER_THREAD} per thread,
     * none smaller than {@link #PIECE_MIN_BYTES}.
     */
    public static int piecesFor(long size, int parallelism) {
        if (size < PARALLEL_MIN_BYTES || parallelism == 1) {
            return 1;
        }
        return (int) Math.max(parallelism, Math.min((long) parallelism * PIECES_PER_THREAD, size / PIECE_MIN_BYTES));
    }

    /** Piece starts: 0, then for each cut the byte after the first newline at or after it. */
    private long[] splitAtLines(LineSource ch, long size) throws IOException {
        int n = piecesFor(size, parallelism);
        long[] starts = new long[n];
        byte[] window = new byte[4096];
        for (int k = 1; k < n; k++) {
            long p = Math.max(starts[k - 1], size * k / n - 1);
            long found = size;
            scan:
            while (p < size) {
                int r = ch.read(p, window, 0, window.length);
                if (r <= 0) {
                    break;
                }
                for (int i = 0; i < r; i++) {
                    if (window[i] == '\n') {
                        found = p + i + 1;
                        break scan;
                    }
                }
                p += r;
            }
            starts[k] = found;
        }
        return starts;
    }

    private Ipv4ParseResult assemble(List<Piece> pieces) throws MalformedIpv4Exception {
        long linesBefore = 0;
        long lines = 0;
        long malformed = 0;
        long total = 0;
        List<MalformedLine> samples = new ArrayList<>();
        for (Piece piece : pieces) {
            BlockParser p = piece.parsed;
            for (int i = 0; i < p.sampleLines.size(); i++) {
                long[] s = p.sampleLines.get(i);
                MalformedLine m = new MalformedLine(linesBefore + s[0], p.sampleTexts.get(i), ExactLineParser.reason(s[1]));
                if (!lenient) {
                    throw new MalformedIpv4Exception(src.file(), file, m);
                }
                if (samples.size() < SAMPLES) {
                    samples.add(m);
                }
            }
            linesBefore += p.lines;
            lines += p.lines;
            malformed += p.malformed;
            total += p.count;
        }
        if (total > FileSizes.MAX_ARRAY_LENGTH) {
            throw new IllegalStateException(file + " holds " + total + " addresses, more than one Java array holds");
        }
        int[] all;
        if (pieces.size() == 1) {
            BlockParser only = pieces.get(0).parsed;
            // Arrays.copyOf, not a new array and a copy: the JIT then skips zeroing what the copy fills
            all = only.count == only.out.length ? only.out : Arrays.copyOf(only.out, only.count);
        } else {
            all = new int[(int) total];
            int at = 0;
            for (Piece piece : pieces) {
                BlockParser p = piece.parsed;
                System.arraycopy(p.out, 0, all, at, p.count);
                at += p.count;
                p.out = null;
            }
        }
        return new Ipv4ParseResult(all, lines, malformed, List.copyOf(samples));
    }
}
