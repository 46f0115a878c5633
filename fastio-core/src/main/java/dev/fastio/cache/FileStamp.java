package dev.fastio.cache;

import dev.fastio.internal.nativeio.NativeFiles;
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
 * What one {@code stat} says of a file: a changed file changes at least one of these, except
 * within one timestamp tick.
 *
 * <p>{@code changed} is the inode's ctime, which the kernel sets on every write, truncate,
 * rename onto the name and {@code utimensat}, and which no user call can set back: tools that
 * restore an old mtime after rewriting a file in place ({@code tar -x}, {@code rsync -t},
 * {@code cp -p}, {@code touch -r}) leave size, mtime and even the inode (when a freed number is
 * reused) as they were, but not the ctime. It is read through the {@code unix} attribute view
 * (the JDK's {@code PosixFileAttributes} has no ctime), in the same {@code stat}; filesystems
 * without that view give {@code null}.
 */
record FileStamp(long size, FileTime modified, FileTime changed, Object fileKey) {
    private static final String UNIX_ATTRIBUTES = "unix:size,lastModifiedTime,ctime,fileKey";
    private static final FileSystem DEFAULT = FileSystems.getDefault();
    private static final boolean DEFAULT_HAS_UNIX = DEFAULT.supportedFileAttributeViews().contains("unix");

    static FileStamp read(Path file) throws IOException {
        if (NativeFiles.handles(file)) { // JDK 22+: one statx, no attribute map
            long[] s = NativeFiles.stat(file);
            return new FileStamp(s[0], FileTime.from(s[1] * 1_000_000_000L + s[2], TimeUnit.NANOSECONDS),
                    FileTime.from(s[3] * 1_000_000_000L + s[4], TimeUnit.NANOSECONDS), new NativeKey(s[5], s[6]));
        }
        FileSystem fs = file.getFileSystem();
        if (fs == DEFAULT ? DEFAULT_HAS_UNIX : fs.supportedFileAttributeViews().contains("unix")) {
            Map<String, Object> a = Files.readAttributes(file, UNIX_ATTRIBUTES);
            return new FileStamp((Long) a.get("size"), (FileTime) a.get("lastModifiedTime"),
                    (FileTime) a.get("ctime"), a.get("fileKey"));
        }
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new FileStamp(a.size(), a.lastModifiedTime(), null, a.fileKey());
    }

    /** The file key of a native stamp: device and inode, as the JDK's own {@code UnixFileKey} holds. */
    record NativeKey(long device, long inode) {}

    boolean sameFileState(FileStamp o) {
        return size == o.size && modified.equals(o.modified) && Objects.equals(changed, o.changed)
                && Objects.equals(fileKey, o.fileKey);
    }

    /** The later of mtime and ctime: when the content last changed, or later (mtime can be set ahead). */
    FileTime newest() {
        return changed == null || modified.compareTo(changed) >= 0 ? modified : changed;
    }
}
