package dev.fastio.internal.gzip;

import dev.fastio.internal.nativeio.LibdeflateCalls;
import dev.fastio.internal.nativeio.NativeBinding;
import dev.fastio.internal.nativeio.NativeDecoder;
import dev.fastio.internal.nativeio.NativeLayer;
import java.nio.ByteBuffer;

/**
 * libdeflate's whole-buffer decoder ({@code libdeflate_deflate_decompress_ex}) and its CRC-32,
 * from Debian's {@code libdeflate0} ({@code libdeflate.so.0}) through the native layer's binding,
 * written once for both: used where the binding finds the library and it passes
 * {@link BlockSelfTest} ({@link #refusal}).
 *
 * <p>libdeflate takes its input and output as arguments and keeps no pointer after the call, so
 * the Java arrays are passed in place (pinned for the call; a 64 KiB block takes some tens of
 * microseconds).
 */
final class LibdeflateDecoder implements BlockInflater {
    private static final NativeDecoder DECODER = NativeDecoder.LIBDEFLATE;
    /** {@code enum libdeflate_result}: LIBDEFLATE_SUCCESS. */
    private static final int SUCCESS = 0;

    private static NativeBinding tested;
    private static String testedRefusal;

    private final LibdeflateCalls lib;
    private final long decompressor;
    /** actual_in_nbytes_ret and actual_out_nbytes_ret. */
    private final ByteBuffer sizes;
    private final long sizesAddress;
    private int crc;
    private boolean closed;

    private LibdeflateDecoder(NativeBinding binding) {
        this.lib = binding.libdeflate();
        this.sizes = NativeBinding.allocate(16, 8);
        this.sizesAddress = binding.address(sizes);
        long d = lib.alloc();
        if (d == 0) {
            throw new OutOfMemoryError("libdeflate_alloc_decompressor returned NULL");
        }
        this.decompressor = d;
    }

    /**
     * Returns null when libdeflate is bound through {@code layer} and passed its self-test, else why not.
     *
     * @param layer the native layer
     * @return null, or why it cannot be used
     */
    static synchronized String refusal(NativeLayer layer) {
        NativeBinding b = layer.binding();
        String why = layer.libraryRefusal(DECODER);
        if (why != null || b == null) {
            return why;
        }
        if (tested != b) {
            testedRefusal = BlockSelfTest.run(DECODER.label(), new java.util.function.Supplier<BlockInflater>() {
                @Override
                public BlockInflater get() {
                    return new LibdeflateDecoder(b);
                }
            });
            tested = b;
        }
        return testedRefusal;
    }

    /**
     * @param layer the native layer
     * @return a new decoder
     * @throws IllegalStateException libdeflate is not usable here ({@link #refusal})
     */
    static BlockInflater newBlockInflater(NativeLayer layer) {
        String why = refusal(layer);
        if (why != null) {
            throw new IllegalStateException(why);
        }
        return new LibdeflateDecoder(layer.binding());
    }

    @Override
    public synchronized int inflate(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        if (closed) {
            throw new IllegalStateException("libdeflate decompressor already closed");
        }
        java.util.Objects.checkFromIndexSize(inOff, inLen, in.length);
        java.util.Objects.checkFromIndexSize(outOff, outLen, out.length);
        int rc = lib.decompress(decompressor, in, inOff, inLen, out, outOff, outLen, sizesAddress);
        // BAD_DATA, SHORT_OUTPUT or INSUFFICIENT_SPACE; or a stream that ended before inLen
        if (rc != SUCCESS || sizes.getLong(0) != inLen) {
            return -1;
        }
        int n = (int) sizes.getLong(8);
        crc = lib.crc32(0, out, outOff, n);
        return n;
    }

    @Override
    public synchronized int crc() {
        return crc;
    }

    @Override
    public String name() {
        return DECODER.label();
    }

    /**
     * Synchronized with {@link #inflate}: closed from another thread, it waits for the block in
     * progress before the decompressor is freed (freeing it under a running call crashed the
     * JVM), and a call after it fails instead of using freed memory.
     */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            lib.free(decompressor);
        }
    }
}
