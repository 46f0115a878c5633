package dev.fastio.internal.copy;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.CopyProgress;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.RacyWindow;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * One copy in progress, the transaction behind {@link dev.fastio.copy.FileCopy} on the JDK path:
 * opens the destination (a {@link StagedFile}), runs the strategy, checks the source's length
 * against what was copied, publishes the result, and on any failure closes and removes what it
 * wrote, leaving the destination as it was. Knows how far it got, so a failure can say so.
 */
final class CopyTransaction implements CopyProgress {
    private final Path source;
    private final Path target;
    private final long size;
    private final CopyOptions o;
    private final CopyStrategy strategy;
    private final FileOps ops;
    private final FileChannel in;
    private final Set<PosixFilePermission> perms;
    private final BasicFileAttributes sourceAttributes;
    private final StagedFile.Seen seen;
    private long done;

    CopyTransaction(Path source, Path target, long size, CopyOptions o, CopyStrategy strategy, FileOps ops, FileChannel in,
            BasicFileAttributes sourceAttributes, StagedFile.Seen seen) {
        this.source = source;
        this.target = target;
        this.size = size;
        this.o = o;
        this.strategy = strategy;
        this.ops = ops;
        this.in = in;
        this.perms = sourceAttributes instanceof PosixFileAttributes p ? p.permissions() : null;
        this.sourceAttributes = sourceAttributes;
        this.seen = seen;
    }

    @Override
    public void update(long done, long total) {
        this.done = done;
        o.progress().update(done, total);
    }

    /** Returns the bytes copied. */
    long run() throws IOException {
        StagedFile staged = StagedFiles.open(target, CopyRunner.destination(o, perms, seen), ops); // its errors name the path: nothing written yet
        try (staged) {
            FileChannel out = staged.channel();
            long copied = size == 0 ? BufferCopy.copyToEnd(in, out, 0, false, this) : strategy.copy(in, out, size, this);
            if (copied != size && size != 0) {
                copied = reconcile(copied, out);
            }
            if (strategy == SparseCopy.INSTANCE && copied == size && out.size() < size) {
                staged.setLength(size); // a sparse copy whose source ends in zeros: end on a hole
            }
            if (copied == 0) {
                o.progress().update(0, 0);
            }
            checkSourceUnchanged(copied, out);
            if (o.copyAttributes()) {
                staged.setTimes(sourceAttributes.lastModifiedTime(), sourceAttributes.lastAccessTime());
            }
            staged.publish(o.durable());
            return copied;
        } catch (CopyFailedException | FileAlreadyExistsException e) {
            throw e;
        } catch (IOException e) {
            String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new CopyFailedException(source, target, done, size, what, e);
        }
    }

    /**
     * The source's size, mtime and identity (device and inode) now must be those read before it
     * was opened: a source rewritten in place at the same size during the copy would otherwise
     * give a destination that mixes two versions, reported as a success. (The JDK's attributes
     * have no ctime; the native path compares that too.) A source written within the racy window
     * before the copy is then compared with the copy byte for byte ({@link RacyWindow}).
     */
    private void checkSourceUnchanged(long copied, FileChannel out) throws IOException {
        if (!sourceAttributes.isRegularFile()) {
            return; // a pipe's or a device's times move with every write to it
        }
        BasicFileAttributes now = o.followLinks()
                ? Files.readAttributes(source, BasicFileAttributes.class)
                : Files.readAttributes(source, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (now.size() != sourceAttributes.size() || !now.lastModifiedTime().equals(sourceAttributes.lastModifiedTime())
                || !java.util.Objects.equals(now.fileKey(), sourceAttributes.fileKey())) {
            throw new CopyFailedException(source, target, copied, size, "the source changed during the copy (mtime "
                    + sourceAttributes.lastModifiedTime() + " → " + now.lastModifiedTime() + ", size " + sourceAttributes.size()
                    + " → " + now.size() + "): the copy may mix two versions", null);
        }
        if (size > 0 && RacyWindow.racy(sourceAttributes.lastModifiedTime()) && !RacyWindow.sameContent(in, out, copied)) {
            throw new CopyFailedException(source, target, copied, size, "the source changed during the copy (written within "
                    + RacyWindow.WINDOW_NANOS / 1_000_000 + " ms before it, and it now differs from the copy): the copy may mix two versions", null);
        }
    }

    /**
     * The source's content and its size disagree. On a filesystem whose sizes are the
     * content's length that means the file changed during the copy: an error. Where sizes
     * are not (sysfs, FUSE: {@link FileSizes#sizesUnreliable}), the content wins: a short
     * source is complete, a longer one is copied on to end of file.
     */
    private long reconcile(long copied, FileChannel out) throws IOException {
        boolean unreliable = FileSizes.sizesUnreliable(source);
        if (copied < size) {
            done = copied;
            if (unreliable) {
                return copied;
            }
            throw new CopyFailedException(source, target, copied, size,
                    "the source shrank during the copy: it ended at byte " + copied, null);
        }
        if (unreliable) {
            return BufferCopy.copyToEnd(in, out, out.position(), true, this);
        }
        throw new CopyFailedException(source, target, done, size,
                "the source grew during the copy: it has bytes past " + size, null);
    }
}
