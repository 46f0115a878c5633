package dev.fastio.internal.copy;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.CopyProgress;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.version.GrowingPrefix;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * One copy in progress, the transaction behind {@link dev.fastio.copy.FileCopy} on every path:
 * opens the destination (a {@link StagedFile}) through the {@link CopySource}, has the source
 * move the bytes, checks the source's length and version against what was copied, publishes the
 * result, and on any failure closes and removes what it wrote, leaving the destination as it
 * was. Knows how far it got, so a failure can say so.
 *
 * <p>The rules, the same whichever path moved the bytes:
 * <ul>
 *   <li>A source that shrank or grew during the copy fails it, except where its filesystem's
 *       sizes are not lengths ({@link FileSizes#sizesUnreliable}: sysfs, some FUSE), where the
 *       content wins: a short source is complete, a longer one is copied on to its end.
 *   <li>A source rewritten in place at the same size (its mtime, ctime or identity moved) fails
 *       it: the copy may mix two versions. A source written within the racy window before it was
 *       opened is compared with the copy byte for byte ({@code OneVersion.racy}).
 *   <li>With {@link Growth#PREFIX}, a source that grew is copied up to its size at open (the
 *       staged file is cut there, whichever way the bytes moved), and {@link GrowingPrefix}'s rule
 *       judges it: replaced or truncated fails the copy; a source whose stamps moved, or that is
 *       racy, is compared with the copy over those bytes. A shrunk source fails it as above.
 *   <li>An interrupt is a failed copy wherever it lands; the interrupt status stays set.
 *   <li>Errors before anything is written (the source or the destination cannot be opened) are
 *       the JDK's, naming the path; later ones are a {@link CopyFailedException}.
 * </ul>
 */
final class CopyTransaction implements CopyProgress {
    private final Path source;
    private final Path target;
    private final CopyOptions o;
    private final BasicFileAttributes sourceAttributes;
    private final OneVersion rule;
    private long size;
    private long done;
    private boolean grew;

    CopyTransaction(Path source, Path target, CopyOptions o, BasicFileAttributes sourceAttributes, OneVersion rule) {
        this.source = source;
        this.rule = rule;
        this.target = target;
        this.o = o;
        this.sourceAttributes = sourceAttributes;
    }

    @Override
    public void update(long done, long total) {
        this.done = done;
        o.progress().update(done, total);
    }

    /** After {@link #run}: whether the source had grown past the bytes copied (only with {@link Growth#PREFIX}). */
    boolean grew() {
        return grew;
    }

    /** Copies {@code src} to the destination written as {@code destination} says; returns the bytes copied. */
    long run(CopySource src, StagedFile.Options destination) throws IOException {
        size = src.size();
        if (Thread.currentThread().isInterrupted()) {
            throw failed(new ClosedByInterruptException()); // as an interrupted channel read: the status stays set
        }
        StagedFile staged = src.stage(target, destination); // its errors name the path: nothing written yet
        try (staged) {
            long copied = src.copy(staged, this);
            copied = checkLength(src, staged, copied, src.sizeNow());
            if (copied == 0) {
                o.progress().update(0, 0);
            }
            checkVersion(src, staged, copied);
            if (o.copyAttributes()) {
                staged.setTimes(sourceAttributes.lastModifiedTime(), sourceAttributes.lastAccessTime());
            }
            staged.publish(o.durable());
            return copied;
        } catch (CopyFailedException | FileAlreadyExistsException e) {
            throw e;
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private CopyFailedException failed(IOException e) {
        String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new CopyFailedException(source, target, done, size, what, e);
    }

    /**
     * Compares what was copied, and the source's size now, with the size at open: equal is done;
     * a source that grew or shrank is an error, unless its filesystem's sizes are not lengths
     * (then the content wins). A size of 0 at open was a request to copy to end of file.
     */
    private long checkLength(CopySource src, StagedFile out, long copied, long now) throws IOException {
        if (size == 0 || (copied == size && now == size)) {
            return copied;
        }
        boolean unreliable = FileSizes.sizesUnreliable(source);
        if (copied < size || now < size) {
            long end = Math.min(copied, now);
            done = end;
            if (unreliable) {
                return copied;
            }
            throw new CopyFailedException(source, target, end, size, "the source shrank during the copy: it ended at byte " + end, null);
        }
        if (o.growth() == Growth.PREFIX) {
            grew = true;
            out.setLength(size); // a clone took the whole source; the other ways stopped at the size
            done = size;
            return size;
        }
        if (unreliable) {
            return src.copyToEnd(out, this);
        }
        throw new CopyFailedException(source, target, Math.min(copied, size), size,
                "the source grew during the copy: it has bytes past " + size, null);
    }

    /**
     * The source must be the version it was at open; a racy one must also equal the copy. With
     * {@link Growth#PREFIX}, the growing rule instead: the same file, no shorter than the copy,
     * and, unless its stamps show no write, the same bytes as the copy over the copied prefix.
     */
    private void checkVersion(CopySource src, StagedFile out, long copied) throws IOException {
        if (o.growth() == Growth.PREFIX && size > 0 && copied == size) {
            if (src.prefixMustConfirm(size, rule)) {
                GrowingPrefix.confirm(source, size, src.sameContent(out, size));
            }
            return;
        }
        String change = src.changeSinceOpen();
        if (change != null) {
            throw new CopyFailedException(source, target, copied, size,
                    "the source changed during the copy (" + change + "): the copy may mix two versions", null);
        }
        if (size > 0 && src.racy(rule) && !src.sameContent(out, copied)) {
            throw new CopyFailedException(source, target, copied, size, "the source changed during the copy (written within "
                    + OneVersion.WINDOW_NANOS / 1_000_000 + " ms before it, and it now differs from the copy): the copy may mix two versions", null);
        }
    }
}
