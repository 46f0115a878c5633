package dev.fastio.internal.cache;

/**
 * The two clocks a {@link ValidatingCache} reads, passed in (as Caffeine's {@code Ticker}) so
 * that tests move time instead of sleeping: a monotonic one for validation intervals and for
 * ordering a get against a load, and the wall clock that file timestamps are compared with.
 */
public interface CacheClock {
    /** {@link System#nanoTime()} and {@link System#currentTimeMillis()}. */
    CacheClock SYSTEM = new CacheClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long currentTimeMillis() {
            return System.currentTimeMillis();
        }
    };

    /**
     * Returns monotonic nanoseconds, as {@link System#nanoTime()}.
     *
     * @return monotonic nanoseconds, as {@link System#nanoTime()}
     */
    long nanoTime();

    /**
     * Returns the wall clock in milliseconds, as {@link System#currentTimeMillis()}.
     *
     * @return the wall clock in milliseconds, as {@link System#currentTimeMillis()}
     */
    long currentTimeMillis();
}
