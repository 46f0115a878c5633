package dev.fastio.copy;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * One way to move bytes from an open source channel to an open, empty destination channel. The
 * seam where later strategies plug in (a JDK 22+ {@code copy_file_range} through the FFM API);
 * {@link FileCopy#strategyFor} is the one place that picks among them.
 */
public interface CopyStrategy {
    /** A short name for reports and the CLI summary. */
    String name();

    /**
     * Copies bytes {@code [0, size)} of {@code in} to position 0 of {@code out}. Returns the
     * number of bytes copied, which is less than {@code size} only if the source ended early
     * (it shrank during the copy); the caller treats that as an error.
     */
    long copy(FileChannel in, FileChannel out, long size, CopyProgress progress) throws IOException;
}
