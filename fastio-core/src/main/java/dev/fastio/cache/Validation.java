package dev.fastio.cache;

import java.time.Duration;

/**
 * When a cached entry is checked against its file. A check is one {@code stat}: size,
 * modification time at full resolution, and file key (inode), compared with what they were at load.
 */
public final class Validation {
    final long intervalNanos;

    private Validation(long intervalNanos) {
        this.intervalNanos = intervalNanos;
    }

    /** Check on every get: never stale, costs one stat per get. The default. */
    public static Validation always() {
        return new Validation(0);
    }

    /** Check at most once per {@code interval} per entry: may serve bytes up to that old. */
    public static Validation every(Duration interval) {
        if (interval.isNegative()) {
            throw new IllegalArgumentException("interval must not be negative: " + interval);
        }
        return new Validation(interval.toNanos());
    }

    /** Never check: serve what was loaded until {@link FileCache#invalidate} (or a watched folder) says otherwise. */
    public static Validation trustUntilInvalidated() {
        return new Validation(Long.MAX_VALUE);
    }

    @Override
    public String toString() {
        return intervalNanos == 0 ? "always" : intervalNanos == Long.MAX_VALUE ? "trust" : "every " + Duration.ofNanos(intervalNanos);
    }
}
