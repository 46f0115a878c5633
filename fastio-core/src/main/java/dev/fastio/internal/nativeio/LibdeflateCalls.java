package dev.fastio.internal.nativeio;

/**
 * libdeflate's whole-buffer decompressor ({@code libdeflate.so.0}), bound by a
 * {@link NativeBinding}. It keeps no pointer after a call, so input and output are Java arrays
 * passed in place (pinned for the call).
 */
public abstract class LibdeflateCalls {
    /** @return {@code libdeflate_alloc_decompressor()}: a decompressor's address, 0 when out of memory */
    public abstract long alloc();

    /** {@code libdeflate_free_decompressor(d)}. */
    public abstract void free(long decompressor);

    /**
     * {@code libdeflate_deflate_decompress_ex(d, in + inOff, inLen, out + outOff, outLen, &sizes[0], &sizes[1])}.
     *
     * @param sizes the address of two {@code size_t}: the input it read, the output it wrote
     * @return libdeflate's result: 0 is success
     */
    public abstract int decompress(long decompressor, byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen, long sizes);

    /** {@code libdeflate_crc32(crc, b + off, len)}. */
    public abstract int crc32(int crc, byte[] b, int off, int len);
}
