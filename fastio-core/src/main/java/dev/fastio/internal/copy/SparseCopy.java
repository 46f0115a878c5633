package dev.fastio.internal.copy;

import dev.fastio.copy.CopyProgress;
import dev.fastio.internal.buffer.DirectBuffers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The JDK path's copy that keeps holes: positional reads into the pooled buffer, and only the
 * {@link #BLOCK}-byte blocks that hold a non-zero byte are written, each run of them with one
 * positional write; all-zero blocks are skipped, so the filesystem leaves them unallocated. This
 * is {@code cp --sparse=always}. The JDK cannot see where a file's holes are ({@code lseek}
 * {@code SEEK_DATA} is not reachable before the FFM API) nor how much of it is allocated, so on
 * this path it is also what {@code sparse=auto} does (see {@link CopyRunner#strategyFor}).
 *
 * <p>The test for zeros costs one 8-byte load per block of ordinary data (the first one is
 * almost always non-zero) and a scan of the block only for blocks of zeros, which are then not
 * written. A trailing run of zeros leaves the file short; the caller sets its length
 * ({@link FileOps#setLength}) because a {@code FileChannel} cannot grow a file without writing.
 */
public final class SparseCopy implements CopyStrategy {
    public static final SparseCopy INSTANCE = new SparseCopy();
    /** The hole granularity: the page and block size of every common Linux filesystem. */
    static final int BLOCK = 4096;

    private SparseCopy() {}

    @Override
    public String name() {
        return "buffer, sparse";
    }

    @Override
    public long copy(FileChannel in, FileChannel out, long size, CopyProgress progress) throws IOException {
        ByteBuffer buf = DirectBuffers.take();
        try {
            return copy(in, out, size, progress, buf, new long[1]);
        } finally {
            DirectBuffers.give(buf);
        }
    }

    /**
     * {@link #copy(FileChannel, FileChannel, long, CopyProgress)} into a staged file, which is then
     * {@code size} bytes long however the source ends: a source that ends in zeros leaves the file
     * short, and {@code out} is grown to its end by a hole. What was written says whether it must
     * be (no {@code fstat} of the new file).
     */
    long copy(FileChannel in, StagedFile out, long size, CopyProgress progress) throws IOException {
        ByteBuffer buf = DirectBuffers.take();
        long[] end = new long[1];
        long copied;
        try {
            copied = copy(in, out.channel(), size, progress, buf, end);
        } finally {
            DirectBuffers.give(buf);
        }
        if (copied >= size && end[0] < size) {
            out.setLength(size); // ends on a hole (past the size: the source grew, which the caller judges)
        }
        return copied;
    }

    /** {@code end[0]}: the end of the last bytes written, the new file's length. */
    private static long copy(FileChannel in, FileChannel out, long size, CopyProgress progress, ByteBuffer buf, long[] end)
            throws IOException {
        return BoundedCopy.copy(in, size, progress, buf, new BoundedCopy.Sink() { // not a lambda: see BufferCopy
            @Override
            public void write(ByteBuffer b, int n, long at) throws IOException {
                writeData(b, n, out, at, end);
            }
        });
    }

    /** Writes the runs of non-zero blocks among the first {@code n} bytes of {@code buf} at {@code at}; {@code written[0]}: where the last one ended. */
    private static void writeData(ByteBuffer buf, int n, FileChannel out, long at, long[] written) throws IOException {
        int p = 0;
        while (p < n) {
            int end = Math.min(p + BLOCK, n);
            if (isZero(buf, p, end)) {
                p = end;
                continue;
            }
            int q = end;
            while (q < n && !isZero(buf, q, Math.min(q + BLOCK, n))) {
                q = Math.min(q + BLOCK, n);
            }
            buf.limit(q).position(p);
            long pos = at + p;
            while (buf.hasRemaining()) {
                pos += out.write(buf, pos);
            }
            buf.limit(buf.capacity());
            written[0] = pos;
            p = q;
        }
    }

    /** Blocks {@link #looksSparse} reads. */
    static final int SAMPLES = 8;

    /**
     * Whether a copy of {@code in} should keep holes, judged without seeing them (the JDK path
     * cannot): reads {@link #SAMPLES} 4 KiB blocks spread over the file, the last one included,
     * and answers true if any is all zeros. A file with holes almost always has a hole at one of
     * them (a VM image, a preallocated log); a file of ordinary data almost never has a block of
     * zeros there, and keeps the in-kernel transferTo, which the buffer cannot match above
     * 256 KiB on JDK 17 (docs/PERFORMANCE.md, "Where the JDK path's copy switches strategy").
     * Eight {@code pread}s of
     * 4 KiB, about 10 µs, only for files bigger than the buffer.
     *
     * @param in the source, read with positional reads (its position is not moved)
     * @param size its size
     * @return true when a sampled block is all zeros
     * @throws IOException a read failed
     */
    public static boolean looksSparse(FileChannel in, long size) throws IOException {
        ByteBuffer buf = DirectBuffers.take();
        try {
            long blocks = (size + BLOCK - 1) / BLOCK;
            for (int i = 0; i < SAMPLES; i++) {
                long block = i == SAMPLES - 1 ? blocks - 1 : blocks * i / SAMPLES;
                buf.clear().limit(BLOCK);
                int n = in.read(buf, block * BLOCK);
                if (n > 0 && isZero(buf, 0, n)) {
                    return true;
                }
            }
            return false;
        } finally {
            DirectBuffers.give(buf);
        }
    }

    static boolean isZero(ByteBuffer buf, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            if (buf.getLong(i) != 0) {
                return false;
            }
        }
        for (; i < to; i++) {
            if (buf.get(i) != 0) {
                return false;
            }
        }
        return true;
    }
}
