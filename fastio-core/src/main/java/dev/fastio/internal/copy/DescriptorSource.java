package dev.fastio.internal.copy;

import static dev.fastio.internal.nativeio.Errno.EINVAL;
import static dev.fastio.internal.nativeio.Errno.ENOSYS;
import static dev.fastio.internal.nativeio.Errno.ENXIO;
import static dev.fastio.internal.nativeio.Errno.EOPNOTSUPP;
import static dev.fastio.internal.nativeio.Errno.EXDEV;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.CopyProgress;
import dev.fastio.copy.When;
import dev.fastio.internal.version.FileStamp;
import dev.fastio.internal.version.GrowingPrefix;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.nativeio.Linux;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.Syscalls;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A copy's source through libc, moving its bytes as {@code cp} does (coreutils 9); the one
 * {@code CopyTransaction} decides what the copy becomes, as on the JDK path.
 *
 * <ol>
 *   <li><b>Destination.</b> A {@link NativeStagedFile}: an unnamed file in the held destination
 *       folder ({@code O_TMPFILE}), its mode and times set on its descriptor, given its name at
 *       the end with {@code linkat} (new) or a temporary link and {@code renameat2} (replacing).
 *       Not atomic: an old destination is removed first, as {@code Files.copy} does, then the
 *       destination itself is created exclusively, 0600 until complete.
 *   <li><b>Bytes</b>, the first way that works: {@code ioctl(FICLONE)} shares the source's extents
 *       (XFS, btrfs, bcachefs, ZFS; {@code reflink}), not asked again on a filesystem that
 *       answered it has none ({@link Syscalls#clonesRefused}); else the data regions found with
 *       {@code lseek(SEEK_DATA/SEEK_HOLE)} when the source has holes (its allocated blocks are
 *       fewer than its length) or {@code sparse=always}; each region, or the whole file, by
 *       {@code copy_file_range} (in the kernel), or {@code pread}/{@code pwrite} through the pooled
 *       buffer when {@code reflink=never} (the kernel's {@code copy_file_range} clones where it
 *       can) or the kernel refuses it. {@code sparse=always} also turns all-zero 4 KiB blocks
 *       inside data into holes, which needs the bytes in user space. A copy that ends in a hole
 *       gets its length from {@code ftruncate}.
 *   <li><b>State</b> from {@code statx} on the open descriptor: the size at open is the expected
 *       length, and the stamp (size, mtime, ctime, device and inode) at the end must be the one at
 *       open; a racy source is compared with the copy through its own descriptor. A growing copy
 *       ({@code Growth.PREFIX}) takes the stamp at the end from the source's name, which must
 *       still be the file opened; its bytes past the size at open are not copied (a clone takes
 *       them, and the transaction cuts the copy back).
 * </ol>
 *
 * <p>Every call goes through {@link Syscalls}, the staged file's included, which a test's
 * {@code SyscallFaults} plan can make fail. Written once for both bindings. One thread: the transaction's.
 */
final class DescriptorSource implements CopySource {
    /** Bytes per {@code copy_file_range} call: a progress listener hears about each. */
    private static final long CHUNK = 16L << 20;

    private final Path source;
    /** {@code FileCopy}'s {@code --reflink} and {@code --sparse}. */
    private final When reflink;
    private final When sparse;
    /** The copy takes the prefix of a growing source ({@code Growth.PREFIX}). */
    private final boolean prefix;
    private final NativeLayer layer;
    private final Syscalls c;
    private final int in;
    private final FileStamp opened;
    private final long blocks;
    /** The source's filesystem, for {@link Syscalls#clonesRefused}. */
    private final long device;
    private FileStamp now;
    private Path target;
    private int out = -1;
    private long done;
    private String how;

    private DescriptorSource(Path source, When reflink, When sparse, boolean prefix, NativeLayer layer, Syscalls c, int in)
            throws IOException {
        this.source = source;
        this.reflink = reflink;
        this.sparse = sparse;
        this.prefix = prefix;
        this.layer = layer;
        this.c = c;
        this.in = in;
        this.opened = stat();
        this.blocks = c.statBlocks();
        this.device = c.statDevice();
    }

    /**
     * Opens {@code source} and reads its state: its size now is the expected length.
     *
     * @param layer the native layer, active (a test's carries a fault plan)
     * @param source a regular file it {@link NativeLayer#copies}
     * @param reflink {@code FileCopy}'s {@code --reflink}
     * @param sparse {@code FileCopy}'s {@code --sparse}
     * @param prefix whether the copy takes the prefix of a growing source ({@code Growth.PREFIX})
     * @return the open source; the caller closes it
     * @throws IOException it cannot be opened, as {@code FileChannel.open} throws, naming it
     */
    static DescriptorSource open(NativeLayer layer, Path source, When reflink, When sparse, boolean prefix) throws IOException {
        Syscalls c = layer.syscalls(source);
        int in = -1;
        try {
            in = c.open(c.name(), Linux.O_RDONLY | Linux.O_CLOEXEC, 0);
            if (in < 0) {
                throw c.openFailed(source);
            }
            return new DescriptorSource(source, reflink, sparse, prefix, layer, c, in);
        } catch (IOException | RuntimeException | Error e) {
            if (in >= 0) {
                c.close(in);
            }
            NativeLayer.release(c);
            throw e;
        }
    }

    /** One {@code statx} of the open source. */
    private FileStamp stat() throws IOException {
        if (c.statx(in, Linux.STATX_BASIC_STATS) < 0) {
            throw c.readFailed(source);
        }
        return FileStamp.of(c.stat());
    }

    @Override
    public long size() {
        return opened.size();
    }

    @Override
    public StagedFile stage(Path target, StagedFile.Options options) throws IOException {
        this.target = target;
        return StagedFiles.open(target, (dir, name) -> NativeStagedFile.open(c, target, dir, name, options));
    }

    @Override
    public long copy(StagedFile staged, CopyProgress progress) throws IOException {
        out = ((NativeStagedFile) staged).fd();
        long size = size();
        // reflink=auto on a filesystem that has said it has no clones: not asked again (a clone and a
        // file are on one filesystem, so the source's device is the clone's)
        if (size > 0 && (reflink == When.ALWAYS || (reflink == When.AUTO && !c.clonesRefused(device)))) {
            if (c.ficlone(out, in) == 0) {
                how = "reflink";
                done = size;
                progress.update(size, size);
                return size;
            }
            c.cloneRefused(device, c.errno());
            if (reflink == When.ALWAYS) {
                throw new CopyFailedException(source, staged.target(), 0, size,
                        "cannot clone (reflink=always): " + c.strerror(c.errno()), null);
            }
        }
        boolean inKernel = reflink != When.NEVER;
        boolean holes = sparse == When.ALWAYS || (sparse == When.AUTO && blocks * 512 < size);
        if (size == 0) {
            how = "empty"; // emptied since the caller's stat
            return 0;
        }
        if (!holes) {
            how = inKernel ? "copy_file_range" : "read/write";
            range(0, size, inKernel, false, progress);
        } else {
            how = (sparse == When.ALWAYS || !inKernel ? "read/write" : "copy_file_range") + ", sparse";
            regions(sparse == When.ALWAYS ? false : inKernel, sparse == When.ALWAYS, progress);
        }
        return done;
    }

    @Override
    public long copyToEnd(StagedFile staged, CopyProgress progress) throws IOException {
        range(done, Long.MAX_VALUE, false, false, progress);
        return done;
    }

    /** Copies each data region of {@code [0, size)}, skipping holes, and ends the file at {@code size}. */
    private void regions(boolean inKernel, boolean skipZeros, CopyProgress progress) throws IOException {
        long size = size();
        long pos = 0;
        while (pos < size) {
            long data = c.lseek(in, pos, Linux.SEEK_DATA);
            if (data < 0) {
                if (c.errno() == ENXIO) {
                    break; // only a hole is left
                }
                throw c.readFailed(source);
            }
            if (data >= size) {
                break;
            }
            long hole = c.lseek(in, data, Linux.SEEK_HOLE);
            if (hole < 0) {
                throw c.readFailed(source);
            }
            long end = Math.min(hole, size);
            done = data;
            if (!range(data, end, inKernel, skipZeros, progress)) {
                return; // the source ended early (shrank, or sysfs's nominal 4096): the transaction decides
            }
            pos = end;
        }
        done = size;
        if (c.ftruncate(out, size) < 0) {
            throw ioFailed(c.errno());
        }
        progress.update(size, size);
    }

    /** Copies bytes {@code [from, to)} to the same offsets; false when the source's end of file came first. */
    private boolean range(long from, long to, boolean inKernel, boolean skipZeros, CopyProgress progress) throws IOException {
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
                    return false;
                }
                pos += n;
                done = pos;
                progress.update(done, size());
            }
            if (pos >= to) {
                return true;
            }
        }
        ByteBuffer buf = DirectBuffers.take();
        try {
            while (pos < to) {
                checkInterrupt();
                int want = (int) Math.min(buf.capacity(), to - pos);
                long n = c.pread(in, buf, 0, want, pos);
                if (n < 0) {
                    throw c.readFailed(source);
                }
                if (n == 0) {
                    return false;
                }
                write(buf, (int) n, pos, skipZeros);
                pos += n;
                done = pos;
                progress.update(done, size());
            }
            return true;
        } finally {
            DirectBuffers.give(buf);
        }
    }

    /** Writes {@code n} bytes of {@code buf} at {@code at}; with {@code skipZeros}, only the 4 KiB blocks that are not all zero. */
    private void write(ByteBuffer buf, int n, long at, boolean skipZeros) throws IOException {
        int p = 0;
        while (p < n) {
            int q = n;
            if (skipZeros) {
                int end = Math.min(p + 4096, n);
                if (isZero(buf, p, end)) {
                    p = end;
                    continue;
                }
                q = end;
                while (q < n && !isZero(buf, q, Math.min(q + 4096, n))) {
                    q = Math.min(q + 4096, n);
                }
            }
            while (p < q) {
                long w = c.pwrite(out, buf, p, q - p, at + p);
                if (w < 0) {
                    throw ioFailed(c.errno());
                }
                p += (int) w;
            }
        }
    }

    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(4096).asReadOnlyBuffer();

    private static boolean isZero(ByteBuffer buf, int from, int to) {
        return buf.slice(from, to - from).mismatch(ZEROS.slice(0, to - from)) == -1;
    }

    /**
     * The descriptor's stamp; for a growing copy ({@code Growth.PREFIX}) the name's, as the JDK
     * path takes it: a rename over the source changes the descriptor's ctime only, which the
     * growing rule accepts, but the name's identity shows it (a check, never a read: the bytes
     * came through the descriptor).
     */
    @Override
    public long sizeNow() throws IOException {
        now = prefix ? FileStamp.of(layer.stat(source)) : stat();
        return now.size();
    }

    @Override
    public String changeSinceOpen() {
        return opened.sameVersion(now) ? null : opened.changesSince(now);
    }

    @Override
    public boolean prefixMustConfirm(long prefix, OneVersion rule) throws IOException {
        return GrowingPrefix.mustConfirm(source, prefix, opened, now, racy(rule));
    }

    @Override
    public boolean racy(OneVersion rule) {
        return rule.racy(opened);
    }

    /**
     * Reads the source through its descriptor's {@code /proc/self/fd} entry, which names that very
     * file, never by its name again (another user could have swapped the name meanwhile); where
     * both have holes nothing is read ({@link ContentComparison}, extents by {@code lseek} on
     * each descriptor).
     */
    @Override
    public boolean sameContent(StagedFile staged, long copied) throws IOException {
        if (!NativeLayer.procFd()) {
            return false; // no way to the open source but its name: report the change rather than look it up
        }
        int copy = ((NativeStagedFile) staged).fd();
        try (FileChannel src = FileChannel.open(Path.of("/proc/self/fd/" + in))) {
            return ContentComparison.same(src, extents(in), staged.channel(), extents(copy), copied);
        }
    }

    /** Where {@code fd}'s data lies, by {@code lseek}; a call that fails says "data", which only costs a read. */
    private ContentComparison.Extents extents(int fd) {
        return new ContentComparison.Extents() {
            @Override
            public long nextData(long pos) {
                long r = c.lseek(fd, pos, Linux.SEEK_DATA);
                return r >= 0 ? r : c.errno() == ENXIO ? Long.MAX_VALUE : pos;
            }

            @Override
            public long nextHole(long pos) {
                long r = c.lseek(fd, pos, Linux.SEEK_HOLE);
                return r > pos ? r : Long.MAX_VALUE;
            }
        };
    }

    @Override
    public String how() {
        return how;
    }

    @Override
    public void close() {
        c.close(in); // read-only: a failed close loses nothing
        NativeLayer.release(c); // the staged file that shared these calls was closed before (CopyTransaction)
    }

    private IOException ioFailed(int errno) {
        return new IOException(target + ": " + c.strerror(errno));
    }

    private static void checkInterrupt() throws ClosedByInterruptException {
        if (Thread.currentThread().isInterrupted()) {
            throw new ClosedByInterruptException(); // the interrupt status stays set, as with a FileChannel
        }
    }
}
