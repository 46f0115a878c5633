package dev.fastio.internal.version;

/**
 * fastio's one clock, passed in (as Caffeine passes its {@code Ticker}) so that tests move time
 * instead of sleeping: the wall clock that file timestamps are compared with (by
 * {@link OneVersion} and the caches), a monotonic one for the caches' validation intervals and
 * for ordering a get against a load, and the wait the rule of {@link OneVersion} may need. Not
 * for users: public only so that the library's packages share it.
 */
public interface Clock {
    /** {@link System#nanoTime()}, {@link System#currentTimeMillis()} and {@link Thread#sleep(long)}. */
    Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long currentTimeMillis() {
            return System.currentTimeMillis();
        }

        @Override
        public void sleep(long millis) throws java.io.InterruptedIOException {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the status stays set, as an interrupted channel read leaves it
                throw new java.io.InterruptedIOException("interrupted while waiting for a file's timestamp to settle");
            }
        }
    };

    /**
     * Returns monotonic nanoseconds, as {@link System#nanoTime()}.
     *
     * @return monotonic nanoseconds
     */
    long nanoTime();

    /**
     * Returns the wall clock in milliseconds, as {@link System#currentTimeMillis()}.
     *
     * @return the wall clock in milliseconds
     */
    long currentTimeMillis();

    /**
     * Waits {@code millis} milliseconds.
     *
     * @param millis how long, at least 1
     * @throws java.io.InterruptedIOException the thread was interrupted
     */
    void sleep(long millis) throws java.io.InterruptedIOException;
}
