package dev.fastio.cli;

/**
 * Text from outside (a file name, a line of input, a benchmark name) made safe to print: control
 * characters but tab, DEL, the C1 controls (which an 8-bit terminal takes as escapes: 0x9b is CSI) and
 * Unicode's line separators and direction overrides are written as {@code \xNN} (or, past
 * 0xff, a backslash, {@code u} and the code in braces), as {@code ls} and {@code tar} quote such bytes. Every line the CLI prints
 * that carries such text goes through {@link #of}: an input cannot retitle the terminal, clear
 * it, hide text, or break a one-line message into two.
 */
final class Quoted {
    private Quoted() {}

    /** {@code text} with every character that is not safe on a terminal written as an escape; {@code text} itself when there is none. */
    static String of(String text) {
        int i = 0;
        while (i < text.length() && safe(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (safe(c)) {
                sb.append(c);
            } else if (c < 0x100) {
                sb.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
            } else {
                sb.append(String.format(java.util.Locale.ROOT, "\\u{%04x}", (int) c));
            }
        }
        return sb.toString();
    }

    private static boolean safe(char c) {
        if (c >= 0x20 && c < 0x7f) {
            return true;
        }
        if (c < 0xa0) { // C0 but tab (newline included: one message, one line), DEL, C1
            return c == '\t';
        }
        // line and paragraph separators; embedding, override and isolate controls (text shown in another order)
        return !(c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e
                || c == 0x200f || c == 0x061c);
    }
}
