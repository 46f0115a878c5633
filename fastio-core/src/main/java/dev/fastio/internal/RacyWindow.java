package dev.fastio.internal;

import dev.fastio.internal.version.OneVersion;

/**
 * The racy window of {@link OneVersion}, for the readers that judge a stamp taken at open rather
 * than run passes through the rule: the copy transaction ({@code CopyTransaction}: a racy copy is
 * confirmed by comparing the copy with the source) and {@link GrowingPrefix}. Not for users:
 * public only so that the library's packages share it.
 */
public final class RacyWindow {
    /** {@link OneVersion#WINDOW_MILLIS}, in nanoseconds. */
    public static final long WINDOW_NANOS = OneVersion.WINDOW_MILLIS * 1_000_000L;

    private RacyWindow() {}

    /**
     * True when {@code before}, a stamp taken just now of a regular file with a size, changed
     * within the window of {@code rule}'s clock: a write call may still be copying.
     *
     * @param before the stamp
     * @param rule the rule, with the clock it reads ({@link OneVersion#SYSTEM} but in tests)
     * @return whether the content must confirm the stamp
     */
    public static boolean racy(FileStamp before, OneVersion rule) {
        // a size of 0 says nothing (procfs makes its files' times when they are looked at): no version to confirm
        return before.regular() && before.size() > 0
                && rule.racy((before.changed() != null ? before.changed() : before.modified()).toMillis()); // toMillis saturates
    }
}
