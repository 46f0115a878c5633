package dev.fastio.internal.copy;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

/**
 * A destination being written: a new file that fastio created and holds open, in a folder that
 * it holds open, put at the destination's name only by {@link #publish}. Every writer of the
 * project ({@code FileCopy}, {@code AtomicWrite}, and through them the CLI) writes this way.
 *
 * <p><b>Why descriptors, not names.</b> In a folder where other users may create and rename
 * entries (mode 0777 or group-writable, without the sticky bit), any call that reaches the new
 * file by its name again can be turned by a symbolic link put there in between: a {@code chmod},
 * a {@code setLength} or a reopen would then act on a file outside the folder (CWE-59, CWE-367).
 * So after creating the file, fastio sets its length, mode and times through what it holds, and
 * puts it in place relative to the held folder, then checks that the name holds the file it wrote.
 * Two mechanisms, chosen in {@link #open}:
 * <ul>
 *   <li>{@code NativeStagedFile} (the native layer, either binding): an unnamed file
 *       ({@code O_TMPFILE}) in a folder descriptor, given its name by {@code linkat};
 *       {@code fchmod}, {@code futimens} and {@code ftruncate} on its descriptor. A killed
 *       process leaves nothing behind. Replacing links it to a temporary name first, then
 *       {@code renameat2(RENAME_EXCHANGE)}.
 *   <li>{@link FolderStagedFile} (any JDK): the JDK's {@code SecureDirectoryStream}, which gives
 *       {@code openat}, {@code renameat}, {@code unlinkat} and attribute views that do not follow
 *       links, relative to a held folder; the file under a hidden temporary name of fixed length
 *       ({@link TemporaryFiles}).
 * </ul>
 *
 * <p><b>Modes.</b> The file is created 0600 and gets its final mode on its descriptor just before
 * it is published: an existing regular destination keeps its mode where the caller asks (as
 * {@code cp} does), otherwise the mode the caller gives.
 *
 * <p><b>What is at the destination.</b> Checked on the held folder before anything is written:
 * a folder is an error; a device, FIFO or socket is an error (fastio never turns one into a
 * regular file; a caller who wants to write into one opens it); a regular file or a symbolic
 * link is replaced, the link itself and not its target, when the caller allows it, and is
 * otherwise a {@link FileAlreadyExistsException}.
 *
 * <p>Not thread-safe: one writer at a time, and on the native path all calls on the thread that
 * opened it.
 */
public abstract class StagedFile implements Closeable {
    /** The destination as the caller gave it: every message names it. */
    protected final Path target;
    /** Its folder, absolute. */
    protected final Path dir;
    /** Its file name in {@link #dir}. */
    protected final String name;
    protected final Options options;

    /**
     * How a destination is written.
     *
     * @param atomic write under another name and put it in place at the end (else write the destination directly)
     * @param replace an existing regular file or link at the destination may be replaced
     * @param mode the permission bits the new file gets (the caller has applied the umask where it should)
     * @param keepExistingMode an existing regular destination's mode wins over {@code mode}
     * @param seen what the caller found at the destination just now (read without following a
     *     link), so the staged file need not look again; null when nobody looked. Something that
     *     appears meanwhile is still found by the exclusive create or the final link, or replaced
     *     as a new file would be.
     */
    public record Options(boolean atomic, boolean replace, int mode, boolean keepExistingMode, Seen seen) {
        /** Options for a destination nobody has looked at yet. */
        public Options(boolean atomic, boolean replace, int mode, boolean keepExistingMode) {
            this(atomic, replace, mode, keepExistingMode, null);
        }
    }

    /**
     * What is at a destination: its type ({@link #decide}'s letters) and permission bits.
     *
     * @param type 0 nothing, 'f' a regular file, 'l' a link, 'd' a folder, 'o' anything else
     * @param mode its permission bits (0 when there is none)
     */
    public record Seen(char type, int mode) {
        /** Nothing at the destination, or only a dangling link (which the final link refuses or the rename replaces). */
        public static final Seen NOTHING = new Seen((char) 0, 0);

        /** From attributes read without following a link; null attributes: nothing. */
        public static Seen of(java.nio.file.attribute.BasicFileAttributes a) {
            if (a == null) {
                return NOTHING;
            }
            int bits = a instanceof java.nio.file.attribute.PosixFileAttributes p ? FileModes.bits(p.permissions()) : 0;
            return new Seen(StagedFile.type(a), bits);
        }
    }

    protected StagedFile(Path target, Path dir, String name, Options options) {
        this.target = target;
        this.dir = dir;
        this.name = name;
        this.options = options;
    }

    /**
     * The mode the new file gets, from what is at the destination now (its type and mode, read
     * without following a link), and the rules in the class comment.
     *
     * @param type what is there: 0 nothing, 'f' a regular file, 'l' a link, 'd' a folder, 'o' anything else
     */
    public static int decide(char type, int existingMode, Path target, Options options) throws IOException {
        switch (type) {
            case 0:
                return options.mode();
            case 'd':
                throw new FileSystemException(target.toString(), null, "the destination is a directory");
            case 'o':
                throw notRegular(target);
            default:
                if (!options.replace()) {
                    throw new FileAlreadyExistsException(target.toString(), null, "the destination exists");
                }
                return type == 'f' && options.keepExistingMode() ? existingMode & 0777 : options.mode();
        }
    }

    /** A destination that is a device, a FIFO or a socket: fastio never replaces one with a regular file. */
    public static FileSystemException notRegular(Path target) {
        return new FileSystemException(target.toString(), null, "the destination exists and is not a regular file "
                + "(a device, FIFO or socket); fastio replaces only files and links");
    }

    /** The type letter {@link #decide} takes, for attributes read without following links (null: nothing there). */
    public static char type(java.nio.file.attribute.BasicFileAttributes a) {
        if (a == null) {
            return 0;
        }
        return a.isRegularFile() ? 'f' : a.isSymbolicLink() ? 'l' : a.isDirectory() ? 'd' : 'o';
    }

    /** @return the destination as the caller gave it */
    public final Path target() {
        return target;
    }

    /**
     * The new file, open for reading and writing, positioned at 0. Owned by this object: a
     * caller that closes it can no longer write, and {@link #publish} closes it.
     */
    public abstract FileChannel channel() throws IOException;

    /**
     * Makes the new file {@code length} bytes long, growing it with a hole ({@code ftruncate} on
     * its descriptor): a copy that keeps holes ends with one where the source ends with zeros.
     */
    public abstract void setLength(long length) throws IOException;

    /** Sets the new file's modification and access times, on its descriptor. */
    public abstract void setTimes(FileTime modified, FileTime accessed) throws IOException;

    /**
     * Makes the new file the destination: gives it its mode, syncs it when {@code durable},
     * closes it (a failed close fails the write: NFS reports lost writes there), puts it at the
     * destination's name and checks that the name now holds it; when {@code durable}, syncs the
     * folder too. On failure the destination is as it was, and {@link #close} removes the new file.
     *
     * @throws FileAlreadyExistsException not replacing, and the destination appeared meanwhile
     */
    public abstract void publish(boolean durable) throws IOException;

    /**
     * Releases what this holds; before {@link #publish} succeeded, also removes the new file
     * (if its name still holds it). Never throws for a clean-up that changes nothing for the
     * caller; a failed removal is thrown, for a try-with-resources to attach to the first error.
     */
    @Override
    public abstract void close() throws IOException;

    /** "the destination folder does not exist", naming the folder. */
    public static IOException folderMissing(Path dir) {
        return new java.nio.file.NoSuchFileException(dir.toString(), null, "the destination folder does not exist");
    }

    /**
     * An exception naming the user's destination {@code target} for a failure on the temporary
     * file {@code temporary}, whose name means nothing to the user (the JDK names the file it was
     * given); the same type where the caller can act on it (permission denied).
     */
    static IOException aboutTarget(IOException e, Path target, String temporary) {
        if (e instanceof FileSystemException f && f.getFile() != null && temporary != null && f.getFile().endsWith(temporary)) {
            String reason = f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
            FileSystemException named = e instanceof java.nio.file.AccessDeniedException
                    ? new java.nio.file.AccessDeniedException(target.toString(), null, reason)
                    : new FileSystemException(target.toString(), null, reason);
            named.initCause(e);
            return named;
        }
        return e;
    }
}
