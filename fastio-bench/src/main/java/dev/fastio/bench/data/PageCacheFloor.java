package dev.fastio.bench.data;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The floor every load is compared with: the file read from the page cache into one reused 1 MB
 * direct buffer and dropped, which is what {@code dd if=FILE of=/dev/null bs=1M} does.
 */
public final class PageCacheFloor {
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);

    /** Reads the whole file; returns the bytes read, for the Blackhole. */
    public long read(Path file) throws IOException {
        long total = 0;
        try (FileChannel ch = FileChannel.open(file)) {
            for (int n; (n = ch.read(buffer.clear())) >= 0; ) {
                total += n;
            }
        }
        return total;
    }
}
