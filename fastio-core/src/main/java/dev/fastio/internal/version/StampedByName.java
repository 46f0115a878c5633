package dev.fastio.internal.version;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.FileStamp;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A {@link OneVersion.Pass} through the JDK, which gives no {@code stat} of an open channel: after
 * its reads, a pass takes one {@code stat} of the file's name ({@link #stampAfter}). Not for
 * users: public only so that the library's packages share it.
 *
 * <p>What the name's stamp judges: the file still the size the pass saw, and its ctime (mtime
 * where the JDK's attributes give no ctime). A file renamed over the name during the pass shows
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
     * or what it read to end of file. A size of 0 says nothing (procfs, pipes), so there is no
     * version to judge; nor is there for a file removed since (the bytes were the file's: a
     * removal is not a change of content) or one that is not regular.
     *
     * @param sizeSeen the file's size as the pass saw it
     * @throws IOException the stat failed
     */
    protected final void stampAfter(long sizeSeen) throws IOException {
        stamp = null;
        changed = OneVersion.NO_VERSION;
        if (sizeSeen <= 0) {
            return;
        }
        FileStamp after;
        try {
            after = FileStamp.readBasic(file);
        } catch (NoSuchFileException gone) {
            return;
        }
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
