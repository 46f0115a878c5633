package dev.fastio.internal.ipv4;

/**
 * The seam between {@link ParallelLineParser} and the code that parses one line fast. A kernel
 * takes the common case, a well-formed line, and refuses (-1) anything unusual, leaving it to
 * {@link ExactLineParser}, the reference: what a kernel accepts it must read exactly as the exact
 * parser does, whatever bytes follow the line ({@code LineKernelTest} holds every kernel to it).
 * {@link LineKernels} picks the kernel once per JVM.
 */
public interface LineKernel {
    /**
     * Parses the line starting at {@code b[i]}: returns {@code (next line start << 32) | address},
     * or -1 to leave the line to the exact parser. The array must hold at least 32 bytes past
     * {@code i} ({@link BlockKernel#PAD}): a kernel reads a fixed window, whatever the line's length.
     */
    long line(byte[] b, int i);

    /**
     * How many stretches of a block the parser runs through this kernel at once, one line of each
     * per turn (2 or 4): each line waits for the previous one's end, so independent chains
     * overlap; how many pay depends on the kernel's length (docs/PERFORMANCE.md, "IPv4 parse
     * with the Vector API").
     */
    int chains();

    /** The kernel's name, as {@code -Dfastio.ipv4.kernel} spells it. */
    String name();
}
