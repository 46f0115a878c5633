package dev.fastio.internal.read;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.Syscalls;
import java.io.IOException;
import java.nio.file.Path;

/** libc's {@code read} on one descriptor, into the caller's array in place: no direct buffer, no copy. */
final class DescriptorReader implements FileSizes.ByteReader {
    /**
     * Bytes per read call into a Java array: the array is pinned for the call, so a
     * stop-the-world pause waits for at most one chunk: microseconds from the page cache, and on
     * a page-cache miss one chunk's worth of disk reads (1 MiB at 200 MB/s is 5 ms).
     */
    static final int CHUNK = 1 << 20;

    private final Syscalls c;
    private final int fd;
    private final Path file;

    DescriptorReader(Syscalls c, int fd, Path file) {
        this.c = c;
        this.fd = fd;
        this.file = file;
    }

    /** At most one chunk; -1 at end of file. */
    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        NativeLayer.checkInterrupt();
        int n = Math.min(CHUNK, len);
        long r = c.read(fd, buf, off, n);
        if (r > 0) {
            return (int) r;
        }
        if (r == 0) {
            return len == 0 ? 0 : -1;
        }
        throw c.readFailed(file);
    }
}
