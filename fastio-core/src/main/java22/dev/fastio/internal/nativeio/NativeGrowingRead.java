package dev.fastio.internal.nativeio;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.FileStamp;
import dev.fastio.internal.GrowingPrefix;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * The native layer's read of a file that grows ({@code Growth.PREFIX}): {@code pread}s of one
 * descriptor, judged by {@link GrowingPrefix}'s rule with the name's {@code statx}.
 */
final class NativeGrowingRead {
    private NativeGrowingRead() {}

    /**
     * Reads the first bytes of a file that may grow, up to its size at open, by
     * {@link GrowingPrefix}'s rule: the stamp at open is the open descriptor's {@code statx}, the
     * one after the read the name's (so a file renamed over the name is another file, as on the
     * JDK path), and both reads are {@code pread}s of the descriptor. A size of 0, or a file that is not regular, is read to
     * end of file once, as {@link #readAllBytes} does. Counted in {@link #uses()}.
     *
     * @param faults the test's fault plan the calls consult, or null (none)
     * @param file the file, on the default filesystem
     * @return its first bytes
     * @throws IOException as {@code Files.readAllBytes} throws for the same failure, or a
     *     {@code FileChangedException}; names the file
     */
    public static byte[] readGrowing(SyscallFaults faults, Path file) throws IOException {
        NativeFiles.USES.increment();
        NativeFiles.checkInterrupt(file);
        try (Arena arena = Arena.ofConfined()) {
            Syscalls c = new Syscalls(arena, faults, file);
            int fd = NativeFiles.open(c, file);
            try {
                long[] before = NativeFiles.fstat(c, fd, file);
                if (before[7] == 0 || before[0] == 0) {
                    return FileSizes.readToEnd(new DescriptorReader(c, fd, file), before[7] != 0 ? before[0] : 0, file);
                }
                return GrowingPrefix.readAllBytes(file, new DescriptorPrefix(c, fd, file), FileStamp.of(Stat.of(before)), before[0]);
            } finally {
                c.close(fd);
            }
        }
    }

    /** A growing file's reads: libc's {@code pread} of one descriptor into the caller's array, and its {@code statx}. */
    private static final class DescriptorPrefix implements GrowingPrefix.Source {
        private final Syscalls c;
        private final int fd;
        private final Path file;

        DescriptorPrefix(Syscalls c, int fd, Path file) {
            this.c = c;
            this.fd = fd;
            this.file = file;
        }

        /** At most one chunk; -1 at end of file. */
        @Override
        public int read(long position, byte[] buf, int off, int len) throws IOException {
            NativeFiles.checkInterrupt(file);
            long n = Math.min(NativeFiles.CHUNK, len);
            long r = c.pread(fd, MemorySegment.ofArray(buf).asSlice(off, n), n, position);
            if (r > 0) {
                return (int) r;
            }
            if (r == 0) {
                return -1;
            }
            throw Errno.readFailed(file, c.errno());
        }

        /**
         * The stamp of the name, as on the JDK path: a file renamed over it, or recreated, is
         * another file (the descriptor's own stamp would show the file opened, which a rename
         * leaves whole). Only compared, never read through: the reads stay on the descriptor.
         */
        @Override
        public FileStamp stamp() throws IOException {
            try {
                return FileStamp.of(Stat.of(NativeStats.stat(c.faults(), file)));
            } catch (java.nio.file.NoSuchFileException gone) {
                return null; // removed: the descriptor still reads the file it opened, and the content decides
            }
        }
    }
}
