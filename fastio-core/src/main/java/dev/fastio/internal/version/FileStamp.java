package dev.fastio.internal.version;

import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.Stat;
import dev.fastio.read.FileChangedException;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What one {@code stat} says of a file's version: a changed file changes at least one of these.
 * Every whole-file read, load, parse and copy takes one before it reads and one after, and fails
 * with {@link FileChangedException} when they differ (as {@code tar} says "file changed as we
 * read it"); {@code FileCache} validates its entries with it. Not for users: public only so that
 * the library's packages share it.
 *
 * <p>{@code changed} is the inode's ctime, which the kernel sets on every write, truncate,
 * rename onto the name and {@code utimensat}, and which no user call can set back: tools that
 * restore an old mtime after rewriting a file in place ({@code tar -x}, {@code rsync -t},
 * {@code cp -p}, {@code touch -r}) leave size, mtime and even the inode (when a freed number is
 * reused) as they were, but not the ctime. It is read through the {@code unix} attribute view
 * (the JDK's {@code PosixFileAttributes} has no ctime), in the same {@code stat}; filesystems
 * without that view give {@code null}.
 *
 * <p><b>What no stamp sees.</b> The kernel sets mtime and ctime when a {@code write} call starts,
 * before it copies anything. A write call already running when the first stamp is taken, and
 * still copying while the read runs, changes nothing a later stamp shows; so does a store through
 * a shared memory mapping to a page already dirty. (On Linux 6.13 and later, ext4, XFS, btrfs and
 * tmpfs give a write that starts after a {@code stat} a new ctime even within the same clock tick;
 * on older kernels a write within the tick of the first stamp can keep it.)
 */
public record FileStamp(long size, FileTime modified, FileTime changed, Object fileKey, boolean regular) implements Stamp<FileStamp> {
    /** Not the type: each name in the view's map costs JDK work on every validated cache hit, which needs none. */
    private static final String UNIX_ATTRIBUTES = "unix:size,lastModifiedTime,ctime,dev,ino,isRegularFile";
    private static final FileSystem DEFAULT = FileSystems.getDefault();
    private static final NativeLayer NATIVE = NativeLayer.get();
    private static final boolean DEFAULT_HAS_UNIX = DEFAULT.supportedFileAttributeViews().contains("unix");

    /**
     * The stamp of {@code file}, following links: one {@code statx} with the native layer
     * (either binding), else one {@code stat} through the JDK's attribute views, with the ctime and the
     * type (a pipe read to end of file has no version to judge).
     *
     * @throws IOException the stat failed, as {@code Files.readAttributes} throws
     */
    public static FileStamp read(Path file) throws IOException {
        return read(NATIVE, file);
    }

    /** As {@link #read(Path)}, through {@code layer} where it handles the file (tests pass one with a fault plan). */
    public static FileStamp read(NativeLayer layer, Path file) throws IOException {
        if (layer.handles(file)) { // the native layer: one statx, no attribute map
            return of(layer.stat(file));
        }
        FileSystem fs = file.getFileSystem();
        if (fs == DEFAULT ? DEFAULT_HAS_UNIX : fs.supportedFileAttributeViews().contains("unix")) {
            Map<String, Object> a = Files.readAttributes(file, UNIX_ATTRIBUTES);
            return new FileStamp((Long) a.get("size"), (FileTime) a.get("lastModifiedTime"),
                    (FileTime) a.get("ctime"), NativeKey.ofStDev((Long) a.get("dev"), (Long) a.get("ino")), (Boolean) a.get("isRegularFile"));
        }
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new FileStamp(a.size(), a.lastModifiedTime(), null, a.fileKey(), a.isRegularFile());
    }

    /** A stamp from the native layer's {@code statx}. */
    public static FileStamp of(Stat s) {
        return new FileStamp(s.size(), FileTime.from(s.mtimeSeconds() * 1_000_000_000L + s.mtimeNanos(), TimeUnit.NANOSECONDS),
                FileTime.from(s.ctimeSeconds() * 1_000_000_000L + s.ctimeNanos(), TimeUnit.NANOSECONDS),
                new NativeKey(s.device(), s.inode()), s.regular());
    }

    /**
     * The file key of a stamp on a Unix filesystem: device (major in the high 32 bits, as
     * {@code statx} gives it) and inode, whichever path took the stamp. One kind of key for both,
     * so that two stamps of one file compare equal when the native layer is bound between them
     * (it binds in the background while the first calls take the JDK path).
     *
     * @param device the device, major in the high 32 bits
     * @param inode the inode
     */
    public record NativeKey(long device, long inode) {
        /**
         * The key from a {@code stat}'s {@code st_dev} as glibc encodes it (the JDK's {@code unix:dev}).
         *
         * @param stDev {@code st_dev}
         * @param inode {@code st_ino}
         * @return the key
         */
        static NativeKey ofStDev(long stDev, long inode) {
            long major = ((stDev >>> 8) & 0xfff) | ((stDev >>> 32) & ~0xfffL & 0xffffffffL);
            long minor = (stDev & 0xff) | ((stDev >>> 12) & ~0xffL & 0xffffffffL);
            return new NativeKey((major << 32) | minor, inode);
        }

        // written out: a record's own equals and hashCode bootstrap java.lang.runtime.ObjectMethods
        // on first use, dozens of method-handle classes spun on a fresh JVM's first read
        @Override
        public boolean equals(Object o) {
            return o instanceof NativeKey k && k.device == device && k.inode == inode;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(device) * 31 + Long.hashCode(inode);
        }

        @Override
        public String toString() {
            return "(dev=" + (device >>> 32) + ":" + (device & 0xffffffffL) + ",ino=" + inode + ")";
        }
    }

    /** The size to read by: the stat's for a regular file; 0 (read to end of file) for a pipe or a device. */
    public long sizeHint() {
        return regular ? size : 0;
    }

    /** True when {@code o} describes the same version of the same file. */
    @Override
    public boolean sameVersion(FileStamp o) {
        return size == o.size && modified.equals(o.modified) && Objects.equals(changed, o.changed)
                && Objects.equals(fileKey, o.fileKey);
    }

    /** True when {@code o} is a stamp of the same file (device and inode), whatever its version; true where neither has a key. */
    @Override
    public boolean sameFile(FileStamp o) {
        return Objects.equals(fileKey, o.fileKey);
    }

    /** {@link #changesSince}, by the name {@link Stamp} gives it. */
    @Override
    public String changesTo(FileStamp later) {
        return changesSince(later);
    }

    /** {@link #newest()} in milliseconds, rounded up: an age measured from it is never too long. */
    @Override
    public long newestMillis() {
        FileTime t = newest();
        long millis = t.toMillis(); // saturates: a time set centuries ahead stays in range
        return millis != Long.MAX_VALUE && t.toInstant().getNano() % 1_000_000 != 0 ? millis + 1 : millis;
    }

    /** The later of mtime and ctime: when the content last changed, or later (mtime can be set ahead). */
    public FileTime newest() {
        return changed == null || modified.compareTo(changed) >= 0 ? modified : changed;
    }

    /**
     * Fails when {@code after}, taken once the read ended, is not this version: the bytes read may
     * mix two versions. Only regular files are checked: a pipe's or a device's times move with
     * every write to it, and its reads are not of a version.
     *
     * @param file the file, for the message
     * @param after the stamp taken after the read
     * @throws FileChangedException naming the file and what changed
     */
    public void checkUnchanged(Object file, FileStamp after) throws FileChangedException {
        if (regular && !sameVersion(after)) {
            throw new FileChangedException(file.toString(), changesSince(after));
        }
    }

    /** What differs in {@code after}, for a message: "size 8 → 12, ctime …". */
    public String changesSince(FileStamp after) {
        StringBuilder b = new StringBuilder();
        if (!Objects.equals(fileKey, after.fileKey)) {
            b.append("replaced by another file (").append(fileKey).append(" → ").append(after.fileKey).append(")");
        }
        if (size != after.size) {
            b.append(b.length() > 0 ? ", " : "").append("size ").append(size).append(" → ").append(after.size);
        }
        if (!modified.equals(after.modified)) {
            b.append(b.length() > 0 ? ", " : "").append("mtime ").append(modified).append(" → ").append(after.modified);
        }
        if (!Objects.equals(changed, after.changed)) {
            b.append(b.length() > 0 ? ", " : "").append("ctime ").append(changed).append(" → ").append(after.changed);
        }
        return b.toString();
    }
}
