package dev.fastio.internal.version;

import dev.fastio.internal.FileSizes;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A {@link OneVersion.Pass} through the JDK, which gives no {@code stat} of an open channel: after
 * its reads, a pass takes one {@code stat} of the file's name ({@link #stampAfter}). Not for
 * users: public only so that the library's packages share it.
 *
 * <p>What the name's stamp judges: the file still the size the pass saw, and its ctime, read
 * through the JDK's {@code unix} attribute view (about 0.5 µs more than its basic attributes on
 * JDK 17, and the only time a writer cannot set back); the mtime only on a filesystem without
 * that view. A file renamed over the name during the pass shows
 * as a new ctime (a rename sets the moved file's ctime on ext4, XFS, btrfs and tmpfs) or another
 * size, and sends the read down the confirm path, whose passes read the new file.
 *
 * @param <T> what a pass gives
 */
public abstract class StampedByName<T> implements OneVersion.Pass<T> {
    /** The file read. */
    protected final Path file;
    private FileStamp stamp;
    private long changed = OneVersion.NO_VERSION;

    /**
     * A pass over {@code file}.
     *
     * @param file the file read
     */
    protected StampedByName(Path file) {
        this.file = file;
    }

    /**
     * Takes the stamp after a pass that saw the file {@code sizeSeen} bytes long: its size at open,
     * or, where that read 0, the bytes it read to end of file (a regular file truncated and being
     * written again when it was opened must still be judged). Nothing read is nothing to judge;
     * nor is a file that is not regular; a file removed since is a change (what the name stood
     * for during the read cannot be told); and a stamp whose size disagrees is a change, except
     * where the filesystem's sizes say nothing (procfs: 0, sysfs: 4096).
     *
     * <p>{@code descriptorSize} is what the open descriptor says its size is
     * ({@code FileChannel.size()}, an {@code fstat}), or 0 where it says nothing or was not asked.
     * A descriptor with a size is a file with content; a name whose stat then shows no regular
     * file (a directory, a FIFO, a device) or another size (a procfs or sysfs file, another file)
     * no longer shows the file read (a link flipped, a folder renamed), and that is a change: found
     * by an outside attack, such flips skipped the check on this path (2026-11-26). A name turned
     * to another regular file of the same size and an old ctime still cannot be told from the file
     * read: no JDK call before 22 stamps an open channel (docs/GUARANTEES.md, "Reads give one version").
     *
     * @param sizeSeen the file's size as the pass saw it
     * @param descriptorSize the open descriptor's size, or 0
     * @throws IOException the stat failed
     */
    protected final void stampAfter(long sizeSeen, long descriptorSize) throws IOException {
        stamp = null;
        changed = OneVersion.NO_VERSION;
        if (sizeSeen <= 0) {
            return;
        }
        FileStamp after;
        try {
            // with the ctime (the unix view): an mtime is the writer's to set back (touch -r, rsync -t),
            // and judged by it, a file rewritten during the read with its mtime put back looked old
            after = FileStamp.read(file);
        } catch (NoSuchFileException gone) {
            // the name is gone, or away for a moment (renamed away and back, a rotation): what it
            // stood for during the read cannot be told, so the read cannot be vouched for
            changed = OneVersion.UNSETTLED;
            return;
        }
        if (descriptorSize > 0 && (!after.regular() || after.size() != descriptorSize)) {
            changed = OneVersion.UNSETTLED; // the name shows something else than the descriptor read
            return;
        }
        judge(after, sizeSeen);
    }

    /**
     * As {@link #stampAfter(long, long)}, with the stamp of the file read through {@code open}
     * (its descriptor's, with the native layer) instead of its name's: a name turned to another file
     * meanwhile (a link flipped, a rename) cannot lend the read another file's stamp.
     * {@code open} null: the name's, judged against {@code descriptorSize}.
     *
     * @param sizeSeen the file's size as the pass saw it
     * @param descriptorSize the open descriptor's size, or 0 (where {@code open} is null)
     * @param open the file as the pass opened it, or null
     * @throws IOException the stat failed
     */
    protected final void stampAfter(long sizeSeen, long descriptorSize, OpenFile open)
            throws IOException {
        if (open == null) {
            stampAfter(sizeSeen, descriptorSize);
            return;
        }
        stamp = null;
        changed = OneVersion.NO_VERSION;
        if (sizeSeen <= 0) {
            return;
        }
        judge(FileStamp.of(open.stat()), sizeSeen);
    }

    private void judge(FileStamp after, long sizeSeen) {
        if (!after.regular()) {
            return;
        }
        stamp = after;
        if (after.size() != sizeSeen) {
            changed = FileSizes.sizesUnreliable(file) ? OneVersion.NO_VERSION : OneVersion.UNSETTLED;
        } else {
            changed = (after.changed() != null ? after.changed() : after.modified()).toMillis();
        }
    }

    /** Marks a pass that has no version to judge (it read a pipe, or a file whose size reads 0). */
    protected final void noVersion() {
        stamp = null;
        changed = OneVersion.NO_VERSION;
    }

    @Override
    public final long changedMillis() {
        return changed;
    }

    @Override
    public final FileStamp stamp() {
        return stamp;
    }
}
