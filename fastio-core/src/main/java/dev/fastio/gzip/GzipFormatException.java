package dev.fastio.gzip;

import java.io.IOException;

/** A gzip stream is truncated or corrupt; the message names the source and the compressed byte offset. */
public class GzipFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * The offset in the compressed input where the problem was found.
     *
     * @serial
     */
    private final long offset;

    GzipFormatException(String source, long offset, String what) {
        super(source + ": " + what + " at compressed offset " + offset);
        this.offset = offset;
    }

    GzipFormatException(String source, long offset, String what, Throwable cause) {
        this(source, offset, what);
        initCause(cause);
    }

    /**
     * Returns the offset in the compressed input where the problem was found.
     *
     * @return the offset in the compressed input where the problem was found
     */
    public long offset() {
        return offset;
    }
}
