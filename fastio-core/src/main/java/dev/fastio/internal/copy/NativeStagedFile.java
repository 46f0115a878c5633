package dev.fastio.internal.copy;

import static dev.fastio.internal.nativeio.Errno.EINVAL;
import static dev.fastio.internal.nativeio.Errno.EISDIR;
import static dev.fastio.internal.nativeio.Errno.EMLINK;
import static dev.fastio.internal.nativeio.Errno.ENOSYS;
import static dev.fastio.internal.nativeio.Errno.ENOTDIR;
import static dev.fastio.internal.nativeio.Errno.EOPNOTSUPP;
import static dev.fastio.internal.nativeio.Errno.EPERM;

import dev.fastio.internal.nativeio.Errno;
import dev.fastio.internal.nativeio.Linux;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.Syscalls;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;

/**
 * A {@link StagedFile} through libc (the native layer, either binding): the folder is held as an
 * {@code O_PATH} descriptor and every name is resolved relative to it; the new file is unnamed
 * ({@code O_TMPFILE}) where the filesystem allows, so a process killed before the end leaves
 * nothing; its length, mode and times are set on its descriptor ({@code ftruncate},
 * {@code fchmod}, {@code futimens}).
 *
 * <p>Putting it in place:
 * <ul>
 *   <li>New destination: {@code linkat} of {@code /proc/self/fd/N} to the name, which refuses an
 *       existing name: one directory operation, and nothing an attacker can redirect.
 *   <li>Replacing: {@code linkat} to a fresh temporary name, then
 *       {@code renameat2(RENAME_EXCHANGE)} with the destination (readers see the old file or the
 *       new one, never neither), a check that the destination now holds this file (else the
 *       exchange is undone), then {@code unlinkat} of the old one. A plain {@code rename} over
 *       the old file would take one call fewer, but ext4 answers it by writing the new file's
 *       data out at once ({@code auto_da_alloc}), which takes several times as long as
 *       exchange + unlink for a 5 KB file here ({@code docs/measure/replacefloor.c};
 *       docs/PERFORMANCE.md, "fastio against the libraries"). Where exchange is
 *       refused, {@code renameat}, then the same check.
 *   <li>Not atomic ({@code atomic(false)}): an existing destination is removed first, as
 *       {@code Files.copy} does, then the new file is created at its name, exclusively and
 *       0600, by its path: no folder descriptor unless a clean-up needs one.
 *   <li>Where {@code O_TMPFILE} is refused (some filesystems), an exclusive create under a
 *       temporary name ({@code O_NOFOLLOW}); each name-based step first checks that the name
 *       still holds this file (device and inode against the descriptor's).
 *   <li>Mode: an unnamed file is created with its final mode where the umask leaves it as it is
 *       (no {@code fchmod}); a file with a name is 0600 until it is complete ({@link #create}).
 * </ul>
 */
final class NativeStagedFile extends StagedFile {

    private final Syscalls c;
    /** These calls are the staged file's own, given back when it closes (not a copy's, which the copy gives back). */
    private boolean ownCalls;
    /** The folder as an {@code O_PATH} descriptor, opened when a step names a file in it; -1 before. */
    private int dirfd = -1;
    private int mode;
    /** The file name in the folder, for the calls relative to it; made on first use (a new name's common case needs none). */
    private long nameC;
    /** The destination's absolute path: the steps of a new file's common case need no folder descriptor. */
    private final long targetC;
    private int fd = -1;
    private long device;
    private long inode;
    /** The temporary name that holds the new file, or null (unnamed, or written at the destination's name). */
    private String temporary;
    private boolean unnamed;
    /** The file was created with its final mode (unnamed, and the umask leaves the mode as it is): no {@code fchmod}. */
    private boolean modeSet;
    private FileChannel channel;
    private boolean published;
    /** What clean-up failed, made only when something did. */
    private IOException failure;
    private boolean closed;

    private NativeStagedFile(Syscalls c, Path target, Path dir, String name, Options options) {
        super(target, dir, name, options);
        this.c = c;
        this.targetC = c.path(dir.resolve(name));
    }

    /**
     * A staged file making its own calls (AtomicWrite, the JDK path's copies).
     *
     * @param layer the native layer, active (a test's carries a fault plan)
     * @param target the destination as given
     * @param dir its folder, absolute
     * @param name its file name
     * @param options how it is written
     * @return the staged file, or null where it cannot be staged so (no {@code /proc/self/fd})
     * @throws IOException as {@link StagedFile#open} documents
     */
    static NativeStagedFile open(NativeLayer layer, Path target, Path dir, String name, Options options) throws IOException {
        if (!NativeLayer.procFd()) {
            return null;
        }
        Syscalls c = layer.syscalls(null);
        NativeStagedFile s;
        try {
            s = new NativeStagedFile(c, target, dir, name, options);
        } catch (RuntimeException | Error e) {
            NativeLayer.release(c);
            throw e;
        }
        s.ownCalls = true;
        return s.start();
    }

    /** A staged file making its calls through {@code c}, which the caller shares (a native copy). */
    static NativeStagedFile open(Syscalls c, Path target, Path dir, String name, Options options) throws IOException {
        return new NativeStagedFile(c, target, dir, name, options).start();
    }

    /** Checks the destination and creates the new file; on failure, cleans up (and gives its own calls back). */
    private NativeStagedFile start() throws IOException {
        try {
            checkDestination();
            create();
            return this;
        } catch (IOException | RuntimeException | Error e) {
            discard();
            if (failure != null) {
                e.addSuppressed(failure);
            }
            throw e;
        }
    }

    /** What is at the destination now, not followed if a link: the rules of {@link StagedFile#decide}. */
    private void checkDestination() throws IOException {
        Seen now = options.seen();
        if (now == null) {
            if (c.statxAt(Linux.AT_FDCWD, targetC, Linux.AT_SYMLINK_NOFOLLOW, Linux.STATX_TYPE | Linux.STATX_MODE) < 0) {
                int errno = c.errno();
                if (errno != Errno.ENOENT) {
                    throw errno == ENOTDIR ? notAFolder() : Errno.openFailed(target, errno, c.strerror(errno));
                }
                now = Seen.NOTHING;
            } else {
                int type = c.statType();
                now = new Seen(type == Linux.S_IFREG ? 'f' : type == Linux.S_IFLNK ? 'l' : type == Linux.S_IFDIR ? 'd' : 'o',
                        c.statMode());
            }
        }
        mode = StagedFile.decide(now.type(), now.mode(), target, options);
        // as Files.copy: the old one goes first, by the name the folder was to be opened by, at the same moment
        if (now.type() != 0 && !options.atomic() && c.unlinkat(Linux.AT_FDCWD, targetC) < 0 && c.errno() != Errno.ENOENT) {
            throw c.errno() == ENOTDIR ? notAFolder() : c.openFailed(target);
        }
    }

    private long nameC() {
        if (nameC == 0) {
            nameC = c.path(name);
        }
        return nameC;
    }

    private IOException notAFolder() {
        return new FileSystemException(dir.toString(), null, "the destination's folder is not a directory");
    }

    /** The held folder, opened on first use: every later name is resolved in it. */
    private int folder() throws IOException {
        if (dirfd < 0) {
            dirfd = c.open(c.path(dir), Linux.O_PATH | Linux.O_DIRECTORY | Linux.O_CLOEXEC, 0);
            if (dirfd < 0) {
                int errno = c.errno();
                throw errno == Errno.ENOENT ? StagedFile.folderMissing(dir) : errno == ENOTDIR ? notAFolder() : Errno.openFailed(dir, errno, c.strerror(errno));
            }
        }
        return dirfd;
    }

    /**
     * Creates the new file. Atomic: unnamed where the filesystem allows, else under a temporary
     * name, exclusively, 0600. Not atomic: at the destination's name, exclusively, 0600, by its
     * path as the folder would be opened (no folder descriptor: a clean-up opens one, and removes
     * only an entry that is this file). Measured in C, the unnamed file and its {@code linkat}
     * cost ext4 about 6–10 µs more than a create at the name ({@code docs/measure/copyfloor.c};
     * docs/PERFORMANCE.md, "fastio against the libraries"), which only atomicity pays for.
     *
     * <p>An unnamed file gets its final mode at once when the umask leaves that mode as it is and
     * it lets the owner read and write ({@link #channel} reopens the file): no
     * other process can open it before {@code linkat} names it (its {@code /proc/self/fd} link is
     * this process's, reachable by its user and root only, who could read the finished file as
     * well), so "0600 until complete" holds for every file that has a name, and the
     * {@code fchmod} is saved. In a folder with a default ACL the mode is then the ACL's
     * intersection with it, as for {@code cp}'s new files, never wider.
     */
    private void create() throws IOException {
        int rw = Linux.O_RDWR | Linux.O_CLOEXEC;
        int exclusive = rw | Linux.O_CREAT | Linux.O_EXCL | Linux.O_NOFOLLOW;
        if (!options.atomic()) {
            fd = c.open(targetC, exclusive, FileModes.PRIVATE);
            if (fd < 0) {
                int errno = c.errno();
                if (errno == Errno.EEXIST) {
                    throw new FileAlreadyExistsException(target.toString(), null, "the destination appeared meanwhile; it was left as it is");
                }
                throw errno == Errno.ENOENT ? StagedFile.folderMissing(dir) : errno == ENOTDIR ? notAFolder() : Errno.openFailed(target, errno, c.strerror(errno));
            }
            return; // its identity is read when a step needs it: the close, or a clean-up
        }
        if (NativeLayer.procFd()) {
            // final mode only where it keeps the owner's read and write: channel() reopens the file
            // through /proc/self/fd, which checks the mode (a 0444 file would refuse this user)
            boolean finalMode = (mode & FileModes.umask()) == 0 && (mode & FileModes.PRIVATE) == FileModes.PRIVATE;
            fd = c.open(c.path(dir), Linux.O_TMPFILE | rw, finalMode ? mode : FileModes.PRIVATE);
            if (fd >= 0) {
                unnamed = true;
                modeSet = finalMode;
                return; // its identity is read only if a step needs it
            }
            int errno = c.errno();
            if (errno == Errno.ENOENT) {
                throw StagedFile.folderMissing(dir);
            }
            if (errno == ENOTDIR) {
                throw notAFolder();
            }
            if (!refusesTmpfile(errno)) {
                throw Errno.openFailed(target, errno, c.strerror(errno));
            }
        }
        if (fd < 0) {
            for (int attempt = 0; fd < 0; attempt++) {
                String tmp = TemporaryFiles.name();
                fd = c.openat(folder(), c.path(tmp), exclusive, FileModes.PRIVATE);
                if (fd >= 0) {
                    temporary = tmp;
                } else if (c.errno() != Errno.EEXIST || attempt == 10) {
                    throw c.openFailed(target);
                }
            }
        }
        if (!readIdentity()) {
            int errno = c.errno();
            c.unlinkat(folder(), temporary != null ? c.path(temporary) : nameC()); // just created exclusively: ours
            temporary = null;
            throw Errno.openFailed(target, errno, c.strerror(errno));
        }
    }

    /** Reads the new file's device and inode from its descriptor; false (errno set) if the stat failed. */
    private boolean readIdentity() {
        if (c.statx(fd, Linux.STATX_INO) < 0) {
            return false;
        }
        device = c.statDevice();
        inode = c.statInode();
        return true;
    }

    private static boolean refusesTmpfile(int errno) {
        return errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL;
    }

    /** The new file's descriptor, for a copy's own system calls. */
    int fd() {
        return fd;
    }

    @Override
    public FileChannel channel() throws IOException {
        if (channel == null) {
            // the magic link reaches the very file this descriptor holds, whatever its name (or none)
            channel = FileChannel.open(Path.of("/proc/self/fd/" + fd), StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        return channel;
    }

    @Override
    public void setLength(long length) throws IOException {
        if (c.ftruncate(fd, length) < 0) {
            throw new IOException(target + ": " + c.strerror(c.errno()));
        }
    }

    @Override
    public void setTimes(FileTime modified, FileTime accessed) throws IOException {
        if (c.futimens(fd, accessed.to(TimeUnit.NANOSECONDS), modified.to(TimeUnit.NANOSECONDS)) < 0) {
            throw new IOException(target + ": cannot set its times: " + c.strerror(c.errno()));
        }
    }

    @Override
    public void publish(boolean durable) throws IOException {
        if (channel != null) {
            FileChannel ch = channel;
            channel = null;
            ch.close(); // a failed close can mean lost data (NFS): it fails the write
        }
        if (durable && c.fsync(fd) < 0) {
            throw new IOException(target + ": " + c.strerror(c.errno()));
        }
        if (mode != FileModes.PRIVATE && !modeSet && c.fchmod(fd, mode) < 0) {
            throw new IOException(target + ": cannot set its mode: " + c.strerror(c.errno()));
        }
        if (!options.atomic()) {
            if (!readIdentity()) { // what a clean-up after a failed close may remove: this file, nothing else
                throw new IOException(target + ": " + c.strerror(c.errno()));
            }
            closeFile(); // written at its name
        } else if (!options.replace()) {
            publishNew();
        } else {
            publishReplacing();
        }
        published = true;
        if (durable) {
            try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                d.force(true); // the new name, too, must survive a crash
            }
        }
    }

    /** Not replacing: the new name by {@code linkat}, which fails on an existing name; then the close. */
    private void publishNew() throws IOException {
        int r = unnamed
                ? c.linkat(Linux.AT_FDCWD, c.path("/proc/self/fd/" + fd), Linux.AT_FDCWD, targetC, Linux.AT_SYMLINK_FOLLOW)
                : linkNamed();
        if (r < 0) {
            int errno = c.errno();
            if (errno == Errno.EEXIST) {
                throw new FileAlreadyExistsException(target.toString(), null, "the destination appeared meanwhile; it was left as it is");
            }
            throw Errno.openFailed(target, errno, c.strerror(errno));
        }
        try {
            closeFile();
        } catch (IOException e) {
            c.unlinkat(Linux.AT_FDCWD, targetC); // the content may be lost: take back the name just made
            throw e;
        }
        if (temporary != null) {
            if (holdsThis(c.path(temporary))) {
                c.unlinkat(folder(), c.path(temporary)); // the new name holds the file; a stale temporary name is harmless
            }
            temporary = null;
        }
    }

    /** A named temporary file's new name: {@code linkat}, or where the filesystem has no hard links a checked rename. */
    private int linkNamed() throws IOException {
        long tmp = c.path(checkedTemporary());
        int r = c.linkat(folder(), tmp, folder(), nameC(), 0);
        if (r < 0 && (c.errno() == EPERM || c.errno() == EMLINK || c.errno() == EOPNOTSUPP)) {
            if (c.statxAt(folder(), nameC(), Linux.AT_SYMLINK_NOFOLLOW, Linux.STATX_TYPE) == 0) {
                throw new FileAlreadyExistsException(target.toString(), null, "the destination appeared meanwhile; it was left as it is");
            }
            r = c.renameat(folder(), tmp, folder(), nameC());
            if (r == 0) {
                temporary = null;
            }
        }
        return r;
    }

    /**
     * Replacing: a temporary name (for an unnamed file, given just before the exchange, so that a
     * process killed at any other moment leaves no name behind), an exchange with the
     * destination, a check that the destination now holds this file, the close (a failure puts
     * the old file back), then the removal of the old one.
     */
    private void publishReplacing() throws IOException {
        long tmp;
        if (unnamed) {
            if (!readIdentity()) {
                throw c.openFailed(target);
            }
            for (int attempt = 0; temporary == null; attempt++) {
                String name = TemporaryFiles.name();
                if (c.linkat(Linux.AT_FDCWD, c.path("/proc/self/fd/" + fd), folder(), c.path(name), Linux.AT_SYMLINK_FOLLOW) == 0) {
                    temporary = name;
                    unnamed = false;
                } else if (c.errno() != Errno.EEXIST || attempt == 10) {
                    throw c.openFailed(target);
                }
            }
            tmp = c.path(temporary); // a swap of this name meanwhile is caught by the check after the exchange
        } else {
            tmp = c.path(checkedTemporary());
        }
        if (c.exchange(folder(), tmp, folder(), nameC()) == 0) {
            // the temporary name holds the old file now
            if (!holdsThis(nameC())) {
                c.exchange(folder(), tmp, folder(), nameC());
                throw replacedMeanwhile();
            }
            try {
                closeFile();
            } catch (IOException e) {
                c.exchange(folder(), tmp, folder(), nameC()); // the content may be lost: put the old file back
                throw e;
            }
            String old = temporary;
            temporary = null;
            if (c.unlinkat(folder(), tmp) < 0) {
                int errno = c.errno();
                if (errno == EISDIR && c.exchange(folder(), tmp, folder(), nameC()) == 0) {
                    temporary = old; // a folder took the destination's name since the check: put it back, fail
                    throw new FileSystemException(target.toString(), null, "the destination is a directory");
                }
                if (errno != Errno.ENOENT && c.unlinkat(folder(), tmp) < 0 && c.errno() != Errno.ENOENT) {
                    throw new IOException(target + " was written, but its old content could not be removed from "
                            + dir.resolve(old) + ": " + c.strerror(c.errno()));
                }
            }
            return;
        }
        int errno = c.errno();
        if (errno != EINVAL && errno != Errno.ENOENT && errno != ENOSYS && errno != EOPNOTSUPP) {
            throw Errno.openFailed(target, errno, c.strerror(errno));
        }
        // no exchange here (the destination is gone, or the filesystem or libc refuses it): close, then a rename
        closeFile(); // a failed close loses nothing yet: the old file is in place
        if (c.renameat(folder(), tmp, folder(), nameC()) < 0) {
            throw c.openFailed(target);
        }
        temporary = null;
        // the rename was the commit: only a name seen holding another file (or none) fails the call now,
        // not a stat that failed for its own reasons
        if (identify(nameC()) == 0) {
            throw replacedMeanwhile();
        }
    }

    /** The temporary name, after checking that it still holds this file. */
    private String checkedTemporary() throws IOException {
        if (!holdsThis(c.path(temporary))) {
            throw new IOException(target + ": the file being written was replaced by another process (in a folder others "
                    + "can write); nothing was done through its name");
        }
        return temporary;
    }

    private IOException replacedMeanwhile() {
        return new IOException(target + ": after the rename the name held another file than the one written: another "
                + "process changed the folder meanwhile (in a folder others can write, they can replace any name)");
    }

    /** Whether {@code at}, in the held folder and not followed if a link, is the file this wrote. */
    private boolean holdsThis(long at) {
        return identify(at) == 1;
    }

    /** 1: {@code at} is the file this wrote; 0: it is another file, or nothing; -1: the stat failed otherwise. */
    private int identify(long at) {
        if (dirfd < 0 || c.statxAt(dirfd, at, Linux.AT_SYMLINK_NOFOLLOW, Linux.STATX_TYPE | Linux.STATX_INO) < 0) {
            return dirfd >= 0 && c.errno() == Errno.ENOENT ? 0 : -1;
        }
        return c.statType() == Linux.S_IFREG && c.statInode() == inode && c.statDevice() == device ? 1 : 0;
    }

    private void closeFile() throws IOException {
        int closing = fd;
        fd = -1;
        if (c.closeChecked(closing) < 0) {
            throw new IOException(target + ": close failed: " + c.strerror(c.errno()));
        }
    }

    @Override
    public void close() throws IOException {
        discard();
        if (failure != null && !published) {
            throw failure;
        }
    }

    private void failed(IOException x) {
        if (failure == null) {
            failure = x;
        } else {
            failure.addSuppressed(x);
        }
    }

    /** Closes everything; before publishing, removes the new file where a name still holds it. */
    private void discard() {
        if (closed) {
            return;
        }
        closed = true;
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException x) {
                failed(x);
            }
            channel = null;
        }
        if (!published) {
            long held = temporary != null ? c.path(temporary) : !options.atomic() ? nameC() : 0;
            if (held != 0 && inode == 0 && fd >= 0 && !readIdentity()) {
                failed(new IOException(target + ": could not remove the unfinished file: " + c.strerror(c.errno())));
            } else if (held != 0 && inode != 0) {
                try {
                    folder(); // not atomic, opened only now: the entry is removed only if it is this file
                    if (holdsThis(held) && c.unlinkat(dirfd, held) < 0 && c.errno() != Errno.ENOENT) {
                        failed(new IOException(target + ": could not remove the unfinished file: " + c.strerror(c.errno())));
                    }
                } catch (IOException x) {
                    failed(x);
                }
            }
            temporary = null;
        }
        if (fd >= 0) {
            c.close(fd); // an unnamed file vanishes with its last descriptor
            fd = -1;
        }
        if (dirfd >= 0) {
            c.close(dirfd);
        }
        if (ownCalls) {
            NativeLayer.release(c);
        }
    }
}
