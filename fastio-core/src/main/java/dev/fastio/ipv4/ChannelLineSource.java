package dev.fastio.ipv4;

import dev.fastio.internal.FileErrors;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.FileStamp;
import dev.fastio.internal.ipv4.LineSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A local file as the parser reads it: positional reads on one {@link FileChannel}, between two
 * stamps of the file ({@link FileStamp}): the one taken before it is opened gives the size, the
 * one after the parse must equal it.
 */
final class ChannelLineSource implements LineSource {
    private final Path file;
    private final FileStamp before;
    private final FileChannel ch;

    ChannelLineSource(Path file) throws IOException {
        this.file = file;
        this.before = FileStamp.read(file);
        this.ch = FileChannel.open(file);
    }

    /** The file's stamp before it was opened: the version parsed. */
    FileStamp stamp() {
        return before;
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
    public long size() {
        return before.sizeHint();
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
        before.checkUnchanged(file, FileStamp.read(file));
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }
}
