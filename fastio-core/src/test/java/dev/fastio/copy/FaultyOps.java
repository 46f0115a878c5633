package dev.fastio.copy;

import dev.fastio.internal.copy.FileOps;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.FileAttribute;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * File operations that fail the Nth call among open, read, write, transfer, force, close, link
 * and rename, counted across all channels of one copy. A failure is an IOException thrown either
 * before the real call ({@link Mode#BEFORE}) or after it has done its work ({@link Mode#AFTER},
 * the worse case: bytes reached the file, then the error). A failing close still releases the
 * descriptor, as close(2) does on Linux.
 */
final class FaultyOps implements FileOps {
    enum Mode { BEFORE, AFTER }

    private final int failAt;
    private final Mode mode;
    private int calls;
    private int actAt;
    private IoCall<?> action;
    final List<String> log = new ArrayList<>();

    /** Fails call number {@code failAt} (1-based); 0 never fails and just counts. */
    FaultyOps(int failAt, Mode mode) {
        this.failAt = failAt;
        this.mode = mode;
    }

    /** Also runs {@code action} right after call number {@code n} succeeds (to change the source mid-copy). */
    FaultyOps onCall(int n, IoCall<?> action) {
        this.actAt = n;
        this.action = action;
        return this;
    }

    int calls() {
        return calls;
    }

    boolean failed() {
        return failAt > 0 && calls >= failAt;
    }

    /** Runs {@code op} as call number ++calls, failing it if it is the chosen one. */
    private <T> T call(String what, IoCall<T> op) throws IOException {
        int n = ++calls;
        log.add(what);
        if (n != failAt) {
            T result = op.run();
            if (n == actAt) {
                action.run();
            }
            return result;
        }
        if (mode == Mode.BEFORE) {
            throw new IOException("injected failure of " + what + " (call " + n + ")");
        }
        op.run();
        throw new IOException("injected failure after " + what + " (call " + n + ")");
    }

    @FunctionalInterface
    interface IoCall<T> {
        T run() throws IOException;
    }

    @Override
    public FileChannel open(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
        return faulty(() -> FileChannel.open(path, options, attrs));
    }

    @Override
    public FileChannel openIn(SecureDirectoryStream<Path> folder, Path entry, Set<? extends OpenOption> options,
            FileAttribute<?>... attrs) throws IOException {
        return faulty(() -> FileOps.JDK.openIn(folder, entry, options, attrs));
    }

    /** An open counted as one call, its channel's calls counted too. */
    private FileChannel faulty(IoCall<FileChannel> open) throws IOException {
        FileChannel[] opened = new FileChannel[1];
        try {
            return call("open", () -> {
                opened[0] = open.run();
                return new Faulty(opened[0]);
            });
        } catch (IOException e) {
            if (opened[0] != null) {
                opened[0].close(); // an open that "failed" after opening must not leak what it opened
            }
            throw e;
        }
    }

    @Override
    public void move(Path from, Path to) throws IOException {
        call("rename", () -> {
            FileOps.JDK.move(from, to);
            return null;
        });
    }

    @Override
    public void moveIn(SecureDirectoryStream<Path> folder, Path from, Path to) throws IOException {
        call("rename", () -> {
            FileOps.JDK.moveIn(folder, from, to);
            return null;
        });
    }

    @Override
    public void link(Path link, Path existing) throws IOException {
        call("link", () -> {
            FileOps.JDK.link(link, existing);
            return null;
        });
    }

    private final class Faulty extends FileChannel {
        private final FileChannel d;

        Faulty(FileChannel d) {
            this.d = d;
        }

        private FileChannel unwrap(Object ch) {
            return ch instanceof Faulty f ? f.d : (FileChannel) ch;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return call("read", () -> d.read(dst));
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return call("read", () -> d.read(dsts, offset, length));
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return call("read", () -> d.read(dst, position));
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return call("write", () -> d.write(src));
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            return call("write", () -> d.write(srcs, offset, length));
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            return call("write", () -> d.write(src, position));
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
            return call("write", () -> {
                d.truncate(size);
                return this;
            });
        }

        @Override
        public void force(boolean metaData) throws IOException {
            call("force", () -> {
                d.force(metaData);
                return null;
            });
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return call("transferTo", () -> d.transferTo(position, count, unwrap(target)));
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            return call("transferFrom", () -> d.transferFrom(unwrap(src), position, count));
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
        protected void implCloseChannel() throws IOException {
            try {
                call("close", () -> {
                    d.close();
                    return null;
                });
            } finally {
                d.close(); // idempotent: a failed close still frees the descriptor
            }
        }
    }
}
