package dev.fastio.hadoop;

import dev.fastio.internal.ipv4.LineSource;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A Hadoop file as core's IPv4 parser reads it: positioned reads on the one stream
 * {@link OpenedFile} opened, and the file's status checked again once the parse is done, so a
 * file rewritten or deleted while its pieces were parsed is an error.
 */
final class HadoopLineSource implements LineSource {
    private final OpenedFile f;

    HadoopLineSource(OpenedFile f) {
        this.f = f;
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
        return f.in.read(position, b, off, len);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return f.in.read(b, off, len);
    }

    @Override
    public void rewind() throws IOException {
        f.in.seek(0);
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
        f.close();
    }
}
