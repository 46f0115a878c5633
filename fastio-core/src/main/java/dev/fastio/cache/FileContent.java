package dev.fastio.cache;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A file's bytes as {@link FileCache} holds them: an immutable value. Two contents are equal when
 * their bytes are. {@link #bytes()} copies; {@link #asByteBuffer()} is a read-only view (no copy);
 * the text accessors decode on each call.
 */
public final class FileContent {
    final byte[] bytes;
    /** Like String's: 0 until computed (a content whose hash is 0 recomputes it, harmlessly). */
    private int hash;

    FileContent(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * Returns the number of bytes.
     *
     * @return the number of bytes
     */
    public int size() {
        return bytes.length;
    }

    /**
     * Returns a copy of the bytes, the caller's to change. JDK equivalent: the array {@code Files.readAllBytes} returns.
     *
     * @return a copy of the bytes, the caller's to change. JDK equivalent: the array {@code Files.readAllBytes} returns
     */
    public byte[] bytes() {
        return bytes.clone();
    }

    /**
     * Returns a read-only view of the cached bytes, positioned at 0; no copy.
     *
     * @return a read-only view of the cached bytes, positioned at 0; no copy
     */
    public ByteBuffer asByteBuffer() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    /**
     * Returns the content decoded as {@code charset}.
     *
     * @param charset how the file is encoded
     * @return the content decoded as {@code charset}; malformed input is replaced, as {@code new String} does
     */
    public String asString(Charset charset) {
        return new String(bytes, charset);
    }

    /**
     * Returns the content decoded as UTF-8; malformed input is replaced.
     *
     * @return the content decoded as UTF-8; malformed input is replaced
     */
    public String asString() {
        return asString(StandardCharsets.UTF_8);
    }

    /**
     * Returns the lines, split as {@code String.lines()} does ({@code \n}, {@code \r\n}, {@code \r}).
     *
     * @param charset how the file is encoded
     * @return the lines, split as {@code String.lines()} does ({@code \n}, {@code \r\n}, {@code \r})
     */
    public List<String> lines(Charset charset) {
        return asString(charset).lines().toList();
    }

    /**
     * Returns true when {@code other} holds the same bytes.
     *
     * @param other bytes to compare with; not copied
     * @return true when {@code other} holds the same bytes
     */
    public boolean contentEquals(byte[] other) {
        return Arrays.equals(bytes, other);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof FileContent c && Arrays.equals(bytes, c.bytes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            hash = h = Arrays.hashCode(bytes);
        }
        return h;
    }

    @Override
    public String toString() {
        return "FileContent[" + bytes.length + " bytes]";
    }
}
