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
        // a class, not a lambda: a fresh JVM's first lambda costs milliseconds (see internal.parallel.Parts)
        return BoundedCopy.copy(in, size, progress, buf, new BoundedCopy.Sink() {
            @Override
            public void write(ByteBuffer b, int n, long at) throws IOException {
                b.limit(n).position(0);
                while (b.hasRemaining()) {
                    out.write(b);
                }
            }
        });
    }
}
