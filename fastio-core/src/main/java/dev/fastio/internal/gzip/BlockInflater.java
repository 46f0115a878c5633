package dev.fastio.internal.gzip;

/**
 * A whole-buffer deflate decoder (RFC 1951, raw): one call inflates one deflate stream held whole
 * in memory, which a BGZF block is. It answers only whether the data are one stream that ends
 * exactly where the buffer does and fits the room given; what is wrong with data that are not is
 * found by a {@link RawInflater} reading the member again, so every error is named as one thread
 * streaming names it. {@link Inflaters} picks the implementation.
 *
 * <p>Not thread-safe; {@link #close} frees native memory and must be called once.
 */
public interface BlockInflater extends AutoCloseable {
    /**
     * Inflates {@code in[inOff, inOff + inLen)} into {@code out[outOff, outOff + outLen)}.
     *
     * @return the bytes written: the data were one whole deflate stream, all {@code inLen} bytes of
     *     it, whose output fit; or -1 when they were not (corrupt, longer or shorter than
     *     {@code inLen}, or more output than {@code outLen}), with {@code out}'s range then holding
     *     anything
     */
    int inflate(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen);

    /** @return the CRC-32 of the bytes the last successful {@link #inflate} wrote */
    int crc();

    /** @return for messages and logs: which decoder this is */
    String name();

    @Override
    void close();
}
