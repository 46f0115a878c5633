package dev.fastio.copy;

/**
 * Told how far a copy has got. Called on the copying thread after each chunk (every
 * 16 MiB for big files, once for small ones), so it must be
 * quick; a progress bar that redraws at most every few milliseconds costs nothing measurable.
 */
@FunctionalInterface
public interface CopyProgress {
    /**
     * {@code done} of {@code total} bytes are in the destination (temporary) file; {@code total}
     * is -1 while the source is read to end of file because its size says nothing (procfs, pipes).
     *
     * @param done bytes copied so far
     * @param total bytes to copy, or -1 when unknown
     */
    void update(long done, long total);

    /** A listener that ignores every update. */
    CopyProgress NONE = (done, total) -> {};
}
