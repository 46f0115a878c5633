package dev.fastio.internal.copy;

import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.copy.CopyProgress;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Positional reads into a pooled direct buffer, each written out whole: article 003's "NIO
 * buffer" copy without its per-copy allocation. For a file that fits the buffer this is two
 * system calls ({@code pread}, {@code write}). The buffer comes from {@link DirectBuffers}, which
 * says why it is direct and pooled.
 */
public final class BufferCopy implements CopyStrategy {
    public static final BufferCopy INSTANCE = new BufferCopy();

    private BufferCopy() {}

    @Override
    public String name() {
        return "buffer";
    }

    @Override
    public long copy(FileChannel in, FileChannel out, long size, CopyProgress progress) throws IOException {
        ByteBuffer buf = DirectBuffers.take();
        try {
            return copy(in, out, size, progress, buf);
        } finally {
            DirectBuffers.give(buf);
        }
    }

    /**
     * Copies from byte {@code from} of {@code in} to end of file, appending to {@code out}: for
     * sources whose size says nothing (procfs, pipes) or was wrong (sysfs, some FUSE). Positional
     * reads when {@code positional}, else relative ones (a pipe cannot seek; a freshly opened
     * channel is at 0). Progress reports a total of -1: unknown. Returns the bytes now in
     * {@code out} from the start, {@code from} included.
     */
    static long copyToEnd(FileChannel in, FileChannel out, long from, boolean positional, CopyProgress progress)
            throws IOException {
        ByteBuffer buf = DirectBuffers.take();
        try {
            long done = from;
            while (true) {
                buf.clear();
                int n = positional ? in.read(buf, done) : in.read(buf);
                if (n < 0) {
                    return done;
                }
                buf.flip();
                while (buf.hasRemaining()) {
                    out.write(buf);
                }
                done += n;
                progress.update(done, -1);
            }
        } finally {
            DirectBuffers.give(buf);
        }
    }

    private static long copy(FileChannel in, FileChannel out, long size, CopyProgress progress, ByteBuffer buf)
            throws IOException {
        long done = 0;
        while (true) {
            // ask for one byte more than remains: a file that grew shows it without an fstat
            int want = (int) Math.min(buf.capacity(), size - done + 1);
            buf.clear().limit(want);
            int n = in.read(buf, done);
            if (n < 0) {
                return done;
            }
            if (done + n > size) {
                buf.flip().limit((int) (size - done)); // the bytes up to the size, for a growing copy's prefix
                while (buf.hasRemaining()) {
                    out.write(buf);
                }
                progress.update(size, size);
                return size + 1;
            }
            buf.flip();
            while (buf.hasRemaining()) {
                out.write(buf);
            }
            done += n;
            progress.update(done, size);
            if (done == size && n < want) {
                return done; // a short read at the expected end: end of file
            }
        }
    }
}
