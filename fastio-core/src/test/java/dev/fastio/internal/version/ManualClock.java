package dev.fastio.internal.version;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A cache clock that moves only when a test says: {@link #advance} moves the monotonic clock and
 * the wall clock together. The wall clock starts at the system's, so that files written now have
 * timestamps near it. Shared with fastio-hadoop's tests through core's test jar.
 */
public final class ManualClock implements Clock {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final AtomicLong offsetMillis = new AtomicLong();

    @Override
    public long nanoTime() {
        return nanos.get();
    }

    @Override
    public long currentTimeMillis() {
        return System.currentTimeMillis() + offsetMillis.get();
    }

    /** A wait moves both clocks, at once. */
    @Override
    public void sleep(long millis) {
        advance(Duration.ofMillis(millis));
    }

    /**
     * Moves both clocks by {@code d}.
     *
     * @param d how far
     */
    public void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
        offsetMillis.addAndGet(d.toMillis());
    }
}
