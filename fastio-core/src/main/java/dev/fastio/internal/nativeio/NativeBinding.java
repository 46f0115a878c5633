package dev.fastio.internal.nativeio;

import java.nio.ByteBuffer;

/**
 * One way to reach native code: the calls fastio makes outside the JDK, and nothing more (as
 * Lucene's {@code NativeAccess}). Two implementations, one per JVM, chosen once by
 * {@link NativeBindings}: the FFM API on JDK 22 and later ({@code FfmBinding}, in the
 * multi-release jar's {@code java22} overlay), jffi on JDK 17 to 21 ({@link JffiBinding}: the
 * native stub that JRuby's jnr-ffi stands on, shipped in its own jar). The call sequences that
 * use them (the whole-file read, the staged file, the descriptor copy, ISA-L's streaming inflate,
 * …) are written once, in the package of their job, over {@link Syscalls} and these calls.
 *
 * <p>Memory is the callers': direct {@link ByteBuffer}s, whose native addresses
 * ({@link #address}) the calls take as {@code long}s, and Java arrays where a call reads or
 * writes one in place ({@link Libc#read(int, byte[], int, int)}: FFM's critical calls, jffi's
 * pinned arrays). A caller keeps a buffer reachable for as long as its address is in use.
 */
public abstract class NativeBinding {
    /**
     * Returns the binding's name for the status line: "FFM" or "jffi 1.3.13".
     *
     * @return the name
     */
    public abstract String name();

    /**
     * Returns libc's calls for one thread at a time. {@code scratch} is the caller's direct
     * buffer; a binding that captures {@code errno} into memory (FFM) uses its bytes
     * {@code [errnoOffset, errnoOffset + 16)}.
     *
     * @param scratch the caller's memory, direct, native order
     * @param errnoOffset where 16 bytes of it are the binding's
     * @return the calls
     */
    public abstract Libc libc(ByteBuffer scratch, int errnoOffset);

    /**
     * Returns the native address of a direct buffer's first byte.
     *
     * @param direct a direct buffer
     * @return its address
     */
    public abstract long address(ByteBuffer direct);

    /**
     * Returns the C library's text for {@code errno}, as the JDK's exceptions give it.
     *
     * @param errno the error
     * @return its text
     */
    public abstract String strerror(int errno);

    /** The decoders' libraries: their calls, or why not (a String); bound on first use, so a program that never inflates never opens them. */
    private volatile Object isal;
    private volatile Object libdeflate;

    /**
     * Binds ISA-L's functions.
     *
     * @return the calls, or a String saying why they cannot be bound
     */
    protected abstract Object bindIsal();

    /**
     * Binds libdeflate's functions.
     *
     * @return the calls, or a String saying why they cannot be bound
     */
    protected abstract Object bindLibdeflate();

    /**
     * Binds {@code library} if not yet tried and returns why it cannot be used, or null.
     *
     * @param library which native library
     * @return null when its functions are bound
     */
    public final String libraryRefusal(NativeDecoder library) {
        Object bound = bound(library);
        return bound instanceof String ? (String) bound : null;
    }

    /**
     * ISA-L's inflate functions.
     *
     * @return the calls
     * @throws IllegalStateException it is not bound ({@link #libraryRefusal})
     */
    public final IsalCalls isal() {
        Object bound = bound(NativeDecoder.ISAL);
        if (bound instanceof String) {
            throw new IllegalStateException((String) bound);
        }
        return (IsalCalls) bound;
    }

    /**
     * libdeflate's decompress functions.
     *
     * @return the calls
     * @throws IllegalStateException it is not bound ({@link #libraryRefusal})
     */
    public final LibdeflateCalls libdeflate() {
        Object bound = bound(NativeDecoder.LIBDEFLATE);
        if (bound instanceof String) {
            throw new IllegalStateException((String) bound);
        }
        return (LibdeflateCalls) bound;
    }

    /** The library's calls or why not, bound once. */
    private Object bound(NativeDecoder library) {
        Object b = library == NativeDecoder.ISAL ? isal : libdeflate;
        if (b != null) {
            return b;
        }
        synchronized (this) {
            if (library == NativeDecoder.ISAL) {
                if (isal == null) {
                    isal = bindIsal();
                }
                return isal;
            }
            if (libdeflate == null) {
                libdeflate = bindLibdeflate();
            }
            return libdeflate;
        }
    }

    /**
     * Allocates native memory that {@link Memory#free} gives back at once (not when the garbage
     * collector gets to it): for a decoder's state and buffers, freed when the reader closes.
     *
     * @param bytes how many, 64-byte aligned
     * @return the memory, zeroed
     */
    public abstract Memory allocateNative(int bytes);

    /**
     * Native memory freed by {@link #free}: its address and a direct buffer over it (native
     * order). The owner must make no call with either after {@code free} (the gzip decoders
     * synchronize their calls with their close for that), and must hold this object while it
     * calls with them. Memory whose owner is dropped unclosed (a reader never closed) is freed once
     * this object is unreachable, as the JDK's {@code Inflater} frees zlib's (found from outside:
     * 2,000 unclosed gzip readers a round grew the process by 300 MB a round, for good).
     */
    public static final class Memory {
        /** One daemon thread for every binding's memory, made at the first allocation. */
        private static final class Cleanups {
            static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create(r -> {
                Thread t = new Thread(r, "fastio-native-cleaner");
                t.setDaemon(true);
                return t;
            });
        }

        private final long address;
        private final ByteBuffer buffer;
        private final java.lang.ref.Cleaner.Cleanable cleanable;

        /**
         * @param address the first byte
         * @param buffer a buffer over the memory
         * @param release gives it back: run once, by {@link #free} or once this object is
         *     unreachable; must not refer to this object
         */
        Memory(long address, ByteBuffer buffer, Runnable release) {
            this.address = address;
            this.buffer = buffer.order(java.nio.ByteOrder.nativeOrder());
            this.cleanable = Cleanups.CLEANER.register(this, release);
        }

        /** @return the address of the first byte */
        public long address() {
            return address;
        }

        /** @return a buffer over it, native order */
        public ByteBuffer buffer() {
            return buffer;
        }

        /** Gives the memory back now; a second call does nothing. */
        public void free() {
            cleanable.clean();
        }
    }

    /**
     * Allocates native memory outside the Java heap, freed with the returned buffer by the garbage
     * collector: a direct buffer in native order, aligned to {@code alignment} bytes.
     *
     * @param bytes how many
     * @param alignment a power of two, at most 4096
     * @return the buffer, zeroed
     */
    public static ByteBuffer allocate(int bytes, int alignment) {
        ByteBuffer b = ByteBuffer.allocateDirect(bytes + alignment - 1);
        return b.alignedSlice(alignment).limit(bytes).slice().order(java.nio.ByteOrder.nativeOrder());
    }
}
