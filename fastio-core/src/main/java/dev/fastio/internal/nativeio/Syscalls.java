package dev.fastio.internal.nativeio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The system calls of one whole-file read, stat, copy or staged write, written once for both
 * bindings: each call consults the test's fault plan first ({@link SyscallFaults}: a call it
 * fails is not made and reports the plan's errno), calls interrupted by a signal ({@code EINTR})
 * are retried here, and the {@code statx} buffer is read here. Return values are libc's: negative
 * on failure, then {@link #errno()}.
 *
 * <p><b>Memory.</b> One direct buffer holds the {@code statx} result, the offsets and times some
 * calls take, the binding's {@code errno} slot, and the names made by {@link #path}: a whole-file
 * read makes a handful of calls, and a second allocation costs as much as one of them. Names
 * beyond it go in buffers of their own, held here until these calls are dropped (or
 * {@link #reset}). One thread at a time: the errno capture and the {@code statx} buffer are
 * shared by its calls.
 */
public final class Syscalls {
    /**
     * Filesystems (by device number) whose {@code ioctl(FICLONE)} answered that it has no clones
     * (ext4, tmpfs): asked once per device and JVM, not once per copy. A number that a later mount
     * reuses for a filesystem that can clone only costs that filesystem the {@code ioctl}: its
     * {@code copy_file_range} clones where the kernel can (Linux 5.3 and later). Bounded: past
     * {@link #MAX_REMEMBERED} devices the ioctl is tried again.
     */
    private static final Set<Long> NO_CLONES = ConcurrentHashMap.newKeySet();
    private static final int MAX_REMEMBERED = 256;

    private static final int STATX = 0;
    private static final int OFFSETS = Linux.STATX_BYTES;
    private static final int TIMES = OFFSETS + 16;
    private static final int ERRNO = TIMES + 32;
    private static final int EMPTY = ERRNO + 16;
    private static final int NAMES = EMPTY + 8;
    /** Room for a name of PATH_MAX with its NUL, so that a whole-file read's one name never needs a buffer of its own. */
    private static final int SCRATCH = NAMES + 4096;

    private final NativeBinding binding;
    private final Libc libc;
    private final ByteBuffer scratch;
    private final long base;
    private SyscallFaults faults;
    /** {@link #NO_CLONES}; under a test's plan a memory of this object's own (one copy's): every copy a plan watches makes each call. */
    private Set<Long> noClones;
    /** Lent out by {@link NativeLayer#syscalls} as the thread's own and not yet given back. */
    volatile boolean busy;
    private int namesEnd = NAMES;
    /** Buffers of names that did not fit: held so that their addresses stay valid. */
    private List<ByteBuffer> more;
    private ByteBuffer lastBuffer;
    private long lastAddress;
    private int injected;
    /** The file name given when these calls were made or lent, NUL-terminated, or 0. */
    private long name;

    /**
     * Calls through {@code binding}, consulting {@code faults}, with {@code file}'s name encoded
     * in the same allocation ({@link #name}).
     *
     * @param binding the binding
     * @param faults the test's plan, or null
     * @param file a file whose name the calls will use, or null
     */
    public Syscalls(NativeBinding binding, SyscallFaults faults, Path file) {
        this.binding = binding;
        this.faults = faults;
        this.noClones = faults == null ? NO_CLONES : new HashSet<>();
        this.scratch = NativeBinding.allocate(SCRATCH, 8);
        this.base = binding.address(scratch);
        this.libc = binding.libc(scratch, ERRNO);
        this.name = file == null ? 0 : path(file.toString());
    }

    /**
     * Makes these calls, a thread's own, ready for another operation ({@link NativeLayer#syscalls}):
     * the names of the last one forgotten, {@code faults} consulted, {@code file}'s name encoded.
     */
    Syscalls lend(SyscallFaults faults, Path file) {
        this.faults = faults;
        this.noClones = faults == null ? NO_CLONES : new HashSet<>();
        reset();
        this.name = file == null ? 0 : path(file.toString());
        return this;
    }

    /** @return the address of the file name given when these calls were made or lent, NUL-terminated; 0 when none was */
    public long name() {
        return name;
    }

    /**
     * Sets the fault plan the next calls consult: for calls a thread keeps and reuses, which
     * outlive any one plan.
     *
     * @param plan the calling thread's plan, or null
     * @return these calls
     */
    public Syscalls plan(SyscallFaults plan) {
        this.faults = plan;
        return this;
    }

    /** @return the fault plan these calls consult, or null: for a call made apart from them on the same plan */
    public SyscallFaults faults() {
        return faults;
    }

    /** @return the binding these calls go through */
    public NativeBinding binding() {
        return binding;
    }

    /** Forgets every name made: their addresses must not be used after this. */
    void reset() {
        namesEnd = NAMES;
        more = null;
        name = 0;
    }

    private static final Class<?> VIRTUAL = virtualThreadClass();

    private static Class<?> virtualThreadClass() {
        try {
            return Class.forName("java.lang.VirtualThread", false, null);
        } catch (ClassNotFoundException | LinkageError e) {
            return null; // before JDK 21: no virtual threads
        }
    }

    /**
     * Whether the calling thread is virtual: calls a thread keeps for reuse would outlive a
     * virtual thread's one task, so such a thread takes fresh ones ({@code Thread.isVirtual} is JDK 21's).
     *
     * @return whether it is
     */
    public static boolean onVirtualThread() {
        return VIRTUAL != null && Thread.currentThread().getClass() == VIRTUAL;
    }

    /** A path's bytes for the kernel: the JDK asks for "." when a path is empty ({@code UnixPath.getByteArrayForSysCalls}). */
    static byte[] nameBytes(String text) {
        return (text.isEmpty() ? "." : text).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Returns the address of {@code p}'s name, NUL-terminated, valid until these calls are dropped or {@link #reset}.
     *
     * @param p a path
     * @return its address
     */
    public long path(Path p) {
        return path(p.toString());
    }

    /**
     * Returns the address of {@code text}, UTF-8 and NUL-terminated ("." for an empty path),
     * valid until these calls are dropped or {@link #reset}.
     *
     * @param text a name
     * @return its address
     */
    public long path(String text) {
        int n = text.length();
        if (n > 0 && n < SCRATCH - namesEnd) { // ASCII, as most names are: encoded in place, no array made
            int at = namesEnd;
            int i = 0;
            for (; i < n; i++) {
                char ch = text.charAt(i);
                if (ch >= 0x80) {
                    break;
                }
                scratch.put(at + i, (byte) ch);
            }
            if (i == n) {
                scratch.put(at + n, (byte) 0);
                namesEnd += n + 1;
                return base + at;
            }
        }
        byte[] bytes = nameBytes(text);
        int need = bytes.length + 1;
        if (need <= SCRATCH - namesEnd) {
            int at = namesEnd;
            scratch.put(at, bytes);
            scratch.put(at + bytes.length, (byte) 0);
            namesEnd += need;
            return base + at;
        }
        ByteBuffer own = NativeBinding.allocate(need, 8); // zeroed: the NUL is there
        own.put(0, bytes);
        if (more == null) {
            more = new ArrayList<>(2);
        }
        more.add(own);
        return binding.address(own);
    }

    /** The address of a direct buffer's byte {@code off}; the last buffer's address is kept, as a read loop passes one buffer over and over. */
    private long address(ByteBuffer direct, int off) {
        if (direct != lastBuffer) {
            lastAddress = binding.address(direct);
            lastBuffer = direct;
        }
        return lastAddress + off;
    }

    /** @return the errno of the last failed call, or the plan's */
    public int errno() {
        return injected != 0 ? injected : libc.errno();
    }

    /**
     * Returns the C library's text for {@code errno}.
     *
     * @param errno the error
     * @return its text
     */
    public String strerror(int errno) {
        return binding.strerror(errno);
    }

    /**
     * Returns the exception {@code Files} throws for the last call's errno, naming {@code file}.
     *
     * @param file the file
     * @return the exception
     */
    public IOException openFailed(Path file) {
        int e = errno();
        return Errno.openFailed(file, e, strerror(e));
    }

    /**
     * Returns the exception a channel's read throws for the last call's errno, naming {@code file}.
     *
     * @param file the file
     * @return the exception
     */
    public IOException readFailed(Path file) {
        return Errno.readFailed(file, strerror(errno()));
    }

    /** True (and the errno set) when the test's plan fails this call. */
    private boolean fails(String call) {
        injected = faults == null ? 0 : faults.fail(call);
        return injected != 0;
    }

    private boolean interrupted(long r) {
        return r < 0 && libc.errno() == Errno.EINTR;
    }

    public int open(long path, int flags, int mode) {
        return openat(Linux.AT_FDCWD, path, flags, mode);
    }

    public int openat(int dir, long path, int flags, int mode) {
        if (fails("open")) {
            return -1;
        }
        int fd;
        do {
            fd = libc.openat(dir, path, flags, mode);
        } while (interrupted(fd));
        return fd;
    }

    /** {@code statx} of an open descriptor, into this object's buffer. */
    public int statx(int fd, int mask) {
        return statxAt(fd, base + EMPTY, Linux.AT_EMPTY_PATH, mask);
    }

    /** {@code statx} of {@code path} relative to {@code dir} (a descriptor, or {@code AT_FDCWD}), into this object's buffer. */
    public int statxAt(int dir, long path, int flags, int mask) {
        if (fails("statx")) {
            return -1;
        }
        return libc.statx(dir, path, flags, mask, base + STATX);
    }

    /**
     * {@link #statxAt}, for calls a thread keeps and reuses from one get to the next (a validated
     * cache hit): the fault plan is the calling thread's, passed in per call, since this object
     * outlives any one plan.
     */
    public int statxAt(SyscallFaults plan, int dir, long path, int flags, int mask) {
        injected = plan == null ? 0 : plan.fail("statx");
        if (injected != 0) {
            return -1;
        }
        return libc.statx(dir, path, flags, mask, base + STATX);
    }

    /** @return after a {@code statx}: {size, mtime s, mtime ns, ctime s, ctime ns, device, inode, 1 if a regular file else 0}, as {@link Stat#of} reads it */
    public long[] stamp() {
        return new long[] {statSize(), statMtimeSeconds(), statMtimeNanos(), statCtimeSeconds(), statCtimeNanos(), statDevice(),
            statInode(), statType() == Linux.S_IFREG ? 1 : 0};
    }

    /** @return after a {@code statx}: what it said, as a record */
    public Stat stat() {
        return new Stat(statSize(), statMtimeSeconds(), statMtimeNanos(), statCtimeSeconds(), statCtimeNanos(), statDevice(),
                statInode(), statType() == Linux.S_IFREG);
    }

    public long statSize() {
        return scratch.getLong(STATX + Linux.STX_SIZE);
    }

    public long statMtimeSeconds() {
        return scratch.getLong(STATX + Linux.STX_MTIME);
    }

    public long statMtimeNanos() {
        return Integer.toUnsignedLong(scratch.getInt(STATX + Linux.STX_MTIME + 8));
    }

    public long statCtimeSeconds() {
        return scratch.getLong(STATX + Linux.STX_CTIME);
    }

    public long statCtimeNanos() {
        return Integer.toUnsignedLong(scratch.getInt(STATX + Linux.STX_CTIME + 8));
    }

    /** @return after a {@code statx}: 512-byte blocks allocated */
    public long statBlocks() {
        return scratch.getLong(STATX + Linux.STX_BLOCKS);
    }

    /** @return after a {@code statx}: the file's type bits ({@code S_IFMT}) */
    public int statType() {
        return Short.toUnsignedInt(scratch.getShort(STATX + Linux.STX_MODE)) & Linux.S_IFMT;
    }

    /** @return after a {@code statx}: the file's permission bits */
    public int statMode() {
        return Short.toUnsignedInt(scratch.getShort(STATX + Linux.STX_MODE)) & 07777;
    }

    /** @return after a {@code statx} with {@code STATX_INO}: the device, major in the high 32 bits */
    public long statDevice() {
        return (Integer.toUnsignedLong(scratch.getInt(STATX + Linux.STX_DEV_MAJOR)) << 32)
                | Integer.toUnsignedLong(scratch.getInt(STATX + Linux.STX_DEV_MAJOR + 4));
    }

    public long statInode() {
        return scratch.getLong(STATX + Linux.STX_INO);
    }

    public int ficlone(int out, int in) {
        if (fails("ioctl")) {
            return -1;
        }
        return libc.ioctl(out, Linux.FICLONE, in);
    }

    /** @return whether {@code ioctl(FICLONE)} on the filesystem of {@code device} answered that it has no clones */
    public boolean clonesRefused(long device) {
        return noClones.contains(device);
    }

    /**
     * Remembers that {@code device}'s filesystem refused a clone when {@code errno} says it has
     * none ({@code EOPNOTSUPP}, {@code ENOTTY}); another errno (a file across filesystems, a busy
     * or unaligned file) says nothing about the next copy.
     */
    public void cloneRefused(long device, int errno) {
        if ((errno == Errno.EOPNOTSUPP || errno == Errno.ENOTTY) && noClones.size() < MAX_REMEMBERED) {
            noClones.add(device);
        }
    }

    public long lseek(int fd, long offset, int whence) {
        if (fails("lseek")) {
            return -1;
        }
        return libc.lseek(fd, offset, whence);
    }

    public long copyFileRange(int in, long inOff, int out, long outOff, long len) {
        if (fails("copy_file_range")) {
            return -1;
        }
        long n;
        do {
            scratch.putLong(OFFSETS, inOff);
            scratch.putLong(OFFSETS + 8, outOff);
            n = libc.copyFileRange(in, base + OFFSETS, out, base + OFFSETS + 8, len, 0);
        } while (interrupted(n));
        return n;
    }

    /** {@code read} at the descriptor's position into {@code direct[off, off + n)}. */
    public long read(int fd, ByteBuffer direct, int off, int n) {
        if (fails("read")) {
            return -1;
        }
        long r;
        do {
            r = libc.read(fd, address(direct, off), n);
        } while (interrupted(r));
        return r;
    }

    /** {@code read} at the descriptor's position into {@code b[off, off + n)}, in place (callers bound {@code n}: the array is pinned). */
    public long read(int fd, byte[] b, int off, int n) {
        if (fails("read")) {
            return -1;
        }
        long r;
        do {
            r = libc.read(fd, b, off, n);
        } while (interrupted(r));
        return r;
    }

    public long pread(int fd, ByteBuffer direct, int off, int n, long at) {
        if (fails("pread")) {
            return -1;
        }
        long r;
        do {
            r = libc.pread(fd, address(direct, off), n, at);
        } while (interrupted(r));
        return r;
    }

    public long pread(int fd, byte[] b, int off, int n, long at) {
        if (fails("pread")) {
            return -1;
        }
        long r;
        do {
            r = libc.pread(fd, b, off, n, at);
        } while (interrupted(r));
        return r;
    }

    public long pwrite(int fd, ByteBuffer direct, int off, int n, long at) {
        if (fails("pwrite")) {
            return -1;
        }
        long r;
        do {
            r = libc.pwrite(fd, address(direct, off), n, at);
        } while (interrupted(r));
        return r;
    }

    public int ftruncate(int fd, long length) {
        if (fails("ftruncate")) {
            return -1;
        }
        int r;
        do {
            r = libc.ftruncate(fd, length);
        } while (interrupted(r));
        return r;
    }

    public int fsync(int fd) {
        if (fails("fsync")) {
            return -1;
        }
        return libc.fsync(fd);
    }

    public int linkat(int fromDir, long from, int toDir, long to, int flags) {
        if (fails("linkat")) {
            return -1;
        }
        return libc.linkat(fromDir, from, toDir, to, flags);
    }

    public int renameat(int fromDir, long from, int toDir, long to) {
        if (fails("rename")) {
            return -1;
        }
        return libc.renameat(fromDir, from, toDir, to);
    }

    /** {@code renameat2(RENAME_EXCHANGE)}; -1 with EINVAL where libc lacks it, as a kernel that refuses it answers. */
    public int exchange(int fromDir, long from, int toDir, long to) {
        if (fails("renameat2")) {
            return -1;
        }
        if (!libc.hasRenameat2()) {
            injected = Errno.EINVAL;
            return -1;
        }
        return libc.renameat2(fromDir, from, toDir, to, Linux.RENAME_EXCHANGE);
    }

    public int unlinkat(int dir, long path) {
        if (fails("unlink")) {
            return -1;
        }
        return libc.unlinkat(dir, path, 0);
    }

    public int fchmod(int fd, int mode) {
        if (fails("fchmod")) {
            return -1;
        }
        return libc.fchmod(fd, mode);
    }

    /** Sets the access and modification times, each in nanoseconds since the epoch. */
    public int futimens(int fd, long atimeNanos, long mtimeNanos) {
        if (fails("futimens")) {
            return -1;
        }
        scratch.putLong(TIMES, Math.floorDiv(atimeNanos, 1_000_000_000L));
        scratch.putLong(TIMES + 8, Math.floorMod(atimeNanos, 1_000_000_000L));
        scratch.putLong(TIMES + 16, Math.floorDiv(mtimeNanos, 1_000_000_000L));
        scratch.putLong(TIMES + 24, Math.floorMod(mtimeNanos, 1_000_000_000L));
        return libc.futimens(fd, base + TIMES);
    }

    /** A close whose failure matters (the destination's): a failed one still frees the descriptor on Linux. */
    public int closeChecked(int fd) {
        if (fails("close")) {
            libc.close(fd); // as close(2) on Linux: the descriptor is gone even when it reports an error
            return -1;
        }
        return libc.close(fd);
    }

    /** A close whose failure changes nothing: a read-only source, or cleaning up after a failure. */
    public void close(int fd) {
        libc.close(fd);
    }
}
