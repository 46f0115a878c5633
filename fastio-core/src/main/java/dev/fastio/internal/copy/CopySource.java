package dev.fastio.internal.copy;

import dev.fastio.copy.CopyProgress;
import dev.fastio.internal.version.OneVersion;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The source of one copy, held open by one path: the JDK's channel ({@link ChannelSource}) or
 * the native layer's descriptor. It moves the bytes and says what the source is now; the one
 * {@link CopyTransaction} decides for both what that means (shrank, grew, changed, racy) and
 * what the destination becomes.
 */
interface CopySource extends Closeable {
    /**
     * The copy's expected length: the source's size when it was opened, or 0 to copy to end of
     * file (a pipe, a device, a file whose size reads 0).
     *
     * @return the expected length, or 0
     */
    long size();

    /**
     * Creates the destination's new file, the way this path writes.
     *
     * @param target the destination as given
     * @param options how it is written
     * @return the staged file; the caller closes it
     * @throws IOException as {@link StagedFiles#open} documents (nothing was written)
     */
    StagedFile stage(Path target, StagedFile.Options options) throws IOException;

    /**
     * Copies bytes {@code [0, size())} to the same offsets of {@code out} (with {@code size()} 0,
     * to end of file), telling {@code progress}.
     *
     * @param out the file {@link #stage} made
     * @param progress told after each step
     * @return the bytes copied: fewer when the source's end came first, more than {@code size()}
     *     when it has bytes past it (where the path sees that for free)
     * @throws IOException a read or write failed
     */
    long copy(StagedFile out, CopyProgress progress) throws IOException;

    /**
     * Copies on from where {@link #copy} stopped to the source's end of file: for a filesystem
     * whose sizes are not lengths ({@code FileSizes.sizesUnreliable}).
     *
     * @return the bytes now copied in all
     * @throws IOException a read or write failed
     */
    long copyToEnd(StagedFile out, CopyProgress progress) throws IOException;

    /**
     * Reads the source's state now, through what is held open where the path can (else by its
     * name), for {@link #changeSinceOpen}.
     *
     * @return its size now
     * @throws IOException the stat failed
     */
    long sizeNow() throws IOException;

    /**
     * After {@link #sizeNow}: what changed since the source was opened, or null when it is the same
     * version (always null for a pipe or a device, whose times move with every write).
     *
     * @return what changed ("mtime … → …"), or null
     */
    String changeSinceOpen();

    /**
     * After {@link #sizeNow}: the growing rule's verdict ({@code GrowingPrefix.mustConfirm}) on
     * the source's stamp at open and its stamp now, each path's own (the JDK path's by name,
     * without a ctime; the native one's of the descriptor at open and of the name now). The rule
     * is {@code GrowingPrefix}'s; a source only hands it its stamps (the stamp type stays out of
     * this interface, which the native layer's interface names).
     *
     * @param prefix the bytes copied: the size at open
     * @param rule the rule whose clock judges the racy window
     * @return true when the copy must be compared with the source ({@link #sameContent})
     * @throws IOException a {@code FileChangedException}: the source was replaced or truncated
     */
    boolean prefixMustConfirm(long prefix, OneVersion rule) throws IOException;

    /**
     * Whether the source, a regular file with a size, was written within the racy window before it
     * was opened, so that a write may still have been copying ({@code OneVersion.racy}).
     *
     * @param rule the rule whose clock judges the racy window
     * @return whether its version must be confirmed by content
     */
    boolean racy(OneVersion rule);

    /**
     * Whether the first {@code copied} bytes of the source, read again through what is held open,
     * equal those of {@code out} (bytes the source has past them do not count).
     *
     * @throws IOException a read failed
     */
    boolean sameContent(StagedFile out, long copied) throws IOException;

    /**
     * How the bytes went, for reports ("copy_file_range", "buffer", …).
     *
     * @return how the bytes went
     */
    String how();

    /** Releases what it holds; never fails (the source was only read). */
    @Override
    void close();
}
