package dev.fastio.internal.ipv4;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The line kernel that works on a stretch of lines at a time (a design raced against C's), used where
 * {@code -Dfastio.ipv4.kernel=block} asks for it: on the machine of {@code docs/PERFORMANCE.md}
 * ("The stretch kernel is not the default") it was no faster than {@link ScalarLineKernel}'s interleaved halves in the parser, though in C (the same
 * algorithm is in {@code docs/measure/ipparse.c}) it beat the line-at-a-time parsers, so it is not the default. {@link ScalarLineKernel}
 * parses one line and only then knows where the next one starts, so each line waits for the
 * last; here the newlines of a whole stretch are found first, 8 bytes per step, and then every
 * line is parsed from its known start and end, so the work of consecutive lines overlaps in the
 * core. A line is parsed from two 8-byte loads, which give the dots' positions, and the
 * octets from 4-byte loads turned into digits, and every rule (1–3 digits, no leading zero, at most
 * 255, exactly three dots, LF or CRLF) is checked with arithmetic whose results are or-ed
 * together: two branches per line (the shape, then the octets), taken only for a line the kernel refuses. A refused line is
 * left to {@link ExactLineParser}, which is the reference: {@code BlockKernelTest} checks that
 * the kernel accepts exactly the lines it accepts, with the same addresses.
 *
 * <p>The buffer must hold {@link #PAD} readable bytes past the last newline it is given: a line
 * is read as 16 bytes and its last octet as 4, whatever its length.
 */
public final class BlockKernel {
    /** Bytes the kernel may read past the end of what it parses. */
    static final int PAD = 32;
    /** Bytes whose newlines are found in one pass; their line ends stay in the L1 cache. */
    private static final int STRETCH = 4096;

    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

    private final int[] ends = new int[STRETCH + 8];

    /** Addresses parsed so far, and how many; the caller may replace {@code out} between calls. */
    int[] out;
    int count;

    BlockKernel(int[] out) {
        this.out = out;
    }

    /**
     * Parses the lines of {@code b[from..to)}, each ending in {@code '\n'} ({@code b[to - 1]} is
     * one), appending their addresses, each xor-ed with {@code mask}, to {@link #out} (which must
     * have room for every line). Stops at the first line it refuses.
     *
     * @return the start of the line it refused, or {@code to} when it parsed them all
     */
    int parse(byte[] b, int from, int to, int mask) {
        final int[] dst = out;
        final int[] e = ends;
        int n = count;
        int s = from;
        while (s < to) {
            int stop = Math.min(to, s + STRETCH);
            int m = 0;
            int k = s;
            for (; k + 8 <= stop; k += 8) {
                long nl = zeroBytes((long) LONG_LE.get(b, k) ^ (ONES * '\n'));
                int c = Long.bitCount(nl);
                // two slots written whatever c is (a valid line has at least 8 bytes, so at most two
                // newlines per word); a slot past c is overwritten by the next word's
                e[m] = k + (Long.numberOfTrailingZeros(nl) >>> 3);
                nl &= nl - 1;
                e[m + 1] = k + (Long.numberOfTrailingZeros(nl) >>> 3);
                if (c > 2) {
                    for (int j = 2; j < c; j++) {
                        nl &= nl - 1;
                        e[m + j] = k + (Long.numberOfTrailingZeros(nl) >>> 3);
                    }
                }
                m += c;
            }
            for (; k < stop; k++) {
                if (b[k] == '\n') {
                    e[m++] = k;
                }
            }
            if (m == 0) {
                count = n;
                return s; // no newline in a whole stretch: a line far too long, refused
            }
            for (int j = 0; j < m; j++) {
                int end = e[j];
                long r = line(b, s, end);
                if (r < 0) {
                    count = n;
                    return s;
                }
                dst[n++] = (int) r ^ mask;
                s = end + 1;
            }
        }
        count = n;
        return to;
    }

    /**
     * One line, {@code b[s..nl)} with {@code b[nl] == '\n'}: its address as a non-negative long,
     * or -1 for anything {@link ExactLineParser} might refuse or read differently.
     */
    static long line(byte[] b, int s, int nl) {
        int len = nl - s;
        if (len > 0 && b[nl - 1] == '\r') {
            len--;
        }
        long lo = (long) LONG_LE.get(b, s);
        long hi = (long) LONG_LE.get(b, s + 8);
        // the first three dots, from the bytes equal to '.': the first two are in the low word in
        // any valid line (each octet is at most 3 digits), the third in either. A line with fewer
        // dots gets a position past its end; a fourth dot lies inside the last octet, whose digit
        // check then fails. So no mask of the line's length is needed.
        long dl = zeroBytes(lo ^ (ONES * '.'));
        long dh = zeroBytes(hi ^ (ONES * '.'));
        int p1 = Long.numberOfTrailingZeros(dl) >>> 3;
        dl &= dl - 1;
        int p2 = Long.numberOfTrailingZeros(dl) >>> 3;
        dl &= dl - 1;
        int z = Long.numberOfTrailingZeros(dl); // 64 when no third dot is in the low word
        int p3 = (z >>> 3) + ((Long.numberOfTrailingZeros(dh) >>> 3) & -(z >>> 6)); // no branch: where lines are short varies
        int l2 = p2 - p1 - 1;
        int l3 = p3 - p2 - 1;
        int l4 = len - p3 - 1;
        // each octet 1-3 digits and at most 15 bytes: no sign bit set
        int shape = (15 - len) | (p1 - 1) | (3 - p1) | (l2 - 1) | (3 - l2) | (l3 - 1) | (3 - l3) | (l4 - 1) | (3 - l4);
        if (shape < 0) {
            return -1;
        }
        int x1 = digits(b, s, p1);
        int x2 = digits(b, s + p1 + 1, l2);
        int x3 = digits(b, s + p2 + 1, l3);
        int x4 = digits(b, s + p3 + 1, l4);
        // the digits in reading order as one number (hundreds in the high byte): at most 0x020505
        // ("255"), and with a non-zero first digit when there are two or three
        int r1 = Integer.reverseBytes(x1) >>> 8;
        int r2 = Integer.reverseBytes(x2) >>> 8;
        int r3 = Integer.reverseBytes(x3) >>> 8;
        int r4 = Integer.reverseBytes(x4) >>> 8;
        int bad = (((x1 + 0x767676) | x1 | (x2 + 0x767676) | x2 | (x3 + 0x767676) | x3 | (x4 + 0x767676) | x4) & 0x808080)
                | ((0x020505 - r1) | (0x020505 - r2) | (0x020505 - r3) | (0x020505 - r4)
                        | (r1 - firstDigitUnit(p1)) | (r2 - firstDigitUnit(l2)) | (r3 - firstDigitUnit(l3)) | (r4 - firstDigitUnit(l4))) >>> 31;
        if (bad != 0) {
            return -1;
        }
        int v1 = value(x1);
        int v2 = value(x2);
        int v3 = value(x3);
        int v4 = value(x4);
        return ((long) v1 << 24 | v2 << 16 | v3 << 8 | v4) & 0xFFFF_FFFFL;
    }

    /**
     * The {@code len} (1–3) bytes at {@code at} less '0', right-aligned in three bytes:
     * hundreds, tens, units from the low byte up, zeros in front. A byte that was no digit
     * leaves a high bit set in its byte after adding 0x76 (or before).
     */
    private static int digits(byte[] b, int at, int len) {
        return (((int) INT_LE.get(b, at) - 0x30303030) << ((3 - len) << 3)) & 0xFFFFFF;
    }

    /**
     * Hundreds × 100 + tens × 10 + units in one multiply: byte 2 of the product is their sum,
     * with no carry from the bytes below (at most 9 and 99); exact for values up to 255.
     */
    private static int value(int x) {
        return (x * 0x640A01) >>> 16 & 0xFF;
    }

    /** The smallest digits-in-reading-order number of an octet of {@code len} digits with no leading zero: 0, 0x100, 0x10000. */
    private static int firstDigitUnit(int len) {
        return (1 << ((len - 1) << 3)) & ~1;
    }

    /** The high bit of every byte of {@code y} that is zero, and no other bit. */
    private static long zeroBytes(long y) {
        return ~(((y & LOW7) + LOW7) | y) & HIGH;
    }

    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
}
