package dev.fastio.internal.version;

/**
 * The wall clock that file timestamps are compared with, and the wait the rule of
 * {@link OneVersion} may need: passed in (as Caffeine passes its {@code Ticker}) so that tests
 * move time instead of sleeping. Not for users: public only so that the library's packages share it.
 */
public interface Clock {
    /** {@link System#currentTimeMillis()} and {@link Thread#sleep(long)}. */
    Clock SYSTEM = new Clock() {
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
