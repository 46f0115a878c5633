package dev.fastio.hadoop;

import dev.fastio.internal.version.FileStamp;
import dev.fastio.internal.version.GrowingPrefix;
import dev.fastio.internal.version.OneVersion;
import java.nio.file.attribute.FileTime;
import dev.fastio.read.FileChangedException;
import dev.fastio.read.Growth;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One file of a Hadoop {@code FileSystem} opened for a load: its status at open, its qualified
 * name for messages ({@code hdfs://namenode:8020/data/ips.bin}), and a stream opened with
 * {@code FileSystem.openFile}, the read policy and the length hint, so that object stores (S3A,
 * ABFS, GCS) skip the HEAD request and read ahead as the load needs. What a stream can do is
 * asked of it, as Parquet's {@code HadoopStreams} does (see {@code ArrayLoad}).
 */
final class OpenedFile implements AutoCloseable {
    /** The standard openFile options (Hadoop 3.3.5+); older releases ignore unknown options. */
    static final String READ_POLICY = "fs.option.openfile.read.policy";
    static final String LENGTH = "fs.option.openfile.length";

    final FileSystem fs;
    final Path path;
    final String name;
    final FileStatus status;
    /** The version opened: what {@link #checkUnchanged} compares with. */
    final StatusStamp stamp;
    final FSDataInputStream in;
    /** What a load of the whole file gives when it grows: {@link Growth#REJECT} unless the caller asked. */
    final Growth growth;

    /**
     * For a local file ({@code file://}): its full stamp, taken before the open. A local status
     * has a modification time in milliseconds and no identity, so a same-size rewrite within one
     * millisecond, or one that kept the mtime, was not seen; the local stamp has nanoseconds, the
     * ctime, and the device and inode. Null for other filesystems.
     */
    private final FileStamp local;
    private final java.nio.file.Path localPath;

    private OpenedFile(FileSystem fs, Path path, FileStatus status, java.nio.file.Path localPath, FileStamp local,
            FSDataInputStream in, Growth growth) {
        this.fs = fs;
        this.path = path;
        this.name = status.getPath().toString();
        this.status = status;
        this.stamp = StatusStamp.of(status);
        this.localPath = localPath;
        this.local = local;
        this.in = in;
        this.growth = growth;
    }

    /**
     * Opens {@code file} for reading with {@code policy} ("whole-file", "random", "sequential").
     *
     * @throws FileNotFoundException it does not exist, or it is a directory; names it
     * @throws org.apache.hadoop.security.AccessControlException the user may not read it
     */
    static OpenedFile open(FileSystem fs, Path file, String policy) throws IOException {
        return open(fs, file, policy, Growth.REJECT);
    }

    /** As {@link #open(FileSystem, Path, String)}, for a whole-file load under {@code growth}. */
    static OpenedFile open(FileSystem fs, Path file, String policy, Growth growth) throws IOException {
        return open(fs, file, policy, growth, false);
    }

    /**
     * As {@link #open(FileSystem, Path, String, Growth)}; with {@code filesOnly}, a {@code file://}
     * path that is not a regular file (a FIFO, socket or device) is refused before it is opened,
     * by the stat the open takes its stamp from: the open of a FIFO waits for a writer, forever.
     * (A rename between that stat and the open can still hand it a FIFO: Java has no open that
     * does not wait. The window is the open's own.)
     */
    static OpenedFile open(FileSystem fs, Path file, String policy, Growth growth, boolean filesOnly) throws IOException {
        FileStatus status = fileStatus(fs, file);
        java.nio.file.Path localPath = localPath(fs, status);
        FileStamp local = localPath == null ? null : FileStamp.read(localPath);
        if (filesOnly && local != null && !local.regular()) {
            throw notRegular(status);
        }
        FileSystem reader = readerOf(fs, file, localPath);
        if (status.getLen() != 0 && kernelFile(localPath)) {
            // sysfs says 4096 whatever a file holds: a kernel file's length says nothing, as procfs's 0 does, so it is read to its end
            status = new FileStatus(0, false, status.getReplication(), status.getBlockSize(), status.getModificationTime(),
                    status.getAccessTime(), status.getPermission(), status.getOwner(), status.getGroup(), null, status.getPath());
        }
        CompletableFuture<FSDataInputStream> opening;
        try {
            opening = reader.openFile(file)
                    .withFileStatus(status)
                    .opt(READ_POLICY, policy)
                    .opt(LENGTH, Long.toString(status.getLen()))
                    .build();
        } catch (IllegalArgumentException e) {
            throw cannotName(file, e);
        }
        return new OpenedFile(reader, file, status, localPath, local, await(opening, status.getPath()), growth);
    }

    /**
     * The filesystem to read {@code file} (at {@code localPath}) through: Hadoop's raw local
     * filesystem where the checksummed one ({@code file://}'s default) cannot read it, the given
     * one otherwise. The checksummed one reads through a checksum checker, which failed with
     * "Invalid argument" on a file of the kernel's ({@code /proc}, {@code /sys}: sizes that read 0,
     * reads that refuse to seek), and with an IllegalArgumentException from deep inside Hadoop for
     * a name whose checksum file's name Hadoop's {@code Path} cannot take (a ':' in it: {@code .a:b.crc}
     * is "a relative path in an absolute URI"; issue 60). Neither can have a checksum file, so the
     * raw read skips no check.
     */
    static FileSystem readerOf(FileSystem fs, Path file, java.nio.file.Path localPath) {
        if (localPath == null || !(fs instanceof org.apache.hadoop.fs.LocalFileSystem lfs)) {
            return fs;
        }
        try {
            lfs.getChecksumFile(file);
        } catch (IllegalArgumentException noChecksumName) {
            return lfs.getRaw();
        }
        return kernelFile(localPath) ? lfs.getRaw() : fs;
    }

    /** Whether {@code localPath} (null: not a local file) is on one of the kernel's own filesystems ({@code /proc}, {@code /sys}, …). */
    static boolean kernelFile(java.nio.file.Path localPath) {
        if (localPath == null) {
            return false;
        }
        try {
            return KERNEL_FILESYSTEMS.contains(java.nio.file.Files.getFileStore(localPath).type());
        } catch (IOException | RuntimeException e) {
            return false; // the open that follows says what is wrong with it
        }
    }

    /** The filesystem types of the kernel's own files: sizes that read 0, no checksum files, reads that refuse to seek. */
    private static final java.util.Set<String> KERNEL_FILESYSTEMS = java.util.Set.of("proc", "sysfs", "debugfs", "tracefs",
            "securityfs", "configfs", "cgroup", "cgroup2", "efivarfs", "bpf");

    /**
     * A name Hadoop's {@code Path} cannot take (a ':' in a file name: "Relative path in absolute
     * URI"), as one line that names the file, instead of Hadoop's IllegalArgumentException
     * thrown from deep inside it.
     */
    static IOException cannotName(Object file, IllegalArgumentException e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        return new IOException(file + ": Hadoop cannot name this file (" + why + "); a ':' in a file name is one such name: "
                + "rename it, or read it with fastio-core", e);
    }

    /** A {@code file://} path that is not a regular file, refused by a cache's open. */
    private static IOException notRegular(FileStatus status) {
        return new IOException(status.getPath() + ": not a regular file (a FIFO, socket or device): the cache loads files");
    }

    /** The local stamp taken before the open ({@link #local}); null for other filesystems. */
    FileStamp local() {
        return local;
    }

    /** The local file behind a {@code file://} status, or null for other filesystems. */
    static java.nio.file.Path localPath(FileSystem fs, FileStatus status) {
        if (!"file".equals(fs.getUri().getScheme())) {
            return null;
        }
        try {
            // the decoded path: Path.of(URI) refuses a file:/// URI whose raw path has characters
            // above ASCII unescaped, as Hadoop qualifies them ("Bad escape"), which skipped the local stamp
            return java.nio.file.Path.of(status.getPath().toUri().getPath());
        } catch (RuntimeException e) {
            return null; // not a path this JVM's default filesystem can name: the status alone is compared
        }
    }

    /**
     * The status of {@code file}, which must be a file.
     *
     * @throws FileNotFoundException it does not exist, or it is a directory; names it
     */
    static FileStatus fileStatus(FileSystem fs, Path file) throws IOException {
        FileStatus status;
        try {
            status = fs.getFileStatus(file);
        } catch (IllegalArgumentException e) {
            throw cannotName(file, e);
        }
        if (status.isDirectory()) {
            throw new FileNotFoundException(status.getPath() + ": is a directory, not a file");
        }
        return status;
    }

    /**
     * A load or parse of an opened file as a pass of core's one-version rule ({@link OneVersion}):
     * each pass reads through what was opened, then {@link #checkUnchanged} (a status or, for a
     * local file, a stamp other than at open is a {@link FileChangedException} at once). So the
     * stamp after every pass is the one taken at open, and a local file changed within the racy
     * window before it is confirmed by content. HDFS files and objects are not rewritten in
     * place: a writer changes the length, the identity or the etag, which the status shows; they
     * have no version for the window to judge.
     *
     * @param <T> what a pass gives
     */
    abstract static class Pass<T> implements OneVersion.Pass<T> {
        final OpenedFile f;

        Pass(OpenedFile f) {
            this.f = f;
        }

        /**
         * One read of what is wanted, through the opened file.
         *
         * @return what it read
         * @throws IOException the read failed
         */
        abstract T readOnce() throws IOException;

        @Override
        public final T read() throws IOException {
            T read = readOnce();
            f.checkUnchanged();
            return read;
        }

        @Override
        public final long changedMillis() {
            if (f.local == null) {
                return OneVersion.NO_VERSION;
            }
            FileTime changed = f.local.changed() != null ? f.local.changed() : f.local.modified();
            return changed.toMillis();
        }

        @Override
        public final FileStamp stamp() {
            return f.local; // checkUnchanged showed the stamp after the pass to be this one
        }
    }

    /** Another stream on the same file (for one part of a parallel load), opened the same way. */
    FSDataInputStream reopen() throws IOException {
        return await(fs.openFile(path).withFileStatus(status).opt(READ_POLICY, "sequential")
                .opt(LENGTH, Long.toString(status.getLen())).build(), status.getPath());
    }

    /** The stream of a finished {@code openFile}, with its IOException unwrapped, as {@code fs.open} would throw it. */
    private static FSDataInputStream await(CompletableFuture<FSDataInputStream> opening, Path name) throws IOException {
        try {
            return opening.get();
        } catch (InterruptedException e) {
            opening.thenAccept(OpenedFile::closeQuietly); // it may still open: close it then
            Thread.currentThread().interrupt();
            throw (IOException) new InterruptedIOException(name + ": interrupted while opening").initCause(e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) {
                throw (IOException) cause;
            }
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw new IOException(name + ": opening failed", cause);
        }
    }

    private static void closeQuietly(FSDataInputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing to tell anyone: the caller has already been told of the interrupt
        }
    }

    /**
     * Fails with {@link FileChangedException} when the file is not the one that was opened any
     * more: another length, modification time or identity ({@link StatusStamp}; for a local file
     * also its full {@link FileStamp}) now, or gone. Called after a load, so that a file deleted or rewritten while its parts
     * were read is an error, not a mix of two versions.
     */
    void checkUnchanged() throws IOException {
        FileStatus now;
        try {
            now = fs.getFileStatus(path);
        } catch (FileNotFoundException gone) {
            throw (IOException) new FileChangedException(name, "it was deleted during the load").initCause(gone);
        }
        StatusStamp current = StatusStamp.of(now);
        if (!current.equals(stamp)) {
            throw new FileChangedException(name, current.changesSince(stamp));
        }
        if (local != null) {
            local.checkUnchanged(name, FileStamp.read(localPath));
        }
    }

    /**
     * After the first {@code prefix} bytes of a file opened with {@link Growth#PREFIX} were read:
     * {@link GrowingPrefix}'s verdict on its status now and, for a local file, on its local stamp
     * now (the status has no identity and a millisecond time; the stamp has the inode, the ctime
     * and, for the racy window, the nanoseconds). HDFS files and objects are not rewritten in
     * place, so an unchanged status vouches for their bytes; a local one must also not be racy.
     *
     * @param prefix the bytes loaded: the length at open
     * @param rule the rule whose clock judges a local file's racy window
     * @return true when the load must be done again and compared
     * @throws FileChangedException it was deleted, replaced or truncated
     */
    boolean prefixMustConfirm(long prefix, OneVersion rule) throws IOException {
        FileStatus now;
        try {
            now = fs.getFileStatus(path);
        } catch (FileNotFoundException gone) {
            throw (IOException) new FileChangedException(name, "it was deleted during the load").initCause(gone);
        }
        boolean confirm = GrowingPrefix.mustConfirm(name, prefix, stamp, StatusStamp.of(now), false);
        if (local != null) {
            confirm |= GrowingPrefix.mustConfirm(name, prefix, local, FileStamp.read(localPath), rule.racy(local.newestMillis()));
        }
        return confirm;
    }

    /** The check after a failed read, by the rule the file was opened under. */
    private void checkChanged() throws IOException {
        if (growth == Growth.PREFIX) {
            prefixMustConfirm(status.getLen(), OneVersion.SYSTEM); // a file that only grew is no cause: the failure is
        } else {
            checkUnchanged();
        }
    }

    /**
     * A failure during the reads as the caller should see it: when the file changed meanwhile
     * (which can make the filesystem's client fail in odd ways, such as HDFS's block reader with
     * an {@code IllegalStateException} for a file rewritten under an open stream), the change,
     * with {@code failure} suppressed in it; else {@code failure} itself, named.
     */
    RuntimeException orChanged(RuntimeException failure) throws IOException {
        try {
            checkChanged();
        } catch (IOException changed) {
            changed.addSuppressed(failure);
            throw changed;
        }
        return failure;
    }

    /**
     * The change, with {@code failure} suppressed in it, if the file changed (or went) since it
     * was opened; else {@code failure}, with a failure of the check itself (a namenode out of
     * reach) suppressed in it: that says nothing about the file.
     */
    IOException changedOr(IOException failure) {
        try {
            checkChanged();
        } catch (FileChangedException | FileNotFoundException | java.nio.file.NoSuchFileException changed) {
            changed.addSuppressed(failure);
            return changed;
        } catch (IOException checkFailed) {
            failure.addSuppressed(checkFailed);
        }
        return failure;
    }

    /** As {@link #orChanged(RuntimeException)}, for an IOException: the change, or {@code failure} named. */
    IOException orChanged(IOException failure) {
        if (failure instanceof FileChangedException) {
            return failure;
        }
        if (failure instanceof java.io.InterruptedIOException) {
            return named(failure);
        }
        try {
            checkChanged();
        } catch (IOException changed) {
            changed.addSuppressed(failure);
            return changed;
        }
        return named(failure);
    }

    /**
     * {@code e}, thrown after the file was opened, as the caller should see it: with this file's
     * qualified name in its message when it lacks it (Hadoop's own errors often name only a
     * block); a {@link FileNotFoundException} then means the file was deleted during the load.
     */
    IOException named(IOException e) {
        if (e instanceof FileNotFoundException) {
            return (IOException) new FileNotFoundException(name + ": it was deleted during the load").initCause(e);
        }
        String message = e.getMessage();
        if (message != null && message.contains(name)) {
            return e;
        }
        if (e instanceof java.io.EOFException) {
            return (IOException) new java.io.EOFException(name + ": " + message).initCause(e);
        }
        if (e instanceof InterruptedIOException) {
            return (IOException) new InterruptedIOException(name + ": " + message).initCause(e);
        }
        return new IOException(name + ": " + message, e);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
