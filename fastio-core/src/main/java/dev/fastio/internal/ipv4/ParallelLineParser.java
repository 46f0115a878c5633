package dev.fastio.internal.ipv4;

import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.MalformedIpv4Exception;
import dev.fastio.ipv4.MalformedLine;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.parallel.Interrupts;
import dev.fastio.internal.parallel.Parts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * The engine behind {@code dev.fastio.ipv4.Ipv4Parser}. The file is cut into pieces at line starts, many more
 * than threads ({@link #piecesFor}); each thread takes the next piece not yet taken until none is
 * left, so a thread that finishes early takes more and all finish together (with one fixed part
 * per thread the slowest part set the time). A piece is read in blocks
 * ({@code Ipv4Parser.DEFAULT_BLOCK_BYTES}) with positional reads into a heap array and parsed in
 * place by the {@link LineKernel} that {@link LineKernels} chose (2 or 4 stretches of a block in one
 * loop: {@link LineKernel#chains}), with {@link ExactLineParser} taking any line the kernel
 * refuses; the pieces' arrays are joined at the end, in file order. Line numbers for errors come
 * from each piece's line count, so they are exact whatever the split and whichever thread found
 * them.
 *
 * <p>{@code -Dfastio.ipv4.kernel=block} parses with {@link BlockKernel} instead, so that the
 * benchmark can race them: on the machine of {@code docs/BENCHMARKS.md} it was slower
 * ("IPv4 parse: the stretch kernel"), so it is not the default.
 */
public final class ParallelLineParser {
    public static final int SAMPLES = 5;
    public static final int MIN_BLOCK = 4 << 10;
    /** Below this, one part: thread hand-off would cost more than it saves. */
    static final long PARALLEL_MIN_BYTES = 4L << 20;
    /** Pieces per thread: enough that the last piece to finish is a small share of the parse. */
    static final int PIECES_PER_THREAD = 32;
    /** No piece below this: each costs a positional read to find its start and an array of its own. */
    static final long PIECE_MIN_BYTES = 1L << 20;
    private static final int MAX_SHOWN = 100;

    private final LineSource src;
    /** The source as messages name it. */
    private final String file;
    private final boolean lenient;
    private final Ipv4Encoding encoding;
    private final int parallelism;
    private final LongConsumer progress;
    private final int block;
    private final boolean byStretch;
    private final LineKernel kernel;
    /** The lowest part that met a malformed line in strict mode; later parts stop early. */
    private final AtomicInteger firstFailedPart = new AtomicInteger(Integer.MAX_VALUE);

    public ParallelLineParser(LineSource src, boolean lenient, Ipv4Encoding encoding, int parallelism, int block, LongConsumer progress) {
        this(src, lenient, encoding, parallelism, block, progress, LineKernels.chosen());
    }

    /** @param kernel the kernel to parse with rather than the one {@link LineKernels} chose (tests run each) */
    public ParallelLineParser(LineSource src, boolean lenient, Ipv4Encoding encoding, int parallelism, int block, LongConsumer progress,
            LineKernels.Choice kernel) {
        this.byStretch = kernel.byStretch();
        this.kernel = kernel.line();
        this.src = src;
        this.file = src.name();
        this.block = block;
        this.lenient = lenient;
        this.encoding = encoding;
        this.parallelism = parallelism;
        this.progress = progress;
    }

    /**
     * A line at least this long is malformed without reading the rest of it (an address line has
     * at most 16 bytes): reported by its first bytes, the rest passed over.
     */
    static final int LONG_LINE = 1 << 20;

    /** Bytes kept free after the data: {@link BlockKernel} reads up to {@link BlockKernel#PAD} bytes past a newline. */
    private static final int PAD = BlockKernel.PAD;

    private final class Part {
        final int index;
        final long start;
        /** Where the part ends; {@link Long#MAX_VALUE}: at end of file, read with relative reads. */
        final long end;
        int[] out;
        int count;
        long lines;
        long malformed;
        final List<long[]> sampleLines = new ArrayList<>(); // {local line, code}
        final List<String> sampleTexts = new ArrayList<>();

        Part(int index, long start, long end) {
            this.index = index;
            this.start = start;
            this.end = end;
        }

        /**
         * Parses the piece through {@code buf} (a thread's block, reused from piece to piece; what
         * it holds past the data does not matter to the kernels); returns it, grown if a line
         * was longer than a block.
         */
        byte[] run(LineSource ch, byte[] buf) throws IOException {
            out = new int[end == Long.MAX_VALUE ? 1024 : (int) Math.min(FileSizes.MAX_ARRAY_LENGTH, (end - start) / 12 + 16)];
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
                        lines++;
                        if (!malformedLine(buf, 0, carry)) {
                            return buf;
                        }
                        skipped = carry;
                        carry = 0;
                    } else {
                        buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than a block
                    }
                }
                int want = (int) Math.min(buf.length - PAD - carry, end - pos);
                int n = end == Long.MAX_VALUE ? readToEnd(ch, buf, carry, want) : readFully(ch, buf, carry, want, pos);
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
                            throw new IOException(file + ": line " + lines + " runs past " + FileSizes.MAX_ARRAY_LENGTH
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
                if (byStretch ? !parseBlock(buf, parseEnd) : !parseBlockInterleaved(buf, parseEnd) && !parseBlockExact(buf, parseEnd)) {
                    return buf;
                }
                carry = limit - parseEnd;
                System.arraycopy(buf, parseEnd, buf, 0, carry);
            }
            return buf;
        }

        private BlockKernel stretchKernel;

        /**
         * Parses {@code b[0..to)}, whole lines ending in newlines, with {@link BlockKernel}; a line
         * it refuses goes to {@link ExactLineParser}, which says what is wrong. False stops the part.
         */
        private boolean parseBlock(byte[] b, int to) {
            reserve(to);
            if (stretchKernel == null) {
                stretchKernel = new BlockKernel(out);
            }
            BlockKernel k = stretchKernel;
            k.out = out;
            k.count = count;
            final int mask = encoding == Ipv4Encoding.NATURAL ? 0 : 0x80000000;
            int s = 0;
            while (true) {
                int refused = k.parse(b, s, to, mask);
                lines += k.count - count;
                count = k.count;
                if (refused == to) {
                    return true;
                }
                int e = refused;
                while (b[e] != '\n') {
                    e++;
                }
                lines++;
                if (!malformedLine(b, refused, e)) {
                    return false;
                }
                k.count = count;
                s = e + 1;
            }
        }

        /**
         * Parses {@code b[0..to)}, whole lines ending in newlines, one at a time: each line by
         * the line kernel, and any line it refuses by {@link ExactLineParser}, which says what is wrong.
         */
        private boolean parseBlockExact(byte[] b, int to) {
            reserve(to);
            final int mask = encoding == Ipv4Encoding.NATURAL ? 0 : 0x80000000;
            int i = 0;
            while (i < to) {
                long r = kernel.line(b, i);
                lines++;
                if (r >= 0) {
                    out[count++] = (int) r ^ mask;
                    i = (int) (r >>> 32);
                    continue;
                }
                int e = i;
                while (b[e] != '\n') {
                    e++;
                }
                if (!malformedLine(b, i, e)) {
                    return false;
                }
                i = e + 1;
            }
            return true;
        }

        /** A valid line takes at least 8 bytes ("0.0.0.0\\n"): room for a block's lines, reserved once per block. */
        private void reserve(int blockBytes) {
            int need = count + blockBytes / 8 + 1;
            if (need > out.length) {
                out = Arrays.copyOf(out, (int) Math.min(FileSizes.MAX_ARRAY_LENGTH, Math.max(need, out.length + (out.length >> 1))));
            }
        }

        /** Where the chains after the first put their addresses before they are joined in order. */
        private int[] later = new int[block / 8 + 8];

        /**
         * The fast path: the block is cut at line starts into as many stretches as the kernel
         * asks ({@link LineKernel#chains}: 2 or 4), parsed in one loop, one line of each per turn.
         * Each line is a chain of dependent steps (where a line ends decides where the next one
         * starts); independent chains keep the core busy while each waits. Returns false, having
         * kept nothing, at the first line the fast path refuses; the caller then parses the
         * block with {@link #parseBlockExact}, which reports it.
         */
        private boolean parseBlockInterleaved(byte[] b, int to) {
            if (later.length < to / 8 + 8) {
                later = new int[to / 8 + 8];
            }
            reserve(to);
            final int mask = encoding == Ipv4Encoding.NATURAL ? 0 : 0x80000000;
            int n = kernel.chains() == 4 ? quarters(b, to, mask) : halves(b, to, mask);
            if (n < 0) {
                return false;
            }
            lines += n - count;
            count = n;
            return true;
        }

        /** Two chains (the scalar kernel: more of them measured slower); the new count, or -1. */
        private int halves(byte[] b, int to, int mask) {
            final LineKernel k = kernel;
            final int[] dst = out;
            final int[] tmp = later;
            int mid = lineStartFrom(b, to / 2, to);
            int n = count;
            int m = 0;
            int x = 0;
            int y = mid;
            while (x < mid && y < to) {
                long rx = k.line(b, x);
                long ry = k.line(b, y);
                if ((rx | ry) < 0) {
                    return -1;
                }
                dst[n++] = (int) rx ^ mask;
                tmp[m++] = (int) ry ^ mask;
                x = (int) (rx >>> 32);
                y = (int) (ry >>> 32);
            }
            // the tails inline, as before the vector kernel: through a shared method the JIT
            // inlined the scalar kernel in fewer places, and 2 threads measured 7% slower
            while (x < mid) {
                long r = k.line(b, x);
                if (r < 0) {
                    return -1;
                }
                dst[n++] = (int) r ^ mask;
                x = (int) (r >>> 32);
            }
            while (y < to) {
                long r = k.line(b, y);
                if (r < 0) {
                    return -1;
                }
                tmp[m++] = (int) r ^ mask;
                y = (int) (r >>> 32);
            }
            System.arraycopy(tmp, 0, dst, n, m);
            return n + m;
        }

        /** Four chains (the vector kernel, whose steps are short and whose chain is the wait); the new count, or -1. */
        private int quarters(byte[] b, int to, int mask) {
            final LineKernel k = kernel;
            final int[] dst = out;
            final int[] tmp = later;
            int q1 = lineStartFrom(b, to / 4, to);
            int q2 = lineStartFrom(b, Math.max(q1, to / 2), to);
            int q3 = lineStartFrom(b, Math.max(q2, to - to / 4), to);
            // a valid line has at least 8 bytes: room in tmp for each stretch's lines
            int at2 = (q2 - q1) / 8 + 2;
            int at3 = at2 + (q3 - q2) / 8 + 2;
            int n = count;
            int m1 = 0;
            int m2 = at2;
            int m3 = at3;
            int w = 0;
            int x = q1;
            int y = q2;
            int z = q3;
            // one loop to the end of every stretch, each chain guarded by its own test (true until
            // its stretch ends): four copies of the kernel for the JIT to compile, not eight with
            // loops for the tails, and the Vector API's code is slow to compile (docs/PERFORMANCE.md)
            while (true) {
                boolean any = false;
                if (w < q1) {
                    long r = k.line(b, w);
                    if (r < 0) {
                        return -1;
                    }
                    dst[n++] = (int) r ^ mask;
                    w = (int) (r >>> 32);
                    any = true;
                }
                if (x < q2) {
                    long r = k.line(b, x);
                    if (r < 0) {
                        return -1;
                    }
                    tmp[m1++] = (int) r ^ mask;
                    x = (int) (r >>> 32);
                    any = true;
                }
                if (y < q3) {
                    long r = k.line(b, y);
                    if (r < 0) {
                        return -1;
                    }
                    tmp[m2++] = (int) r ^ mask;
                    y = (int) (r >>> 32);
                    any = true;
                }
                if (z < to) {
                    long r = k.line(b, z);
                    if (r < 0) {
                        return -1;
                    }
                    tmp[m3++] = (int) r ^ mask;
                    z = (int) (r >>> 32);
                    any = true;
                }
                if (!any) {
                    break;
                }
            }
            System.arraycopy(tmp, 0, dst, n, m1);
            n += m1;
            System.arraycopy(tmp, at2, dst, n, m2 - at2);
            n += m2 - at2;
            System.arraycopy(tmp, at3, dst, n, m3 - at3);
            return n + m3 - at3;
        }

        /** A line the fast path refused ({@code lines} already counts it); false stops the part. */
        private boolean malformedLine(byte[] b, int s, int e) {
            long r = ExactLineParser.parse(b, s, e);
            if (r >= 0) { // the fast path is stricter than needed in no case; kept as a guard
                out[count++] = encoding.encode((int) r);
                return true;
            }
            malformed++;
            if (sampleLines.size() < SAMPLES) {
                sampleLines.add(new long[] {lines, r});
                int len = Math.min(e - s, MAX_SHOWN);
                if (len > 0 && b[s + len - 1] == '\r') {
                    len--;
                }
                sampleTexts.add(new String(b, s, len, StandardCharsets.UTF_8));
            }
            if (!lenient) {
                firstFailedPart.accumulateAndGet(index, Math::min);
                return false;
            }
            return true;
        }
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
        List<Part> parts = new ArrayList<>();
        for (int k = 0; k < starts.length; k++) {
            parts.add(new Part(k, starts[k], k + 1 < starts.length ? starts[k + 1] : size));
        }
        try {
            runAll(parts, ch);
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
        Part all = new Part(0, 0, Long.MAX_VALUE);
        all.run(ch, newBlock());
        Ipv4ParseResult result = assemble(List.of(all));
        ch.finished();
        return result;
    }

    /** Each thread takes the next piece not yet taken, until none is left. */
    private void runAll(List<Part> parts, LineSource ch) throws IOException {
        AtomicInteger next = new AtomicInteger();
        Parts.run(Math.min(parallelism, parts.size()), new Parts.Part() { // not a lambda: see Parts
            @Override
            public void run(int thread) throws IOException {
                byte[] buf = newBlock();
                for (int k = next.getAndIncrement(); k < parts.size(); k = next.getAndIncrement()) {
                    buf = parts.get(k).run(ch, buf);
                }
            }
        });
    }

    /** A thread's block, with room for a final newline and the kernels' look-ahead. */
    private byte[] newBlock() {
        return new byte[block + PAD];
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

    private Ipv4ParseResult assemble(List<Part> parts) throws MalformedIpv4Exception {
        long linesBefore = 0;
        long lines = 0;
        long malformed = 0;
        long total = 0;
        List<MalformedLine> samples = new ArrayList<>();
        for (Part p : parts) {
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
        if (parts.size() == 1) {
            Part only = parts.get(0);
            // Arrays.copyOf, not a new array and a copy: the JIT then skips zeroing what the copy fills
            all = only.count == only.out.length ? only.out : Arrays.copyOf(only.out, only.count);
        } else {
            all = new int[(int) total];
            int at = 0;
            for (Part p : parts) {
                System.arraycopy(p.out, 0, all, at, p.count);
                at += p.count;
                p.out = null;
            }
        }
        return new Ipv4ParseResult(all, lines, malformed, List.copyOf(samples));
    }

    /** The first line start at or after {@code p} in {@code b[0..to)} ({@code to} if none; 0 stays 0). */
    private static int lineStartFrom(byte[] b, int p, int to) {
        while (p > 0 && p < to && b[p - 1] != '\n') {
            p++;
        }
        return p;
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
                throw new java.io.EOFException(file + ": ended at byte " + (pos + done) + "; it was shortened while being parsed");
            }
            done += r;
        }
        return len;
    }
}
