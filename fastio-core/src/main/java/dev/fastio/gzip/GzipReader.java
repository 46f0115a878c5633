package dev.fastio.gzip;

import dev.fastio.internal.gzip.Inflaters;
import dev.fastio.internal.gzip.RawInflater;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;

/**
 * Decompresses a gzip stream (RFC 1952), reading compressed input in {@value #DEFAULT_INPUT_BUFFER}-byte
 * blocks straight from the source (no BufferedInputStream layer: article 004) and inflating
 * straight into the caller's array.
 *
 * <p><b>The inflater.</b> On JDK 22 and later, with native access enabled and Debian's
 * {@code libisal2} installed, the deflate data go through ISA-L's igzip, about twice as fast as
 * zlib; otherwise through the JDK's zlib {@code Inflater}. The gzip framing, checks and errors
 * are this class's either way, so both behave alike. {@code -Dfastio.gzip.inflater=jdk} forces
 * the JDK's, {@code =isal} insists on ISA-L; {@link #inflater()} says which one runs, and the
 * {@code dev.fastio} logger says why at DEBUG level.
 *
 * <p>Like {@code gzip -d}: concatenated members decompress to the concatenation of their
 * contents; zero bytes after the last member are ignored; other bytes there are delivered-then-
 * reported: every member's data is returned first, then {@link GzipTrailingGarbageException}.
 * A truncated stream, a bad header, corrupt deflate data, or a CRC-32 or length mismatch throw
 * {@link GzipFormatException} naming the source and the compressed offset.
 *
 * <p>Not thread-safe. {@link #close} closes the source and frees the inflater's native memory.
 */
public final class GzipReader extends InputStream {
    /** 64 KiB of compressed input per read: article 004's figure, confirmed in docs/BENCHMARKS.md ("gzip"). */
    public static final int DEFAULT_INPUT_BUFFER = 64 * 1024;
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED = 0xE0;

    private final InputStream in;
    private final String source;
    private final byte[] inBuf;
    private final RawInflater inflater;
    private final CRC32 crc = new CRC32();
    private final byte[] single = new byte[1];
    /** Bytes of inBuf holding data not yet given to the inflater or the header parser: [inPos, inEnd). */
    private int inPos;
    private int inEnd;
    /** Compressed bytes consumed before inBuf[0]. */
    private long inBase;
    private long memberStart;
    private long memberOut;
    private boolean inMember;
    private boolean done;
    private boolean closed;

    /**
     * Decompresses {@code in}, reading it in {@value #DEFAULT_INPUT_BUFFER}-byte blocks. JDK
     * equivalent: {@code new GZIPInputStream(in, 65536)}, which stops at trailing garbage without
     * a word and reports corruption without an offset.
     *
     * @param in the gzip stream; closing this reader closes it
     * @param source named in error messages (a file name)
     */
    public GzipReader(InputStream in, String source) {
        this(in, source, DEFAULT_INPUT_BUFFER);
    }

    /**
     * Decompresses {@code in}, reading it in {@code inputBufferSize}-byte blocks.
     *
     * @param in the gzip stream; closing this reader closes it
     * @param source named in error messages (a file name)
     * @param inputBufferSize bytes of compressed input per read
     * @throws IllegalArgumentException {@code inputBufferSize} is not positive
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater=isal} and ISA-L cannot be used
     *     here (the message says why); {@code in} is not closed
     */
    public GzipReader(InputStream in, String source, int inputBufferSize) {
        this(in, source, checked(inputBufferSize), null);
    }

    /** With a given decoder (tests race every one), or the chosen one when {@code inflater} is null. */
    GzipReader(InputStream in, String source, int inputBufferSize, RawInflater inflater) {
        this.in = Objects.requireNonNull(in, "in");
        this.source = Objects.requireNonNull(source, "source");
        this.inBuf = new byte[checked(inputBufferSize)];
        this.inflater = inflater != null ? inflater : Inflaters.create(inputBufferSize);
    }

    private static int checked(int inputBufferSize) {
        if (inputBufferSize <= 0) {
            throw new IllegalArgumentException("inputBufferSize must be positive, not " + inputBufferSize);
        }
        return inputBufferSize;
    }

    /**
     * Which deflate decoder this reader uses, for logs and summaries.
     *
     * @return {@code "ISA-L igzip (libisal.so.2)"} or {@code "JDK zlib"}
     */
    public String inflater() {
        return inflater.name();
    }

    private long offset() {
        return inBase + inPos;
    }

    /** Where the inflater has got to: bytes handed to it but not yet consumed are not counted. */
    private long inflaterOffset() {
        return inBase + inEnd - inflater.remaining();
    }

    /** Refills inBuf; false at end of input. */
    private boolean refill() throws IOException {
        inBase += inEnd;
        inPos = 0;
        inEnd = 0;
        int n = in.read(inBuf, 0, inBuf.length);
        if (n <= 0) {
            return false;
        }
        inEnd = n;
        return true;
    }

    /** One header byte, or -1 at the end of input. */
    private int next() throws IOException {
        if (inPos == inEnd && !refill()) {
            return -1;
        }
        return inBuf[inPos++] & 0xFF;
    }

    private int need(String what) throws IOException {
        int b = next();
        if (b < 0) {
            throw new GzipFormatException(source, offset(), "unexpected end of file in " + what);
        }
        return b;
    }

    /** Reads a member header. Returns false if the input ended cleanly (or with zero padding) before one. */
    private boolean readHeader() throws IOException {
        long start = offset();
        boolean first = start == 0;
        int id1 = next();
        if (id1 < 0) {
            if (first) { // an empty input is not a gzip file: gzip -d says the same
                throw new GzipFormatException(source, start, "unexpected end of file (empty input)");
            }
            return false;
        }
        if (!first && id1 == 0) {
            skipZeros(start);
            return false;
        }
        int id2 = next();
        if (id1 == 0x1f && id2 < 0) {
            throw new GzipFormatException(source, start + 1, "unexpected end of file in header");
        }
        if (id1 != 0x1f || id2 != 0x8b) {
            if (first) {
                throw new GzipFormatException(source, start, "not in gzip format");
            }
            throw new GzipTrailingGarbageException(source, start);
        }
        CRC32 headerCrc = new CRC32();
        headerCrc.update(id1);
        headerCrc.update(id2);
        int cm = need("header");
        int flg = need("header");
        headerCrc.update(cm);
        headerCrc.update(flg);
        if (cm != 8) {
            throw new GzipFormatException(source, start + 2, "unknown compression method " + cm);
        }
        if ((flg & RESERVED) != 0) {
            throw new GzipFormatException(source, start + 3, "reserved header flags set (0x" + Integer.toHexString(flg) + ")");
        }
        for (int i = 0; i < 6; i++) { // MTIME, XFL, OS
            headerCrc.update(need("header"));
        }
        if ((flg & FEXTRA) != 0) {
            int lo = need("extra field");
            int hi = need("extra field");
            headerCrc.update(lo);
            headerCrc.update(hi);
            for (int len = lo | hi << 8; len > 0; len--) {
                headerCrc.update(need("extra field"));
            }
        }
        if ((flg & FNAME) != 0) {
            for (int b; (b = need("file name")) != 0; ) {
                headerCrc.update(b);
            }
            headerCrc.update(0);
        }
        if ((flg & FCOMMENT) != 0) {
            for (int b; (b = need("comment")) != 0; ) {
                headerCrc.update(b);
            }
            headerCrc.update(0);
        }
        if ((flg & FHCRC) != 0) {
            long at = offset();
            int v = need("header CRC") | need("header CRC") << 8;
            if (v != (int) (headerCrc.getValue() & 0xFFFF)) {
                throw new GzipFormatException(source, at, "header CRC mismatch");
            }
        }
        memberStart = start;
        memberOut = 0;
        crc.reset();
        inflater.reset();
        inMember = true;
        return true;
    }

    /** After a member: zero bytes to the end are padding; anything else is garbage. */
    private void skipZeros(long start) throws IOException {
        for (int b; (b = next()) >= 0; ) {
            if (b != 0) {
                throw new GzipTrailingGarbageException(source, start);
            }
        }
    }

    private void readTrailer() throws IOException {
        // the inflater read past the deflate end into inBuf: give those bytes back
        inPos = inEnd - inflater.remaining();
        long at = offset();
        long want = 0;
        for (int i = 0; i < 4; i++) {
            want |= (long) need("trailer") << (8 * i);
        }
        long size = 0;
        for (int i = 0; i < 4; i++) {
            size |= (long) need("trailer") << (8 * i);
        }
        long got = inflater.tracksCrc() ? inflater.crc() & 0xFFFF_FFFFL : crc.getValue();
        if (want != got) {
            throw new GzipFormatException(source, at, "CRC-32 mismatch in the member starting at offset " + memberStart);
        }
        if (size != (memberOut & 0xFFFF_FFFFL)) {
            throw new GzipFormatException(source, at + 4, "length mismatch in the member starting at offset " + memberStart);
        }
        inMember = false;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("Stream closed");
        }
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (done) {
                return -1;
            }
            if (!inMember) {
                if (!readHeader()) {
                    done = true;
                    return -1;
                }
            }
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw new GzipFormatException(source, inflaterOffset(), "corrupt deflate data in the member starting at offset "
                        + memberStart + " (" + e.getMessage() + ")", e);
            }
            if (n > 0) {
                if (!inflater.tracksCrc()) {
                    crc.update(b, off, n);
                }
                memberOut += n;
                return n;
            }
            if (inflater.finished()) {
                readTrailer();
                continue;
            }
            if (inflater.needsInput()) {
                if (inPos == inEnd && !refill()) {
                    // where the input ended, whichever inflater (ISA-L holds up to 8 bytes read ahead)
                    throw new GzipFormatException(source, offset(), "unexpected end of file in compressed data");
                }
                inflater.setInput(inBuf, inPos, inEnd - inPos);
                inPos = inEnd;
                continue;
            }
            throw new IllegalStateException(inflater.name() + " returned no bytes, yet has input and has not finished");
        }
    }

    @Override
    public int read() throws IOException {
        int n;
        do {
            n = read(single, 0, 1);
        } while (n == 0);
        return n < 0 ? -1 : single[0] & 0xFF;
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            inflater.close();
            in.close();
        }
    }

}
