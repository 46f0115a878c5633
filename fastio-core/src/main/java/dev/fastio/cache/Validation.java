package dev.fastio.cache;

import java.time.Duration;

/**
 * When a cached entry is checked against its file. A check is one {@code stat}: size,
 * modification and change times at full resolution, and file key (inode), compared with what
 * they were at load.
 */
public final class Validation {
    final long intervalNanos;

    private Validation(long intervalNanos) {
        this.intervalNanos = intervalNanos;
    }

    /**
     * A policy that checks on every get: never stale, one {@code stat} per get. The default.
     *
     * @return check on every get: never stale, one {@code stat} per get. The default
     */
    public static Validation always() {
        return new Validation(0);
    }

    /**
     * A policy that checks at most once per {@code interval} per entry: it may serve bytes up to that old.
     *
     * @param interval how long a checked entry is served without another check
     * @return check at most once per {@code interval} per entry: may serve bytes up to that old
     * @throws IllegalArgumentException {@code interval} is negative
     */
    public static Validation every(Duration interval) {
        if (interval.isNegative()) {
            throw new IllegalArgumentException("interval must not be negative: " + interval);
        }
        // past Long.MAX_VALUE ns (292 years) it never checks: what trustUntilInvalidated() does
        return new Validation(interval.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : interval.toNanos());
    }

    /**
     * A policy that never checks: it serves what was loaded until {@link FileCache#invalidate} (or a watched folder) says otherwise.
     *
     * @return never check: serve what was loaded until {@link FileCache#invalidate} (or a watched folder) says otherwise
     */
    public static Validation trustUntilInvalidated() {
        return new Validation(Long.MAX_VALUE);
    }

    /**
     * Returns how long a checked entry is served without another check: zero for
     * {@link #always()}, the interval for {@link #every}, and for {@link #trustUntilInvalidated()}
     * the longest a {@code long} of nanoseconds holds (about 292 years).
     *
     * @return how long a checked entry is served without another check
     */
    public Duration interval() {
        return Duration.ofNanos(intervalNanos);
    }

    @Override
    public String toString() {
        return intervalNanos == 0 ? "always" : intervalNanos == Long.MAX_VALUE ? "trust" : "every " + Duration.ofNanos(intervalNanos);
    }
}
