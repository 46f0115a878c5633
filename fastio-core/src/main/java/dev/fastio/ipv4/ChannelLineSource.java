package dev.fastio.ipv4;

import dev.fastio.internal.FileErrors;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.ipv4.LineSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** A local file as the parser reads it: positional reads on one {@link FileChannel}. */
final class ChannelLineSource implements LineSource {
    private final Path file;
    private final FileChannel ch;

    ChannelLineSource(Path file) throws IOException {
        this.file = file;
        this.ch = FileChannel.open(file);
    }

    @Override
    public String name() {
        return file.toString();
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public long size() throws IOException {
        return ch.size();
    }

    @Override
    public int read(long position, byte[] b, int off, int len) throws IOException {
        try {
            return ch.read(ByteBuffer.wrap(b, off, len), position);
        } catch (IOException e) {
            throw FileErrors.named(file, e); // "Is a directory" alone names nothing
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return ch.read(ByteBuffer.wrap(b, off, len));
        } catch (IOException e) {
            throw FileErrors.named(file, e);
        }
    }

    @Override
    public void rewind() throws IOException {
        ch.position(0);
    }

    @Override
    public boolean sizesUnreliable() {
        return FileSizes.sizesUnreliable(file);
    }

    @Override
    public void finished() {
        // a local file that changed size is caught by the reads and the probe past its end
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }
}
