package dev.fastio.internal.nativeio;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.CopyResult;
import dev.fastio.copy.When;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.copy.StagedFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * One copy of a regular file through libc, as {@code cp} makes it (coreutils 9), the native
 * counterpart of {@code CopyTransaction}:
 *
 * <ol>
 *   <li><b>Destination.</b> A {@link NativeStagedFile}: an unnamed file in the held destination
 *       folder ({@code O_TMPFILE}), its mode and times set on its descriptor, given its name at
 *       the end with {@code linkat} (new) or a temporary link and {@code renameat2} (replacing).
 *       Not atomic: the destination itself, created exclusively.
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
 * {@link Syscalls}, which a test's {@link SyscallFaults} plan can make fail.
 */
final class NativeCopy {
    /** Bytes per {@code copy_file_range} call: a progress listener hears about each. */
    private static final long CHUNK = 16L << 20;
    private static final int EXDEV = 18;
    private static final int EINVAL = 22;
    private static final int ENOSYS = 38;
    private static final int EOPNOTSUPP = 95;
    private static final int ENXIO = 6;

    private final Path source;
    private final Path target;
    private final Path dir;
    private final String name;
    private final CopyOptions o;
    private final StagedFile.Options destination;
    private final BasicFileAttributes sourceAttributes;
    private final Syscalls c;
    private long size;
    private long done;
    private String how;

    private NativeCopy(Path source, Path target, CopyOptions o, BasicFileAttributes sa, StagedFile.Options destination,
            Syscalls c) {
        this.source = source;
        this.target = target;
        this.dir = target.toAbsolutePath().getParent();
        Path file = target.toAbsolutePath().getFileName();
        this.name = file == null ? "" : file.toString();
        this.o = o;
        this.destination = destination;
        this.sourceAttributes = sa;
        this.c = c;
    }

    static CopyResult copy(Path source, Path target, CopyOptions o, BasicFileAttributes sa, StagedFile.Options destination)
            throws IOException {
        long start = System.nanoTime();
        try (Arena arena = Arena.ofConfined()) {
            Syscalls c = new Syscalls(arena, SyscallFaults.current());
            NativeCopy copy = new NativeCopy(source, target, o, sa, destination, c);
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
        NativeStagedFile out = null;
        try {
            checkInterrupt();
            if (dir == null || name.isEmpty()) {
                throw new java.nio.file.FileSystemException(target.toString(), null, "is not a file name: no file can be written there");
            }
            out = NativeStagedFile.open(c, null, target, dir, name, destination);
            long copied = copyBytes(in, out.fd(), blocks);
            java.nio.file.attribute.FileTime ctime = java.nio.file.attribute.FileTime.from(
                    version[2] * 1_000_000_000L + Integer.toUnsignedLong((int) version[3]), java.util.concurrent.TimeUnit.NANOSECONDS);
            if (size > 0 && dev.fastio.internal.RacyWindow.racy(ctime) && !sameAsSource(in, out.channel(), copied)) {
                throw new CopyFailedException(source, target, copied, size, "the source changed during the copy (written within "
                        + dev.fastio.internal.RacyWindow.WINDOW_NANOS / 1_000_000 + " ms before it, and it now differs from the copy):"
                        + " the copy may mix two versions", null);
            }
            if (o.copyAttributes()) {
                out.setTimes(sourceAttributes.lastModifiedTime(), sourceAttributes.lastAccessTime());
            }
            out.publish(o.durable());
            out.close();
            return copied;
        } catch (IOException e) {
            boolean wrote = out != null;
            closeAfter(e, out);
            // an interrupt is a failed copy wherever it lands, as on the JDK path (FileCopy's Javadoc)
            boolean interrupted = e instanceof ClosedByInterruptException;
            if ((!wrote && !interrupted) || e instanceof CopyFailedException || e instanceof FileAlreadyExistsException) {
                throw e;
            }
            String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new CopyFailedException(source, target, done, size, what, e);
        } catch (RuntimeException | Error e) {
            closeAfter(e, out);
            throw e;
        }
    }

    private static void closeAfter(Throwable e, NativeStagedFile out) {
        if (out != null) {
            try {
                out.close();
            } catch (IOException c) {
                e.addSuppressed(c);
            }
        }
    }

    /**
     * A racy copy's confirmation on the source this copy holds open: reached through its
     * descriptor's {@code /proc/self/fd} entry, which names that very file, never by its name
     * again (another user could have swapped the name meanwhile).
     */
    private boolean sameAsSource(int in, java.nio.channels.FileChannel copy, long copied) throws IOException {
        if (!NativeFiles.PROC_FD) {
            return false; // no way to the open source but its name: report the change rather than look it up
        }
        try (java.nio.channels.FileChannel src = java.nio.channels.FileChannel.open(Path.of("/proc/self/fd/" + in))) {
            return dev.fastio.internal.RacyWindow.sameContent(src, copy, copied);
        }
    }

    /** The source's mtime, ctime, device and inode at open: what the check at the end compares. */
    private long[] version;

    private static long[] version(MemorySegment x) {
        return new long[] {x.get(ValueLayout.JAVA_LONG, Libc.STX_MTIME), x.get(ValueLayout.JAVA_INT, Libc.STX_MTIME + 8),
                x.get(ValueLayout.JAVA_LONG, Libc.STX_CTIME), x.get(ValueLayout.JAVA_INT, Libc.STX_CTIME + 8),
                x.get(ValueLayout.JAVA_LONG, Libc.STX_INO), x.get(ValueLayout.JAVA_LONG, Libc.STX_DEV_MAJOR)};
    }

    /** One {@code statx} of the open source: its size now (the expected length) and its allocated 512-byte blocks. */
    private long stat(int in) throws IOException {
        MemorySegment x = c.statx;
        if (c.statx(in, Libc.STATX_BASIC_STATS) < 0) {
            throw Errno.readFailed(source, c.errno());
        }
        size = x.get(ValueLayout.JAVA_LONG, Libc.STX_SIZE);
        version = version(x);
        return x.get(ValueLayout.JAVA_LONG, Libc.STX_BLOCKS);
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
        if (c.statx(in, Libc.STATX_BASIC_STATS) < 0) {
            throw Errno.readFailed(source, c.errno());
        }
        long now = c.statx.get(ValueLayout.JAVA_LONG, Libc.STX_SIZE);
        if (copied == size && now == size) {
            if (!java.util.Arrays.equals(version, version(c.statx))) { // rewritten in place: the copy may mix versions
                throw new CopyFailedException(source, target, copied, size, "the source changed during the copy"
                        + " (its mtime or ctime moved): the copy may mix two versions", null);
            }
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

    private void checkInterrupt() throws ClosedByInterruptException {
        if (Thread.currentThread().isInterrupted()) {
            throw new ClosedByInterruptException(); // the interrupt status stays set, as with a FileChannel
        }
    }
}
