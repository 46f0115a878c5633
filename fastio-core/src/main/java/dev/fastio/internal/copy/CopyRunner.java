package dev.fastio.internal.copy;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.CopyResult;
import dev.fastio.copy.When;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.read.Growth;
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
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * What {@link dev.fastio.copy.FileCopy} does: checks the rules it documents before anything is
 * written, copies a link as a link, and then chooses, the one place that does:
 * <ul>
 *   <li>a regular file with a size, on the default filesystem, where the native layer is
 *       on: the native layer's source (clone, holes, {@code copy_file_range}, {@code O_TMPFILE});
 *   <li>otherwise a {@link ChannelSource} with the strategy that {@link #strategyFor} picks:
 *       by default {@link SparseCopy} (holes kept; for a small file one {@code pread} and one
 *       {@code pwrite}) for files up to {@link #BUFFER_MAX} bytes and for bigger ones whose
 *       sampled blocks hold zeros, else {@link TransferToCopy} (in-kernel; the bytes never enter
 *       the JVM); with {@code sparse=never}, {@link BufferCopy} up to {@link #BUFFER_MAX} bytes,
 *       {@link TransferToCopy} above.
 * </ul>
 * Either source goes through the one {@link CopyTransaction}. The races behind these choices
 * are {@code CopyStrategyBenchmark}, {@code CopyBenchmark} and {@code CopySparseBenchmark}
 * ({@code dev.fastio.bench.copy}); docs/PERFORMANCE.md, "Where the JDK path's copy switches
 * strategy", has the figures the thresholds rest on.
 */
public final class CopyRunner {
    /**
     * Largest file copied through the buffer; bigger goes through transferTo. Measured
     * (CopyStrategyBenchmark, JDK 17, ext4; docs/PERFORMANCE.md, "Where the JDK path's copy
     * switches strategy"): the buffer is 15 % faster
     * at 5–32 KB (41 vs 48 µs at 5 KB: transferTo adds an fstat of the source to the one sendfile,
     * which strace shows; the buffer needs one pread and one write), the two tie
     * from 500 KB on, where transferTo's in-kernel copy saves the CPU of a user-space pass.
     */
    public static final int BUFFER_MAX = DirectBuffers.SIZE;

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ);
    /** Shared, never written: the JDK only reads the options it is given. */
    private static final LinkOption[] FOLLOW = {};
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private CopyRunner() {}

    /** The strategy the JDK path uses for a file of {@code size} bytes that need not keep holes. */
    public static CopyStrategy strategyFor(long size) {
        return size <= BUFFER_MAX ? BufferCopy.INSTANCE : TransferToCopy.INSTANCE;
    }

    /**
     * The strategy the JDK path uses for a file of {@code size} bytes copied with {@code sparse},
     * opened as {@code in}. The JDK cannot see a file's holes, so:
     * <ul>
     *   <li>{@code always}: {@link SparseCopy}, every all-zero 4 KiB block becomes a hole;
     *   <li>{@code auto}: files that fit the buffer through {@link SparseCopy} (the same two
     *       calls as {@link BufferCopy}); bigger ones through {@link SparseCopy} when
     *       {@link SparseCopy#looksSparse} finds a block of zeros, else {@link TransferToCopy},
     *       which is twice as fast on JDK 17 at 500 KB and up (docs/PERFORMANCE.md, "Where the
     *       JDK path's copy switches strategy");
     *   <li>{@code never}: {@link #strategyFor(long)}.
     * </ul>
     *
     * @param in the open source, or null to decide from the size alone (then {@code auto} above the
     *     buffer is {@link TransferToCopy})
     */
    public static CopyStrategy strategyFor(long size, When sparse, FileChannel in) throws IOException {
        if (size == 0) {
            return BufferCopy.INSTANCE; // size 0 reads to end of file
        }
        return switch (sparse) {
            case NEVER -> strategyFor(size);
            case ALWAYS -> SparseCopy.INSTANCE;
            case AUTO -> size <= BUFFER_MAX || (in != null && SparseCopy.looksSparse(in, size))
                    ? SparseCopy.INSTANCE : TransferToCopy.INSTANCE;
        };
    }

    /**
     * Copies as {@link dev.fastio.copy.FileCopy#copy(Path, Path, CopyOptions)} does, with
     * {@code strategy} instead of fastio's choice when it is not null (the benchmark's race and
     * tests), and the file operations {@code ops} (tests substitute failing ones).
     */
    public static CopyResult copy(Path source, Path target, CopyOptions o, CopyStrategy strategy, FileOps ops)
            throws IOException {
        // a copy waits for the binding (tens of ms in a fresh JVM): its unnamed file is what keeps a
        // kill -9 from leaving a hidden file behind, which the JDK path cannot promise
        return copy(source, target, o, strategy, ops, NativeLayer.awaitBound(), OneVersion.SYSTEM);
    }

    /**
     * As {@link #copy(Path, Path, CopyOptions, CopyStrategy, FileOps)}, with the native layer
     * {@code layer} where {@code ops} let it replace them (tests pass one with a fault plan:
     * {@link NativeLayer#withFaults}), and the racy window judged by {@code rule} (on the system
     * clock but in tests).
     */
    public static CopyResult copy(Path source, Path target, CopyOptions o, CopyStrategy strategy, FileOps ops, NativeLayer layer,
            OneVersion rule) throws IOException {
        long start = System.nanoTime();
        LinkOption[] sourceLinks = o.followLinks() ? FOLLOW : NOFOLLOW;
        BasicFileAttributes sa = sourceAttributes(source, sourceLinks);
        StagedFile.Seen seen = checkTarget(source, target, sa, o);
        if (sa.isSymbolicLink()) {
            copyLink(source, target, o, ops);
            return new CopyResult(0, System.nanoTime() - start, "symlink");
        }
        if (sa.isDirectory()) {
            throw new FileSystemException(source.toString(), null, "is a directory");
        }
        boolean regular = sa.isRegularFile() && sa.size() > 0;
        StagedFile.Options destination = destination(o, sa instanceof PosixFileAttributes p ? p.permissions() : null, seen);
        CopySource src;
        if (strategy == null && ops.nativeLayerMayReplace() && regular && layer.copies(source, target)) {
            src = DescriptorSource.open(layer, source, o.reflink(), o.sparse(), o.growth() == Growth.PREFIX);
        } else {
            if (o.reflink() == When.ALWAYS && strategy == null) {
                throw new CopyFailedException(source, target, 0, sa.size(), "cannot clone (reflink=always): "
                        + (regular ? "cloning needs the native layer, which is " + layer.status() : "the source is not a regular file with a size"), null);
            }
            src = channelSource(source, target, o, strategy, ops, sa, sourceLinks);
        }
        try (src) {
            CopyTransaction t = new CopyTransaction(source, target, o, sa, rule);
            long copied = t.run(src, destination);
            return new CopyResult(copied, System.nanoTime() - start, src.how(), t.grew());
        }
    }

    /** The JDK path's source: the channel, and the strategy {@link #strategyFor} picks unless the caller gave one. */
    private static CopySource channelSource(Path source, Path target, CopyOptions o, CopyStrategy strategy, FileOps ops,
            BasicFileAttributes sa, LinkOption[] links) throws IOException {
        FileChannel in = ops.open(source, READ);
        try {
            long size = sa.isRegularFile() ? sa.size() : 0;
            CopyStrategy s;
            try {
                s = strategy != null ? strategy : strategyFor(size, o.sparse(), in);
            } catch (IOException e) { // the sampling reads failed, or were interrupted: a failed copy, as any later read
                throw new CopyFailedException(source, target, 0, size, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
            }
            return new ChannelSource(source, in, s, ops, sa, links);
        } catch (IOException | RuntimeException | Error e) {
            closeQuietly(in);
            throw e;
        }
    }

    private static void closeQuietly(FileChannel in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // read-only, and the copy failed already: nothing to add
        }
    }

    /**
     * How a copy's destination is written ({@link StagedFile}): as {@code cp} gives modes, a new
     * file gets the source's permission bits less the umask and an existing one keeps its own;
     * with attributes, the source's exact bits. The native copy uses the same rule.
     *
     * @param perms the source's permission bits, or null where the filesystem has none
     * @param seen what the rules' check found at the destination just now
     */
    public static StagedFile.Options destination(CopyOptions o, Set<PosixFilePermission> perms, StagedFile.Seen seen) {
        int sourceMode = perms == null ? FileModes.DEFAULT : FileModes.bits(perms);
        int mode = o.copyAttributes() ? sourceMode : FileModes.masked(sourceMode);
        return new StagedFile.Options(o.atomic(), o.replaceExisting(), mode, !o.copyAttributes(), seen);
    }

    /** The strategy name reported for a source whose size read 0 but which had content. */
    public static final String TO_END = "buffer, to end of file";

    private static BasicFileAttributes sourceAttributes(Path source, LinkOption[] links) throws IOException {
        try {
            return Files.readAttributes(source, PosixFileAttributes.class, links);
        } catch (UnsupportedOperationException e) {
            return Files.readAttributes(source, BasicFileAttributes.class, links);
        }
    }

    /** Checks the rules about the destination; returns what is there, for the staged file not to look again. */
    private static StagedFile.Seen checkTarget(Path source, Path target, BasicFileAttributes sa, CopyOptions o) throws IOException {
        // replacing, the destination is usually there: one stat of it (not a second to ask first whether it is)
        if (!o.replaceExisting() && mayBeAbsent(target)) {
            return StagedFile.Seen.NOTHING; // or a dangling link, which the final link refuses or the rename replaces
        }
        BasicFileAttributes ta;
        try {
            ta = sourceAttributes(target, NOFOLLOW);
        } catch (NoSuchFileException e) {
            return StagedFile.Seen.NOTHING;
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
        if (!ta.isRegularFile() && !ta.isSymbolicLink()) {
            throw StagedFile.notRegular(target);
        }
        return StagedFile.Seen.of(ta);
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

    /**
     * Copies a link as a link ({@code cp -P}). Made under a temporary name and put in place by
     * {@code rename} (replacing) or {@code link}: none of these calls follows a link, so a name
     * changed by another user meanwhile can at most be replaced, never written through.
     */
    private static void copyLink(Path source, Path target, CopyOptions o, FileOps ops) throws IOException {
        Path link = Files.readSymbolicLink(source);
        if (!o.atomic()) {
            if (o.replaceExisting()) {
                Files.deleteIfExists(target);
            }
            Files.createSymbolicLink(target, link);
            return;
        }
        Path tmp = folderOf(target).resolve(TemporaryFiles.name());
        Files.createSymbolicLink(tmp, link);
        try {
            if (o.replaceExisting()) {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } else {
                try {
                    ops.link(target, tmp);
                } catch (FileAlreadyExistsException e) {
                    throw new FileAlreadyExistsException(target.toString(), null, "the destination appeared meanwhile; it was left as it is");
                }
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public static Path folderOf(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null) {
            throw new IllegalArgumentException("the destination has no folder: " + target);
        }
        return dir;
    }
}
