package dev.fastio.internal.version;

import dev.fastio.read.FileChangedException;
import java.io.IOException;

/**
 * The one rule that makes a read one version of a file or a {@link FileChangedException}: every
 * checked reader in fastio (whole-file reads on both paths, array loads and ranges, the IPv4
 * parse, fastio-hadoop's loads and parse) hands it a {@link Pass} and gets the result of one. Not
 * for users: public only so that the library's packages share it.
 *
 * <p><b>The check after one pass.</b> A pass reads the file through what it opened and, once the
 * bytes are in, takes one stamp of the same file ({@code statx} of the descriptor with the native layer, a
 * {@code stat} of the name through the JDK). The kernel sets a file's ctime when a write call
 * starts, before it copies anything, from a clock that may lag the wall clock by one tick. So:
 * <ul>
 *   <li>a write call that started during the pass left a ctime no earlier than one tick before
 *       the pass began;
 *   <li>a write call that started before the pass and was still copying during it left a ctime
 *       before the pass began, and no stamp taken before or after shows it. Such a call is caught
 *       only while it is young: a file changed within {@link #WINDOW_MILLIS} before the pass
 *       began is <em>racy</em> (git's "racily clean" entries), and is confirmed below.
 * </ul>
 * A ctime older than the pass's start by the window therefore proves the pass saw one version,
 * short of a single write call that had been copying for longer than the window (a call writing
 * gigabytes at once, or stalled that long). One stamp after the pass, and no stamp before it.
 *
 * <p><b>What the stamp after says.</b> A ctime after the pass's start, up to now: a write call
 * started during the pass, a {@link FileChangedException}, as a size other than the pass read
 * is. A ctime within the window before the start (or ahead of now, where no write put it): the
 * file was written just before, and a write call may still have been copying during the pass;
 * or, within a tick of the start, one started during it and the kernel's clock stamped it a
 * tick early. The rule then <b>confirms</b>:
 * one more pass, whose stamp must be the same version as the first's (no write call started
 * between them) and whose result must equal the first's; else a {@link FileChangedException}.
 * Why both: equal stamps alone miss a write call still copying (it set the ctime before both),
 * and equal contents alone miss a writer that rewrites the file at the pace of the reads (two
 * loads of a 16 MiB file, each torn at the same chunk boundary by a new write call, can agree; a
 * new write call moves the ctime). A single write call copying through both passes, making
 * progress, makes them differ: it writes in ascending file order, so the later pass sees more of
 * its bytes. One that makes no progress during both (its writer descheduled) leaves the file
 * holding a state of it (its new bytes up to a point, the old after), and both passes return
 * that state: what the file held.
 *
 * <p><b>The clock's tick.</b> A stamp can vouch that no write call started after it only once the
 * clock has moved on from the ctime it holds: before Linux 6.13, a write that starts within the
 * same tick as the last change may leave the ctime as it was. Linux's coarse clock ticks every
 * 1–10 ms (CONFIG_HZ 1000 to 100), so the rule lets {@link #TICK_MILLIS} pass after a stamp's
 * ctime before the pass it is to vouch for: only files written in the last 10 ms before a read
 * ever wait, and only as long as the tick has left.
 *
 * <p>Time comes from a {@link Clock} passed in, the one the cache uses, so tests move it.
 */
public final class OneVersion {
    /**
     * One second: a single write call copies into the page cache at a GB/s or more here, so one
     * still running a second after it started writes gigabytes at once. Longer windows confirm
     * more files (every file written less than the window ago); shorter ones miss slower writes.
     */
    public static final long WINDOW_MILLIS = 1_000;

    /** The longest tick of Linux's coarse clock (CONFIG_HZ=100), which file times are taken from. */
    public static final long TICK_MILLIS = 10;

    /** {@link #WINDOW_MILLIS}, in nanoseconds. */
    public static final long WINDOW_NANOS = WINDOW_MILLIS * 1_000_000L;

    /** A {@link Pass#changedMillis()} that says there is no version to judge: not a regular file, or a size of 0 that says nothing. */
    public static final long NO_VERSION = Long.MIN_VALUE;

    /** A {@link Pass#changedMillis()} that says the pass saw the file change (its size and content disagree): confirm. */
    public static final long UNSETTLED = Long.MAX_VALUE;

    /** The rule on the system's clock. */
    public static final OneVersion SYSTEM = new OneVersion(Clock.SYSTEM);

    private final Clock clock;

    /**
     * The rule on {@code clock}.
     *
     * @param clock the wall clock file times are compared with
     */
    public OneVersion(Clock clock) {
        this.clock = clock;
    }

    /**
     * One read of the file, done as often as the rule asks. Each {@link #read} opens what it reads
     * and closes it; before closing, it takes the stamp of what it read (the descriptor's, or the
     * name's where the JDK gives no other).
     *
     * @param <T> what a pass gives
     */
    public interface Pass<T> {
        /**
         * Reads the file once.
         *
         * @return what it read
         * @throws IOException the read failed
         */
        T read() throws IOException;

        /**
         * Returns the ctime (or mtime, where the filesystem has no ctime) in milliseconds since
         * the epoch of the stamp the last {@link #read} took; {@link #NO_VERSION} where the file has no
         * version to judge; {@link #UNSETTLED} where the read itself saw the file change.
         *
         * @return the ctime of the last pass's stamp, or one of the two markers
         */
        long changedMillis();

        /**
         * Returns the stamp the last {@link #read} took (only asked for on the confirm path).
         *
         * @return the stamp, or null where there is no version to judge
         * @throws IOException the stamp could not be made
         */
        FileStamp stamp() throws IOException;

        /**
         * Reads the file again, as a confirming pass, and returns whether it gave what
         * {@code first} holds; takes its stamp as {@link #read} does. By default a whole
         * {@link #read} and {@link #same}; a pass may compare as it reads, without holding a
         * second result.
         *
         * @param first what the first pass gave
         * @return whether this pass gave the same
         * @throws IOException the read failed
         */
        default boolean readAgainAndCompare(T first) throws IOException {
            return same(first, read());
        }

        /**
         * Returns whether two passes gave the same.
         *
         * @param a one pass's result
         * @param b another's
         * @return whether they are the same
         */
        boolean same(T a, T b);
    }

    /**
     * What {@code pass} reads, of one version of the file.
     *
     * @param file the file, for messages
     * @param pass the read
     * @param <T> what a pass gives
     * @return the result of a pass that saw one version
     * @throws FileChangedException no pass could be shown to have seen one version; names the file
     * @throws IOException a pass failed
     */
    public <T> T read(Object file, Pass<T> pass) throws IOException {
        long start = clock.currentTimeMillis();
        T first = pass.read();
        long changed = pass.changedMillis();
        if (changed == NO_VERSION || settled(changed, start)) {
            return first;
        }
        if (changed == UNSETTLED) {
            throw new FileChangedException(file.toString(), "it changed while it was read (its size, or its stamp during the read)");
        }
        // a ctime after the pass's start, up to now: a write call started during the pass (the
        // kernel's clock lags the wall clock, never leads it; compared in whole milliseconds,
        // only a later millisecond proves it). One set ahead of now is no write's (a write takes
        // the time it starts): only a time no one can trust, confirmed below as a recent one is.
        if (changed > start && changed <= clock.currentTimeMillis() + TICK_MILLIS) {
            throw new FileChangedException(file.toString(), "written to while it was read");
        }
        return confirm(file, pass, first);
    }

    /**
     * Whether a pass that began at {@code startMillis} and whose stamp after holds
     * {@code changedMillis} saw one version: its file last changed more than the window before it.
     *
     * @param changedMillis the stamp's ctime, or {@link #UNSETTLED}
     * @param startMillis the clock when the pass began
     * @return true when no confirmation is needed
     */
    public boolean settled(long changedMillis, long startMillis) {
        // from the earlier of the start and now: a wall clock set back during the read (NTP, a VM
        // resumed) stamps the writes it overlapped before the start, and they must still count.
        // Compared this way round, a saturated time (Long.MIN_VALUE + 1, centuries back) cannot overflow.
        long since = Math.min(startMillis, clock.currentTimeMillis());
        return changedMillis != UNSETTLED && changedMillis < since - WINDOW_MILLIS;
    }

    /**
     * Whether a file whose stamp holds {@code changedMillis} is racy now: changed within the
     * window, so that a write call may still be copying into it.
     *
     * @param changedMillis a ctime in milliseconds since the epoch
     * @return true when it changed within the window
     */
    public boolean racy(long changedMillis) {
        return !settled(changedMillis, clock.currentTimeMillis());
    }

    /**
     * Whether {@code before}, a stamp taken just now of a regular file with a size, changed within
     * the window: a write call may still be copying. For the readers that judge a stamp taken at
     * open rather than run passes through {@link #read}: the copy transaction ({@code
     * CopyTransaction}: a racy copy is confirmed by comparing the copy with the source) and
     * {@link GrowingPrefix}.
     *
     * @param before the stamp
     * @return whether the content must confirm the stamp
     */
    public boolean racy(FileStamp before) {
        // a size of 0 says nothing (procfs makes its files' times when they are looked at): no version to confirm
        return before.regular() && before.size() > 0
                && racy((before.changed() != null ? before.changed() : before.modified()).toMillis()); // toMillis saturates
    }

    /**
     * Waits until a file whose stamp holds {@code changedMillis} is no longer racy: for a result
     * that must not come from a write still copying, even one stalled across both passes of
     * {@link #read} (a malformed line, which a torn rewrite makes). At most the window and a tick.
     *
     * @param changedMillis a ctime in milliseconds since the epoch
     * @throws java.io.InterruptedIOException the thread was interrupted
     */
    public void waitUntilSettled(long changedMillis) throws java.io.InterruptedIOException {
        long wait = changedMillis + WINDOW_MILLIS + 1 - clock.currentTimeMillis();
        if (wait > 0) {
            clock.sleep(Math.min(wait, WINDOW_MILLIS + TICK_MILLIS)); // a time set in the future waits the window, not until then
        }
    }

    /** A pass of a file written within the window before it: one more pass, and the two must agree in stamp and content. */
    private <T> T confirm(Object file, Pass<T> pass, T first) throws IOException {
        FileStamp before = pass.stamp();
        if (before != null) {
            letTickPass(before);
        }
        boolean agree = pass.readAgainAndCompare(first);
        FileStamp after = pass.stamp();
        if (before != null && after != null && pass.changedMillis() != UNSETTLED && after.sameVersion(before) && agree) {
            return first;
        }
        throw new FileChangedException(file.toString(), "changed within " + WINDOW_MILLIS
                + " ms before the read, and a second read differs: a write was in progress");
    }

    /** Waits until the clock has left the tick of {@code stamp}'s ctime, so that a write from now on moves it. */
    private void letTickPass(FileStamp stamp) throws IOException {
        long wait = stamp.newestMillis() + TICK_MILLIS - clock.currentTimeMillis();
        if (wait > 0) {
            clock.sleep(Math.min(wait, TICK_MILLIS)); // a time set in the future waits one tick, not until then
        }
    }
}
