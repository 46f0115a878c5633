package dev.fastio.copy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Objects;
import java.util.Set;

/**
 * Copies one file, as fast as the kernel allows and all-or-nothing by default. The one place that
 * chooses how ({@link #strategyFor}): files up to {@link #BUFFER_MAX} bytes go through
 * {@link BufferCopy} (one {@code pread} and one {@code write}), bigger ones through
 * {@link TransferToCopy} (in-kernel, the bytes never enter the JVM). The threshold and the race
 * against {@code Files.copy}, {@code cp} and the twelve methods of article 003 are in
 * docs/BENCHMARKS.md, section "copy".
 *
 * <p>Rules, each checked before anything is written:
 * <ul>
 *   <li>The source must not be a directory (links are followed, unless
 *       {@link CopyOptions#followLinks} is off, which copies a link as a link).
 *   <li>Copying a file onto itself (the same path, a symbolic link to it, a hard link to it) is a
 *       {@link FileSystemException} and never truncates it.
 *   <li>An existing destination is a {@link FileAlreadyExistsException} unless
 *       {@link CopyOptions#replaceExisting}; a destination that is a directory is an error. In
 *       atomic mode the new file is put in place with {@code link}, which fails rather than
 *       clobber a destination that appeared during the copy.
 *   <li>A destination folder that does not exist is a {@link NoSuchFileException} naming it.
 * </ul>
 * <p><b>Sizes.</b> A source whose size reads 0 (procfs files, pipes, character devices, some
 * FUSE files) is copied by reading to end of file, as {@code cp} and {@code cat} do. For other
 * regular files the size at open is the expected length: a source that then shrinks or grows is
 * an error ({@link CopyFailedException}) on filesystems whose sizes are the content's length, and
 * is copied to its end of file on those whose sizes are not (sysfs reports 4096 for short files;
 * see {@code FileSizes.sizesUnreliable}, which asks for the mount's type only then).
 *
 * <p>Any I/O failure during the copy is a {@link CopyFailedException}. Then the temporary file
 * is deleted and the destination is as it was (atomic mode) or absent (non-atomic mode). No
 * channel stays open on any path.
 *
 * <p>Cost of atomic: one more directory operation than an in-place copy ({@code rename}, or
 * {@code link} + {@code unlink} when not replacing), 5–8 µs on the machine in
 * docs/BENCHMARKS.md: a quarter of a 5 KB copy, nothing at 50 KB and up. The JDK 22+ native
 * layer can remove it ({@code O_TMPFILE} + {@code linkat}, or {@code renameat2(RENAME_NOREPLACE)}).
 *
 * <p>Thread-safe: each call uses its own channels and a pooled buffer.
 */
public final class FileCopy {
    /**
     * Largest file copied through the buffer; bigger goes through transferTo. Measured
     * (CopyStrategyBenchmark, JDK 17, ext4, docs/BENCHMARKS.md "copy"): the buffer is 15 % faster
     * at 5–32 KB (41 vs 48 µs at 5 KB: transferTo adds an fstat of the source to the one sendfile,
     * which strace shows; the buffer needs one pread and one write), the two tie
     * from 500 KB on, where transferTo's in-kernel copy saves the CPU of a user-space pass.
     */
    public static final long BUFFER_MAX = BufferCopy.BUFFER;

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ);

    private FileCopy() {}

    /** The strategy fastio uses for a file of {@code size} bytes. */
    public static CopyStrategy strategyFor(long size) {
        return size <= BUFFER_MAX ? BufferCopy.INSTANCE : TransferToCopy.INSTANCE;
    }

    /** Copies with {@link CopyOptions#defaults()}: atomic, no replacing, links followed. */
    public static CopyResult copy(Path source, Path target) throws IOException {
        return copy(source, target, CopyOptions.defaults());
    }

    public static CopyResult copy(Path source, Path target, CopyOptions options) throws IOException {
        return copy(source, target, options, null, FileOps.JDK);
    }

    /** Copies with a given strategy instead of fastio's choice: for the benchmark's race and tests. */
    public static CopyResult copy(Path source, Path target, CopyOptions options, CopyStrategy strategy)
            throws IOException {
        return copy(source, target, options, Objects.requireNonNull(strategy, "strategy"), FileOps.JDK);
    }

    static CopyResult copy(Path source, Path target, CopyOptions o, CopyStrategy strategy, FileOps ops)
            throws IOException {
        long start = System.nanoTime();
        LinkOption[] sourceLinks = o.followLinks() ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
        BasicFileAttributes sa = sourceAttributes(source, sourceLinks);
        checkTarget(source, target, sa, o);
        if (sa.isSymbolicLink()) {
            copyLink(source, target, o, ops);
            return new CopyResult(0, System.nanoTime() - start, "symlink");
        }
        if (sa.isDirectory()) {
            throw new FileSystemException(source.toString(), null, "is a directory");
        }
        try (FileChannel in = ops.open(source, READ)) {
            // a change after the stat is caught by the size check at the end; a size of 0, or a
            // source that is no regular file (a pipe, a device), says nothing: read to end of file
            long size = sa.isRegularFile() ? sa.size() : 0;
            CopyStrategy s = strategy != null ? strategy : strategyFor(size);
            CopyTransaction copy = new CopyTransaction(source, target, size, o, s, ops, in, sa);
            long copied = copy.run();
            return new CopyResult(copied, System.nanoTime() - start, size == 0 && copied > 0 ? TO_END : s.name());
        }
    }

    /** The strategy name reported for a source whose size read 0 but which had content. */
    static final String TO_END = "buffer, to end of file";

    private static BasicFileAttributes sourceAttributes(Path source, LinkOption[] links) throws IOException {
        try {
            return Files.readAttributes(source, PosixFileAttributes.class, links);
        } catch (UnsupportedOperationException e) {
            return Files.readAttributes(source, BasicFileAttributes.class, links);
        }
    }

    private static void checkTarget(Path source, Path target, BasicFileAttributes sa, CopyOptions o) throws IOException {
        if (mayBeAbsent(target)) {
            return;
        }
        BasicFileAttributes ta;
        try {
            ta = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        }
        if (sameFile(source, target, sa, ta)) {
            throw new FileSystemException(source.toString(), target.toString(),
                    "source and destination are the same file; nothing was copied");
        }
        if (!o.replaceExisting()) {
            throw new FileAlreadyExistsException(target.toString(), null, "the destination exists (replace it with replaceExisting)");
        }
        if (ta.isDirectory()) {
            throw new FileSystemException(target.toString(), null, "the destination is a directory");
        }
    }

    /**
     * True when nothing is at {@code target}, or only a dangling symbolic link (which the final
     * step then finds: see {@link FileOps#publish}). On the default filesystem this asks
     * {@code java.io.File}, which reports a missing file without an exception: on JDK 17 the NIO
     * way creates a NoSuchFileException with its stack trace, in the common case of every copy
     * to a new file.
     */
    private static boolean mayBeAbsent(Path target) {
        return target.getFileSystem() == FileSystems.getDefault() && !target.toFile().exists();
    }

    private static boolean sameFile(Path source, Path target, BasicFileAttributes sa, BasicFileAttributes ta)
            throws IOException {
        if (source.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize())) {
            return true;
        }
        if (ta.isSymbolicLink()) {
            // the destination may be a link to the source: compare what it points to
            try {
                ta = Files.readAttributes(target, BasicFileAttributes.class);
            } catch (NoSuchFileException dangling) {
                return false;
            }
        }
        Object sk = sa.fileKey();
        Object tk = ta.fileKey();
        if (sk != null && tk != null) {
            return sk.equals(tk); // device and inode: catches hard links
        }
        return Files.isSameFile(source, target);
    }

    private static void copyLink(Path source, Path target, CopyOptions o, FileOps ops) throws IOException {
        Path link = Files.readSymbolicLink(source);
        Path dir = folderOf(target);
        if (!o.atomic()) {
            if (o.replaceExisting()) {
                Files.deleteIfExists(target);
            }
            Files.createSymbolicLink(target, link);
            return;
        }
        Path tmp = AtomicWrite.temporaryName(dir, target.getFileName().toString());
        try {
            Files.createSymbolicLink(tmp, link);
            ops.publish(tmp, target, o.replaceExisting());
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    static Path folderOf(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null) {
            throw new IllegalArgumentException("the destination has no folder: " + target);
        }
        return dir;
    }
}
