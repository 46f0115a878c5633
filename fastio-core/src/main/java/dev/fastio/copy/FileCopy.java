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
 * can see it half-written), writes every hole of a sparse file out as zeros, and never clones.
 * Here, as {@code cp} (coreutils 9) does it:
 * <ul>
 *   <li><b>With the native layer</b> (jffi on JDK 17–21; FFM on JDK 22+ with
 *       {@code --enable-native-access=dev.fastio}, or {@code ALL-UNNAMED} on the class path): a clone ({@code ioctl(FICLONE)}: constant time and
 *       no space, on XFS, btrfs, bcachefs and ZFS) where the filesystem can; else only the data
 *       regions of a source with holes ({@code lseek(SEEK_DATA/SEEK_HOLE)}), each by
 *       {@code copy_file_range} (in the kernel). The new file is unnamed ({@code O_TMPFILE})
 *       until it is complete, then named by {@code linkat} (replacing: a temporary name and
 *       {@code renameat2(RENAME_EXCHANGE)}).
 *   <li><b>Otherwise</b> (the layer off: {@code -Dfastio.native=false}, no native access on JDK
 *       22+, no stub loadable): one pooled buffer that skips every
 *       all-zero 4 KiB block, so holes stay holes (the JDK cannot see where they are); files above
 *       256 KiB whose sampled blocks hold no zeros go through {@code FileChannel.transferTo}
 *       (in-kernel). Cloning is not possible here: {@code reflink(ALWAYS)} fails before writing.
 * </ul>
 * {@link CopyOptions#sparse} and {@link CopyOptions#reflink} choose as {@code cp}'s
 * {@code --sparse} and {@code --reflink} do, and {@link CopyResult#strategy()} says what was done.
 * The races against {@code Files.copy}, {@code cp} and the twelve methods of article 003 are
 * {@code CopyBenchmark}, {@code CopySparseBenchmark} and {@code CopyPeersBenchmark} in
 * {@code dev.fastio.bench.copy}; their figures are in docs/PERFORMANCE.md, "Performance: the
 * current figures" (the copy rows) and "fastio against the libraries".
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
 *   <li>A destination that is a device, a FIFO or a socket is a {@link FileSystemException} and is
 *       left as it is (fastio never turns one into a regular file); a symbolic link at the
 *       destination is replaced, not written through.
 * </ul>
 *
 * <p><b>Modes</b>, as {@code cp} gives them: a new destination gets the source's permission bits
 * less the umask, an existing one keeps its own; {@link CopyOptions#copyAttributes} gives the
 * source's exact bits and times. The new file is 0600 until it is complete.
 *
 * <p><b>Shared folders.</b> After creating the new file, the copy reaches it only through the
 * descriptors it holds (its folder's and its own): mode, times and length are set on them, and it
 * is put in place relative to the held folder, then checked to be the file written. Another user
 * who can rename entries in the destination's folder cannot turn the copy onto another file;
 * a swap of names during the copy fails it.
 * <p><b>Sizes.</b> A source whose size reads 0 (procfs files, pipes, character devices, some
 * FUSE files) is copied by reading to end of file, as {@code cp} and {@code cat} do. For other
 * regular files the size at open is the expected length: a source that then shrinks or grows is
 * an error ({@link CopyFailedException}) on filesystems whose sizes are the content's length, and
 * is copied to its end of file on those whose sizes are not (sysfs reports 4096 for short files;
 * the mount's type is asked for only then). A source that is appended to while it is copied (a
 * log) can be copied up to its size at open with
 * {@link CopyOptions#growth(dev.fastio.read.Growth) growth(Growth.PREFIX)}.
 *
 * <p>Any I/O failure during the copy is a {@link CopyFailedException}. Then the temporary file
 * is deleted and the destination is as it was (atomic mode) or absent (non-atomic mode). No
 * channel stays open on any path.
 *
 * <p>Cost of atomic. To a new name on the native layer: none (an unnamed file, then one
 * {@code linkat}, as many directory operations as {@code Files.copy}). Replacing: one more than
 * {@code Files.copy}'s delete-then-create (a temporary name, then {@code renameat2} exchanging
 * it with the old file, then {@code unlink} of the old one), 1.1–1.8× {@code Files.copy} for
 * files of 5–500 KB. On the JDK path: {@code link} + {@code unlink} or a {@code rename}, and on
 * ext4 a rename over an existing file makes the kernel write the data out at once (several times
 * {@code Files.copy} at 5 KB). {@code atomic(false)} costs what {@code Files.copy} costs.
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
