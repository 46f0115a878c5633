package dev.fastio.copy;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A copy that failed after it started writing. The destination is as it was before the call
 * (atomic mode) or absent (non-atomic mode), and no temporary file is left; the message names
 * both files, how far the copy got, and the cause.
 */
public final class CopyFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path source;
    private final transient Path target;
    /**
     * How many bytes had been copied when the copy failed.
     *
     * @serial
     */
    private final long bytesCopied;

    /**
     * A failed copy, with a message naming both files, how far it got, and what failed.
     *
     * @param source the file being copied
     * @param target the destination
     * @param bytesCopied how far the copy got
     * @param size the source's size as read when the copy began (0: unknown, a pipe or procfs: not shown)
     * @param what what failed, for the message
     * @param cause the failure
     */
    public CopyFailedException(Path source, Path target, long bytesCopied, long size, String what, Throwable cause) {
        super("copy " + source + " -> " + target + " failed after " + bytesCopied
                + (size > 0 ? " of " + size : "") + " bytes: " + what, cause);
        this.source = source;
        this.target = target;
        this.bytesCopied = bytesCopied;
    }

    /**
     * Returns the file being copied; null after deserialization (a Path is not serializable).
     *
     * @return the file being copied; null after deserialization (a Path is not serializable)
     */
    public Path source() {
        return source;
    }

    /**
     * Returns the destination; null after deserialization.
     *
     * @return the destination; null after deserialization
     */
    public Path target() {
        return target;
    }

    /**
     * Returns how many bytes had been copied when it failed (the offset in the source).
     *
     * @return how many bytes had been copied when it failed (the offset in the source)
     */
    public long bytesCopied() {
        return bytesCopied;
    }
}
