package dev.fastio.hadoop;

import dev.fastio.internal.ipv4.LineSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A Hadoop file as core's IPv4 parser reads it, and the file's status checked again once the
 * parse is done, so a file rewritten or deleted while its pieces were parsed is an error.
 *
 * <p>The parser asks for positioned reads; each thread gets them from a stream of its own (the
 * calling thread from the one {@link OpenedFile} opened), moved with {@code seek} only when the
 * read is not where the stream already is. A piece is read block after block, so almost every
 * read is sequential: HDFS then keeps one block reader, where a positioned read costs a new one
 * each time (see {@link ArrayLoad}).
 */
final class HadoopLineSource implements LineSource {
    private final OpenedFile f;
    private final Thread owner = Thread.currentThread();
    private final ConcurrentHashMap<Thread, FSDataInputStream> streams = new ConcurrentHashMap<>();
    /** Where the next relative read starts. */
    private long relative;

    HadoopLineSource(OpenedFile f) {
        this.f = f;
    }

    private FSDataInputStream stream() throws IOException {
        Thread t = Thread.currentThread();
        if (t == owner) {
            return f.in;
        }
        FSDataInputStream in = streams.get(t);
        if (in == null) {
            in = f.reopen();
            streams.put(t, in);
        }
        return in;
    }

    @Override
    public String name() {
        return f.name;
    }

    @Override
    public Path file() {
        return null;
    }

    @Override
    public long size() {
        return f.status.getLen();
    }

    @Override
    public int read(long position, byte[] b, int off, int len) throws IOException {
        FSDataInputStream in = stream();
        if (in.getPos() != position) {
            in.seek(position);
        }
        return in.read(b, off, len);
    }

    /**
     * Relative reads (a source whose length reads 0, on the calling thread) are positioned reads
     * from a position kept here: Hadoop's local stream sits behind a {@code BufferedInputStream},
     * which asks {@code available()} after a short read, and procfs answers that with EINVAL.
     */
    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = f.in.read(relative, b, off, len);
        if (n > 0) {
            relative += n;
        }
        return n;
    }

    @Override
    public void rewind() {
        relative = 0;
    }

    @Override
    public boolean sizesUnreliable() {
        return false; // a Hadoop length disagreeing with the content means the file changed
    }

    @Override
    public void finished() throws IOException {
        f.checkUnchanged();
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (FSDataInputStream in : streams.values()) {
            try {
                in.close();
            } catch (IOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        streams.clear();
        if (first != null) {
            throw first;
        }
    }
}
