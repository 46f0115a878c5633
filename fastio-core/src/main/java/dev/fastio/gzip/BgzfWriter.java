package dev.fastio.gzip;

import dev.fastio.internal.gzip.ParallelBlocks;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes BGZF (the SAM/BAM specification's blocked gzip, as {@code bgzip} does): a series of gzip
 * members of at most 65,280 input bytes, each naming its own compressed size in a {@code BC}
 * extra subfield, then the 28-byte empty end-of-file block. Any gzip reader decompresses it;
 * {@link GzipReader} inflates its blocks on several threads.
 */
final class BgzfWriter extends OutputStream {
    /** Input bytes per block: bgzip's 0xff00, which leaves room for deflate's worst case. */
    static final int BLOCK_INPUT = 0xff00;
    private static final int HEADER = 18;
    private static final int TRAILER = 8;
    private static final byte[] EOF_BLOCK = {
        0x1f, (byte) 0x8b, 8, 4, 0, 0, 0, 0, 0, (byte) 0xff, 6, 0, 'B', 'C', 2, 0, 0x1b, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0};

    private final OutputStream out;
    private final Deflater deflater;
    private final Deflater stored = new Deflater(Deflater.NO_COMPRESSION, true);
    private final byte[] input = new byte[BLOCK_INPUT];
    private final byte[] block = new byte[ParallelBlocks.MAX_BLOCK];
    private final CRC32 crc = new CRC32();
    private int buffered;
    private boolean closed;

    BgzfWriter(OutputStream out, int level) {
        this.out = Objects.requireNonNull(out, "out");
        this.deflater = new Deflater(level, true);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("Stream closed");
        }
        while (len > 0) {
            int n = Math.min(len, BLOCK_INPUT - buffered);
            System.arraycopy(b, off, input, buffered, n);
            buffered += n;
            off += n;
            len -= n;
            if (buffered == BLOCK_INPUT) {
                writeBlock();
            }
        }
    }

    /** Deflates the buffered input into one block; if it does not fit in 64 KiB, stores it instead. */
    private void writeBlock() throws IOException {
        int size = deflate(deflater);
        if (size < 0) {
            size = deflate(stored); // 65,280 bytes stored: 65,285 of deflate data, always fits
        }
        int total = HEADER + size + TRAILER;
        byte[] b = block;
        b[0] = 0x1f;
        b[1] = (byte) 0x8b;
        b[2] = 8;
        b[3] = 4; // FEXTRA
        b[4] = b[5] = b[6] = b[7] = b[8] = 0; // MTIME, XFL
        b[9] = (byte) 0xff; // OS unknown, as bgzip
        b[10] = 6;
        b[11] = 0; // XLEN
        b[12] = 'B';
        b[13] = 'C';
        b[14] = 2;
        b[15] = 0;
        b[16] = (byte) (total - 1);
        b[17] = (byte) ((total - 1) >>> 8);
        crc.reset();
        crc.update(input, 0, buffered);
        putLe32(b, HEADER + size, (int) crc.getValue());
        putLe32(b, HEADER + size + 4, buffered);
        out.write(b, 0, total);
        buffered = 0;
    }

    /** Deflates the buffered input into {@code block} after the header; -1 if it did not fit. */
    private int deflate(Deflater d) {
        d.reset();
        d.setInput(input, 0, buffered);
        d.finish();
        int room = block.length - HEADER - TRAILER;
        int size = d.deflate(block, HEADER, room);
        return d.finished() ? size : -1;
    }

    private static void putLe32(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }

    /** Writes a block of what is buffered, if anything: readers see it whole. */
    @Override
    public void flush() throws IOException {
        if (buffered > 0) {
            writeBlock();
        }
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (out) {
            if (buffered > 0) {
                writeBlock();
            }
            out.write(EOF_BLOCK);
        } finally {
            deflater.end();
            stored.end();
        }
    }
}
