package dev.fastio.gzip;

import dev.fastio.internal.gzip.BgzfPipeline;
import dev.fastio.internal.gzip.BlockInflater;
import dev.fastio.internal.gzip.Decoders;
import dev.fastio.internal.gzip.Inflaters;
import dev.fastio.internal.gzip.MemberReader;
import dev.fastio.internal.gzip.ParallelBlocks;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * Decompresses a gzip stream (RFC 1952), reading compressed input in {@value #DEFAULT_INPUT_BUFFER}-byte
 * blocks straight from the source (no BufferedInputStream layer: article 004) and inflating
 * straight into the caller's array.
 *
 * <p><b>The inflater.</b> Where the native layer binds (FFM on JDK 22+ with native access
 * enabled, jffi on JDK 17–21) and Debian's {@code libisal2} is installed, the deflate data go through ISA-L's igzip, about twice as fast as
 * zlib; otherwise through the JDK's zlib {@code Inflater}. The gzip framing, checks and errors are
 * this class's either way, so both behave alike. {@code -Dfastio.gzip.inflater=jdk} forces the
 * JDK's, {@code =isal} insists on ISA-L; {@code =libdeflate} puts BGZF blocks through libdeflate,
 * which reads some malformed deflate data that {@code gzip -d} refuses (for measuring, and for
 * files you made). {@link #inflater()} says which one runs, and the {@code dev.fastio} logger says
 * why at DEBUG level.
 *
 * <p><b>Threads.</b> A BGZF file ({@code bgzip}, htsjdk, samtools, {@link Gzip#bgzfWriter}: every
 * member names its own size in a {@code BC} extra subfield) is read block by block in the
 * caller's thread and inflated on up to {@code threads} threads (default: one per processor),
 * at most {@code 4 × threads} blocks ahead; bytes and errors come out in file order, as from one
 * thread. Members without a size (any other gzip file, single- or multi-member) are inflated in
 * the caller's thread: finding where such a member ends takes inflating it. The threads are
 * daemons, stopped at the end of input and by {@link #close}. With one thread, a BGZF block is
 * inflated whole in one call when its data end exactly at the size it names and agree with its
 * trailer; a block that does not is streamed as any member is, so a size that lies changes only
 * the time.
 *
 * <p>Like {@code gzip -d}: concatenated members decompress to the concatenation of their
 * contents; zero bytes after the last member are ignored; other bytes there are delivered-then-
 * reported: every member's data is returned first, then {@link GzipTrailingGarbageException}.
 * A truncated stream, a bad header, corrupt deflate data, or a CRC-32 or length mismatch throw
 * {@link GzipFormatException} naming the source and the compressed offset.
 *
 * <p>Not thread-safe. {@link #close} closes the source and frees the inflater's native memory;
 * closed from another thread under a read, it waits for the decoder's call in progress, and that
 * read fails with "Stream closed".
 *
 * <p>Inside, a thin stream over two engines in {@code internal.gzip}: {@code MemberReader} (the
 * RFC 1952 framing and one-thread inflate) and {@code BgzfPipeline} (the BGZF read-ahead, its
 * threads and its replay).
 */
public final class GzipReader extends InputStream {
    /**
     * 64 KiB of compressed input per read: article 004's figure, confirmed here (measured by GzipBenchmark;
     * docs/PERFORMANCE.md, "Each article's headline experiment at its own size").
     */
    public static final int DEFAULT_INPUT_BUFFER = 64 * 1024;
    /** Threads for BGZF blocks unless told: one per processor. */
    public static final int DEFAULT_THREADS = Runtime.getRuntime().availableProcessors();
    /**
     * The most threads a reader inflates BGZF blocks on; a larger {@code threads} acts as this.
     * Each thread keeps four 64 KiB blocks in flight, compressed and inflated: 1,024 threads hold
     * up to half a GiB, and no machine fastio runs on has more cores than that.
     */
    public static final int MAX_THREADS = 1024;

    private final String source;
    private final Decoders decoders;
    private final MemberReader members;
    /** The whole-block decoder of the one-thread path, made at the first BGZF block it reads. */
    private BlockInflater blockDecoder;
    /** Where a block is inflated whole when the caller's read has less room than a block. */
    private byte[] blockOut;
    private final byte[] single = new byte[1];
    /** Threads that may inflate BGZF blocks; 1 keeps everything in the caller's thread. */
    private final int threads;
    /** Started at the first BGZF block when {@code threads > 1}; null again if it stops at an untrusted block. */
    private BgzfPipeline pipeline;
    /** A block's bytes being handed out: [chunkPos, chunkEnd). */
    private byte[] chunk;
    private int chunkPos;
    private int chunkEnd;
    /** Set once a block could not be trusted: everything after it is read on this thread. */
    private boolean oneThread;
    private boolean done;
    /** Volatile: a reader closed from another thread (not supported, but never a crash) must see it. */
    private volatile boolean closed;

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
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater} names a decoder that cannot be used
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
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater} names a decoder that cannot be used
     *     here (the message says why); {@code in} is not closed
     */
    public GzipReader(InputStream in, String source, int inputBufferSize, int threads) {
        this(in, source, inputBufferSize, threads, null);
    }

    /** With given decoders (tests race every one), or the chosen ones when {@code decoders} is null. */
    GzipReader(InputStream in, String source, int inputBufferSize, int threads, Decoders decoders) {
        if (threads <= 0) {
            throw new IllegalArgumentException("threads must be positive, not " + threads);
        }
        if (inputBufferSize <= 0) {
            throw new IllegalArgumentException("inputBufferSize must be positive, not " + inputBufferSize);
        }
        Objects.requireNonNull(in, "in");
        this.source = Objects.requireNonNull(source, "source");
        this.threads = Math.min(threads, MAX_THREADS); // the read-ahead is 4 blocks a thread: it must stay an int, and memory
        this.decoders = decoders != null ? decoders : Inflaters.chosen();
        this.members = new MemberReader(in, source, inputBufferSize, this.decoders.stream(inputBufferSize));
    }

    /**
     * Which deflate decoder this reader uses, for logs and summaries.
     *
     * @return {@code "ISA-L igzip (libisal.so.2)"}, {@code "JDK zlib"}, or libdeflate's name for
     *     BGZF blocks with the JDK's zlib for other members
     */
    public String inflater() {
        return decoders.name();
    }

    /**
     * Whether this reader hands BGZF blocks to its threads.
     *
     * @return true once BGZF blocks have been met and are being inflated on more than one
     *     thread; false for other gzip files, which one thread decompresses
     */
    public boolean inParallel() {
        return pipeline != null;
    }

    /** The compressed bytes kept to be read again if a block cannot be trusted (tests of its bound). */
    long replayKeptBytes() {
        return pipeline == null ? 0 : pipeline.keptBytes();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return readOpen(b, off, len);
        } catch (RuntimeException e) {
            // closed by another thread under this read: a decoder refused the call (a closed arena
            // or decompressor, the JDK's ended Inflater), which means only that
            if (closed) {
                throw new IOException("Stream closed", e);
            }
            throw e;
        }
    }

    private int readOpen(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("Stream closed");
        }
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (chunk != null) { // a BGZF block inflated by the threads, or whole on this one
                int n = Math.min(len, chunkEnd - chunkPos);
                System.arraycopy(chunk, chunkPos, b, off, n);
                chunkPos += n;
                if (chunkPos == chunkEnd) {
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
            if (pipeline != null) {
                byte[] block = pipeline.next();
                if (block != null) {
                    chunk = block;
                    chunkPos = 0;
                    chunkEnd = block.length;
                    continue;
                }
                if (pipeline.ended()) {
                    done = true;
                    return -1;
                }
                if (pipeline.stopped()) { // the members are read again on this thread, from an untrusted block
                    pipeline = null;
                    oneThread = true;
                    continue;
                }
                // the next member is not BGZF: its header is read; it is inflated below, in this thread
            }
            if (!members.inMember()) {
                if (!members.readHeader()) {
                    done = true;
                    return -1;
                }
                if (members.blockSize() >= 0) {
                    if (threads > 1 && !oneThread) {
                        pipeline = new BgzfPipeline(members, source, threads, decoders::block);
                        continue;
                    }
                    int n = inflateWholeBlock(b, off, len);
                    if (n > 0) {
                        return n;
                    }
                    if (n == 0) {
                        continue; // an empty block, or one left in chunk for a read with less room
                    }
                    // -1: streamed below, which finds where the member ends and names what is wrong
                }
            }
            int n = members.inflate(b, off, len);
            if (n > 0) {
                return n;
            }
            // 0: the member's trailer is read and checked; on to the next member
        }
    }

    /**
     * The BGZF member whose header was just read, inflated whole on this thread: into the caller's
     * array where it has room for a block, else into {@code blockOut}, handed out from there.
     *
     * @return bytes in {@code b}; 0 for none there (an empty block, or the bytes in the chunk);
     *     -1 when the member is to be streamed
     */
    private int inflateWholeBlock(byte[] b, int off, int len) throws IOException {
        if (blockDecoder == null) {
            blockDecoder = decoders.block();
        }
        if (len >= ParallelBlocks.MAX_BLOCK) {
            return members.inflateBlock(blockDecoder, b, off, len);
        }
        if (blockOut == null) {
            blockOut = new byte[ParallelBlocks.MAX_BLOCK];
        }
        int n = members.inflateBlock(blockDecoder, blockOut, 0, blockOut.length);
        if (n > 0) {
            chunk = blockOut;
            chunkPos = 0;
            chunkEnd = n;
            return 0;
        }
        return n;
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
            try {
                if (pipeline != null) {
                    pipeline.close();
                }
                if (blockDecoder != null) {
                    blockDecoder.close();
                }
            } finally {
                members.close();
            }
        }
    }
}
