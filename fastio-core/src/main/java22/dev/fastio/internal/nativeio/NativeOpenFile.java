package dev.fastio.internal.nativeio;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A file opened with libc for readers that read through a channel and must stamp what they
 * read ({@link NativeLayer.OpenFile}): the channel is over the descriptor's
 * {@code /proc/self/fd} entry, which opens the file the descriptor holds, not the name again.
 */
final class NativeOpenFile {
    private NativeOpenFile() {}

    /**
     * Opens {@code file} with libc and a channel over that descriptor's {@code /proc/self/fd}
     * entry (which opens the file the descriptor holds, not the name again), for readers that
     * read through a channel and must stamp what they read ({@link NativeLayer.OpenFile}).
     *
     * @param faults the test's fault plan the calls consult, or null (none)
     * @param file the file, on the default filesystem
     * @return the open file; the caller closes it
     * @throws IOException as {@code FileChannel.open} would throw, naming the file
     */
    static NativeLayer.OpenFile openForReading(SyscallFaults faults, Path file) throws IOException {
        // no interrupt check here: the channel's reads make it, as a channel opened by name would
        Arena arena = Arena.ofConfined();
        try {
            Syscalls c = new Syscalls(arena, faults, file);
            // only a regular file: a second open of a pipe's /proc/self/fd entry waits for a writer
            // that may be gone, and a pipe has no version to stamp (the caller reads it by name)
            if (c.statxAt(Libc.AT_FDCWD, c.name, 0, Libc.STATX_BASIC_STATS) < 0 || c.statType() != Libc.S_IFREG) {
                arena.close();
                return null;
            }
            int fd = NativeFiles.open(c, file);
            try {
                if (c.statx(fd, Libc.STATX_BASIC_STATS) < 0 || c.statType() != Libc.S_IFREG) {
                    throw new dev.fastio.read.FileChangedException(file.toString(),
                            "it was replaced by something that is not a regular file as it was opened");
                }
                FileChannel ch = FileChannel.open(Path.of("/proc/self/fd/" + fd));
                return new DescriptorFile(arena, c, fd, file, ch);
            } catch (IOException | RuntimeException e) {
                c.close(fd);
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** A descriptor held open beside a channel over it: the channel reads, the descriptor is stamped. */
    private static final class DescriptorFile implements NativeLayer.OpenFile {
        private final Arena arena;
        private final Syscalls c;
        private final int fd;
        private final Path file;
        private final FileChannel ch;

        DescriptorFile(Arena arena, Syscalls c, int fd, Path file, FileChannel ch) {
            this.arena = arena;
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
            return Stat.of(NativeFiles.fstat(c, fd, file));
        }

        @Override
        public void close() throws IOException {
            try {
                ch.close();
            } finally {
                c.close(fd);
                arena.close();
            }
        }
    }
}
