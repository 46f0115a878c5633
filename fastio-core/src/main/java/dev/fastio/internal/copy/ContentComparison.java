package dev.fastio.internal.copy;

import dev.fastio.internal.buffer.DirectBuffers;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Whether a copy holds the bytes of its source, read again through what each holds open: the
 * confirmation a copy of a source written within the racy window needs ({@code OneVersion.racy}), and a
 * growing copy's ({@code GrowingPrefix}). Two ways to do less than read both files whole:
 * <ul>
 *   <li><b>Holes as extents.</b> Where a side says where its data is ({@link Extents}: the native
 *       layer's {@code lseek(SEEK_DATA/SEEK_HOLE)} on the descriptor), a range that is a hole in
 *       both is not read at all (both read as zeros); a range that is a hole in one side only is
 *       read from the other and compared with zeros. A 1 GiB file with 4 bytes of data is then
 *       one page read twice, where reading it whole took 5 s. A side without extents (the JDK
 *       path, which cannot see holes) is data everywhere.
 *   <li><b>No heap copy.</b> Ranges are read into two pooled direct buffers ({@link DirectBuffers})
 *       and compared with {@link ByteBuffer#mismatch} (vectorized): one copy from the page cache
 *       per side, where heap buffers cost the JDK's temporary direct buffer and a second copy.
 * </ul>
 * Both channels are read with positional reads: their positions do not move.
 */
final class ContentComparison {
    /** What a read of a hole gives, to compare data with: read-only, sliced per use. */
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(DirectBuffers.SIZE).asReadOnlyBuffer();

    private ContentComparison() {}

    /**
     * Where a file's data lies, as {@code lseek(SEEK_DATA)} and {@code lseek(SEEK_HOLE)} say. An
     * answer that cannot be had (the call failed, the filesystem has no such query) must be
     * "data here", never "a hole": that only costs a read.
     */
    public interface Extents {
        /**
         * @param pos an offset below the file's size
         * @return the first offset at or after {@code pos} that may hold data, or {@code Long.MAX_VALUE} when only a hole follows
         */
        long nextData(long pos);

        /**
         * @param pos an offset that holds data
         * @return the first offset after {@code pos} that is a hole or the file's end
         */
        long nextHole(long pos);
    }

    /**
     * Whether the first {@code size} bytes of {@code source} and {@code copy} are equal (bytes past
     * them do not count; a file shorter than {@code size} is not equal).
     *
     * @param sourceData where the source's data lies, or null where nothing says (all data)
     * @param copyData the same for the copy
     * @throws IOException a read failed, or a file ended before its size said
     */
    public static boolean same(FileChannel source, Extents sourceData, FileChannel copy, Extents copyData, long size)
            throws IOException {
        if (source.size() < size || copy.size() < size) {
            return false;
        }
        ByteBuffer a = DirectBuffers.take();
        ByteBuffer b = DirectBuffers.take();
        try {
            long pos = 0;
            while (pos < size) {
                long da = sourceData == null ? pos : Math.max(pos, sourceData.nextData(pos));
                long db = copyData == null ? pos : Math.max(pos, copyData.nextData(pos));
                pos = Math.min(da, db);
                if (pos >= size) {
                    return true; // a hole in both to the end
                }
                boolean inA = da == pos;
                boolean inB = db == pos;
                // the range where neither side changes between data and hole
                long end = Math.min(size, Math.min(
                        inA ? (sourceData == null ? size : sourceData.nextHole(pos)) : da,
                        inB ? (copyData == null ? size : copyData.nextHole(pos)) : db));
                if (end <= pos) {
                    end = Math.min(size, pos + a.capacity()); // an answer that makes no progress: read on as data
                    inA = true;
                    inB = true;
                }
                if (!sameRange(source, inA ? a : null, copy, inB ? b : null, pos, end)) {
                    return false;
                }
                pos = end;
            }
            return true;
        } finally {
            DirectBuffers.give(b);
            DirectBuffers.give(a);
        }
    }

    /** Compares {@code [from, to)}: the side given a null buffer is a hole there (zeros) and is not read. */
    private static boolean sameRange(FileChannel source, ByteBuffer a, FileChannel copy, ByteBuffer b, long from, long to)
            throws IOException {
        int chunk = (a != null ? a : b).capacity();
        for (long at = from; at < to; ) {
            int n = (int) Math.min(chunk, to - at);
            ByteBuffer x = a != null ? read(source, a, at, n) : ZEROS.slice(0, n);
            ByteBuffer y = b != null ? read(copy, b, at, n) : ZEROS.slice(0, n);
            if (x.mismatch(y) >= 0) {
                return false;
            }
            at += n;
        }
        return true;
    }

    private static ByteBuffer read(FileChannel ch, ByteBuffer buf, long at, int n) throws IOException {
        buf.clear().limit(n);
        while (buf.hasRemaining()) {
            if (ch.read(buf, at + buf.position()) < 0) {
                throw new EOFException("ended at byte " + (at + buf.position()));
            }
        }
        return buf.flip();
    }
}
