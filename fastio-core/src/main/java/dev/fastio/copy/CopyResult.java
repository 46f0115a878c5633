package dev.fastio.copy;

/**
 * What a finished copy did.
 *
 * @param bytes the bytes copied
 * @param nanos the wall time of the whole call, checks included
 * @param strategy how the bytes moved: {@code "buffer"}, {@code "transferTo"}, {@code "symlink"},
 *     or {@code "buffer, to end of file"} for a source whose size said nothing
 */
public record CopyResult(long bytes, long nanos, String strategy) {
    /**
     * Returns the wall time in seconds.
     *
     * @return the wall time in seconds
     */
    public double seconds() {
        return nanos / 1e9;
    }
}
