package dev.fastio.internal.read;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.version.FileStamp;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.nativeio.Linux;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.Stat;
import dev.fastio.internal.nativeio.SyscallFaults;
import dev.fastio.internal.nativeio.Syscalls;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The native layer's whole-file read, written once for both bindings: libc's {@code open},
 * {@code read} and {@code statx} of the descriptor, as one {@link OneVersion} pass. Errors are
 * the exceptions {@code Files} throws for the same {@code errno}, naming the file; a read checks
 * the thread's interrupt status before it starts and between chunks and throws
 * {@code ClosedByInterruptException}, as an interrupted {@code FileChannel} read does, the
 * descriptor closed first.
 */
final class NativeWholeRead {
    private NativeWholeRead() {}

    /**
     * Bytes the first read of a whole-file read asks for: the pooled buffer's 256 KiB, so files up
     * to that size are read in one call (with 64 KiB, a file of 64 KiB to 256 KiB paid a second
     * read, a read that finds end of file and a second {@code statx}); the JDK path does the same.
     */
    static final int SMALL = DirectBuffers.SIZE;

    /**
     * Reads the whole file: one version of it with {@code checked} (else the bytes as read).
     *
     * @param layer the layer, active (a test's carries a fault plan)
     * @param file the file, on the default filesystem
     * @param checked whether {@link OneVersion} judges the pass
     * @return its bytes
     * @throws IOException as {@code Files.readAllBytes} throws for the same failure, naming the file
     */
    static byte[] readAllBytes(NativeLayer layer, OneVersion rule, Path file, boolean checked) throws IOException {
        layer.used();
        WholeRead pass = new WholeRead(layer, file);
        return checked ? rule.read(file, pass) : pass.read();
    }

    /**
     * One pass of a whole-file read, for {@link OneVersion}: open; one {@code read} of up to
     * {@link #SMALL} bytes into a pooled buffer, without asking the size first; one {@code statx}
     * of the descriptor, whose size confirms that the read reached end of file (so no read is
     * made to find it) and whose ctime the rule judges; close. Four calls for a file under
     * {@link #SMALL} bytes, against the five of {@code Files.readAllBytes} and the four of Okio,
     * which checks nothing. A larger file, or one whose size says nothing (procfs: 0) or
     * disagrees with the read, is read on to end of file into an array of its size, in place,
     * and judged by the {@code statx} after that.
     */
    private static final class WholeRead implements OneVersion.Pass<byte[]> {
        private final NativeLayer layer;
        private final Path file;
        private Stat stamp;
        private long changed;

        WholeRead(NativeLayer layer, Path file) {
            this.layer = layer;
            this.file = file;
        }

        @Override
        public byte[] read() throws IOException {
            NativeLayer.checkInterrupt();
            stamp = null;
            changed = OneVersion.NO_VERSION;
            Syscalls c = layer.syscalls(file);
            try {
                return readWith(c, c.name());
            } finally {
                NativeLayer.release(c);
            }
        }

        private byte[] readWith(Syscalls c, long name) throws IOException {
            ByteBuffer pooled = DirectBuffers.take();
            try {
                int fd = c.open(name, Linux.O_RDONLY | Linux.O_CLOEXEC, 0);
                if (fd < 0) {
                    throw c.openFailed(file);
                }
                try {
                    long n = c.read(fd, pooled, 0, SMALL);
                    if (n < 0) {
                        throw c.readFailed(file);
                    }
                    if (n == 0) {
                        return new byte[0]; // end of file at once: empty then, whatever its size says now
                    }
                    Stat after = fstat(c, fd);
                    if (n < SMALL && after.regular() && after.size() == n) { // one read held the whole file
                        judge(after, n);
                        byte[] bytes = new byte[(int) n];
                        pooled.get(0, bytes);
                        return bytes;
                    }
                    // more than one read's worth, or a size that says nothing (0) or disagrees: on to end of file
                    long hint = after.regular() ? after.size() : 0;
                    if (hint > FileSizes.MAX_ARRAY_LENGTH) {
                        throw FileSizes.tooLarge(file, hint);
                    }
                    byte[] bytes = FileSizes.readToEnd(new PrefixedReader(pooled, (int) n, new DescriptorReader(c, fd, file)),
                            Math.max(hint, n), file);
                    if (after.regular()) {
                        judge(fstat(c, fd), bytes.length);
                        if (changed != OneVersion.NO_VERSION && !after.equals(stamp)) {
                            changed = OneVersion.UNSETTLED; // a write started during the read
                        }
                    }
                    return bytes;
                } finally {
                    c.close(fd);
                }
            } finally {
                DirectBuffers.give(pooled);
            }
        }

        private Stat fstat(Syscalls c, int fd) throws IOException {
            if (c.statx(fd, Linux.STATX_BASIC_STATS) < 0) {
                throw c.readFailed(file);
            }
            return c.stat();
        }

        /** The stamp after the read, and what it says: a size of 0 nothing; another size than was read, a change. */
        private void judge(Stat after, long read) {
            stamp = after;
            if (after.size() == read) {
                changed = after.ctimeSeconds() * 1000 + after.ctimeNanos() / 1_000_000;
            } else {
                // procfs, sysfs: the size says nothing, and neither do the times; elsewhere the file changed
                changed = FileSizes.sizesUnreliable(file) ? OneVersion.NO_VERSION : OneVersion.UNSETTLED;
            }
        }

        @Override
        public long changedMillis() {
            return changed;
        }

        @Override
        public FileStamp stamp() {
            return stamp == null ? null : FileStamp.of(stamp);
        }

        @Override
        public boolean same(byte[] a, byte[] b) {
            return java.util.Arrays.equals(a, b);
        }
    }

    /** The bytes a first read put in the pooled buffer, then the descriptor's. */
    private static final class PrefixedReader implements FileSizes.ByteReader {
        private final ByteBuffer scratch;
        private final int length;
        private final DescriptorReader rest;
        private int served;

        PrefixedReader(ByteBuffer scratch, int length, DescriptorReader rest) {
            this.scratch = scratch;
            this.length = length;
            this.rest = rest;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            if (served < length) {
                int n = Math.min(len, length - served);
                scratch.get(served, buf, off, n);
                served += n;
                return n;
            }
            return rest.read(buf, off, len);
        }
    }
}
