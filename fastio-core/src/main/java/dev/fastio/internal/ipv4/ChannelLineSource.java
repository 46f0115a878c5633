package dev.fastio.internal.ipv4;

import dev.fastio.internal.FileErrors;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.version.NativeOpenFile;
import dev.fastio.internal.version.OpenFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A local file as the parser reads it: positional reads on one {@link FileChannel}. Whether the
 * parse saw one version is judged by its caller's pass ({@code OneVersion}) once this is closed.
 */
public final class ChannelLineSource implements LineSource {
    private final Path file;
    private static final NativeLayer NATIVE = NativeLayer.get();
    private final OpenFile open;
    private final FileChannel ch;
    /** The size at open, asked by the parser (inside its handling of interrupts); -1 until then. */
    private long size = -1;
    /** Bytes read by relative reads (to end of file, where the size said nothing). */
    private long readToEnd;

    public ChannelLineSource(Path file) throws IOException {
        this.file = file;
        this.open = NativeOpenFile.open(NATIVE, file); // native layer: a descriptor to stamp, not the name
        this.ch = open != null ? open.channel() : FileChannel.open(file);
    }

    /** The file as opened, whose stamp is its descriptor's (the native layer); null on the JDK path, where the name is stamped. */
    public OpenFile openFile() {
        return open;
    }

    /**
     * After the parse: the size the parser saw at open; where that was 0 (or never asked), the
     * bytes it read to end of file, which the stamp after must then show (procfs's says nothing).
     */
    public long sizeSeen() {
        return size > 0 ? size : readToEnd;
    }

    /** The size the open descriptor gave the parser, or 0 where it said nothing or was not asked. */
    public long descriptorSize() {
        return Math.max(size, 0);
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
            int n = ch.read(ByteBuffer.wrap(b, off, len));
            readToEnd += Math.max(0, n);
            return n;
        } catch (IOException e) {
            throw FileErrors.named(file, e);
        }
    }

    @Override
    public void rewind() throws IOException {
        ch.position(0);
        readToEnd = 0;
    }

    @Override
    public boolean sizesUnreliable() {
        return FileSizes.sizesUnreliable(file);
    }

    /** Nothing: the parse's pass judges the file once it is closed ({@code Ipv4Parser}, through {@code OneVersion}). */
    @Override
    public void finished() {
        // the stamp after the parse is the pass's (StampedByName), taken by the caller
    }

    @Override
    public void close() throws IOException {
        if (open != null) {
            open.close();
        } else {
            ch.close();
        }
    }
}
