package dev.fastio.hadoop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.fs.ByteBufferReadable;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.FutureDataInputStreamBuilder;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.impl.OpenFileParameters;

/**
 * A filesystem whose streams run {@code afterRead} after each read: how a test changes a file,
 * stops a datanode or fails a part in the middle of a load. The fault comes in with the
 * filesystem the caller passes, as {@code FileOps} does for a local copy; the library has no hook.
 * Everything else is the wrapped filesystem's (its URI too, so the qualified names in messages
 * are the same).
 */
final class HookedFileSystem extends FilterFileSystem {
    private final Runnable afterRead;

    HookedFileSystem(FileSystem fs, Runnable afterRead) {
        super(fs);
        this.afterRead = afterRead;
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        return new FSDataInputStream(new Hooked(fs.open(f, bufferSize)));
    }

    /** A builder that opens through this filesystem ({@code FilterFileSystem} hands the wrapped one's out). */
    @Override
    public FutureDataInputStreamBuilder openFile(Path path) {
        return createDataInputStreamBuilder(this, path);
    }

    @Override
    protected CompletableFuture<FSDataInputStream> openFileWithOptions(Path path, OpenFileParameters parameters) throws IOException {
        return super.openFileWithOptions(path, parameters).thenApply(in -> new FSDataInputStream(new Hooked(in)));
    }

    /** The wrapped stream's reads, each followed by the hook; its capabilities (reads into byte buffers) kept. */
    private final class Hooked extends FSInputStream implements ByteBufferReadable, StreamCapabilities {
        private final FSDataInputStream in;

        Hooked(FSDataInputStream in) {
            this.in = in;
        }

        private <T> T after(T result) {
            afterRead.run();
            return result;
        }

        @Override
        public int read() throws IOException {
            return after(in.read());
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return after(in.read(b, off, len));
        }

        @Override
        public int read(ByteBuffer buf) throws IOException {
            return after(in.read(buf));
        }

        @Override
        public int read(long position, byte[] buffer, int offset, int length) throws IOException {
            return after(in.read(position, buffer, offset, length));
        }

        @Override
        public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
            in.readFully(position, buffer, offset, length);
            afterRead.run();
        }

        @Override
        public void seek(long pos) throws IOException {
            in.seek(pos);
        }

        @Override
        public long getPos() throws IOException {
            return in.getPos();
        }

        @Override
        public boolean seekToNewSource(long targetPos) throws IOException {
            return in.seekToNewSource(targetPos);
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public boolean hasCapability(String capability) {
            return in.hasCapability(capability);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
