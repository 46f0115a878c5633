package dev.fastio.internal.nativeio;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.fastio.internal.gzip.BlockInflater;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.NoSuchElementException;

/**
 * libdeflate's whole-buffer decoder ({@code libdeflate_deflate_decompress_ex}) and its CRC-32,
 * bound through the FFM API from Debian's {@code libdeflate0} ({@code libdeflate.so.0}), found at
 * run time where the native layer may be used ({@link NativeAccess}) and the library loads and
 * passes {@link BlockSelfTest}; otherwise {@link #refusal()} says why.
 *
 * <p>libdeflate takes its input and output as arguments and keeps no pointer after the call, so
 * the calls are critical with heap access: the Java arrays are passed as they are, with no copy
 * (the JVM pins them for the call; a 64 KiB block takes some tens of microseconds).
 */
final class Libdeflate {
    private static final NativeDecoder DECODER = NativeDecoder.LIBDEFLATE;
    /** {@code enum libdeflate_result}: LIBDEFLATE_SUCCESS. */
    private static final int SUCCESS = 0;
    private static final MethodHandle ALLOC;
    private static final MethodHandle FREE;
    private static final MethodHandle DECOMPRESS;
    private static final MethodHandle CRC32;
    private static final String REFUSAL;

    static {
        MethodHandle alloc = null;
        MethodHandle free = null;
        MethodHandle decompress = null;
        MethodHandle crc = null;
        String why = NativeAccess.refusal();
        if (why == null) {
            try {
                Linker linker = Linker.nativeLinker();
                Linker.Option heap = Linker.Option.critical(true);
                SymbolLookup lib = SymbolLookup.libraryLookup(DECODER.library(), Arena.global());
                alloc = linker.downcallHandle(lib.find("libdeflate_alloc_decompressor").orElseThrow(), FunctionDescriptor.of(ADDRESS));
                free = linker.downcallHandle(lib.find("libdeflate_free_decompressor").orElseThrow(), FunctionDescriptor.ofVoid(ADDRESS));
                // enum libdeflate_result libdeflate_deflate_decompress_ex(struct libdeflate_decompressor *,
                //     const void *in, size_t in_nbytes, void *out, size_t out_nbytes_avail,
                //     size_t *actual_in_nbytes_ret, size_t *actual_out_nbytes_ret)
                decompress = linker.downcallHandle(lib.find("libdeflate_deflate_decompress_ex").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS), heap);
                // uint32_t libdeflate_crc32(uint32_t crc, const void *buffer, size_t len)
                crc = linker.downcallHandle(lib.find("libdeflate_crc32").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG), heap);
            } catch (IllegalArgumentException | NoSuchElementException e) {
                why = DECODER.library() + " was not found or lacks libdeflate_deflate_decompress_ex (install Debian's "
                        + DECODER.debianPackage() + "): " + e.getMessage();
            }
        }
        ALLOC = alloc;
        FREE = free;
        DECOMPRESS = decompress;
        CRC32 = crc;
        if (why == null) {
            why = BlockSelfTest.run(DECODER.label(), Decompressor::new);
        }
        REFUSAL = why;
    }

    private Libdeflate() {}

    /** @return null when libdeflate is bound and passed its self-test, else why not */
    static String refusal() {
        return REFUSAL;
    }

    /**
     * @return a new decoder
     * @throws IllegalStateException libdeflate is not usable here ({@link #refusal()})
     */
    static BlockInflater newBlockInflater() {
        if (REFUSAL != null) {
            throw new IllegalStateException(REFUSAL);
        }
        return new Decompressor();
    }

    /** One {@code struct libdeflate_decompressor}, freed by {@link #close}. */
    private static final class Decompressor implements BlockInflater {
        private final MemorySegment decompressor;
        /** actual_in_nbytes_ret and actual_out_nbytes_ret: a Java array, as the call is critical. */
        private final long[] sizes = new long[2];
        private final MemorySegment sizesSegment = MemorySegment.ofArray(sizes);
        private int crc;
        private boolean closed;

        Decompressor() {
            MemorySegment d;
            try {
                d = (MemorySegment) ALLOC.invokeExact();
            } catch (Throwable t) {
                throw new IllegalStateException("libdeflate_alloc_decompressor failed", t);
            }
            if (d.equals(MemorySegment.NULL)) {
                throw new OutOfMemoryError("libdeflate_alloc_decompressor returned NULL");
            }
            decompressor = d;
        }

        @Override
        public synchronized int inflate(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
            if (closed) {
                throw new IllegalStateException("libdeflate decompressor already closed");
            }
            java.util.Objects.checkFromIndexSize(inOff, inLen, in.length);
            java.util.Objects.checkFromIndexSize(outOff, outLen, out.length);
            int rc;
            try {
                rc = (int) DECOMPRESS.invokeExact(decompressor, MemorySegment.ofArray(in).asSlice(inOff, inLen), (long) inLen,
                        MemorySegment.ofArray(out).asSlice(outOff, outLen), (long) outLen,
                        sizesSegment.asSlice(0, 8), sizesSegment.asSlice(8, 8));
            } catch (Throwable t) {
                throw new IllegalStateException("libdeflate_deflate_decompress_ex failed", t);
            }
            // BAD_DATA, SHORT_OUTPUT or INSUFFICIENT_SPACE; or a stream that ended before inLen
            if (rc != SUCCESS || sizes[0] != inLen) {
                return -1;
            }
            int n = (int) sizes[1];
            try {
                crc = (int) CRC32.invokeExact(0, MemorySegment.ofArray(out).asSlice(outOff, n), (long) n);
            } catch (Throwable t) {
                throw new IllegalStateException("libdeflate_crc32 failed", t);
            }
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
         * Synchronized with {@link #inflate}: closed from another thread, it waits for the block
         * in progress before the decompressor is freed (freeing it under a running call crashed
         * the JVM), and a call after it fails instead of using freed memory.
         */
        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                try {
                    FREE.invokeExact(decompressor);
                } catch (Throwable t) {
                    throw new IllegalStateException("libdeflate_free_decompressor failed", t);
                }
            }
        }
    }
}
