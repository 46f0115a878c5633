package dev.fastio.ipv4;

import dev.fastio.internal.ipv4.ExactLineParser;
import java.nio.charset.StandardCharsets;

/**
 * One IPv4 address in dotted-quad text: {@link #parse} and {@link #format}, on the natural bit
 * pattern ({@code a<<24|b<<16|c<<8|d}).
 *
 * <p><b>The accepted form:</b> four decimal octets 0–255 separated by single dots, nothing else.
 * An octet has one to three digits and <b>no leading zero</b> ({@code 0} is fine, {@code 01} and
 * {@code 00} are not): leading zeros mean octal to {@code inet_aton} and decimal to others, so
 * fastio refuses to guess (as Python's {@code ipaddress} does). Whitespace is not trimmed.
 */
public final class Ipv4 {
    /** Longest address text: {@code 255.255.255.255}. */
    public static final int MAX_TEXT_LENGTH = 15;

    private Ipv4() {}

    /**
     * Parses one address. JDK equivalent: {@code InetAddress.getByName(text)}, which also accepts
     * host names (and looks them up) and shortened forms such as {@code 10.1}.
     *
     * @param text the dotted quad
     * @return the address's natural bit pattern
     * @throws IllegalArgumentException {@code text} is not an address in the accepted form; says what is wrong
     */
    public static int parse(CharSequence text) {
        byte[] b = text.toString().getBytes(StandardCharsets.ISO_8859_1);
        long r = ExactLineParser.parse(b, 0, b.length);
        if (r < 0) {
            throw new IllegalArgumentException("not an IPv4 address: '" + text + "' (" + ExactLineParser.reason(r) + ")");
        }
        return (int) r;
    }

    /**
     * Formats an address as its dotted quad, 7 to 15 characters.
     *
     * @param natural an address's natural bit pattern
     * @return its dotted quad, 7 to 15 characters
     */
    public static String format(int natural) {
        byte[] b = new byte[MAX_TEXT_LENGTH];
        int n = formatTo(natural, b, 0);
        return new String(b, 0, n, StandardCharsets.ISO_8859_1);
    }

    /**
     * Writes the dotted quad into {@code dst[off..]}, as ASCII bytes.
     *
     * @param natural an address's natural bit pattern
     * @param dst where to write; needs {@link #MAX_TEXT_LENGTH} bytes free at {@code off}
     * @param off where in {@code dst} to start
     * @return the number of bytes written (7 to 15)
     */
    public static int formatTo(int natural, byte[] dst, int off) {
        int p = off;
        for (int shift = 24; shift >= 0; shift -= 8) {
            int octet = (natural >>> shift) & 0xFF;
            if (octet >= 100) {
                dst[p++] = (byte) ('0' + octet / 100);
                dst[p++] = (byte) ('0' + octet / 10 % 10);
            } else if (octet >= 10) {
                dst[p++] = (byte) ('0' + octet / 10);
            }
            dst[p++] = (byte) ('0' + octet % 10);
            if (shift != 0) {
                dst[p++] = '.';
            }
        }
        return p - off;
    }
}
