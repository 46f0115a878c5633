package dev.fastio.internal.copy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A view of a staged file's channel for code that does not own it (an {@code AtomicWrite}
 * writer): closing the view leaves the channel open, since the staged file still syncs and
 * closes it, and a writer that wraps it in a stream closed by try-with-resources is the common case.
 */
public final class KeptOpenChannel extends FileChannel {
    private final FileChannel d;

    public KeptOpenChannel(FileChannel d) {
        this.d = d;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return d.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return d.read(dsts, offset, length);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return d.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return d.write(src);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        return d.write(srcs, offset, length);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        return d.write(src, position);
    }

    @Override
    public long position() throws IOException {
        return d.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        d.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return d.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        d.truncate(size);
        return this;
    }

    @Override
    public void force(boolean metaData) throws IOException {
        d.force(metaData);
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return d.transferTo(position, count, target instanceof KeptOpenChannel k ? k.d : target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        return d.transferFrom(src instanceof KeptOpenChannel k ? k.d : src, position, count);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        return d.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        return d.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return d.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() {
        // the staged file closes the channel itself
    }
}
