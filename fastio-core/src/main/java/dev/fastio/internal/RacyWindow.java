package dev.fastio.internal;

import dev.fastio.read.FileChangedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * What a file's stamp cannot vouch for, and how reads make up for it. Not for users: public only
 * so that the library's packages share it.
 *
 * <p>The kernel sets a file's mtime and ctime when a {@code write} call starts, before it copies
 * anything. A call that is still copying when a read takes its first {@link FileStamp} changes
 * nothing that the stamp after the read shows, so stamps alone let a read return part of the old
 * content and part of the new. Such a call started before the first stamp, so the file's ctime
 * is then recent. The rule, git's for racily clean index entries: a read whose file changed less
 * than {@link #WINDOW_NANOS} before its first stamp is <b>confirmed by content</b>, done a second
 * time and compared; a difference is a {@link FileChangedException}. Files older than that (every
 * data file of the benchmarks) are read once.
 *
 * <p>What remains unseen: a single write call that had been running for longer than the window
 * when the read began and was still copying during both reads, with the two reads finding it at
 * the same point; and stores through a shared memory mapping ({@code mmap}), which set no time
 * when they go to a page already dirty. (docs/BENCHMARKS.md, "Reads of a file being written", has
 * what the window catches and what it costs.)
 */
public final class RacyWindow {
    /**
     * One second: a single write call copies into the page cache at a GB/s or more here, so one
     * still running a second after it started writes gigabytes at once. Longer windows read more
     * files twice (every file written less than the window ago); shorter ones miss slower writes.
     */
    public static final long WINDOW_NANOS = 1_000_000_000L;

    private RacyWindow() {}

    /**
     * True when {@code before}, a stamp taken just now of a regular file with a size, changed
     * within the window: a write call may still be copying.
     */
    public static boolean racy(FileStamp before) {
        // a size of 0 says nothing (procfs makes its files' times when they are looked at): no version to confirm
        return before.regular() && before.size() > 0
                && racy(before.changed() != null ? before.changed() : before.modified());
    }

    /** True when {@code changedMillis}, a regular file's ctime in milliseconds since the epoch, is within the window of now. */
    public static boolean racySince(long changedMillis) {
        // compared this way round, a saturated time (Long.MIN_VALUE, centuries back) cannot overflow into "now"
        return changedMillis > System.currentTimeMillis() - WINDOW_NANOS / 1_000_000;
    }

    /** True when {@code changed}, a regular file's ctime (or mtime where there is none), is within the window of now. */
    public static boolean racy(java.nio.file.attribute.FileTime changed) {
        return racySince(changed.toMillis()); // toMillis saturates; racySince stays exact at the ends
    }

    /**
     * The check after a read through a {@code FileChannel}, whose descriptor the JDK gives no
     * {@code stat} of: one {@code stat} of the path once the read is done. The file must still be
     * the size the channel had at open, and where it changed within the window before the read
     * began (or during it: a write sets the times when it starts) the read is to be done again
     * and compared, by the caller. So a read that a write overlapped is confirmed by content, at
     * the cost of one {@code stat} for every other read.
     *
     * @param file the file read
     * @param startMillis {@code System.currentTimeMillis()} before the file was opened
     * @param sizeAtOpen the channel's size at open; 0 says nothing (procfs, pipes): nothing to check
     * @return true when the caller must read again and compare ({@link #confirm})
     * @throws FileChangedException the file is now another size (rewritten, truncated, appended to, replaced)
     * @throws IOException the stat failed (the file was removed: what was read was one version of it)
     */
    public static boolean mustConfirm(Path file, long startMillis, long sizeAtOpen) throws IOException {
        if (sizeAtOpen == 0) {
            return false;
        }
        FileStamp after;
        try {
            after = FileStamp.readBasic(file);
        } catch (java.nio.file.NoSuchFileException gone) {
            return false; // removed after the read: the bytes were the file's; a removal is not a change of content
        }
        if (!after.regular()) {
            return false;
        }
        if (after.size() != sizeAtOpen && !FileSizes.sizesUnreliable(file)) {
            throw new FileChangedException(file.toString(), "size " + sizeAtOpen + " → " + after.size());
        }
        java.nio.file.attribute.FileTime changed = after.changed() != null ? after.changed() : after.modified();
        // from the earlier of the start and now: a wall clock set back during the read (NTP, a VM
        // resumed) stamps the writes it overlapped before the start, and they must still count
        long since = Math.min(startMillis, System.currentTimeMillis());
        return changed.toMillis() >= since - WINDOW_NANOS / 1_000_000;
    }

    /**
     * The outcome of a racy read's confirmation: nothing when the second read gave what the first
     * did, else a {@link FileChangedException} naming {@code file}. (Callers read again in plain
     * code, not through a lambda: a fresh JVM's first lambda costs milliseconds; see
     * {@code dev.fastio.internal.parallel.Parts}.)
     *
     * @param file the file, for the message
     * @param same whether the two reads gave the same
     */
    public static void confirm(Object file, boolean same) throws FileChangedException {
        if (!same) {
            throw new FileChangedException(file.toString(), "changed within " + WINDOW_NANOS / 1_000_000
                    + " ms before the read, and a second read differs: a write was in progress");
        }
    }

    /**
     * Whether {@code copy}, a file just written, holds the same bytes as {@code source} has now
     * over {@code [0, size)}: a racy copy's confirmation, and a growing copy's. Both are the copy's
     * own open channels, read at positions (their positions do not move), so no name is looked up
     * again: a name that another user swapped meanwhile cannot turn the comparison. Reads both in
     * 256 KiB chunks. A source now shorter than {@code size} is not the same; bytes it has past
     * {@code size} are not compared (the stamps judged its size: the same as at open, or for a
     * growing copy, more).
     */
    public static boolean sameContent(FileChannel source, FileChannel copy, long size) throws IOException {
        if (source.size() < size || copy.size() < size) {
            return false;
        }
        ByteBuffer a = ByteBuffer.allocate((int) Math.min(size, 256 << 10));
        ByteBuffer b = ByteBuffer.allocate(a.capacity());
        for (long at = 0; at < size; ) {
            int n = (int) Math.min(a.capacity(), size - at);
            a.clear().limit(n);
            b.clear().limit(n);
            readFully(source, a, at);
            readFully(copy, b, at);
            if (!a.flip().equals(b.flip())) {
                return false;
            }
            at += n;
        }
        return true;
    }

    private static void readFully(FileChannel ch, ByteBuffer buf, long at) throws IOException {
        while (buf.hasRemaining()) {
            if (ch.read(buf, at + buf.position()) < 0) {
                throw new java.io.EOFException("ended at byte " + (at + buf.position()));
            }
        }
    }
}
