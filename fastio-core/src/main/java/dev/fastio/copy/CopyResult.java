package dev.fastio.copy;

/**
 * What a finished copy did.
 *
 * @param bytes the bytes copied
 * @param nanos the wall time of the whole call, checks included
 * @param strategy how the bytes moved. The native layer: {@code "reflink"} (the copy shares the
 *     source's blocks), {@code "copy_file_range"}, {@code "read/write"} ({@code reflink=never}, or
 *     where the kernel refused the in-kernel copy), either with {@code ", sparse"} when only the
 *     source's data regions were copied. JDK path: {@code "buffer, sparse"} (zero blocks skipped),
 *     {@code "buffer"}, {@code "transferTo"}. Either: {@code "symlink"}, or
 *     {@code "buffer, to end of file"} for a source whose size said nothing
 * @param sourceGrew whether the source had bytes past those copied when the copy ended: only with
 *     {@link CopyOptions#growth(dev.fastio.read.Growth) growth(PREFIX)}, where {@code bytes} is then
 *     the source's size at open (without it, a source that grows fails the copy)
 */
public record CopyResult(long bytes, long nanos, String strategy, boolean sourceGrew) {
    /**
     * A copy of a source that did not grow.
     *
     * @param bytes the bytes copied
     * @param nanos the wall time of the whole call
     * @param strategy how the bytes moved
     */
    public CopyResult(long bytes, long nanos, String strategy) {
        this(bytes, nanos, strategy, false);
    }

    /**
     * Returns the wall time in seconds.
     *
     * @return the wall time in seconds
     */
    public double seconds() {
        return nanos / 1e9;
    }
}
