package dev.fastio.internal.nativeio;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.fastio.internal.gzip.BlockInflater;
import dev.fastio.internal.gzip.RawInflater;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;

/**
 * ISA-L's igzip inflater ({@code isal_inflate}), bound through the FFM API from Debian's
 * {@code libisal2} ({@code libisal.so.2}), found at run
 * time. Used where the native layer
 * may be used ({@link NativeAccess}: JDK 22+, Linux, native access enabled) and the library
 * loads and passes a self-test; otherwise {@link #refusal()} says why and the JDK's inflater is
 * used ({@code dev.fastio.internal.gzip.Inflaters} decides).
 *
 * <p><b>The state struct.</b> {@code struct inflate_state} is allocated by the caller, so its
 * layout is part of the library's ABI for soname 2: 87,368 bytes, with the fields read here at the
 * offsets below (from {@code igzip_lib.h} of ISA-L 2.30; {@code IsalLayoutTest} compares them with
 * the installed header where {@code libisal-dev} is present). The self-test at class loading
 * inflates a known stream in awkward pieces and checks bytes, CRC-32, the end and the bytes left
 * over, so a library with another layout is refused rather than trusted.
 *
 * <p><b>Buffers.</b> {@code isal_inflate} keeps pointers to its input and output in the struct, so
 * they cannot be Java arrays (a critical call may pass an array only for the call's duration):
 * input is copied into a native buffer, and output is inflated into one and copied out. Both
 * copies run at memory speed, a few per cent of inflating.
 */
public final class Isal {
    /** How the decoder is named in messages and the report. */
    public static final String NAME = NativeDecoder.ISAL.label();

    static final long STATE_BYTES = 87_368;
    static final long NEXT_OUT = 0;
    static final long AVAIL_OUT = 8;
    static final long NEXT_IN = 16;
    static final long AVAIL_IN = 32;
    static final long READ_IN_LENGTH = 36;
    static final long BLOCK_STATE = 21_160;
    static final long CRC_FLAG = 21_172;
    static final long CRC = 21_176;
    static final int ISAL_BLOCK_FINISH = 5;
    /** Raw deflate, with the gzip CRC-32 of the output kept in {@code crc}; the trailer is ours. */
    static final int ISAL_GZIP_NO_HDR = 2;
    /** Output staged per {@code isal_inflate} call. */
    static final int OUT_BYTES = 256 * 1024;
    /** The most input, and output, one whole-block decode stages: twice BGZF's 64 KiB. */
    static final int BLOCK_BYTES = 128 * 1024;
    /** {@code isal_inflate_stateless}'s ISAL_DECOMP_OK. */
    static final int ISAL_DECOMP_OK = 0;

    /** The library, by name as {@code dlopen} finds it: Debian's {@code libisal2}. */
    private static final String LIBRARY = NativeDecoder.ISAL.library();
    private static final MethodHandle INIT;
    private static final MethodHandle INFLATE;
    private static final MethodHandle STATELESS;
    private static final String REFUSAL;

    static {
        MethodHandle init = null;
        MethodHandle inflate = null;
        MethodHandle stateless = null;
        String why = null;
        String refused = NativeAccess.refusal();
        if (refused != null) {
            why = refused;
        } else {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup lib = SymbolLookup.libraryLookup(LIBRARY, Arena.global());
                init = linker.downcallHandle(lib.find("isal_inflate_init").orElseThrow(),
                        FunctionDescriptor.ofVoid(ADDRESS));
                inflate = linker.downcallHandle(lib.find("isal_inflate").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, ADDRESS));
                stateless = linker.downcallHandle(lib.find("isal_inflate_stateless").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, ADDRESS));
            } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
                why = LIBRARY + " was not found or lacks isal_inflate (install Debian's libisal2): " + e.getMessage();
            }
        }
        INIT = init;
        INFLATE = inflate;
        STATELESS = stateless;
        if (why == null) {
            why = selfTest();
        }
        if (why == null) {
            why = BlockSelfTest.run(NAME, BlockDecoder::new);
        }
        REFUSAL = why;
    }

    private Isal() {}

    /** @return null when ISA-L is bound and passed its self-test, else why not */
    public static String refusal() {
        return REFUSAL;
    }

    /**
     * @param inputChunk the most bytes one {@code setInput} will hand over
     * @return a new ISA-L decoder
     * @throws IllegalStateException ISA-L is not usable here ({@link #refusal()})
     */
    public static RawInflater newInflater(int inputChunk) {
        if (REFUSAL != null) {
            throw new IllegalStateException(REFUSAL);
        }
        return new Inflater(inputChunk);
    }

    /**
     * @return a new whole-block decoder ({@code isal_inflate_stateless})
     * @throws IllegalStateException ISA-L is not usable here ({@link #refusal()})
     */
    static BlockInflater newBlockInflater() {
        if (REFUSAL != null) {
            throw new IllegalStateException(REFUSAL);
        }
        return new BlockDecoder();
    }

    /**
     * Inflates 100 KB of text deflated by the JDK, fed 1,000 bytes at a time with 8 bytes after
     * the stream's end, into outputs of 1 to 70,000 bytes. Null if every byte, the CRC-32, the end
     * and the 8 bytes left over came out right.
     */
    private static String selfTest() {
        Random random = new Random(42);
        byte[] text = BlockSelfTest.sampleText();
        Deflater deflater = new Deflater(6, true);
        deflater.setInput(text);
        deflater.finish();
        byte[] packed = new byte[text.length + 1024];
        int packedLength = 0;
        while (!deflater.finished()) {
            packedLength += deflater.deflate(packed, packedLength, packed.length - packedLength);
        }
        deflater.end();
        Arrays.fill(packed, packedLength, packedLength + 8, (byte) 0x5A);
        int inputEnd = packedLength + 8;
        byte[] got = new byte[text.length];
        int have = 0;
        int fed = 0;
        try (Inflater inf = new Inflater(1000)) {
            for (int calls = 0; !inf.finished(); calls++) {
                if (calls > 100_000) {
                    return "ISA-L self-test: the stream never ended (struct layout mismatch?)";
                }
                if (inf.needsInput()) {
                    if (fed == inputEnd) {
                        return "ISA-L self-test: wanted input past the stream's end (struct layout mismatch?)";
                    }
                    int n = Math.min(1000, inputEnd - fed);
                    inf.setInput(packed, fed, n);
                    fed += n;
                }
                if (have == got.length) { // all out: one more call must find the end and nothing more
                    if (inf.inflate(new byte[1], 0, 1) != 0) {
                        return "ISA-L self-test: more bytes than were deflated";
                    }
                    continue;
                }
                have += inf.inflate(got, have, Math.min(got.length - have, 1 + random.nextInt(70_000)));
            }
            CRC32 crc = new CRC32();
            crc.update(text);
            if (have != text.length || !Arrays.equals(got, text)) {
                return "ISA-L self-test: the bytes differ";
            }
            if (inf.crc() != (int) crc.getValue()) {
                return "ISA-L self-test: the CRC-32 differs";
            }
            if (fed - inf.remaining() != packedLength) {
                return "ISA-L self-test: the stream's end was placed at " + (fed - inf.remaining()) + ", not " + packedLength;
            }
            return null;
        } catch (DataFormatException | RuntimeException e) {
            return "ISA-L self-test failed: " + e;
        }
    }

    private static String describe(int rc) {
        return switch (rc) {
            case -1 -> "invalid deflate block";
            case -2 -> "invalid deflate symbol";
            case -3 -> "invalid lookback distance";
            default -> "isal_inflate error " + rc;
        };
    }

    /**
     * What both decoders hold: a {@code struct inflate_state} and its native input and output
     * buffers in one shared arena (a reader may be closed by another thread than the one that
     * read), with the calls that only read the state. Every call on the state is synchronized with
     * {@link #close}: a reader closed from another thread waits for the call in progress (one
     * block, or 256 KiB of output) before the memory goes, and a call after it fails on the closed
     * arena instead of reading freed memory. Closing twice does nothing.
     */
    private abstract static class Decoder {
        final Arena arena = Arena.ofShared();
        final MemorySegment state;
        final MemorySegment in;
        final MemorySegment out;

        Decoder(long inBytes, long outBytes) {
            try {
                state = arena.allocate(STATE_BYTES, 64);
                in = arena.allocate(inBytes, 64);
                out = arena.allocate(outBytes, 64);
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        }

        public synchronized int crc() {
            return state.get(JAVA_INT, CRC);
        }

        public String name() {
            return NAME;
        }

        public synchronized void close() {
            if (arena.scope().isAlive()) {
                arena.close();
            }
        }
    }

    /** One {@code struct inflate_state} with its native input and output buffers, freed by {@link #close}. */
    private static final class Inflater extends Decoder implements RawInflater {
        Inflater(int inputChunk) {
            super(checkedChunk(inputChunk), OUT_BYTES);
            reset();
        }

        private static int checkedChunk(int inputChunk) {
            if (inputChunk <= 0) {
                throw new IllegalArgumentException("inputChunk must be positive, not " + inputChunk);
            }
            return inputChunk;
        }

        @Override
        public synchronized void reset() {
            try {
                INIT.invokeExact(state);
            } catch (Throwable t) {
                throw new IllegalStateException("isal_inflate_init failed", t);
            }
            state.set(JAVA_INT, CRC_FLAG, ISAL_GZIP_NO_HDR);
            state.set(ADDRESS, NEXT_IN, in);
            state.set(JAVA_INT, AVAIL_IN, 0);
        }

        @Override
        public synchronized void setInput(byte[] b, int off, int len) {
            if (len > in.byteSize()) {
                throw new IllegalArgumentException(len + " bytes of input, more than the " + in.byteSize() + " agreed");
            }
            MemorySegment.copy(b, off, in, JAVA_BYTE, 0, len);
            state.set(ADDRESS, NEXT_IN, in);
            state.set(JAVA_INT, AVAIL_IN, len);
        }

        @Override
        public synchronized int inflate(byte[] b, int off, int len) throws DataFormatException {
            if (len == 0 || finished()) {
                return 0;
            }
            int room = Math.min(len, OUT_BYTES);
            state.set(ADDRESS, NEXT_OUT, out);
            state.set(JAVA_INT, AVAIL_OUT, room);
            int n;
            while (true) {
                int before = state.get(JAVA_INT, AVAIL_IN);
                int rc;
                try {
                    rc = (int) INFLATE.invokeExact(state);
                } catch (Throwable t) {
                    throw new IllegalStateException("isal_inflate failed", t);
                }
                if (rc < 0) {
                    throw new DataFormatException(describe(rc));
                }
                n = room - state.get(JAVA_INT, AVAIL_OUT);
                int after = state.get(JAVA_INT, AVAIL_IN);
                if (n > 0 || after == 0 || finished()) {
                    break;
                }
                if (after == before) { // input left, room left, nothing done: never loop on it
                    throw new DataFormatException("isal_inflate made no progress (return code " + rc + ")");
                }
            }
            MemorySegment.copy(out, JAVA_BYTE, 0, b, off, n);
            return n;
        }

        @Override
        public synchronized boolean finished() {
            return state.get(JAVA_INT, BLOCK_STATE) == ISAL_BLOCK_FINISH;
        }

        @Override
        public synchronized boolean needsInput() {
            return !finished() && state.get(JAVA_INT, AVAIL_IN) == 0;
        }

        /**
         * {@code avail_in} plus the whole bytes still in the bit buffer: ISA-L reads 8 bytes ahead
         * into {@code read_in} and does not give them back when the stream ends (the self-test
         * catches a library that does).
         */
        @Override
        public synchronized int remaining() {
            return state.get(JAVA_INT, AVAIL_IN) + Math.max(0, state.get(JAVA_INT, READ_IN_LENGTH)) / 8;
        }

        @Override
        public boolean tracksCrc() {
            return true;
        }

    }

    /**
     * A whole block in one {@code isal_inflate_stateless} call. The state struct holds the input and
     * output pointers, so they are native buffers (of {@link #BLOCK_BYTES}): the block is copied in
     * and its output out; a block larger than that is refused (-1) and read again by streaming.
     */
    private static final class BlockDecoder extends Decoder implements BlockInflater {
        BlockDecoder() {
            super(BLOCK_BYTES, BLOCK_BYTES);
        }

        @Override
        public synchronized int inflate(byte[] b, int inOff, int inLen, byte[] o, int outOff, int outLen) {
            java.util.Objects.checkFromIndexSize(inOff, inLen, b.length);
            java.util.Objects.checkFromIndexSize(outOff, outLen, o.length);
            if (inLen > BLOCK_BYTES) {
                return -1;
            }
            int room = Math.min(outLen, BLOCK_BYTES);
            MemorySegment.copy(b, inOff, in, JAVA_BYTE, 0, inLen);
            int rc;
            try {
                INIT.invokeExact(state);
                state.set(JAVA_INT, CRC_FLAG, ISAL_GZIP_NO_HDR);
                state.set(ADDRESS, NEXT_IN, in);
                state.set(JAVA_INT, AVAIL_IN, inLen);
                state.set(ADDRESS, NEXT_OUT, out);
                state.set(JAVA_INT, AVAIL_OUT, room);
                rc = (int) STATELESS.invokeExact(state);
            } catch (Throwable t) {
                throw new IllegalStateException("isal_inflate_stateless failed", t);
            }
            // not OK: corrupt, the input ended first, or the output overflowed; OK with bytes left
            // over (avail_in and whole bytes read ahead): the stream ended before inLen
            if (rc != ISAL_DECOMP_OK || state.get(JAVA_INT, AVAIL_IN) + Math.max(0, state.get(JAVA_INT, READ_IN_LENGTH)) / 8 != 0) {
                return -1;
            }
            int n = room - state.get(JAVA_INT, AVAIL_OUT);
            MemorySegment.copy(out, JAVA_BYTE, 0, o, outOff, n);
            return n;
        }

    }
}
