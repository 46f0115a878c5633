package dev.fastio.internal.copy;

import dev.fastio.copy.CopyProgress;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * One way to move bytes from an open source channel to an open, empty destination channel. The
 * seam where later strategies plug in (the native layer's {@code copy_file_range} is {@code DescriptorSource}'s, beside it);
 * {@link CopyRunner#strategyFor} is the one place that picks among them.
 */
public interface CopyStrategy {
    /** A short name for reports and the CLI summary. */
    String name();

    /**
     * Copies bytes {@code [0, size)} of {@code in} to position 0 of {@code out}, and checks that
     * the source ends there. Returns {@code size}; less if the source ended early (it shrank);
     * {@code size + 1} if it has bytes past {@code size} (it grew), having still copied all of
     * {@code [0, size)} and nothing past it. The caller treats both as errors, or a growth as a
     * prefix copied ({@code Growth.PREFIX}). Checking the end is the strategy's job because it
     * can often do it for free (a read that asks for one byte more than remains).
     */
    long copy(FileChannel in, FileChannel out, long size, CopyProgress progress) throws IOException;
}
