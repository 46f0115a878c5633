package dev.fastio.internal.ipv4;

import dev.fastio.internal.FileSizes;
import dev.fastio.ipv4.Ipv4Encoding;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One piece's addresses, parsed a block of whole lines at a time: by the {@link LineKernel} that
 * {@link LineKernels} chose, 2 or 4 stretches of a block in one loop ({@link LineKernel#chains}),
 * with {@link ExactLineParser} taking any line the kernel refuses and saying what is wrong; or,
 * with {@code -Dfastio.ipv4.kernel=block}, by {@link BlockKernel}. Keeps the piece's count of
 * lines and malformed lines and the first few malformed lines' texts, for the assembly.
 *
 * <p>{@link BlockKernel} is not the default: on the machine of {@code docs/PERFORMANCE.md} it was
 * slower ("The stretch kernel is not the default"; measured by {@code IpParseBenchmark}); it stays
 * so that the benchmark can race them.
 */
final class BlockParser {
    /** Malformed lines kept to show. */
    static final int SAMPLES = 5;
    private static final int MAX_SHOWN = 100;

    private final LineKernel kernel;
    private final boolean byStretch;
    private final Ipv4Encoding encoding;
    private final boolean lenient;
    /** The piece's place in the file: the lowest that failed in strict mode stops the later ones. */
    private final int index;
    private final AtomicInteger firstFailedPart;
    int[] out;
    int count;
    long lines;
    long malformed;
    final List<long[]> sampleLines = new ArrayList<>(); // {local line, code}
    final List<String> sampleTexts = new ArrayList<>();

    /**
     * @param initialCapacity addresses the piece is expected to hold
     * @param block the block size the piece is read in (the scratch for the later chains)
     * @param firstFailedPart lowered to {@code index} at a malformed line in strict mode
     */
    BlockParser(LineKernels.Choice kernel, Ipv4Encoding encoding, boolean lenient, int initialCapacity, int block,
            int index, AtomicInteger firstFailedPart) {
        this.kernel = kernel.line();
        this.byStretch = kernel.byStretch();
        this.encoding = encoding;
        this.lenient = lenient;
        this.index = index;
        this.firstFailedPart = firstFailedPart;
        this.out = new int[initialCapacity];
        this.later = new int[block / 8 + 8];
    }

    /** Parses {@code b[0..to)}, whole lines ending in newlines; false stops the piece (strict mode, a malformed line). */
    boolean parse(byte[] b, int to) {
        return byStretch ? parseBlock(b, to) : parseBlockInterleaved(b, to) || parseBlockExact(b, to);
    }

    /** A line too long to be an address, by its first bytes: counted and reported; false stops the piece. */
    boolean overLongLine(byte[] b, int length) {
        lines++;
        return malformedLine(b, 0, length);
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
    private int[] later;

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
        // loops for the tails, and the Vector API's code is slow to compile (docs/PERFORMANCE.md,
        // "IPv4 parse with the Vector API"; the tails: "The four-chain loop has no tails")
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
    boolean malformedLine(byte[] b, int s, int e) {
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

    /** The first line start at or after {@code p} in {@code b[0..to)} ({@code to} if none; 0 stays 0). */
    private static int lineStartFrom(byte[] b, int p, int to) {
        while (p > 0 && p < to && b[p - 1] != '\n') {
            p++;
        }
        return p;
    }
}
