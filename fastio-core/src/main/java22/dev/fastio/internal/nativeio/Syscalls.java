package dev.fastio.internal.nativeio;

import static dev.fastio.internal.nativeio.Errno.EINVAL;
import static dev.fastio.internal.nativeio.Errno.ENOTTY;
import static dev.fastio.internal.nativeio.Errno.EOPNOTSUPP;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The system calls of one whole-file read, stat, copy or staged write, with their errno captured, and the fault plan of
 * a test consulted before each ({@link SyscallFaults}): a call it fails is not made and reports
 * the plan's errno. Return values are libc's: negative on failure, then {@link #errno()}. Calls
 * that can be interrupted by a signal ({@code EINTR}) are retried here. One thread at a time: the
 * errno capture and the {@code statx} buffer are shared by its calls.
 */
final class Syscalls {

    /**
     * Filesystems (by device number) whose {@code ioctl(FICLONE)} answered that it has no clones
     * (ext4, tmpfs): asked once per device and JVM, not once per copy. A number that a later mount
     * reuses for a filesystem that can clone only costs that filesystem the {@code ioctl}: its
     * {@code copy_file_range} clones where the kernel can (Linux 5.3 and later). Bounded: past
     * {@link #MAX_REMEMBERED} devices the ioctl is tried again.
     */
    private static final Set<Long> NO_CLONES = ConcurrentHashMap.newKeySet();
    private static final int MAX_REMEMBERED = 256;

    private final Arena arena;
    private SyscallFaults faults;
    /** {@link #NO_CLONES}; under a test's plan a memory of this object's own (one copy's): every copy a plan watches makes each call. */
    private final Set<Long> noClones;
    final MemorySegment err;
    final MemorySegment statx;
    private final MemorySegment offsets;
    private final MemorySegment empty;
    private final MemorySegment times;
    /** The file name given at construction, NUL-terminated, or null. */
    final MemorySegment name;
    private int injected;

    Syscalls(Arena arena, SyscallFaults faults) {
        this(arena, faults, null);
    }

    /**
     * Calls whose one allocation also holds {@code file}'s name ({@link #name}): a whole-file read
     * makes a handful of calls, and a second allocation costs as much as one of them.
     */
    Syscalls(Arena arena, SyscallFaults faults, Path file) {
        this.arena = arena;
        this.faults = faults;
        this.noClones = faults == null ? NO_CLONES : new HashSet<>();
        byte[] bytes = file == null ? null : nameBytes(file.toString());
        long fixed = Libc.STATX_BYTES + 96 + ((Libc.ERRNO_STATE.byteSize() + 7) & ~7L);
        MemorySegment all = arena.allocate(fixed + (bytes == null ? 0 : bytes.length + 1), 8);
        this.statx = all.asSlice(0, Libc.STATX_BYTES);
        this.offsets = all.asSlice(Libc.STATX_BYTES, 16);
        this.empty = all.asSlice(Libc.STATX_BYTES + 16, 8); // "" for statx on a descriptor, zeroed by allocate
        this.times = all.asSlice(Libc.STATX_BYTES + 64, 32);
        this.err = all.asSlice(Libc.STATX_BYTES + 96, Libc.ERRNO_STATE.byteSize());
        if (bytes == null) {
            this.name = null;
        } else {
            this.name = all.asSlice(fixed, bytes.length + 1); // the last byte stays 0
            MemorySegment.copy(bytes, 0, name, ValueLayout.JAVA_BYTE, 0, bytes.length);
        }
    }

    /**
     * Sets the fault plan the next calls consult: for calls a thread keeps and reuses, which
     * outlive any one plan.
     *
     * @param plan the calling thread's plan, or null
     * @return these calls
     */
    Syscalls plan(SyscallFaults plan) {
        this.faults = plan;
        return this;
    }

    /** The fault plan these calls consult, or null: for a call made apart from them on the same plan. */
    SyscallFaults faults() {
        return faults;
    }

    /** A path's bytes for the kernel: the JDK asks for "." when a path is empty ({@code UnixPath.getByteArrayForSysCalls}). */
    static byte[] nameBytes(String text) {
        return (text.isEmpty() ? "." : text).getBytes(StandardCharsets.UTF_8);
    }

    MemorySegment path(Path p) {
        return path(p.toString());
    }

    MemorySegment path(String text) {
        return arena.allocateFrom(text.isEmpty() ? "." : text, StandardCharsets.UTF_8);
    }

    /** After a {@code statx}: {size, mtime s, mtime ns, ctime s, ctime ns, device, inode, 1 if a regular file else 0}, as {@link Stat#of} reads it. */
    long[] stamp() {
        MemorySegment x = statx;
        return new long[] {
            x.get(ValueLayout.JAVA_LONG, Libc.STX_SIZE),
            x.get(ValueLayout.JAVA_LONG, Libc.STX_MTIME), Integer.toUnsignedLong(x.get(ValueLayout.JAVA_INT, Libc.STX_MTIME + 8)),
            x.get(ValueLayout.JAVA_LONG, Libc.STX_CTIME), Integer.toUnsignedLong(x.get(ValueLayout.JAVA_INT, Libc.STX_CTIME + 8)),
            statDevice(), statInode(), statType() == Libc.S_IFREG ? 1 : 0
        };
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
        return openat(Libc.AT_FDCWD, path, flags, mode);
    }

    int openat(int dir, MemorySegment path, int flags, int mode) {
        if (fails("open")) {
            return -1;
        }
        while (true) {
            try {
                int fd = (int) Libc.Openat.HANDLE.invokeExact(err, dir, path, flags, mode);
                if (fd >= 0 || Libc.errno(err) != Errno.EINTR) {
                    return fd;
                }
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }
    }

    /** {@code statx} of an open descriptor, into {@link #statx}. */
    int statx(int fd, int mask) {
        return statxAt(fd, empty, Libc.AT_EMPTY_PATH, mask);
    }

    /** {@code statx} of {@code path} relative to {@code dir} (a descriptor, or {@code AT_FDCWD}), into {@link #statx}. */
    int statxAt(int dir, MemorySegment path, int flags, int mask) {
        if (fails("statx")) {
            return -1;
        }
        try {
            return (int) Libc.Statx.HANDLE.invokeExact(err, dir, path, flags, mask, statx);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    /**
     * {@link #statxAt}, for calls a thread keeps and reuses from one get to the next (a validated
     * cache hit): the fault plan is the calling thread's, passed in per call, since this object
     * outlives any one plan.
     */
    int statxAt(SyscallFaults plan, int dir, MemorySegment path, int flags, int mask) {
        injected = plan == null ? 0 : plan.fail("statx");
        if (injected != 0) {
            return -1;
        }
        try {
            return (int) Libc.Statx.HANDLE.invokeExact(err, dir, path, flags, mask, statx);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    /** After a {@code statx}: whether it says {@code v}'s version, compared where it lies, no object made. */
    boolean statMatches(StatVersion v) {
        MemorySegment x = statx;
        return v.matches(x.get(ValueLayout.JAVA_LONG, Libc.STX_SIZE),
                x.get(ValueLayout.JAVA_LONG, Libc.STX_MTIME), Integer.toUnsignedLong(x.get(ValueLayout.JAVA_INT, Libc.STX_MTIME + 8)),
                x.get(ValueLayout.JAVA_LONG, Libc.STX_CTIME), Integer.toUnsignedLong(x.get(ValueLayout.JAVA_INT, Libc.STX_CTIME + 8)),
                statDevice(), statInode());
    }

    /** After a {@code statx}: the file's type bits ({@code S_IFMT}). */
    int statType() {
        return Short.toUnsignedInt(statx.get(ValueLayout.JAVA_SHORT, Libc.STX_MODE)) & Libc.S_IFMT;
    }

    /** After a {@code statx}: the file's permission bits. */
    int statMode() {
        return Short.toUnsignedInt(statx.get(ValueLayout.JAVA_SHORT, Libc.STX_MODE)) & 07777;
    }

    /** After a {@code statx} with {@code STATX_INO}: device and inode, which name one file. */
    long statDevice() {
        return (Integer.toUnsignedLong(statx.get(ValueLayout.JAVA_INT, Libc.STX_DEV_MAJOR)) << 32)
                | Integer.toUnsignedLong(statx.get(ValueLayout.JAVA_INT, Libc.STX_DEV_MAJOR + 4));
    }

    long statInode() {
        return statx.get(ValueLayout.JAVA_LONG, Libc.STX_INO);
    }

    int ficlone(int out, int in) {
        if (fails("ioctl")) {
            return -1;
        }
        try {
            return (int) Libc.IoctlInt.HANDLE.invokeExact(err, out, Libc.FICLONE, in);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    /** Whether {@code ioctl(FICLONE)} on the filesystem of {@code device} answered that it has no clones. */
    boolean clonesRefused(long device) {
        return noClones.contains(device);
    }

    /**
     * Remembers that {@code device}'s filesystem refused a clone when {@code errno} says it has
     * none ({@code EOPNOTSUPP}, {@code ENOTTY}); another errno (a file across filesystems, a busy
     * or unaligned file) says nothing about the next copy.
     */
    void cloneRefused(long device, int errno) {
        if ((errno == EOPNOTSUPP || errno == ENOTTY) && noClones.size() < MAX_REMEMBERED) {
            noClones.add(device);
        }
    }

    long lseek(int fd, long offset, int whence) {
        if (fails("lseek")) {
            return -1;
        }
        try {
            return (long) Libc.Lseek.HANDLE.invokeExact(err, fd, offset, whence);
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
                long n = (long) Libc.CopyFileRange.HANDLE.invokeExact(err, in, offsets, out, offsets.asSlice(8), len, 0);
                if (n >= 0 || Libc.errno(err) != Errno.EINTR) {
                    return n;
                }
            } catch (Throwable t) {
                throw NativeFiles.rethrow(t);
            }
        }
    }

    /** {@code read} at the descriptor's position; {@code buf} may be a heap segment (a Java array: a critical call). */
    long read(int fd, MemorySegment buf, long n) {
        if (fails("read")) {
            return -1;
        }
        while (true) {
            try {
                long r = (long) Libc.Read.HANDLE.invokeExact(err, fd, buf, n);
                if (r >= 0 || Libc.errno(err) != Errno.EINTR) {
                    return r;
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
                long r = (long) Libc.Pread.HANDLE.invokeExact(err, fd, buf, n, offset);
                if (r >= 0 || Libc.errno(err) != Errno.EINTR) {
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
                long r = (long) Libc.Pwrite.HANDLE.invokeExact(err, fd, buf, n, offset);
                if (r >= 0 || Libc.errno(err) != Errno.EINTR) {
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
            return (int) Libc.Ftruncate.HANDLE.invokeExact(err, fd, length);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    int fsync(int fd) {
        if (fails("fsync")) {
            return -1;
        }
        try {
            return (int) Libc.Fsync.HANDLE.invokeExact(err, fd);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    int linkat(int fromDir, MemorySegment from, int toDir, MemorySegment to, int flags) {
        if (fails("linkat")) {
            return -1;
        }
        try {
            return (int) Libc.Linkat.HANDLE.invokeExact(err, fromDir, from, toDir, to, flags);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    int renameat(int fromDir, MemorySegment from, int toDir, MemorySegment to) {
        if (fails("rename")) {
            return -1;
        }
        try {
            return (int) Libc.Renameat.HANDLE.invokeExact(err, fromDir, from, toDir, to);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    /** {@code renameat2(RENAME_EXCHANGE)}; -1 with EINVAL where libc lacks it, as a kernel that refuses it answers. */
    int exchange(int fromDir, MemorySegment from, int toDir, MemorySegment to) {
        if (fails("renameat2")) {
            return -1;
        }
        if (Libc.Renameat2.HANDLE == null) {
            injected = EINVAL;
            return -1;
        }
        try {
            return (int) Libc.Renameat2.HANDLE.invokeExact(err, fromDir, from, toDir, to, Libc.RENAME_EXCHANGE);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    int unlinkat(int dir, MemorySegment path) {
        if (fails("unlink")) {
            return -1;
        }
        try {
            return (int) Libc.Unlinkat.HANDLE.invokeExact(err, dir, path, 0);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    int fchmod(int fd, int mode) {
        if (fails("fchmod")) {
            return -1;
        }
        try {
            return (int) Libc.Fchmod.HANDLE.invokeExact(err, fd, mode);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    /** Sets the access and modification times, each in nanoseconds since the epoch. */
    int futimens(int fd, long atimeNanos, long mtimeNanos) {
        if (fails("futimens")) {
            return -1;
        }
        times.set(ValueLayout.JAVA_LONG, 0, Math.floorDiv(atimeNanos, 1_000_000_000L));
        times.set(ValueLayout.JAVA_LONG, 8, Math.floorMod(atimeNanos, 1_000_000_000L));
        times.set(ValueLayout.JAVA_LONG, 16, Math.floorDiv(mtimeNanos, 1_000_000_000L));
        times.set(ValueLayout.JAVA_LONG, 24, Math.floorMod(mtimeNanos, 1_000_000_000L));
        try {
            return (int) Libc.Futimens.HANDLE.invokeExact(err, fd, times);
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
            return (int) Libc.CloseErrno.HANDLE.invokeExact(err, fd);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }

    /** A close whose failure changes nothing: a read-only source, or cleaning up after a failure. */
    void close(int fd) {
        try {
            int r = (int) Libc.Close.HANDLE.invokeExact(fd);
        } catch (Throwable t) {
            throw NativeFiles.rethrow(t);
        }
    }
}
