package dev.fastio.gzip;

import dev.fastio.internal.gzip.ParallelBlocks;
import dev.fastio.internal.gzip.ReplayLog;
import dev.fastio.internal.gzip.Inflaters;
import dev.fastio.internal.gzip.RawInflater;
import dev.fastio.internal.FileErrors;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.function.IntFunction;
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
 * <p><b>Threads.</b> A BGZF file ({@code bgzip}, htsjdk, samtools, {@link Gzip#bgzfWriter}: every
 * member names its own size in a {@code BC} extra subfield) is read block by block in the
 * caller's thread and inflated on up to {@code threads} threads (default: one per processor),
 * at most {@code 4 × threads} blocks ahead; bytes and errors come out in file order, as from one
 * thread. Members without a size (any other gzip file, single- or multi-member) are inflated in
 * the caller's thread: finding where such a member ends takes inflating it. The threads are
 * daemons, stopped at the end of input and by {@link #close}.
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
    /** Threads for BGZF blocks unless told: one per processor. */
    public static final int DEFAULT_THREADS = Runtime.getRuntime().availableProcessors();
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED = 0xE0;

    /** The compressed input; after a fall back from the threads, the kept bytes and then the rest. */
    private InputStream in;
    private final String source;
    private final byte[] inBuf;
    private final IntFunction<RawInflater> inflaters;
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
    /** The current member's size from its BGZF header, or -1. */
    private int blockSize = -1;
    /** Threads that may inflate BGZF blocks; 1 keeps everything in the caller's thread. */
    private final int threads;
    /** Created at the first BGZF block when {@code threads > 1}. */
    private ParallelBlocks blocks;
    /** A block's bytes being handed out: [chunkPos, chunk.length). */
    private byte[] chunk;
    private int chunkPos;
    /** An error met while reading ahead, thrown once the blocks before it are delivered. */
    private IOException deferred;
    /**
     * Where {@link #deferred} came from reading a block by its BGZF size (which can lie, where one
     * thread never asks it): once the blocks before it are delivered, that member is read again
     * the one-thread way instead of failing; -1 otherwise.
     */
    private long deferredBlock = -1;
    /** The member starts of the blocks in flight, in file order. */
    private final java.util.ArrayDeque<Long> inFlight = new java.util.ArrayDeque<>();
    /** The input since the oldest block in flight, while blocks are handed to threads. */
    private ReplayLog log;
    /** Set once a block could not be trusted: everything after it is read on this thread. */
    private boolean oneThread;
    /** The input ended (cleanly) while reading ahead. */
    private boolean inputDone;
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
     * The most threads a reader inflates BGZF blocks on; a larger {@code threads} acts as this.
     * Each thread keeps four 64 KiB blocks in flight, compressed and inflated: 1,024 threads hold
     * up to half a GiB, and no machine fastio runs on has more cores than that.
     */
    public static final int MAX_THREADS = 1024;

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
        this(in, source, inputBufferSize, DEFAULT_THREADS);
    }

    /**
     * Decompresses {@code in}, reading it in {@code inputBufferSize}-byte blocks, with up to
     * {@code threads} threads for BGZF blocks (see the class comment).
     *
     * @param in the gzip stream; closing this reader closes it
     * @param source named in error messages (a file name)
     * @param inputBufferSize bytes of compressed input per read
     * @param threads the most threads inflating BGZF blocks at once; 1 inflates everything in the
     *     caller's thread; more than {@link #MAX_THREADS} act as {@link #MAX_THREADS}
     * @throws IllegalArgumentException {@code inputBufferSize} or {@code threads} is not positive
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater=isal} and ISA-L cannot be used
     *     here (the message says why); {@code in} is not closed
     */
    public GzipReader(InputStream in, String source, int inputBufferSize, int threads) {
        this(in, source, inputBufferSize, threads, null);
    }

    /** With given decoders (tests race every one), or the chosen kind when {@code inflaters} is null. */
    GzipReader(InputStream in, String source, int inputBufferSize, int threads, IntFunction<RawInflater> inflaters) {
        if (threads <= 0) {
            throw new IllegalArgumentException("threads must be positive, not " + threads);
        }
        this.in = Objects.requireNonNull(in, "in");
        this.source = Objects.requireNonNull(source, "source");
        this.inBuf = new byte[checked(inputBufferSize)];
        this.threads = Math.min(threads, MAX_THREADS); // the read-ahead is 4 blocks a thread: it must stay an int, and memory
        this.inflaters = inflaters != null ? inflaters : Inflaters::create;
        this.inflater = this.inflaters.apply(inputBufferSize);
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

    /**
     * Whether this reader hands BGZF blocks to its threads.
     *
     * @return true once BGZF blocks have been met and are being inflated on more than one
     *     thread; false for other gzip files, which one thread decompresses
     */
    public boolean inParallel() {
        return blocks != null;
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
            if (chunk != null) { // a BGZF block inflated by the threads
                int n = Math.min(len, chunk.length - chunkPos);
                System.arraycopy(chunk, chunkPos, b, off, n);
                chunkPos += n;
                if (chunkPos == chunk.length) {
                    chunk = null;
                }
                if (n > 0) {
                    return n;
                }
                continue; // an empty block (BGZF's end-of-file marker)
            }
            if (done) {
                return -1;
            }
            if (blocks != null) {
                readAhead();
                if (!blocks.isEmpty()) {
                    long start = inFlight.removeFirst();
                    try {
                        chunk = blocks.take();
                    } catch (GzipFormatException untrusted) {
                        oneThreadFrom(start); // one thread may read this member otherwise, or fail elsewhere
                        continue;
                    }
                    chunkPos = 0;
                    // keep from the oldest block that may yet be read again: one in flight, or one whose reading failed
                    long keep = inFlight.isEmpty() ? offset() : inFlight.peekFirst();
                    log.trim(deferredBlock >= 0 ? Math.min(keep, deferredBlock) : keep);
                    continue;
                }
                if (deferred != null) { // every block before the error is delivered: now the error
                    if (deferredBlock >= 0) {
                        oneThreadFrom(deferredBlock);
                        continue;
                    }
                    throw deferred;
                }
                if (inputDone) {
                    done = true;
                    blocks.close();
                    return -1;
                }
                // the next member is not BGZF: its header is read; it is inflated below, in this thread
            }
            if (!inMember) {
                if (!readHeader()) {
                    done = true;
                    return -1;
                }
                if (blockSize >= 0 && threads > 1 && !oneThread) {
                    if (blocks == null) {
                        blocks = new ParallelBlocks(source, threads, inflaters);
                        log = new ReplayLog(inBase, inBuf, inEnd);
                    }
                    try {
                        submitBlock();
                    } catch (GzipFormatException untrusted) {
                        oneThreadFrom(memberStart);
                    }
                    continue;
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

    /**
     * Reads and queues BGZF blocks until the window is full, the input ends, a member without a
     * block size comes (left with its header read, for this thread), or an error is met (kept for
     * when the blocks before it have been delivered).
     */
    private void readAhead() {
        while (!blocks.full() && deferred == null && !inputDone && !inMember) {
            try {
                if (!readHeader()) {
                    inputDone = true;
                } else if (blockSize >= 0) {
                    try {
                        submitBlock();
                    } catch (GzipFormatException e) {
                        deferred = e;
                        deferredBlock = memberStart;
                    }
                }
            } catch (IOException e) {
                deferred = e;
            }
        }
    }

    /**
     * A block the threads could not trust: stops them, and reads on from {@code start}, that
     * block's member, on this thread, as a reader with one thread would have from the start
     * (its size field is then never asked). The blocks before it were delivered: each one's
     * deflate data ended exactly at its size, so one thread would have found the same members.
     */
    private void oneThreadFrom(long start) throws IOException {
        ReplayLog.Replay replay = log.replay(start, in);
        blocks.close();
        blocks = null;
        log = null;
        inFlight.clear();
        deferred = null;
        deferredBlock = -1;
        inputDone = false;
        inMember = false;
        chunk = null;
        oneThread = true;
        in = replay.rest();
        System.arraycopy(replay.chunk(), 0, inBuf, 0, replay.chunk().length);
        inBase = replay.base();
        inPos = (int) (start - replay.base());
        inEnd = replay.chunk().length;
    }

    /** Reads the rest of the BGZF block whose header was just read, and queues it. */
    private void submitBlock() throws IOException {
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
        blocks.submit(block, rest, memberStart, dataStart);
        inFlight.addLast(memberStart);
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
            if (blocks != null) {
                blocks.close();
            }
            in.close();
        }
    }

}
