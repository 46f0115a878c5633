package dev.fastio.report.jmh;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The characters of a UTF-8 stream, decoded strictly, that know where in the stream they are:
 * a byte that is not UTF-8 is a {@link NotUtf8} naming its offset, which the JDK's reader
 * ({@code MalformedInputException: Input length = 1}) does not say. The caller closes the stream.
 */
final class Utf8Input extends Reader {
    /** A byte sequence that is not UTF-8, at {@code offset} bytes from the start. */
    static final class NotUtf8 extends IOException {
        private static final long serialVersionUID = 1L;
        final long offset;
        final int firstByte;

        NotUtf8(long offset, int firstByte) {
            super(String.format(java.util.Locale.ROOT, "byte 0x%02x at offset %,d is not UTF-8", firstByte, offset));
            this.offset = offset;
            this.firstByte = firstByte;
        }
    }

    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
    private final CharBuffer chars = CharBuffer.allocate(1 << 14).flip();
    /** Bytes decoded and dropped from {@link #bytes}. */
    private long before;
    private long read;
    private boolean eof;
    private boolean flushed;
    private int last = -1;

    Utf8Input(InputStream in) {
        this.in = in;
    }

    /** True once the stream has ended. */
    boolean ended() {
        return eof;
    }

    /** The last character decoded, or -1 before the first. */
    int lastChar() {
        return last;
    }

    /** Bytes read from the stream so far (the decoder may not have used the last of them yet). */
    long bytesRead() {
        return read;
    }

    @Override
    public int read(char[] into, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!chars.hasRemaining() && !fill()) {
            return -1;
        }
        int n = Math.min(len, chars.remaining());
        chars.get(into, off, n);
        return n;
    }

    /** Decodes at least one character into {@link #chars}; false at the end of the stream. */
    private boolean fill() throws IOException {
        if (flushed) {
            return false;
        }
        chars.clear();
        try {
            while (true) {
                CoderResult r = decoder.decode(bytes, chars, eof);
                if (r.isError()) {
                    throw new NotUtf8(before + bytes.position(), bytes.get(bytes.position()) & 0xff);
                }
                if (eof) {
                    if (!flushed) {
                        decoder.flush(chars);
                        flushed = true;
                    }
                    return chars.position() > 0;
                }
                if (chars.position() > 0) {
                    return true;
                }
                before += bytes.position();
                bytes.compact();
                int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                if (n < 0) {
                    eof = true;
                } else {
                    bytes.position(bytes.position() + n);
                    read += n;
                }
                bytes.flip();
            }
        } finally {
            if (chars.position() > 0) {
                last = chars.get(chars.position() - 1);
            }
            chars.flip();
        }
    }

    @Override
    public void close() {
        // the caller closes the stream
    }
}
