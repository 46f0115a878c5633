package dev.fastio.copy;

/** What a finished copy did: bytes copied, wall time, and the strategy that moved them. */
public record CopyResult(long bytes, long nanos, String strategy) {
    public double seconds() {
        return nanos / 1e9;
    }
}
