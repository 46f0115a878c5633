package dev.fastio.internal.gzip;

import dev.fastio.gzip.GzipFormatException;
import dev.fastio.gzip.GzipTrailingGarbageException;
import dev.fastio.internal.FileErrors;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;

/**
 * The gzip members of a stream (RFC 1952), one after another on the caller's thread: each
 * member's header, its deflate data through one {@link RawInflater}, its trailer's CRC-32 and
 * length; and, for {@link BgzfPipeline}, a BGZF member cut out whole by the size its header names.
 * Owns the compressed input and its one buffer, so every error names the compressed offset where
 * it was met; the framing rules are {@code gzip -d}'s (see {@code dev.fastio.gzip.GzipReader}).
 */
public final class MemberReader {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED = 0xE0;

    /** The compressed input; after a replay, the kept bytes and then the rest. */
    private InputStream in;
    private final String source;
    private final byte[] inBuf;
    private final RawInflater inflater;
    private final CRC32 crc = new CRC32();
    /** Bytes of inBuf holding data not yet given to the inflater or the header parser: [inPos, inEnd). */
    private int inPos;
    private int inEnd;
    /** Compressed bytes consumed before inBuf[0]. */
    private long inBase;
    private long memberStart;
    private long memberOut;
    private boolean inMember;
    /** The current member's size from its BGZF header, or -1. */
    private int blockSize = -1;
    /** Where each buffer fill is copied while BGZF blocks are in flight, or null. */
    private ReplayLog log;

    /**
     * @param in the gzip stream; {@link #close} closes it
     * @param source named in error messages
     * @param inputBufferSize bytes of compressed input per read (positive)
     * @param inflater this reader's decoder; {@link #close} frees it
     */
    public MemberReader(InputStream in, String source, int inputBufferSize, RawInflater inflater) {
        this.in = in;
        this.source = source;
        this.inBuf = new byte[inputBufferSize];
        this.inflater = inflater;
    }

    /** The compressed offset of the next byte the framing reads. */
    public long offset() {
        return inBase + inPos;
    }

    /** Whether a member's header has been read and its data or trailer have not. */
    public boolean inMember() {
        return inMember;
    }

    /** The current member's size from its BGZF header ({@code BC} subfield), or -1. */
    public int blockSize() {
        return blockSize;
    }

    /** The compressed offset of the current (or last) member's first byte. */
    public long memberStart() {
        return memberStart;
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
        int n;
        try {
            n = in.read(inBuf, 0, inBuf.length);
        } catch (IOException e) {
            throw FileErrors.named(source, e); // a file's stream says "Is a directory", not which
        }
        if (n <= 0) {
            return false;
        }
        inEnd = n;
        if (log != null) {
            log.record(inBase, inBuf, n);
        }
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

    /**
     * Reads a member header.
     *
     * @return false if the input ended cleanly (or with zero padding) before one
     * @throws GzipFormatException an empty input, not gzip, or a bad header
     * @throws GzipTrailingGarbageException other bytes after the last member
     */
    public boolean readHeader() throws IOException {
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
        blockSize = -1;
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
            byte[] extra = new byte[lo | hi << 8];
            for (int i = 0; i < extra.length; i++) {
                extra[i] = (byte) need("extra field");
            }
            headerCrc.update(extra);
            blockSize = bgzfBlockSize(extra);
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

    /** BGZF's block size (subfield {@code BC}, BSIZE + 1), or -1 if the extra field has none. */
    private static int bgzfBlockSize(byte[] extra) {
        for (int i = 0; i + 4 <= extra.length; ) {
            int length = (extra[i + 2] & 0xFF) | (extra[i + 3] & 0xFF) << 8;
            if (extra[i] == 'B' && extra[i + 1] == 'C' && length == 2 && i + 6 <= extra.length) {
                return ((extra[i + 4] & 0xFF) | (extra[i + 5] & 0xFF) << 8) + 1;
            }
            i += 4 + length;
        }
        return -1;
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

    /**
     * Inflates the current member's data into {@code b}, on this thread.
     *
     * @return bytes inflated (more than 0), or 0 once the member's trailer is read and checked
     *     ({@link #inMember()} is then false)
     * @throws GzipFormatException corrupt deflate data, a CRC-32 or length mismatch, or the input
     *     ends inside the member
     */
    public int inflate(byte[] b, int off, int len) throws IOException {
        while (true) {
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
                return 0;
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

    /**
     * Inflates the BGZF member whose header was just read as one block, on this thread, where it is
     * whole in the input buffer and {@code block} trusts it: its deflate data end exactly at the
     * size its header names, and its output agrees with its trailer's CRC-32 and length. Then the
     * member is done, as {@link #inflate} would have left it. Otherwise nothing is consumed: the
     * member is streamed by {@link #inflate}, which finds where it really ends and names what is
     * wrong, so a size that lies changes nothing but the time.
     *
     * @param block the whole-block decoder
     * @param out where the bytes go
     * @param off the first index
     * @param len room; a block whose trailer gives more is left to {@link #inflate}
     * @return the bytes written (0 for an empty block), or -1 when the member is left to {@link #inflate}
     * @throws IOException reading the input failed
     */
    public int inflateBlock(BlockInflater block, byte[] out, int off, int len) throws IOException {
        if (log != null || !inMember || blockSize < 0) {
            return -1; // logged input is the pipeline's: it cuts its blocks itself
        }
        int rest = blockSize - (int) (offset() - memberStart);
        if (rest < 8 || rest > inBuf.length || !ahead(rest)) {
            return -1;
        }
        int dataLength = rest - 8;
        int want = le32(inBuf, inPos + dataLength);
        int size = le32(inBuf, inPos + dataLength + 4);
        if (Integer.compareUnsigned(size, len) > 0) {
            return -1;
        }
        int n = block.inflate(inBuf, inPos, dataLength, out, off, size);
        if (n != size || block.crc() != want) {
            return -1;
        }
        inPos += rest;
        memberOut = n;
        inMember = false;
        return n;
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }

    /**
     * Makes the next {@code need} bytes (at most the buffer's size) whole in the buffer: what is
     * left is moved to its start and more is read after it. False if the input ends first.
     */
    private boolean ahead(int need) throws IOException {
        if (inEnd - inPos >= need) {
            return true;
        }
        if (inPos > 0) {
            System.arraycopy(inBuf, inPos, inBuf, 0, inEnd - inPos);
            inBase += inPos;
            inEnd -= inPos;
            inPos = 0;
        }
        while (inEnd < need) {
            int n;
            try {
                n = in.read(inBuf, inEnd, inBuf.length - inEnd);
            } catch (IOException e) {
                throw FileErrors.named(source, e);
            }
            if (n <= 0) {
                return false;
            }
            inEnd += n;
        }
        return true;
    }

    /**
     * Reads the rest of the BGZF member whose header was just read, by the size its header names,
     * without inflating it: the member ends here for the framing.
     *
     * @return the bytes after the header: deflate data, then the 8-byte trailer
     * @throws GzipFormatException the size is too small for a header and trailer, or the input
     *     ends first
     */
    public byte[] cutBlock() throws IOException {
        long dataStart = offset();
        int rest = blockSize - (int) (dataStart - memberStart);
        if (rest < 8) {
            throw new GzipFormatException(source, memberStart, "BGZF block size " + blockSize
                    + " is smaller than its header and trailer");
        }
        byte[] block = new byte[rest];
        for (int have = 0; have < rest; ) {
            if (inPos == inEnd && !refill()) {
                throw new GzipFormatException(source, offset(), "unexpected end of file in "
                        + (rest - have <= 8 ? "trailer" : "compressed data"));
            }
            int n = Math.min(rest - have, inEnd - inPos);
            System.arraycopy(inBuf, inPos, block, have, n);
            inPos += n;
            have += n;
        }
        inMember = false;
        return block;
    }

    /** Starts copying the input into a new log, from the current buffer fill on. */
    ReplayLog startLog() {
        log = new ReplayLog(inBase, inBuf, inEnd);
        return log;
    }

    /** Stops copying the input into the log: nothing before the current offset will be read again. */
    void stopLog() {
        log = null;
    }

    /**
     * Reads on from {@code start}, a member's first byte that {@code log} still holds, as if the
     * input had been read from there the first time (the same buffer fills); stops logging.
     */
    void rewindTo(long start, ReplayLog from) {
        reposition(start, from);
        inMember = false;
    }

    /**
     * Reads on from {@code dataStart}, the first deflate byte of the member that starts at
     * {@code memberStart}, whose header was read before the log began: the member is begun again
     * (its checks and decoder reset) as its header left it, and its data read from the log.
     */
    void rewindToData(long memberStart, long dataStart, ReplayLog from) {
        reposition(dataStart, from);
        this.memberStart = memberStart;
        memberOut = 0;
        crc.reset();
        inflater.reset();
        inMember = true;
    }

    private void reposition(long offset, ReplayLog from) {
        ReplayLog.Replay replay = from.replay(offset, in);
        log = null;
        in = replay.rest();
        System.arraycopy(replay.chunk(), 0, inBuf, 0, replay.chunk().length);
        inBase = replay.base();
        inPos = (int) (offset - replay.base());
        inEnd = replay.chunk().length;
    }

    /** Frees the inflater's native memory and closes the input. */
    public void close() throws IOException {
        try {
            inflater.close();
        } finally {
            in.close();
        }
    }
}
