package dev.fastio.internal.nativeio;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The libc calls the native layer makes, each bound on its first use (a holder class per call:
 * binding one costs a fresh JVM 5 to 15 ms, and a command that copies or reads needs only a few
 * of them; a holder's {@code static final} handle is still a constant to the JIT). Every call that can fail captures
 * {@code errno} into a caller-given segment ({@link #ERRNO_STATE}) straight after the call,
 * before the JVM can overwrite it. Calls that take buffers are critical with heap access: the
 * buffer may be a Java array, passed without a copy, and the garbage collector waits for the
 * call to return (callers bound each call's length for that reason).
 *
 * <p>Linux only (x86-64 and aarch64, where the {@code statx} layout and the constants below are
 * the same, except the {@code open} flags that say so); {@link NativeFiles} decides whether it is
 * used at all.
 */
final class Libc {
    private Libc() {}

    static final int O_RDONLY = 0;
    static final int O_CLOEXEC = 0x80000;
    static final int AT_EMPTY_PATH = 0x1000;
    static final int STATX_TYPE = 0x1;
    static final int STATX_SIZE = 0x200;
    static final int S_IFMT = 0xF000;
    static final int S_IFREG = 0x8000;
    static final int S_IFDIR = 0x4000;
    /** {@code struct statx}: 256 bytes; {@code stx_mode} (u16) at 28, {@code stx_size} (u64) at 40. */
    static final long STATX_BYTES = 256;
    static final long STX_MODE = 28;
    static final long STX_SIZE = 40;
    static final long STX_INO = 32;
    /** {@code struct statx_timestamp}: i64 seconds, u32 nanoseconds, 4 bytes of padding. */
    static final long STX_CTIME = 96;
    static final long STX_MTIME = 112;
    /** u32 major, then u32 minor. */
    static final long STX_DEV_MAJOR = 136;
    static final int AT_FDCWD = -100;
    static final int STATX_BASIC_STATS = 0x7ff;


    // for copies and staged writes
    static final int O_WRONLY = 1;
    static final int O_RDWR = 2;
    static final int O_CREAT = 0x40;
    static final int O_EXCL = 0x80;
    private static final boolean AARCH64 = "aarch64".equals(System.getProperty("os.arch"));
    /** {@code O_DIRECTORY}: 0200000 on x86-64, 040000 on aarch64. */
    static final int O_DIRECTORY = AARCH64 ? 0x4000 : 0x10000;
    /** {@code O_NOFOLLOW}: 0400000 on x86-64, 0100000 on aarch64. */
    static final int O_NOFOLLOW = AARCH64 ? 0x8000 : 0x20000;
    /** {@code O_PATH}: a descriptor that only names (a folder for the *at calls); needs no read permission. */
    static final int O_PATH = 0x200000;
    /** {@code O_TMPFILE}, which includes {@code O_DIRECTORY}: an unnamed file in the given folder. */
    static final int O_TMPFILE = 0x400000 | O_DIRECTORY;
    static final int AT_SYMLINK_FOLLOW = 0x400;
    static final int AT_SYMLINK_NOFOLLOW = 0x100;
    static final int STATX_MODE = 0x2;
    static final int STATX_INO = 0x100;
    static final int S_IFLNK = 0xA000;
    static final int SEEK_DATA = 3;
    static final int SEEK_HOLE = 4;
    /** {@code _IOW(0x94, 9, int)}: make the destination share the source's extents. */
    static final long FICLONE = 0x40049409L;
    static final int STATX_BLOCKS = 0x400;
    /** u64 {@code stx_blocks}: 512-byte units allocated. */
    static final long STX_BLOCKS = 48;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();

    static final StructLayout ERRNO_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = ERRNO_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private static final Linker.Option ERRNO_OPTION = Linker.Option.captureCallState("errno");
    private static final Linker.Option HEAP = Linker.Option.critical(true);

    /** int openat(int dirfd, const char *path, int flags, ...): the mode as the first variadic argument. */
    static final class Openat {
        static final MethodHandle HANDLE = bind("openat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
                ERRNO_OPTION, Linker.Option.firstVariadicArg(3));

        private Openat() {}
    }

    /** int renameat(int olddirfd, const char *old, int newdirfd, const char *new). */
    static final class Renameat {
        static final MethodHandle HANDLE = bind("renameat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
                ERRNO_OPTION);

        private Renameat() {}
    }

    /** int unlinkat(int dirfd, const char *path, int flags). */
    static final class Unlinkat {
        static final MethodHandle HANDLE = bind("unlinkat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT), ERRNO_OPTION);

        private Unlinkat() {}
    }

    /** int fchmod(int fd, mode_t mode). */
    static final class Fchmod {
        static final MethodHandle HANDLE = bind("fchmod", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), ERRNO_OPTION);

        private Fchmod() {}
    }

    /** int futimens(int fd, const struct timespec times[2]): access time, then modification time. */
    static final class Futimens {
        static final MethodHandle HANDLE = bind("futimens", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), ERRNO_OPTION);

        private Futimens() {}
    }

    /** int close(int fd). */
    static final class Close {
        static final MethodHandle HANDLE = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));

        private Close() {}
    }

    /** ssize_t read(int fd, void *buf, size_t n), into a heap or native segment. */
    static final class Read {
        static final MethodHandle HANDLE = bind("read", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG),
                ERRNO_OPTION, HEAP);

        private Read() {}
    }

    /** int statx(int dirfd, const char *path, int flags, unsigned mask, struct statx *buf). */
    static final class Statx {
        static final MethodHandle HANDLE = bind("statx", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS),
                ERRNO_OPTION);

        private Statx() {}
    }

    /** off_t lseek(int fd, off_t offset, int whence). */
    static final class Lseek {
        static final MethodHandle HANDLE = bind("lseek", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT),
                ERRNO_OPTION);

        private Lseek() {}
    }

    /** int ioctl(int fd, unsigned long request, int arg): only FICLONE, whose argument is the source descriptor. */
    static final class IoctlInt {
        static final MethodHandle HANDLE = bind("ioctl", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT),
                ERRNO_OPTION, Linker.Option.firstVariadicArg(2));

        private IoctlInt() {}
    }

    /** ssize_t copy_file_range(int in, off64_t *off_in, int out, off64_t *off_out, size_t len, unsigned flags). */
    static final class CopyFileRange {
        static final MethodHandle HANDLE = bind("copy_file_range",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), ERRNO_OPTION);

        private CopyFileRange() {}
    }

    /**
     * ssize_t pread(int fd, void *buf, size_t n, off_t offset), into a native segment (a copy's
     * pooled buffer) or a Java array (a growing file's reads: critical, as {@link Read}).
     */
    static final class Pread {
        static final MethodHandle HANDLE = bind("pread", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG),
                ERRNO_OPTION, HEAP);

        private Pread() {}
    }

    /** ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset), from a native segment. */
    static final class Pwrite {
        static final MethodHandle HANDLE = bind("pwrite", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG),
                ERRNO_OPTION);

        private Pwrite() {}
    }

    /** int ftruncate(int fd, off_t length). */
    static final class Ftruncate {
        static final MethodHandle HANDLE = bind("ftruncate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), ERRNO_OPTION);

        private Ftruncate() {}
    }

    /** int fsync(int fd). */
    static final class Fsync {
        static final MethodHandle HANDLE = bind("fsync", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERRNO_OPTION);

        private Fsync() {}
    }

    /** int linkat(int olddirfd, const char *old, int newdirfd, const char *new, int flags). */
    static final class Linkat {
        static final MethodHandle HANDLE = bind("linkat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT),
                ERRNO_OPTION);

        private Linkat() {}
    }

    /**
     * int renameat2(int olddirfd, const char *old, int newdirfd, const char *new, unsigned flags),
     * or null where this libc lacks it (glibc before 2.28): callers then use {@link Renameat}.
     */
    static final class Renameat2 {
        static final MethodHandle HANDLE = LIBC.find("renameat2")
                .map(symbol -> LINKER.downcallHandle(symbol,
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT), ERRNO_OPTION))
                .orElse(null);

        private Renameat2() {}
    }

    static final int RENAME_EXCHANGE = 2;
    /** int close(int fd), with errno: a copy's destination must not lose a failed close. */
    static final class CloseErrno {
        static final MethodHandle HANDLE = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERRNO_OPTION);

        private CloseErrno() {}
    }

    /** char *strerror(int errnum). */
    static final class Strerror {
        static final MethodHandle HANDLE = bind("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));

        private Strerror() {}
    }


    private static MethodHandle bind(String name, FunctionDescriptor fd, Linker.Option... options) {
        MemorySegment symbol = LIBC.find(name).orElseThrow(() -> new UnsatisfiedLinkError("libc has no " + name));
        return LINKER.downcallHandle(symbol, fd, options);
    }

    static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    /** The C library's text for {@code errno}, as the JDK's own exceptions give it. */
    static String strerror(int errno) {
        try {
            MemorySegment s = (MemorySegment) Strerror.HANDLE.invokeExact(errno);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }
}
