package dev.fastio.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a whole file into one array, and decodes it strictly. Package-private: users reach it
 * through {@link FastRead}.
 */
final class WholeFile {
    /** The largest array the JVM will allocate (the JDK uses the same margin). */
    static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    /**
     * Reads go through at most this many bytes at a time. A heap buffer passed to
     * {@code FileChannel.read} is copied through a per-thread temporary direct buffer of the
     * request's size, which the JDK then caches (JDK-8147468): one 1 GB read would pin 1 GB of
     * native memory to the thread for good.
     */
    static final int MAX_READ_CHUNK = 1 << 20;

    private WholeFile() {}

    static byte[] readAllBytes(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            return readAllBytes(ch, ch.size(), file);
        }
    }

    /**
     * Reads {@code ch} from its position to the end. {@code sizeHint} is the size the caller saw;
     * the file may still grow or shrink while it is read, and the result holds what was there.
     */
    static byte[] readAllBytes(FileChannel ch, long sizeHint, Path file) throws IOException {
        if (sizeHint > MAX_ARRAY_LENGTH) {
            throw tooLarge(file, sizeHint);
        }
        // Files under /proc report size 0 yet have content: start small and grow.
        byte[] buf = new byte[sizeHint > 0 ? (int) sizeHint : 8192];
        int n = 0;
        while (true) {
            int r = readInto(ch, buf, n);
            if (r < 0) {
                return n == buf.length ? buf : Arrays.copyOf(buf, n);
            }
            n += r;
            if (n == buf.length) {
                // Full: either exactly at EOF (the common case, one more read says so) or the file grew.
                int next = readOneByte(ch);
                if (next < 0) {
                    return buf;
                }
                if (buf.length == MAX_ARRAY_LENGTH) {
                    throw tooLarge(file, (long) buf.length + 1);
                }
                int newLength = (int) Math.min(MAX_ARRAY_LENGTH, Math.max(8192L, 2L * buf.length));
                buf = Arrays.copyOf(buf, newLength);
                buf[n++] = (byte) next;
            }
        }
    }

    /** Reads into {@code buf[off..]}, at most one chunk; returns -1 at end of file. */
    private static int readInto(FileChannel ch, byte[] buf, int off) throws IOException {
        int len = Math.min(buf.length - off, MAX_READ_CHUNK);
        return ch.read(ByteBuffer.wrap(buf, off, len));
    }

    private static int readOneByte(FileChannel ch) throws IOException {
        ByteBuffer one = ByteBuffer.allocate(1);
        int r;
        do {
            r = ch.read(one);
        } while (r == 0);
        return r < 0 ? -1 : one.get(0) & 0xFF;
    }

    private static IOException tooLarge(Path file, long size) {
        return new IOException(file + " is " + size + " bytes; one Java array holds at most "
                + MAX_ARRAY_LENGTH + " bytes: read it as a stream instead");
    }

    static String readString(Path file, Charset charset) throws IOException {
        return decodeStrict(readAllBytes(file), charset, file);
    }

    /**
     * Decodes {@code bytes} as {@code charset}, throwing on malformed or unmappable input as
     * {@code Files.readString} does. The fast path is the JDK's (intrinsified) {@code String}
     * constructor, which replaces bad input with the decoder's replacement; only when that
     * replacement appears in the result do we decode again strictly, to tell a real U+FFFD in the
     * file from an error.
     */
    static String decodeStrict(byte[] bytes, Charset charset, Path file) throws CharacterCodingException {
        String s = new String(bytes, charset);
        if (charset.equals(StandardCharsets.ISO_8859_1)) {
            return s; // every byte is a character
        }
        String replacement = charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII)
                ? "\uFFFD"
                : charset.newDecoder().replacement();
        if (s.indexOf(replacement) < 0) {
            return s;
        }
        return decodeReporting(bytes, charset, file);
    }

    private static String decodeReporting(byte[] bytes, Charset charset, Path file) throws CharacterCodingException {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate((int) Math.min(MAX_ARRAY_LENGTH,
                (long) Math.ceil(bytes.length * (double) decoder.maxCharsPerByte()) + 1));
        CoderResult result = decoder.decode(in, out, true);
        if (result.isUnderflow()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw new FileDecodingException(file, charset, in.position(), result);
        }
        out.flip();
        return out.toString();
    }
}
