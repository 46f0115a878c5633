package dev.fastio.internal.nativeio;

import dev.fastio.internal.FileSizes;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/** libc's {@code read} on one descriptor, into the caller's array: no direct buffer, no copy. */
final class DescriptorReader implements FileSizes.ByteReader {
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
        NativeFiles.checkInterrupt(file);
        long n = Math.min(NativeFiles.CHUNK, len);
        long r = c.read(fd, MemorySegment.ofArray(buf).asSlice(off, n), n);
        if (r > 0) {
            return (int) r;
        }
        if (r == 0) {
            return len == 0 ? 0 : -1;
        }
        throw Errno.readFailed(file, c.errno());
    }
}
