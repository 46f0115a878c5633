package dev.fastio.internal;

import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

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
     * within the window: a write call may still be copying.
     */
    public static boolean racy(FileStamp before) {
        // a size of 0 says nothing (procfs makes its files' times when they are looked at): no version to confirm
        return before.regular() && before.size() > 0
                && racy(before.changed() != null ? before.changed() : before.modified());
    }

    /** True when {@code changed}, a regular file's ctime (or mtime where there is none), is within the window of now. */
    public static boolean racy(java.nio.file.attribute.FileTime changed) {
        return OneVersion.SYSTEM.racy(changed.toMillis()); // toMillis saturates; the rule stays exact at the ends
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
