package dev.fastio.internal.gzip;

import java.util.zip.DataFormatException;

/**
 * One raw-deflate decoder (RFC 1951, no zlib or gzip framing: {@code GzipReader} reads the gzip
 * header and trailer itself), with the contract of {@link java.util.zip.Inflater} that
 * {@code GzipReader} relies on. {@link Inflaters} picks the implementation.
 *
 * <p>Not thread-safe; {@link #close} frees native memory and must be called once.
 */
public interface RawInflater extends AutoCloseable {
    /** Starts a new deflate stream (a new gzip member); input not yet consumed is dropped. */
    void reset();

    /**
     * Hands over compressed bytes; only called when {@link #needsInput()} is true. The bytes are
     * copied or kept until consumed, so the caller must not change them before then (the JDK
     * inflater keeps a reference).
     *
     * @param b the array
     * @param off the first byte
     * @param len how many
     */
    void setInput(byte[] b, int off, int len);

    /**
     * Decompresses into {@code out}.
     *
     * @param out where the bytes go
     * @param off the first index
     * @param len room
     * @return bytes written; 0 when the stream has finished or needs input
     * @throws DataFormatException the deflate data are corrupt; the message says how
     */
    int inflate(byte[] out, int off, int len) throws DataFormatException;

    /** @return true once the final deflate block has been decoded and all of it delivered */
    boolean finished();

    /** @return true when every byte given to {@link #setInput} has been consumed and more is needed */
    boolean needsInput();

    /** @return input bytes given but not consumed: after {@link #finished()}, where the gzip trailer starts */
    int remaining();

    /**
     * @return true when this inflater keeps the CRC-32 of what it delivered since {@link #reset()},
     *     so the caller need not compute it again
     */
    boolean tracksCrc();

    /** @return the CRC-32 of the bytes delivered since {@link #reset()}; only when {@link #tracksCrc()} */
    int crc();

    /** @return for messages: which decoder this is */
    String name();

    @Override
    void close();
}
