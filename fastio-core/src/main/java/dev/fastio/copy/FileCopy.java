package dev.fastio.copy;

import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Copies one file, as fast as the kernel allows and all-or-nothing by default. JDK equivalent:
 * {@code Files.copy(source, target)}, which writes the destination in place (a reader or a crash
 * can see it half-written) and copies every file the same way. Here files up to 256 KiB go
 * through one pooled buffer (one {@code pread} and one {@code write}), bigger ones through
 * {@code FileChannel.transferTo} (in-kernel; the bytes never enter the JVM). The race against
 * {@code Files.copy}, {@code cp} and the twelve methods of article 003 is in docs/BENCHMARKS.md,
 * section "copy".
 *
 * <pre>{@code
 * FileCopy.copy(source, target);                                          // atomic, never replaces
 * FileCopy.copy(source, target, CopyOptions.defaults().replaceExisting(true).durable(true));
 * }</pre>
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
 * the mount's type is asked for only then).
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
 * <p><b>Interrupts.</b> A thread interrupted while it copies stops at the next read or write: the
 * call throws {@link CopyFailedException} whose cause is a
 * {@link java.nio.channels.ClosedByInterruptException}, the destination is as it was, nothing is
 * left open, and the thread's interrupt status stays set.
 *
 * <p>Thread-safe: each call uses its own channels and a pooled buffer.
 */
public final class FileCopy {
    private FileCopy() {}

    /**
     * Copies {@code source} to {@code target} with {@link CopyOptions#defaults()}: atomic, never
     * replacing, links followed, attributes not copied.
     *
     * @param source the file to copy
     * @param target the new file
     * @return the bytes copied, the time taken and how
     * @throws NoSuchFileException the source, or the destination's folder, does not exist
     * @throws FileAlreadyExistsException {@code target} exists
     * @throws FileSystemException the source is a directory, or source and target are one file
     * @throws CopyFailedException the copy failed after it began writing; the destination is as it was
     * @throws IOException another failure before anything was written (permissions, for one)
     */
    public static CopyResult copy(Path source, Path target) throws IOException {
        return copy(source, target, CopyOptions.defaults());
    }

    /**
     * Copies {@code source} to {@code target} as {@code options} say. JDK equivalent:
     * {@code Files.copy(source, target, REPLACE_EXISTING, COPY_ATTRIBUTES, NOFOLLOW_LINKS)} for the
     * options of the same names.
     *
     * @param source the file to copy
     * @param target the new file, or the one to replace
     * @param options how to copy
     * @return the bytes copied, the time taken and how
     * @throws NoSuchFileException the source, or the destination's folder, does not exist
     * @throws FileAlreadyExistsException {@code target} exists and {@code replaceExisting} is off
     * @throws FileSystemException the source or the destination is a directory, or they are one file
     * @throws CopyFailedException the copy failed after it began writing; the destination is as it
     *     was (atomic) or absent (not atomic)
     * @throws IOException another failure before anything was written (permissions, for one)
     */
    public static CopyResult copy(Path source, Path target, CopyOptions options) throws IOException {
        return CopyRunner.copy(source, target, options, null, FileOps.JDK);
    }
}
