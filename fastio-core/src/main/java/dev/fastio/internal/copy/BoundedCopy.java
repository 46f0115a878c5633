package dev.fastio.internal.copy;

import dev.fastio.copy.CopyProgress;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The copy loop of the JDK path's strategies ({@link BufferCopy}, {@link SparseCopy}): positional
 * reads of a file expected to be {@code size} bytes long into one pooled buffer, each filled
 * before it is handed on so that its blocks stay aligned to the file's offsets; how a buffer is
 * written is the strategy's ({@link Sink}). Each read asks for one byte more than remains: a file
 * that grew shows it without an {@code fstat}, and a short read at the expected end is end of
 * file without another read.
 */
final class BoundedCopy {
    /** Writes what a buffer holds. */
    @FunctionalInterface
    interface Sink {
        /**
         * Writes {@code buf[0, n)}, the source's bytes from {@code at}.
         *
         * @param buf the buffer; its position and limit are the sink's to use
         * @param n the bytes to write
         * @param at their offset in the source
         */
        void write(ByteBuffer buf, int n, long at) throws IOException;
    }

    private BoundedCopy() {}

    /**
     * Copies {@code in} from its start through {@code buf} to {@code sink}.
     *
     * @return the bytes copied; fewer than {@code size} where the file ended early, and
     *     {@code size + 1} where it has more than {@code size} bytes (then the first {@code size}
     *     were written, for a growing copy's prefix)
     */
    static long copy(FileChannel in, long size, CopyProgress progress, ByteBuffer buf, Sink sink) throws IOException {
        long done = 0;
        while (true) {
            int want = (int) Math.min(buf.capacity(), size - done + 1);
            buf.clear().limit(want);
            int n = 0;
            while (n < want) {
                int r = in.read(buf, done + n);
                if (r < 0) {
                    break;
                }
                n += r;
                if (done + n == size && n < want) {
                    break; // a short read at the expected end: end of file, without another read
                }
            }
            if (done + n > size) {
                sink.write(buf, (int) (size - done), done); // the bytes up to the size, for a growing copy's prefix
                progress.update(size, size);
                return size + 1;
            }
            sink.write(buf, n, done);
            done += n;
            if (n > 0) {
                progress.update(done, size);
            }
            if (n < want) {
                return done; // end of file: at the size, or short of it (the caller says which)
            }
        }
    }
}
