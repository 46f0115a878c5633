package dev.fastio.internal.read;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.nativeio.Linux;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.Stat;
import dev.fastio.internal.nativeio.Syscalls;
import dev.fastio.internal.version.FileStamp;
import dev.fastio.internal.version.GrowingPrefix;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The native layer's read of a file that grows ({@code Growth.PREFIX}), written once for both
 * bindings: {@code pread}s of one descriptor, judged by {@link GrowingPrefix}'s rule with the
 * name's {@code statx}.
 */
final class NativeGrowingRead {
    private NativeGrowingRead() {}

    /**
     * Reads the first bytes of a file that may grow, up to its size at open, by
     * {@link GrowingPrefix}'s rule: the stamp at open is the open descriptor's {@code statx}, the
     * one after the read the name's (so a file renamed over the name is another file, as on the
     * JDK path), and both reads are {@code pread}s of the descriptor. A size of 0, or a file that
     * is not regular, is read to end of file once, as a strict read does. Counted in
     * {@link NativeLayer#uses()}.
     *
     * @param layer the layer, active
     * @param file the file, on the default filesystem
     * @return its first bytes
     * @throws IOException as {@code Files.readAllBytes} throws for the same failure, or a
     *     {@code FileChangedException}; names the file
     */
    static byte[] readGrowing(NativeLayer layer, OneVersion rule, Path file) throws IOException {
        layer.used();
        NativeLayer.checkInterrupt();
        Syscalls c = layer.syscalls(file);
        try {
            int fd = c.open(c.name(), Linux.O_RDONLY | Linux.O_CLOEXEC, 0);
            if (fd < 0) {
                throw c.openFailed(file);
            }
            try {
                if (c.statx(fd, Linux.STATX_BASIC_STATS) < 0) {
                    throw c.readFailed(file);
                }
                Stat before = c.stat();
                if (!before.regular() || before.size() == 0) {
                    return FileSizes.readToEnd(new DescriptorReader(c, fd, file), before.regular() ? before.size() : 0, file);
                }
                return GrowingPrefix.readAllBytes(file, new DescriptorPrefix(layer, c, fd, file), FileStamp.of(before), before.size(), rule);
            } finally {
                c.close(fd);
            }
        } finally {
            NativeLayer.release(c);
        }
    }

    /** A growing file's reads: libc's {@code pread} of one descriptor into the caller's array, and the name's {@code statx}. */
    private static final class DescriptorPrefix implements GrowingPrefix.Source {
        private final NativeLayer layer;
        private final Syscalls c;
        private final int fd;
        private final Path file;

        DescriptorPrefix(NativeLayer layer, Syscalls c, int fd, Path file) {
            this.layer = layer;
            this.c = c;
            this.fd = fd;
            this.file = file;
        }

        /** At most one chunk; -1 at end of file. */
        @Override
        public int read(long position, byte[] buf, int off, int len) throws IOException {
            NativeLayer.checkInterrupt();
            int n = Math.min(DescriptorReader.CHUNK, len);
            long r = c.pread(fd, buf, off, n, position);
            if (r > 0) {
                return (int) r;
            }
            if (r == 0) {
                return -1;
            }
            throw c.readFailed(file);
        }

        /**
         * The stamp of the name, as on the JDK path: a file renamed over it, or recreated, is
         * another file (the descriptor's own stamp would show the file opened, which a rename
         * leaves whole). Only compared, never read through: the reads stay on the descriptor.
         */
        @Override
        public FileStamp stamp() throws IOException {
            try {
                return FileStamp.of(layer.stat(file));
            } catch (java.nio.file.NoSuchFileException gone) {
                return null; // removed: the descriptor still reads the file it opened, and the content decides
            }
        }
    }
}
