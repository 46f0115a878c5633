package dev.fastio.internal.copy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;

/**
 * The destination's folder as {@link FolderStagedFile} reaches entries in it: held open as a
 * {@link SecureDirectoryStream} ({@code openat}, {@code renameat}, {@code unlinkat}, no-follow
 * attribute views, all relative to its descriptor) where another user could change its entries,
 * by plain paths where nobody but its owner can.
 *
 * <p><b>Which.</b> A folder is shared when a user other than its owner may create or rename
 * entries in it: group or other write permission (a POSIX ACL granting a user write shows in the
 * group bits, as its mask) without the sticky bit, or an owner that is neither this process's
 * user nor root. In any other folder only the owner, this process's user or root, can change an
 * entry between two calls, and names are as safe as descriptors: that path makes the calls it
 * made before descriptors were needed, about 12 fewer per file on JDK 17 (docs/PERFORMANCE.md,
 * "Folders through descriptors only where shared (JDK 17–21)"). Where the process's user cannot
 * be read (no /proc), every folder is treated as shared.
 */
final class Folder implements AutoCloseable {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
    /** The identity of an entry in a private folder: nobody else can swap it, so it is never read. */
    private static final Object OWN = new Object();
    /** This process's user id, or -1 where it cannot be read. */
    private static final int UID = readUid();

    final Path dir;
    private final FileOps ops;
    /** Null for a private folder. */
    private final SecureDirectoryStream<Path> held;

    private Folder(Path dir, FileOps ops, SecureDirectoryStream<Path> held) {
        this.dir = dir;
        this.ops = ops;
        this.held = held;
    }

    /** Opens {@code dir}, holding it when it is shared; says why it cannot be written safely otherwise. */
    static Folder open(Path target, Path dir, FileOps ops) throws IOException {
        Map<String, Object> a;
        try {
            a = Files.readAttributes(dir, "unix:mode,uid");
        } catch (NoSuchFileException e) {
            throw StagedFile.folderMissing(dir);
        } catch (UnsupportedOperationException | IllegalArgumentException notUnix) {
            a = null;
        }
        if (a != null && !shared((Integer) a.get("mode"), (Integer) a.get("uid"), UID)) {
            if (((Integer) a.get("mode") & 0170000) != 0040000) {
                throw new FileSystemException(dir.toString(), null, "the destination's folder is not a directory");
            }
            return new Folder(dir, ops, null);
        }
        DirectoryStream<Path> ds;
        try {
            ds = Files.newDirectoryStream(dir);
        } catch (NoSuchFileException e) {
            throw StagedFile.folderMissing(dir);
        } catch (NotDirectoryException e) {
            throw new FileSystemException(dir.toString(), null, "the destination's folder is not a directory");
        }
        if (ds instanceof SecureDirectoryStream<Path> sds) {
            return new Folder(dir, ops, sds);
        }
        ds.close();
        throw new FileSystemException(target.toString(), null,
                "cannot write safely: the folder is shared with other users and this platform's file system gives no "
                        + "SecureDirectoryStream for " + dir);
    }

    /**
     * Whether users other than the folder's owner may change its entries (see the class comment).
     *
     * @param mode the folder's mode, type bits included
     * @param owner the folder's owner
     * @param me this process's user, or -1 when unknown
     */
    static boolean shared(int mode, int owner, int me) {
        boolean sticky = (mode & 01000) != 0;
        boolean othersWrite = (mode & 022) != 0;
        return me < 0 || (owner != me && owner != 0) || (othersWrite && !sticky);
    }

    boolean isHeld() {
        return held != null;
    }

    FileChannel create(Path entry, Set<? extends OpenOption> options, FileAttribute<?> perms) throws IOException {
        return held != null ? ops.openIn(held, entry, options, perms) : ops.open(dir.resolve(entry), options, perms);
    }

    /** What is at {@code entry}, not followed if a link; null when nothing is. */
    PosixFileAttributes attributes(Path entry) throws IOException {
        try {
            return held != null
                    ? held.getFileAttributeView(entry, PosixFileAttributeView.class, NOFOLLOW).readAttributes()
                    : Files.readAttributes(dir.resolve(entry), PosixFileAttributes.class, NOFOLLOW);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** The identity (device and inode) of the regular file at {@code entry}, or null; in a private folder, never read. */
    Object key(Path entry) throws IOException {
        if (held == null) {
            return OWN;
        }
        try {
            BasicFileAttributes a = held.getFileAttributeView(entry, BasicFileAttributeView.class, NOFOLLOW).readAttributes();
            return a.isRegularFile() ? a.fileKey() : null;
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    void setPermissions(Path entry, Set<PosixFilePermission> perms) throws IOException {
        if (held != null) {
            held.getFileAttributeView(entry, PosixFileAttributeView.class, NOFOLLOW).setPermissions(perms);
        } else {
            Files.setPosixFilePermissions(dir.resolve(entry), perms); // one chmod
        }
    }

    void setTimes(Path entry, FileTime modified, FileTime accessed) throws IOException {
        BasicFileAttributeView v = held != null
                ? held.getFileAttributeView(entry, BasicFileAttributeView.class, NOFOLLOW)
                : Files.getFileAttributeView(dir.resolve(entry), BasicFileAttributeView.class);
        v.setTimes(modified, accessed, null);
    }

    /** Renames {@code from} to {@code to} in this folder, replacing {@code to}. */
    void move(Path from, Path to) throws IOException {
        if (held != null) {
            ops.moveIn(held, from, to);
        } else {
            ops.move(dir.resolve(from), dir.resolve(to));
        }
    }

    void delete(Path entry) throws IOException {
        if (held != null) {
            held.deleteFile(entry);
            return;
        }
        Path p = dir.resolve(entry);
        // java.io.File: one unlink (rmdir for a folder, as Files.delete); Files.delete asks with an lstat first
        if (p.getFileSystem() != FileSystems.getDefault() || !p.toFile().delete()) {
            Files.delete(p); // the JDK's exception, naming the reason (or done, if the first try lost a race)
        }
    }

    @Override
    public void close() throws IOException {
        if (held != null) {
            held.close();
        }
    }

    /** The owner of /proc/self is the process's effective user (Linux). */
    private static int readUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
