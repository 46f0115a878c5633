package dev.fastio.internal.nativeio;

/**
 * The libc calls of one binding, as C declares them, for one thread at a time: addresses are
 * {@code long}s (of direct buffers, see {@link NativeBinding}); return values are libc's,
 * negative on failure with {@link #errno()} then saying why, read before this object's next call.
 * Nothing is retried or checked here: {@link Syscalls} wraps these calls once for every binding
 * (the fault plan, {@code EINTR}, the {@code statx} layout, names).
 */
public abstract class Libc {
    /** @return the {@code errno} of this object's last failed call */
    public abstract int errno();

    /** {@code int openat(int dirfd, const char *path, int flags, mode_t mode)}. */
    public abstract int openat(int dir, long path, int flags, int mode);

    /** {@code int statx(int dirfd, const char *path, int flags, unsigned mask, struct statx *buf)}. */
    public abstract int statx(int dir, long path, int flags, int mask, long buf);

    /** {@code ssize_t read(int fd, void *buf, size_t n)} into native memory. */
    public abstract long read(int fd, long buf, long n);

    /**
     * {@code read} into {@code b[off, off + len)} in place: the binding pins the array for the
     * call (the garbage collector may wait for it: callers bound {@code len}).
     */
    public abstract long read(int fd, byte[] b, int off, int len);

    /** {@code ssize_t pread(int fd, void *buf, size_t n, off_t offset)} into native memory. */
    public abstract long pread(int fd, long buf, long n, long offset);

    /** {@code pread} into {@code b[off, off + len)} in place, as {@link #read(int, byte[], int, int)}. */
    public abstract long pread(int fd, byte[] b, int off, int len, long offset);

    /** {@code ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset)} from native memory. */
    public abstract long pwrite(int fd, long buf, long n, long offset);

    /** {@code off_t lseek(int fd, off_t offset, int whence)}. */
    public abstract long lseek(int fd, long offset, int whence);

    /** {@code ssize_t copy_file_range(int in, off64_t *off_in, int out, off64_t *off_out, size_t len, unsigned flags)}. */
    public abstract long copyFileRange(int in, long offIn, int out, long offOut, long len, int flags);

    /** {@code int ioctl(int fd, unsigned long request, int arg)}: an integer argument only ({@code FICLONE}'s). */
    public abstract int ioctl(int fd, long request, int arg);

    /** {@code int ftruncate(int fd, off_t length)}. */
    public abstract int ftruncate(int fd, long length);

    /** {@code int fsync(int fd)}. */
    public abstract int fsync(int fd);

    /** {@code int fchmod(int fd, mode_t mode)}. */
    public abstract int fchmod(int fd, int mode);

    /** {@code int futimens(int fd, const struct timespec times[2])}. */
    public abstract int futimens(int fd, long times);

    /** {@code int linkat(int olddirfd, const char *old, int newdirfd, const char *new, int flags)}. */
    public abstract int linkat(int fromDir, long from, int toDir, long to, int flags);

    /** {@code int renameat(int olddirfd, const char *old, int newdirfd, const char *new)}. */
    public abstract int renameat(int fromDir, long from, int toDir, long to);

    /** @return whether this libc has {@code renameat2} (glibc 2.28 and later) */
    public abstract boolean hasRenameat2();

    /** {@code int renameat2(int olddirfd, const char *old, int newdirfd, const char *new, unsigned flags)}; only where {@link #hasRenameat2}. */
    public abstract int renameat2(int fromDir, long from, int toDir, long to, int flags);

    /** {@code int unlinkat(int dirfd, const char *path, int flags)}. */
    public abstract int unlinkat(int dir, long path, int flags);

    /** {@code int close(int fd)}. */
    public abstract int close(int fd);
}
