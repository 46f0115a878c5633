package dev.fastio.copy;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A copy that failed after it started writing. The destination is as it was before the call
 * (atomic mode) or absent (non-atomic mode), and no temporary file is left; the message names
 * both files, how far the copy got, and the cause.
 */
public final class CopyFailedException extends IOException {
    private final Path source;
    private final Path target;
    private final long bytesCopied;

    public CopyFailedException(Path source, Path target, long bytesCopied, long size, String what, Throwable cause) {
        super("copy " + source + " -> " + target + " failed after " + bytesCopied + " of " + size + " bytes: " + what,
                cause);
        this.source = source;
        this.target = target;
        this.bytesCopied = bytesCopied;
    }

    public Path source() {
        return source;
    }

    public Path target() {
        return target;
    }

    /** How many bytes had been copied when it failed (the offset in the source). */
    public long bytesCopied() {
        return bytesCopied;
    }
}
