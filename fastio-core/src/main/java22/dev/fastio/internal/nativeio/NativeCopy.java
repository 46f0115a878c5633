package dev.fastio.internal.nativeio;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.CopyResult;
import dev.fastio.copy.When;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.copy.TemporaryFiles;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * One copy of a regular file through libc, as {@code cp} makes it (coreutils 9), the native
 * counterpart of {@code CopyTransaction}:
 *
 * <ol>
 *   <li><b>Destination.</b> Atomic and not replacing: an unnamed file in the destination's folder
 *       ({@code open(dir, O_TMPFILE)}), given its name at the end with {@code linkat}, which
 *       refuses an existing name: one directory operation, as many as {@code Files.copy} makes.
 *       Where the filesystem refuses {@code O_TMPFILE}, and when replacing or copying attributes:
 *       a hidden temporary name beside the destination, then {@code rename} (replacing) or
 *       {@code link} + {@code unlink}. Not atomic: the destination itself.
 *   <li><b>Bytes</b>, the first way that works: {@code ioctl(FICLONE)} shares the source's extents
 *       (XFS, btrfs, bcachefs, ZFS; {@code reflink}); else the data regions found with
 *       {@code lseek(SEEK_DATA/SEEK_HOLE)} when the source has holes (its allocated blocks are
 *       fewer than its length) or {@code sparse=always}; each region, or the whole file, by
 *       {@code copy_file_range} (in the kernel), or {@code pread}/{@code pwrite} through the pooled
 *       buffer when {@code reflink=never} (the kernel's {@code copy_file_range} clones where it
 *       can) or the kernel refuses it. {@code sparse=always} also turns all-zero 4 KiB blocks
 *       inside data into holes, which needs the bytes in user space. A copy that ends in a hole
 *       gets its length from {@code ftruncate}.
 *   <li><b>Checks</b> as on the JDK path: the source's size is taken at open, and a source that
 *       grew or shrank meanwhile fails the copy (or is copied to its end where sizes are not
 *       lengths, {@link FileSizes#sizesUnreliable}).
 * </ol>
 *
 * <p>Any failure closes both descriptors, removes a named temporary file, and leaves the
 * destination as it was; an unnamed file vanishes with its descriptor. Every call goes through
 * {@link Calls}, which a test's {@link SyscallFaults} plan can make fail.
 */
final class NativeCopy {
    /** Bytes per {@code copy_file_range} call: a progress listener hears about each. */
    private static final long CHUNK = 16L << 20;
    private static final int EXDEV = 18;
    private static final int EISDIR = 21;
    private static final int EINVAL = 22;
    private static final int ENOSYS = 38;
    private static final int EOPNOTSUPP = 95;
    private static final int ENXIO = 6;
    private static final int EPERM = 1;
    private static final int EMLINK = 31;
    /** Whether an unnamed file can be named through /proc/self/fd (linkat with AT_EMPTY_PATH needs a capability). */
    private static final boolean PROC_FD = Files.isDirectory(Path.of("/proc/self/fd"));

    private final Path source;
    private final Path target;
    private final Path dir;
    private final CopyOptions o;
    private final Set<PosixFilePermission> perms;
    private final BasicFileAttributes sourceAttributes;
    private final Calls c;
    private long size;
    private long done;
    private String how;
    /** The file this copy created under a name, to remove on failure; null once published. */
    private Path named;
    /** The destination once an unnamed file was linked there, to remove if the last close fails. */
    private Path linked;

    private NativeCopy(Path source, Path target, CopyOptions o, BasicFileAttributes sa, Set<PosixFilePermission> perms,
            Calls c) {
        this.source = source;
        this.target = target;
        this.dir = target.toAbsolutePath().getParent();
        this.o = o;
        this.perms = perms;
        this.sourceAttributes = sa;
        this.c = c;
    }

    static CopyResult copy(Path source, Path target, CopyOptions o, BasicFileAttributes sa, Set<PosixFilePermission> perms)
            throws IOException {
        long start = System.nanoTime();
        try (Arena arena = Arena.ofConfined()) {
            Calls c = new Calls(arena, SyscallFaults.current());
            NativeCopy copy = new NativeCopy(source, target, o, sa, perms, c);
            int in = c.open(c.path(source), Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
            if (in < 0) {
                throw Errno.openFailed(source, c.errno());
            }
            try {
                long copied = copy.run(in);
                return new CopyResult(copied, System.nanoTime() - start, copy.how);
            } finally {
                c.close(in); // a read-only descriptor: a failed close loses nothing
            }
        }
    }

    private long run(int in) throws IOException {
        long blocks = stat(in);
        int out = -1;
        boolean unnamed = false;
        try {
            checkInterrupt();
            if (o.atomic() && !o.replaceExisting() && !o.copyAttributes() && PROC_FD) {
                out = c.open(c.path(dir), Libc.O_TMPFILE | Libc.O_WRONLY | Libc.O_CLOEXEC, mode());
                if (out >= 0) {
                    unnamed = true;
                } else if (!refusesTmpfile(c.errno())) {
                    throw destinationFailed(dir, c.errno());
                }
            }
            if (out < 0) {
                out = openNamed();
            }
            long copied = copyBytes(in, out, blocks);
            if (o.durable() && c.fsync(out) < 0) {
                throw Errno.readFailed(target, c.errno());
            }
            if (o.copyAttributes()) {
                copyAttributes(named);
            }
            if (unnamed) {
                linkUnnamed(out);
            }
            int closing = out;
            out = -1;
            if (c.closeChecked(closing) < 0) {
                throw new IOException(target + ": close failed: " + Libc.strerror(c.errno()));
            }
            if (!unnamed && o.atomic()) {
                publishNamed();
            }
            named = null;
            linked = null;
            if (o.durable()) {
                try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                    d.force(true); // the new name, too, must survive a crash
                }
            }
            return copied;
        } catch (IOException e) {
            boolean wrote = named != null || linked != null || unnamed;
            cleanUp(e, out);
            // an interrupt is a failed copy wherever it lands, as on the JDK path (FileCopy's Javadoc)
            boolean interrupted = e instanceof ClosedByInterruptException;
            if ((!wrote && !interrupted) || e instanceof CopyFailedException || e instanceof FileAlreadyExistsException) {
                throw e;
            }
            String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new CopyFailedException(source, target, done, size, what, e);
        } catch (RuntimeException | Error e) {
            cleanUp(e, out);
            throw e;
        }
    }

    /** One {@code statx} of the open source: its size now (the expected length) and its allocated 512-byte blocks. */
    private long stat(int in) throws IOException {
        MemorySegment x = c.statx;
        if (c.statx(in, Libc.STATX_SIZE | Libc.STATX_BLOCKS) < 0) {
            throw Errno.readFailed(source, c.errno());
        }
        size = x.get(ValueLayout.JAVA_LONG, Libc.STX_SIZE);
        return x.get(ValueLayout.JAVA_LONG, Libc.STX_BLOCKS);
    }

    private int mode() {
        if (perms == null) {
            return 0666;
        }
        int m = 0;
        for (PosixFilePermission p : perms) {
            m |= 0400 >> p.ordinal(); // OWNER_READ is 0 ... OTHERS_EXECUTE is 8, in the order of the bits
        }
        return m;
    }

    private static boolean refusesTmpfile(int errno) {
        return errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL;
    }

    private IOException destinationFailed(Path file, int errno) {
        if (errno == Errno.ENOENT && !Files.isDirectory(dir)) {
            return new NoSuchFileException(dir.toString(), null, "the destination folder does not exist");
        }
        return Errno.openFailed(file, errno);
    }

    /** A new file under a name: a hidden temporary one (atomic), or the destination itself. */
    private int openNamed() throws IOException {
        int flags = Libc.O_WRONLY | Libc.O_CREAT | Libc.O_EXCL | Libc.O_CLOEXEC;
        if (!o.atomic()) {
            if (o.replaceExisting() && c.unlink(c.path(target)) < 0 && c.errno() != Errno.ENOENT) {
                throw Errno.openFailed(target, c.errno());
            }
            int fd = c.open(c.path(target), flags, mode());
            if (fd < 0) {
                throw destinationFailed(target, c.errno());
            }
            named = target;
            return fd;
        }
        for (int attempt = 0; ; attempt++) {
            Path tmp = TemporaryFiles.name(dir, target.getFileName().toString());
            int fd = c.open(c.path(tmp), flags, mode());
            if (fd >= 0) {
                named = tmp;
                return fd;
            }
            if (c.errno() != Errno.EEXIST || attempt == 10) {
                throw destinationFailed(tmp, c.errno());
            }
        }
    }

    /** Moves the bytes: clone, else data regions, else the whole range; sets {@link #how}. */
    private long copyBytes(int in, int out, long blocks) throws IOException {
        if (o.reflink() != When.NEVER && size > 0) {
            if (c.ficlone(out, in) == 0) {
                how = "reflink";
                done = size;
                o.progress().update(size, size);
                return checkEnd(in, out, size);
            }
            if (o.reflink() == When.ALWAYS) {
                throw new CopyFailedException(source, target, 0, size,
                        "cannot clone (reflink=always): " + Libc.strerror(c.errno()), null);
            }
        }
        boolean inKernel = o.reflink() != When.NEVER;
        boolean holes = o.sparse() == When.ALWAYS || (o.sparse() == When.AUTO && blocks * 512 < size);
        if (size == 0) {
            how = "empty";
            o.progress().update(0, 0);
            return checkEnd(in, out, 0);
        }
        if (!holes) {
            how = inKernel ? "copy_file_range" : "read/write";
            range(in, out, 0, size, inKernel, false);
        } else {
            how = (o.sparse() == When.ALWAYS || !inKernel ? "read/write" : "copy_file_range") + ", sparse";
            regions(in, out, o.sparse() == When.ALWAYS ? false : inKernel, o.sparse() == When.ALWAYS);
        }
        return checkEnd(in, out, done);
    }

    /** Copies each data region of {@code [0, size)}, skipping holes, and ends the file at {@code size}. */
    private void regions(int in, int out, boolean inKernel, boolean skipZeros) throws IOException {
        long pos = 0;
        while (pos < size) {
            long data = c.lseek(in, pos, Libc.SEEK_DATA);
            if (data < 0) {
                if (c.errno() == ENXIO) {
                    break; // only a hole is left
                }
                throw Errno.readFailed(source, c.errno());
            }
            if (data >= size) {
                break;
            }
            long hole = c.lseek(in, data, Libc.SEEK_HOLE);
            if (hole < 0) {
                throw Errno.readFailed(source, c.errno());
            }
            long end = Math.min(hole, size);
            done = data;
            if (!range(in, out, data, end, inKernel, skipZeros)) {
                return; // the source ended early (shrank, or sysfs's nominal 4096): checkEnd decides
            }
            pos = end;
        }
        done = size;
        if (c.ftruncate(out, size) < 0) {
            throw new IOException(target + ": " + Libc.strerror(c.errno()));
        }
        o.progress().update(size, size);
    }

    /** Copies bytes {@code [from, to)} to the same offsets; false when the source's end of file came first. */
    private boolean range(int in, int out, long from, long to, boolean inKernel, boolean skipZeros) throws IOException {
        long pos = from;
        if (inKernel && !skipZeros) {
            while (pos < to) {
                checkInterrupt();
                long n = c.copyFileRange(in, pos, out, pos, Math.min(CHUNK, to - pos));
                if (n < 0) {
                    int errno = c.errno();
                    if (errno == EXDEV || errno == ENOSYS || errno == EOPNOTSUPP || errno == EINVAL) {
                        how = how.replace("copy_file_range", "read/write"); // the kernel will not: do it here
                        break;
                    }
                    throw ioFailed(errno);
                }
                if (n == 0) {
                    return false; // the source ended early: checkEnd says so
                }
                pos += n;
                done = pos;
                o.progress().update(done, size);
            }
            if (pos >= to) {
                return true;
            }
        }
        ByteBuffer buf = DirectBuffers.take();
        try {
            MemorySegment seg = MemorySegment.ofBuffer(buf);
            while (pos < to) {
                checkInterrupt();
                long want = Math.min(seg.byteSize(), to - pos);
                long n = c.pread(in, seg, want, pos);
                if (n < 0) {
                    throw Errno.readFailed(source, c.errno());
                }
                if (n == 0) {
                    return false;
                }
                write(out, seg, n, pos, skipZeros);
                pos += n;
                done = pos;
                o.progress().update(done, size);
            }
            return true;
        } finally {
            DirectBuffers.give(buf);
        }
    }

    /** Writes {@code n} bytes of {@code seg} at {@code at}; with {@code skipZeros}, only the 4 KiB blocks that are not all zero. */
    private void write(int out, MemorySegment seg, long n, long at, boolean skipZeros) throws IOException {
        long p = 0;
        while (p < n) {
            long q = n;
            if (skipZeros) {
                long end = Math.min(p + 4096, n);
                if (isZero(seg, p, end)) {
                    p = end;
                    continue;
                }
                q = end;
                while (q < n && !isZero(seg, q, Math.min(q + 4096, n))) {
                    q = Math.min(q + 4096, n);
                }
            }
            while (p < q) {
                long w = c.pwrite(out, seg.asSlice(p, q - p), q - p, at + p);
                if (w < 0) {
                    throw ioFailed(c.errno());
                }
                p += w;
            }
        }
    }

    private static final MemorySegment ZEROS = Arena.global().allocate(4096);

    private static boolean isZero(MemorySegment seg, long from, long to) {
        return MemorySegment.mismatch(seg, from, to, ZEROS, 0, to - from) == -1;
    }

    /**
     * Compares what was copied with the source's size now: equal is done; a source that grew or
     * shrank is an error, unless its filesystem's sizes are not lengths (then the content wins).
     */
    private long checkEnd(int in, int out, long copied) throws IOException {
        if (c.statx(in, Libc.STATX_SIZE) < 0) {
            throw Errno.readFailed(source, c.errno());
        }
        long now = c.statx.get(ValueLayout.JAVA_LONG, Libc.STX_SIZE);
        if (copied == size && now == size) {
            return size;
        }
        boolean unreliable = FileSizes.sizesUnreliable(source);
        if (copied < size || now < size) {
            long end = Math.min(copied, now);
            if (unreliable) {
                return copied;
            }
            throw new CopyFailedException(source, target, end, size,
                    "the source shrank during the copy: it ended at byte " + end, null);
        }
        if (unreliable) {
            range(in, out, size, Long.MAX_VALUE, false, false);
            return done;
        }
        throw new CopyFailedException(source, target, copied, size,
                "the source grew during the copy: it has bytes past " + size, null);
    }

    private IOException ioFailed(int errno) {
        return new IOException(target + ": " + Libc.strerror(errno));
    }

    /** Names the unnamed file: {@code linkat} through /proc/self/fd, which fails on an existing name. */
    private void linkUnnamed(int out) throws IOException {
        if (c.linkat(c.path(Path.of("/proc/self/fd/" + out)), c.path(target), Libc.AT_SYMLINK_FOLLOW) < 0) {
            int errno = c.errno();
            if (errno == Errno.EEXIST) {
                throw new FileAlreadyExistsException(target.toString(), null,
                        "the destination appeared during the copy; it was left as it is");
            }
            throw Errno.openFailed(target, errno);
        }
        linked = target;
    }

    /**
     * Puts the named temporary file in place. Replacing: {@code renameat2(RENAME_EXCHANGE)}
     * swaps the two names in one step (readers see the old file or the new one, never neither),
     * then the old file, now under the temporary name, is unlinked. A plain {@code rename} over
     * the old file would do it in one call, but ext4 answers a rename over an existing file by
     * writing the new file's data out at once ({@code auto_da_alloc}): 250 µs against 65 µs for
     * exchange + unlink for a 5 KB file here (docs/BENCHMARKS.md, "copy: holes, reflinks").
     * Crash safety is what {@code durable} is for. Where exchange is refused (no target any
     * more, a filesystem without it) a plain {@code rename}. Not replacing: {@code link} +
     * {@code unlink}, so a destination that appeared meanwhile is not clobbered.
     */
    private void publishNamed() throws IOException {
        if (o.replaceExisting()) {
            if (c.exchange(c.path(named), c.path(target)) == 0) {
                Path old = named;
                named = null; // it holds the old file now: never remove the new one by mistake
                if (c.unlink(c.path(old)) < 0) {
                    int errno = c.errno();
                    if (errno == EISDIR && c.exchange(c.path(old), c.path(target)) == 0) {
                        named = old; // a folder took the destination's name since the check: put it back, fail
                        throw new java.nio.file.FileSystemException(target.toString(), null, "the destination is a directory");
                    }
                    if (errno != Errno.ENOENT && c.unlink(c.path(old)) < 0 && c.errno() != Errno.ENOENT) {
                        throw new IOException(target + " was copied, but its old content could not be removed from "
                                + old + ": " + Libc.strerror(c.errno()));
                    }
                }
                return;
            }
            if (c.rename(c.path(named), c.path(target)) < 0) {
                throw Errno.openFailed(target, c.errno());
            }
            return;
        }
        if (c.linkat(c.path(named), c.path(target), 0) < 0) {
            int errno = c.errno();
            if (errno == Errno.EEXIST) {
                throw new FileAlreadyExistsException(target.toString(), null,
                        "the destination appeared during the copy; it was left as it is");
            }
            if (errno != EPERM && errno != EMLINK && errno != EOPNOTSUPP) {
                throw Errno.openFailed(target, errno);
            }
            // no hard links here: a rename, after checking, is the best this filesystem allows
            if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(target.toString());
            }
            if (c.rename(c.path(named), c.path(target)) < 0) {
                throw Errno.openFailed(target, c.errno());
            }
            return;
        }
        c.unlink(c.path(named)); // the new name holds the file; a stale temporary name is harmless
    }

    private void copyAttributes(Path file) throws IOException {
        if (perms != null) {
            Files.setPosixFilePermissions(file, perms);
        }
        Files.getFileAttributeView(file, BasicFileAttributeView.class).setTimes(
                sourceAttributes.lastModifiedTime(), sourceAttributes.lastAccessTime(), null);
    }

    private void cleanUp(Throwable e, int out) {
        if (out >= 0) {
            c.close(out); // an unnamed file vanishes with its last descriptor
        }
        Path remove = linked != null ? linked : named;
        if (remove != null && c.unlink(c.path(remove)) < 0 && c.errno() != Errno.ENOENT) {
            e.addSuppressed(new IOException(remove + ": could not remove: " + Libc.strerror(c.errno())));
        }
        named = null;
        linked = null;
    }

    private void checkInterrupt() throws ClosedByInterruptException {
        if (Thread.currentThread().isInterrupted()) {
            throw new ClosedByInterruptException(); // the interrupt status stays set, as with a FileChannel
        }
    }

    /**
     * The system calls of one copy, with their errno captured, and the fault plan of a test
     * consulted before each ({@link SyscallFaults}): a call it fails is not made and reports the
     * plan's errno. Return values are libc's: negative on failure, then {@link #errno()}.
     */
    static final class Calls {
        private final Arena arena;
        private final SyscallFaults faults;
        final MemorySegment err;
        final MemorySegment statx;
        private final MemorySegment offsets;
        private final MemorySegment empty;
        private int injected;

        Calls(Arena arena, SyscallFaults faults) {
            this.arena = arena;
            this.faults = faults;
            MemorySegment all = arena.allocate(Libc.STATX_BYTES + 64 + Libc.ERRNO_STATE.byteSize(), 8);
            this.statx = all.asSlice(0, Libc.STATX_BYTES);
            this.offsets = all.asSlice(Libc.STATX_BYTES, 16);
            this.empty = all.asSlice(Libc.STATX_BYTES + 16, 8);
            this.err = all.asSlice(Libc.STATX_BYTES + 64, Libc.ERRNO_STATE.byteSize());
        }

        MemorySegment path(Path p) {
            String text = p.toString();
            return arena.allocateFrom(text.isEmpty() ? "." : text, StandardCharsets.UTF_8);
        }

        int errno() {
            return injected != 0 ? injected : Libc.errno(err);
        }

        /** True (and the errno set) when the test's plan fails this call. */
        private boolean fails(String call) {
            injected = faults == null ? 0 : faults.fail(call);
            return injected != 0;
        }

        int open(MemorySegment path, int flags, int mode) {
            if (fails("open")) {
                return -1;
            }
            while (true) {
                try {
                    int fd = (int) Libc.OPEN.invokeExact(err, path, flags, mode);
                    if (fd >= 0 || Libc.errno(err) != Libc.EINTR) {
                        return fd;
                    }
                } catch (Throwable t) {
                    throw NativeFiles.rethrow(t);
                }
            }
        }

        int statx(int fd, int mask) {
            if (fails("statx")) {
                return -1;
            }
            try {
                return (int) Libc.STATX.invokeExact(err, fd, empty, Libc.AT_EMPTY_PATH, mask, statx);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        int ficlone(int out, int in) {
            if (fails("ioctl")) {
                return -1;
            }
            try {
                return (int) Libc.IOCTL_INT.invokeExact(err, out, Libc.FICLONE, in);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        long lseek(int fd, long offset, int whence) {
            if (fails("lseek")) {
                return -1;
            }
            try {
                return (long) Libc.LSEEK.invokeExact(err, fd, offset, whence);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        long copyFileRange(int in, long inOff, int out, long outOff, long len) {
            if (fails("copy_file_range")) {
                return -1;
            }
            offsets.set(ValueLayout.JAVA_LONG, 0, inOff);
            offsets.set(ValueLayout.JAVA_LONG, 8, outOff);
            while (true) {
                try {
                    long n = (long) Libc.COPY_FILE_RANGE.invokeExact(err, in, offsets, out, offsets.asSlice(8), len, 0);
                    if (n >= 0 || Libc.errno(err) != Libc.EINTR) {
                        return n;
                    }
                } catch (Throwable t) {
                    throw NativeFiles.rethrow(t);
                }
            }
        }

        long pread(int fd, MemorySegment buf, long n, long offset) {
            if (fails("pread")) {
                return -1;
            }
            while (true) {
                try {
                    long r = (long) Libc.PREAD.invokeExact(err, fd, buf, n, offset);
                    if (r >= 0 || Libc.errno(err) != Libc.EINTR) {
                        return r;
                    }
                } catch (Throwable t) {
                    throw NativeFiles.rethrow(t);
                }
            }
        }

        long pwrite(int fd, MemorySegment buf, long n, long offset) {
            if (fails("pwrite")) {
                return -1;
            }
            while (true) {
                try {
                    long r = (long) Libc.PWRITE.invokeExact(err, fd, buf, n, offset);
                    if (r >= 0 || Libc.errno(err) != Libc.EINTR) {
                        return r;
                    }
                } catch (Throwable t) {
                    throw NativeFiles.rethrow(t);
                }
            }
        }

        int ftruncate(int fd, long length) {
            if (fails("ftruncate")) {
                return -1;
            }
            try {
                return (int) Libc.FTRUNCATE.invokeExact(err, fd, length);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        int fsync(int fd) {
            if (fails("fsync")) {
                return -1;
            }
            try {
                return (int) Libc.FSYNC.invokeExact(err, fd);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        int linkat(MemorySegment from, MemorySegment to, int flags) {
            if (fails("linkat")) {
                return -1;
            }
            try {
                return (int) Libc.LINKAT.invokeExact(err, Libc.AT_FDCWD, from, Libc.AT_FDCWD, to, flags);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        int rename(MemorySegment from, MemorySegment to) {
            if (fails("rename")) {
                return -1;
            }
            try {
                return (int) Libc.RENAME.invokeExact(err, from, to);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        /** {@code renameat2(RENAME_EXCHANGE)}; -1 where libc lacks it (as if refused), for the caller's plain rename. */
        int exchange(MemorySegment from, MemorySegment to) {
            if (fails("renameat2")) {
                return -1;
            }
            if (Libc.RENAMEAT2 == null) {
                return -1;
            }
            try {
                return (int) Libc.RENAMEAT2.invokeExact(err, Libc.AT_FDCWD, from, Libc.AT_FDCWD, to, Libc.RENAME_EXCHANGE);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        int unlink(MemorySegment path) {
            if (fails("unlink")) {
                return -1;
            }
            try {
                return (int) Libc.UNLINK.invokeExact(err, path);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        /** A close whose failure matters (the destination's): a failed one still frees the descriptor on Linux. */
        int closeChecked(int fd) {
            if (fails("close")) {
                close(fd); // as close(2) on Linux: the descriptor is gone even when it reports an error
                return -1;
            }
            try {
                return (int) Libc.CLOSE_ERRNO.invokeExact(err, fd);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }

        /** A close whose failure changes nothing: a read-only source, or cleaning up after a failure. */
        void close(int fd) {
            try {
                int r = (int) Libc.CLOSE.invokeExact(fd);
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }
    }
}
