package dev.fastio.internal.ipv4;

/**
 * The exact parser of one line, byte at a time, without allocating: the reference the fast
 * {@link LineKernel}s are tested against, the parser of {@link Ipv4#parse}, and the fallback that
 * says what is wrong with a line the kernel refuses. Returns the address as a non-negative long
 * ({@code 0 .. 2^32-1}) or a negative error code for {@link #reason}.
 */
public final class ExactLineParser {
    static final long EMPTY = -1;
    static final long NOT_DIGIT = -2;
    static final long TOO_MANY_DIGITS = -3;
    static final long LEADING_ZERO = -4;
    static final long OCTET_RANGE = -5;
    static final long TOO_FEW_OCTETS = -6;
    static final long TOO_MANY_OCTETS = -7;

    private ExactLineParser() {}

    /** Parses {@code b[s..e)}; a trailing {@code '\r'} (CRLF files) is ignored. */
    public static long parse(byte[] b, int s, int e) {
        if (e > s && b[e - 1] == '\r') {
            e--;
        }
        if (s == e) {
            return EMPTY;
        }
        int ip = 0;
        int i = s;
        for (int octet = 0; octet < 4; octet++) {
            if (i >= e) {
                return TOO_FEW_OCTETS;
            }
            int first = b[i] - '0';
            if (first < 0 || first > 9) {
                return NOT_DIGIT;
            }
            int v = first;
            int digits = 1;
            i++;
            while (i < e && b[i] != '.') {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    return NOT_DIGIT;
                }
                if (++digits > 3) {
                    return TOO_MANY_DIGITS;
                }
                v = v * 10 + d;
                i++;
            }
            if (digits > 1 && first == 0) {
                return LEADING_ZERO;
            }
            if (v > 255) {
                return OCTET_RANGE;
            }
            ip = ip << 8 | v;
            if (octet < 3) {
                if (i >= e) {
                    return TOO_FEW_OCTETS;
                }
                i++; // the dot
            } else if (i < e) {
                return TOO_MANY_OCTETS;
            }
        }
        return ip & 0xFFFF_FFFFL;
    }

    public static String reason(long code) {
        return switch ((int) code) {
            case (int) EMPTY -> "empty line";
            case (int) NOT_DIGIT -> "not a digit where an octet should be";
            case (int) TOO_MANY_DIGITS -> "an octet with more than 3 digits";
            case (int) LEADING_ZERO -> "an octet with a leading zero";
            case (int) OCTET_RANGE -> "an octet over 255";
            case (int) TOO_FEW_OCTETS -> "fewer than 4 octets";
            case (int) TOO_MANY_OCTETS -> "more than 4 octets";
            default -> "malformed";
        };
    }
}
