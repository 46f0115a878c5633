package dev.fastio.internal.ipv4;

import dev.fastio.internal.FileErrors;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.RacyWindow;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A local file as the parser reads it: positional reads on one {@link FileChannel}; once parsed,
 * one {@code stat} says whether the file changed meanwhile ({@link RacyWindow#mustConfirm}).
 */
public final class ChannelLineSource implements LineSource {
    private final Path file;
    private final long start;
    private final FileChannel ch;
    /** The size at open, asked by the parser (inside its handling of interrupts); -1 until then. */
    private long size = -1;
    private boolean mustConfirm;

    public ChannelLineSource(Path file) throws IOException {
        this.file = file;
        this.start = System.currentTimeMillis();
        this.ch = FileChannel.open(file);
    }

    /** After the parse: whether it is to be done again and compared (the file was written to just before or during it). */
    public boolean mustConfirm() {
        return mustConfirm;
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
        if (size < 0) {
            size = ch.size();
        }
        return size;
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
    public void finished() throws IOException {
        mustConfirm = RacyWindow.mustConfirm(file, start, Math.max(0, size));
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }
}
