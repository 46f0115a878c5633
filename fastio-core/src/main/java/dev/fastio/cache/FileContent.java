package dev.fastio.cache;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A file's bytes as cached: immutable. (Sealed: the cache's own entries are FileContents, so a
 * hit returns the entry itself, with no extra indirection.) {@link #bytes()} copies, {@link #asByteBuffer()} is a
 * read-only view (no copy), the text accessors decode on each call.
 */
public sealed class FileContent permits FileCache.Entry {
    final byte[] bytes;

    FileContent(byte[] bytes) {
        this.bytes = bytes;
    }

    public int size() {
        return bytes.length;
    }

    /** A copy the caller may change. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** A read-only view of the cached bytes; no copy. */
    public ByteBuffer asByteBuffer() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    /** The content decoded as {@code charset}; malformed input is replaced, as {@code new String} does. */
    public String asString(Charset charset) {
        return new String(bytes, charset);
    }

    public String asString() {
        return asString(StandardCharsets.UTF_8);
    }

    /** The lines, split as {@code String.lines()} does ({@code \n}, {@code \r\n}, {@code \r}). */
    public List<String> lines(Charset charset) {
        return asString(charset).lines().toList();
    }

    /** Same bytes. */
    public boolean contentEquals(byte[] other) {
        return Arrays.equals(bytes, other);
    }

    @Override
    public String toString() {
        return "FileContent[" + bytes.length + " bytes]";
    }
}
