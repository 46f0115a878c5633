package dev.fastio.report.jmh;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Text from a results file (a benchmark's name, a parameter) or a path, made fit for a one-line
 * message on a terminal: a hostile name holding ESC and BEL must not reach the terminal as an
 * escape sequence, nor a newline split the message. Control characters are shown as
 * {@code \x1b}; other characters that print nothing or reorder the line (format characters such
 * as the bidirectional overrides, line and paragraph separators, lone surrogates, unassigned and
 * private-use code points) as a backslash, {@code u} and their hex code in braces, as the CLI's
 * own quoting writes them; a backslash in file text is doubled, so that what is shown reads back
 * to one string.
 */
public final class Quoted {
    /** Text from a file longer than this many characters is cut, saying how long it was. */
    static final int MAX_CHARS = 160;

    private Quoted() {}

    /** Text read from a results file: escaped, and cut after {@link #MAX_CHARS}. */
    public static String text(String s) {
        StringBuilder sb = new StringBuilder(Math.min(s.length(), MAX_CHARS) + 16);
        int shown = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (shown == MAX_CHARS) {
                return sb.append("… (").append(s.length()).append(" characters)").toString();
            }
            if (cp == '\\') {
                sb.append("\\\\");
            } else {
                append(sb, cp);
            }
            shown++;
            i += Character.charCount(cp);
        }
        return sb.toString();
    }

    /** A path as given: escaped where it holds what a terminal would act on; never cut. */
    public static String path(Path p) {
        String s = p.toString();
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            append(sb, cp);
            i += Character.charCount(cp);
        }
        return sb.toString();
    }

    private static void append(StringBuilder sb, int cp) {
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
            sb.append(String.format(Locale.ROOT, "\\x%02x", cp));
        } else if (printsNothing(cp)) {
            sb.append(String.format(Locale.ROOT, "\\u{%04x}", cp));
        } else {
            sb.appendCodePoint(cp);
        }
    }

    private static boolean printsNothing(int cp) {
        return switch (Character.getType(cp)) {
            case Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.SURROGATE,
                    Character.UNASSIGNED, Character.PRIVATE_USE -> true;
            default -> false;
        };
    }
}
