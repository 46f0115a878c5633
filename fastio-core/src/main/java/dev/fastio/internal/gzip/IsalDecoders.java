package dev.fastio.internal.gzip;

import dev.fastio.internal.nativeio.IsalCalls;
import dev.fastio.internal.nativeio.NativeBinding;
import dev.fastio.internal.nativeio.NativeDecoder;
import dev.fastio.internal.nativeio.NativeLayer;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;

/**
 * ISA-L's igzip inflater ({@code isal_inflate}) from Debian's {@code libisal2}
 * ({@code libisal.so.2}), through the native layer's binding (FFM on JDK 22+, jffi on JDK 17 to
 * 21): the streaming decoder and the whole-block one, written once for both. Used where the
 * binding finds the library and it passes a self-test ({@link #refusal}); otherwise the JDK's
 * inflater is used ({@link Inflaters} decides).
 *
 * <p><b>The state struct.</b> {@code struct inflate_state} is allocated by the caller, so its
 * layout is part of the library's ABI for soname 2: 87,368 bytes, with the fields read here at the
 * offsets below (from {@code igzip_lib.h} of ISA-L 2.30; {@code IsalLayoutTest} compares them with
 * the installed header where {@code libisal-dev} is present). The self-test inflates a known
 * stream in awkward pieces and checks bytes, CRC-32, the end and the bytes left over, so a
 * library with another layout is refused rather than trusted.
 *
 * <p><b>Buffers.</b> {@code isal_inflate} keeps pointers to its input and output in the struct, so
 * they cannot be Java arrays (an array is pinned only for one call): input is copied into a native
 * buffer, and output is inflated into one and copied out. Both copies run at memory speed, a few
 * per cent of inflating.
 */
final class IsalDecoders {
    /** How the decoder is named in messages and the report. */
    public static final String NAME = NativeDecoder.ISAL.label();

    static final int STATE_BYTES = 87_368;
    static final int NEXT_OUT = 0;
    static final int AVAIL_OUT = 8;
    static final int NEXT_IN = 16;
    static final int AVAIL_IN = 32;
    static final int READ_IN_LENGTH = 36;
    static final int BLOCK_STATE = 21_160;
    static final int CRC_FLAG = 21_172;
    static final int CRC = 21_176;
    static final int ISAL_BLOCK_FINISH = 5;
    /** Raw deflate, with the gzip CRC-32 of the output kept in {@code crc}; the trailer is ours. */
    static final int ISAL_GZIP_NO_HDR = 2;
    /** Output staged per {@code isal_inflate} call. */
    static final int OUT_BYTES = 256 * 1024;
    /** The most input, and output, one whole-block decode stages: twice BGZF's 64 KiB. */
    static final int BLOCK_BYTES = 128 * 1024;
    /** {@code isal_inflate_stateless}'s ISAL_DECOMP_OK. */
    static final int ISAL_DECOMP_OK = 0;

    /** The binding whose library passed (or failed) the self-tests, and what they said: checked once per binding. */
    private static NativeBinding tested;
    private static String testedRefusal;

    private IsalDecoders() {}

    /**
     * Returns null when ISA-L is bound through {@code layer} and passed its self-tests, else why not.
     *
     * @param layer the native layer
     * @return null, or why it cannot be used
     */
    public static synchronized String refusal(NativeLayer layer) {
        NativeBinding b = layer.binding();
        String why = layer.libraryRefusal(NativeDecoder.ISAL);
        if (why != null || b == null) {
            return why;
        }
        if (tested != b) {
            testedRefusal = selfTest(b);
            if (testedRefusal == null) {
                testedRefusal = BlockSelfTest.run(NAME, new java.util.function.Supplier<BlockInflater>() {
                    @Override
                    public BlockInflater get() {
                        return new BlockDecoder(b);
                    }
                });
            }
            tested = b;
        }
        return testedRefusal;
    }

    /**
     * @param layer the native layer
     * @param inputChunk the most bytes one {@code setInput} will hand over
     * @return a new ISA-L decoder
     * @throws IllegalStateException ISA-L is not usable here ({@link #refusal})
     */
    public static RawInflater newInflater(NativeLayer layer, int inputChunk) {
        String why = refusal(layer);
        if (why != null) {
            throw new IllegalStateException(why);
        }
        return new Inflater(layer.binding(), inputChunk);
    }

    /**
     * @param layer the native layer
     * @return a new whole-block decoder ({@code isal_inflate_stateless})
     * @throws IllegalStateException ISA-L is not usable here ({@link #refusal})
     */
    public static BlockInflater newBlockInflater(NativeLayer layer) {
        String why = refusal(layer);
        if (why != null) {
            throw new IllegalStateException(why);
        }
        return new BlockDecoder(layer.binding());
    }

    /**
     * Inflates 100 KB of text deflated by the JDK, fed 1,000 bytes at a time with 8 bytes after
     * the stream's end, into outputs of 1 to 70,000 bytes. Null if every byte, the CRC-32, the end
     * and the 8 bytes left over came out right.
     */
    private static String selfTest(NativeBinding binding) {
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
        try (Inflater inf = new Inflater(binding, 1000)) {
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
        switch (rc) {
            case -1:
                return "invalid deflate block";
            case -2:
                return "invalid deflate symbol";
            case -3:
                return "invalid lookback distance";
            default:
                return "isal_inflate error " + rc;
        }
    }

    /**
     * What both decoders hold: a {@code struct inflate_state} and its native input and output
     * buffers in one allocation freed at {@link #close} (a reader may be closed by another thread
     * than the one that read), with the calls that only read the state. Every call on the state is
     * synchronized with {@link #close}: a reader closed from another thread waits for the call in
     * progress (one block, or 256 KiB of output) before the memory goes, and a call after it fails
     * instead of reading freed memory. Closing twice does nothing.
     */
    private abstract static class Decoder {
        final IsalCalls isal;
        final NativeBinding.Memory memory;
        final ByteBuffer mem;
        final long state;
        final long in;
        final int inBytes;
        final long out;
        final int outOffset;
        private boolean closed;

        Decoder(NativeBinding binding, int inBytes, int outBytes) {
            this.isal = binding.isal();
            int inOffset = align(STATE_BYTES);
            this.outOffset = inOffset + align(inBytes);
            this.memory = binding.allocateNative(outOffset + outBytes);
            this.mem = memory.buffer();
            this.state = memory.address();
            this.in = state + inOffset;
            this.inBytes = inBytes;
            this.out = state + outOffset;
        }

        private static int align(int n) {
            return (n + 63) & ~63;
        }

        final void open() {
            if (closed) {
                throw new IllegalStateException(NAME + " decoder already closed");
            }
        }

        final int inOffset() {
            return (int) (in - state);
        }

        public synchronized int crc() {
            open();
            return mem.getInt(CRC);
        }

        public String name() {
            return NAME;
        }

        public synchronized void close() {
            if (!closed) {
                closed = true;
                memory.free();
            }
        }
    }

    /** One {@code struct inflate_state} with its native input and output buffers, freed by {@link #close}. */
    private static final class Inflater extends Decoder implements RawInflater {
        Inflater(NativeBinding binding, int inputChunk) {
            super(binding, checkedChunk(inputChunk), OUT_BYTES);
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
            open();
            isal.init(state);
            mem.putInt(CRC_FLAG, ISAL_GZIP_NO_HDR);
            mem.putLong(NEXT_IN, in);
            mem.putInt(AVAIL_IN, 0);
        }

        @Override
        public synchronized void setInput(byte[] b, int off, int len) {
            open();
            if (len > inBytes) {
                throw new IllegalArgumentException(len + " bytes of input, more than the " + inBytes + " agreed");
            }
            mem.put(inOffset(), b, off, len);
            mem.putLong(NEXT_IN, in);
            mem.putInt(AVAIL_IN, len);
        }

        @Override
        public synchronized int inflate(byte[] b, int off, int len) throws DataFormatException {
            open();
            if (len == 0 || finished()) {
                return 0;
            }
            int room = Math.min(len, OUT_BYTES);
            mem.putLong(NEXT_OUT, out);
            mem.putInt(AVAIL_OUT, room);
            int n;
            while (true) {
                int before = mem.getInt(AVAIL_IN);
                int rc = isal.inflate(state);
                if (rc < 0) {
                    throw new DataFormatException(describe(rc));
                }
                n = room - mem.getInt(AVAIL_OUT);
                int after = mem.getInt(AVAIL_IN);
                if (n > 0 || after == 0 || finished()) {
                    break;
                }
                if (after == before) { // input left, room left, nothing done: never loop on it
                    throw new DataFormatException("isal_inflate made no progress (return code " + rc + ")");
                }
            }
            mem.get(outOffset, b, off, n);
            return n;
        }

        @Override
        public synchronized boolean finished() {
            open();
            return mem.getInt(BLOCK_STATE) == ISAL_BLOCK_FINISH;
        }

        @Override
        public synchronized boolean needsInput() {
            return !finished() && mem.getInt(AVAIL_IN) == 0;
        }

        /**
         * {@code avail_in} plus the whole bytes still in the bit buffer: ISA-L reads 8 bytes ahead
         * into {@code read_in} and does not give them back when the stream ends (the self-test
         * catches a library that does).
         */
        @Override
        public synchronized int remaining() {
            open();
            return mem.getInt(AVAIL_IN) + Math.max(0, mem.getInt(READ_IN_LENGTH)) / 8;
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
        BlockDecoder(NativeBinding binding) {
            super(binding, BLOCK_BYTES, BLOCK_BYTES);
        }

        @Override
        public synchronized int inflate(byte[] b, int inOff, int inLen, byte[] o, int outOff, int outLen) {
            open();
            java.util.Objects.checkFromIndexSize(inOff, inLen, b.length);
            java.util.Objects.checkFromIndexSize(outOff, outLen, o.length);
            if (inLen > BLOCK_BYTES) {
                return -1;
            }
            int room = Math.min(outLen, BLOCK_BYTES);
            mem.put(inOffset(), b, inOff, inLen);
            isal.init(state);
            mem.putInt(CRC_FLAG, ISAL_GZIP_NO_HDR);
            mem.putLong(NEXT_IN, in);
            mem.putInt(AVAIL_IN, inLen);
            mem.putLong(NEXT_OUT, out);
            mem.putInt(AVAIL_OUT, room);
            int rc = isal.inflateStateless(state);
            // not OK: corrupt, the input ended first, or the output overflowed; OK with bytes left
            // over (avail_in and whole bytes read ahead): the stream ended before inLen
            if (rc != ISAL_DECOMP_OK || mem.getInt(AVAIL_IN) + Math.max(0, mem.getInt(READ_IN_LENGTH)) / 8 != 0) {
                return -1;
            }
            int n = room - mem.getInt(AVAIL_OUT);
            mem.get(outOffset, o, outOff, n);
            return n;
        }
    }
}
