package dev.fastio.report.jmh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the data after a file's first JSON value begins ({@code cat a.json b.json > all.json}
 * gives two arrays): a second pass over the file's bytes, made only once the reader has found
 * something after the value, so that the message can name the exact byte, line and column. The
 * JSON reader cannot say: it reads ahead in blocks. The value has already been read as valid
 * JSON, so counting brackets outside strings finds its end; every byte that matters here is ASCII,
 * which no byte of a multi-byte UTF-8 character can be.
 */
final class TrailingData {
    /** A place in a file: byte offset from 0, line and column (in characters) from 1. */
    record Where(long offset, long line, long column) {
        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "byte %,d (line %,d, column %,d)", offset, line, column);
        }
    }

    private TrailingData() {}

    /**
     * The first byte that is not whitespace after the first JSON array or object in {@code file};
     * null where there is none.
     */
    static Where after(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            long offset = 0;
            long line = 1;
            long column = 1;
            int depth = 0;
            boolean started = false;
            boolean inString = false;
            boolean escaped = false;
            boolean ended = false;
            for (int n; (n = in.read(buf)) >= 0; ) {
                for (int i = 0; i < n; i++, offset++) {
                    int b = buf[i] & 0xff;
                    if (ended && !whitespace(b)) {
                        return new Where(offset, line, column);
                    }
                    if (b == '\n') {
                        line++;
                        column = 1;
                    } else if ((b & 0xc0) != 0x80 && !(offset < 3 && (b == 0xef || b == 0xbb || b == 0xbf))) {
                        column++; // the first byte of a character (a leading byte-order mark is not one)
                    }
                    if (ended) {
                        continue;
                    }
                    if (inString) {
                        if (escaped) {
                            escaped = false;
                        } else if (b == '\\') {
                            escaped = true;
                        } else if (b == '"') {
                            inString = false;
                        }
                    } else if (b == '"') {
                        inString = true;
                    } else if (b == '[' || b == '{') {
                        depth++;
                        started = true;
                    } else if (b == ']' || b == '}') {
                        depth--;
                        ended = started && depth == 0;
                    }
                }
            }
            return null;
        }
    }

    private static boolean whitespace(int b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }
}
