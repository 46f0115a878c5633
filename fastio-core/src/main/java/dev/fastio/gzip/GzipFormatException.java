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

    /**
     * A corrupt or truncated stream, for readers of gzip data built on fastio's (a BGZF index
     * reader, a format on top of gzip) to report as {@link GzipReader} does.
     *
     * @param source the file or stream, as the message names it
     * @param offset where in the compressed input the problem was found
     * @param what what is wrong ("CRC-32 mismatch in the member starting at offset 0")
     */
    public GzipFormatException(String source, long offset, String what) {
        super(source + ": " + what + " at compressed offset " + offset);
        this.offset = offset;
    }

    /**
     * As {@link #GzipFormatException(String, long, String)}, with the error that revealed it.
     *
     * @param source the file or stream, as the message names it
     * @param offset where in the compressed input the problem was found
     * @param what what is wrong
     * @param cause the error that revealed it (the inflater's)
     */
    public GzipFormatException(String source, long offset, String what, Throwable cause) {
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
