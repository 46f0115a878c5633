package dev.fastio.internal.copy;

import dev.fastio.copy.CopyProgress;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * {@link FileChannel#transferTo}: the kernel moves the bytes from page cache to page cache
 * ({@code sendfile} on JDK 17, {@code copy_file_range} on later JDKs, which is also what
 * {@code cp} uses), so they never cross into the JVM. Article 003's fastest method for big
 * files. Each call moves at most {@link #PROGRESS_CHUNK} bytes so a progress listener hears
 * about every chunk; at that size the extra calls cost nothing measurable.
 */
public final class TransferToCopy implements CopyStrategy {
    public static final TransferToCopy INSTANCE = new TransferToCopy();
    public static final long PROGRESS_CHUNK = 16L << 20;

    private TransferToCopy() {}

    @Override
    public String name() {
        return "transferTo";
    }

    @Override
    public long copy(FileChannel in, FileChannel out, long size, CopyProgress progress) throws IOException {
        long done = 0;
        while (done < size) {
            long n = in.transferTo(done, Math.min(PROGRESS_CHUNK, size - done), out);
            if (n <= 0) {
                // transferTo returns 0 at the end of the source: it is shorter than it was
                break;
            }
            done += n;
            progress.update(done, size);
        }
        if (done == size) {
            long now = in.size(); // changed since the copy began: grew, or shrank behind us
            return now > size ? size + 1 : Math.min(now, size);
        }
        return done;
    }
}
