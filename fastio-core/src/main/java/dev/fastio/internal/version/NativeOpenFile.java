package dev.fastio.internal.version;

import dev.fastio.internal.nativeio.Linux;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.Stat;
import dev.fastio.internal.nativeio.Syscalls;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A file opened with libc for readers that read through a channel and must stamp what they read
 * ({@link OpenFile}): the channel is over the descriptor's {@code /proc/self/fd} entry, which
 * opens the file the descriptor holds, not the name again. Written once for both bindings.
 */
public final class NativeOpenFile {
    private NativeOpenFile() {}

    /**
     * Opens {@code file} with libc and a channel over that descriptor's {@code /proc/self/fd}
     * entry, for readers that must stamp what they read; null where the layer does not handle
     * the file, or it is not a regular file (the caller then opens a channel and stamps the name).
     *
     * @param layer the native layer
     * @param file the file
     * @return the open file, or null; the caller closes it
     * @throws IOException as {@code FileChannel.open} would throw, naming the file
     */
    public static OpenFile open(NativeLayer layer, Path file) throws IOException {
        if (!layer.handles(file) || !NativeLayer.procFd()) {
            return null;
        }
        // no interrupt check here: the channel's reads make it, as a channel opened by name would
        Syscalls c = layer.syscalls(file);
        int fd = -1;
        try {
            // only a regular file: a second open of a pipe's /proc/self/fd entry waits for a writer
            // that may be gone, and a pipe has no version to stamp (the caller reads it by name)
            if (c.statxAt(Linux.AT_FDCWD, c.name(), 0, Linux.STATX_BASIC_STATS) < 0 || c.statType() != Linux.S_IFREG) {
                NativeLayer.release(c);
                return null;
            }
            fd = c.open(c.name(), Linux.O_RDONLY | Linux.O_CLOEXEC, 0);
            if (fd < 0) {
                throw c.openFailed(file);
            }
            if (c.statx(fd, Linux.STATX_BASIC_STATS) < 0 || c.statType() != Linux.S_IFREG) {
                throw new dev.fastio.read.FileChangedException(file.toString(),
                        "it was replaced by something that is not a regular file as it was opened");
            }
            FileChannel ch = FileChannel.open(Path.of("/proc/self/fd/" + fd));
            return new DescriptorFile(c, fd, file, ch);
        } catch (IOException | RuntimeException | Error e) {
            if (fd >= 0) {
                c.close(fd);
            }
            NativeLayer.release(c);
            throw e;
        }
    }

    /** A descriptor held open beside a channel over it: the channel reads, the descriptor is stamped. */
    private static final class DescriptorFile implements OpenFile {
        private final Syscalls c;
        private final int fd;
        private final Path file;
        private final FileChannel ch;

        DescriptorFile(Syscalls c, int fd, Path file, FileChannel ch) {
            this.c = c;
            this.fd = fd;
            this.file = file;
            this.ch = ch;
        }

        @Override
        public FileChannel channel() {
            return ch;
        }

        @Override
        public Stat stat() throws IOException {
            if (c.statx(fd, Linux.STATX_BASIC_STATS) < 0) {
                throw c.readFailed(file);
            }
            return c.stat();
        }

        @Override
        public void close() throws IOException {
            try {
                ch.close();
            } finally {
                c.close(fd);
                NativeLayer.release(c);
            }
        }
    }
}
