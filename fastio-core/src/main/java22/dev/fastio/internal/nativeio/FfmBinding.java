package dev.fastio.internal.nativeio;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * The native layer's binding on JDK 22 and later: the FFM API, from the multi-release jar's
 * {@code java22} overlay; made by {@link NativeBindings} by reflection, whose constructor throws
 * (with the reason) where it may not be used. Each libc call is bound on its first use (a holder
 * class per call: binding one costs a fresh JVM 5 to 15 ms, and a command needs only a few of
 * them; a holder's {@code static final} handle is still a constant to the JIT).
 *
 * <p>Addresses are passed as {@code long}s ({@code JAVA_LONG}), which the C calling conventions
 * of x86-64 and aarch64 pass as they pass a pointer; calls that take a Java array are critical
 * with heap access (the array passed without a copy, the garbage collector waiting for the call;
 * callers bound each call's length). {@code errno} is captured into the caller's memory straight
 * after the call, before the JVM can overwrite it.
 *
 * <p><b>When it may be used.</b> Native access enabled for the module this class is in
 * ({@code --enable-native-access=dev.fastio} on the module path, {@code =ALL-UNNAMED} on the class
 * path; the CLI's jar says so in its manifest): without it the JDK path is used, so that a program
 * using fastio never prints the JDK's restricted-method warning it did not ask for;
 * {@code -Dfastio.native=true} uses it anyway (and the JDK prints its warning).
 */
public final class FfmBinding extends NativeBinding {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final StructLayout ERRNO_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = ERRNO_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option ERRNO_OPTION = Linker.Option.captureCallState("errno");
    private static final Linker.Option HEAP = Linker.Option.critical(true);


    /**
     * Checks that native access is enabled and binds one call, so that a broken libc shows here
     * and not in a user's read.
     *
     * @throws IllegalStateException it may not be used here: the message says why
     */
    public FfmBinding() {
        Module module = FfmBinding.class.getModule();
        if (!NativeBindings.forcedOn() && !module.isNativeAccessEnabled()) {
            String name = module.isNamed() ? module.getName() : "ALL-UNNAMED";
            throw new IllegalStateException(NativeBindings.NO_ACCESS + " " + (module.isNamed() ? "module " + name : "the class path")
                    + ": run java with --enable-native-access=" + name + " (or -Dfastio.native=true to use it anyway,"
                    + " and the JDK prints a warning)");
        }
        ByteBuffer probe = NativeBinding.allocate(Linux.STATX_BYTES + 64, 8);
        long at = address(probe);
        probe.put(Linux.STATX_BYTES + 32, (byte) '/');
        Libc c = libc(probe, Linux.STATX_BYTES);
        if (c.statx(Linux.AT_FDCWD, at + Linux.STATX_BYTES + 32, 0, Linux.STATX_BASIC_STATS, at) != 0) {
            throw new IllegalStateException("statx of / failed: " + strerror(c.errno()));
        }
    }

    @Override
    public String name() {
        return "FFM";
    }

    @Override
    public Libc libc(ByteBuffer scratch, int errnoOffset) {
        return new FfmLibc(MemorySegment.ofBuffer(scratch).asSlice(errnoOffset, ERRNO_STATE.byteSize()));
    }

    @Override
    public long address(ByteBuffer direct) {
        return MemorySegment.ofBuffer(direct).address() - direct.position();
    }

    @Override
    public Memory allocateNative(int bytes) {
        Arena arena = Arena.ofShared(); // a reader may be closed by another thread than the one that read
        MemorySegment m = arena.allocate(bytes, 64);
        return new Memory(m.address(), m.asByteBuffer(), arena::close);
    }

    @Override
    public String strerror(int errno) {
        try {
            MemorySegment s = (MemorySegment) Strerror.HANDLE.invokeExact(errno);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }

    @Override
    protected Object bindIsal() {
        NativeDecoder d = NativeDecoder.ISAL;
        try {
            SymbolLookup lib = SymbolLookup.libraryLookup(d.library(), Arena.global());
            return new FfmIsal(
                    LINKER.downcallHandle(lib.find("isal_inflate_init").orElseThrow(), FunctionDescriptor.ofVoid(JAVA_LONG)),
                    LINKER.downcallHandle(lib.find("isal_inflate").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_LONG)),
                    LINKER.downcallHandle(lib.find("isal_inflate_stateless").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_LONG)));
        } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
            return d.library() + " was not found or lacks isal_inflate (install Debian's " + d.debianPackage() + "): " + e.getMessage();
        }
    }

    @Override
    protected Object bindLibdeflate() {
        NativeDecoder d = NativeDecoder.LIBDEFLATE;
        try {
            SymbolLookup lib = SymbolLookup.libraryLookup(d.library(), Arena.global());
            return new FfmLibdeflate(
                    LINKER.downcallHandle(lib.find("libdeflate_alloc_decompressor").orElseThrow(), FunctionDescriptor.of(JAVA_LONG)),
                    LINKER.downcallHandle(lib.find("libdeflate_free_decompressor").orElseThrow(), FunctionDescriptor.ofVoid(JAVA_LONG)),
                    // enum libdeflate_result libdeflate_deflate_decompress_ex(struct libdeflate_decompressor *,
                    //     const void *in, size_t in_nbytes, void *out, size_t out_nbytes_avail,
                    //     size_t *actual_in_nbytes_ret, size_t *actual_out_nbytes_ret)
                    LINKER.downcallHandle(lib.find("libdeflate_deflate_decompress_ex").orElseThrow(),
                            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG), HEAP),
                    // uint32_t libdeflate_crc32(uint32_t crc, const void *buffer, size_t len)
                    LINKER.downcallHandle(lib.find("libdeflate_crc32").orElseThrow(),
                            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG), HEAP));
        } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
            return d.library() + " was not found or lacks libdeflate_deflate_decompress_ex (install Debian's " + d.debianPackage() + "): "
                    + e.getMessage();
        }
    }

    private static MethodHandle bind(String name, FunctionDescriptor fd, Linker.Option... options) {
        MemorySegment symbol = LIBC.find(name).orElseThrow(() -> new UnsatisfiedLinkError("libc has no " + name));
        return LINKER.downcallHandle(symbol, fd, options);
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    /** libc through FFM, errno captured into the caller's slot. */
    private static final class FfmLibc extends Libc {
        private final MemorySegment err;

        FfmLibc(MemorySegment err) {
            this.err = err;
        }

        @Override
        public int errno() {
            return (int) ERRNO.get(err, 0L);
        }

        @Override
        public int openat(int dir, long path, int flags, int mode) {
            try {
                return (int) Openat.HANDLE.invokeExact(err, dir, path, flags, mode);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int statx(int dir, long path, int flags, int mask, long buf) {
            try {
                return (int) Statx.HANDLE.invokeExact(err, dir, path, flags, mask, buf);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public long read(int fd, long buf, long n) {
            try {
                return (long) Read.HANDLE.invokeExact(err, fd, buf, n);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public long read(int fd, byte[] b, int off, int len) {
            try {
                return (long) ReadHeap.HANDLE.invokeExact(err, fd, MemorySegment.ofArray(b).asSlice(off, len), (long) len);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public long pread(int fd, long buf, long n, long offset) {
            try {
                return (long) Pread.HANDLE.invokeExact(err, fd, buf, n, offset);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public long pread(int fd, byte[] b, int off, int len, long offset) {
            try {
                return (long) PreadHeap.HANDLE.invokeExact(err, fd, MemorySegment.ofArray(b).asSlice(off, len), (long) len, offset);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public long pwrite(int fd, long buf, long n, long offset) {
            try {
                return (long) Pwrite.HANDLE.invokeExact(err, fd, buf, n, offset);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public long lseek(int fd, long offset, int whence) {
            try {
                return (long) Lseek.HANDLE.invokeExact(err, fd, offset, whence);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public long copyFileRange(int in, long offIn, int out, long offOut, long len, int flags) {
            try {
                return (long) CopyFileRange.HANDLE.invokeExact(err, in, offIn, out, offOut, len, flags);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int ioctl(int fd, long request, int arg) {
            try {
                return (int) IoctlInt.HANDLE.invokeExact(err, fd, request, arg);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int ftruncate(int fd, long length) {
            try {
                return (int) Ftruncate.HANDLE.invokeExact(err, fd, length);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int fsync(int fd) {
            try {
                return (int) Fsync.HANDLE.invokeExact(err, fd);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int fchmod(int fd, int mode) {
            try {
                return (int) Fchmod.HANDLE.invokeExact(err, fd, mode);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int futimens(int fd, long times) {
            try {
                return (int) Futimens.HANDLE.invokeExact(err, fd, times);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int linkat(int fromDir, long from, int toDir, long to, int flags) {
            try {
                return (int) Linkat.HANDLE.invokeExact(err, fromDir, from, toDir, to, flags);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int renameat(int fromDir, long from, int toDir, long to) {
            try {
                return (int) Renameat.HANDLE.invokeExact(err, fromDir, from, toDir, to);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public boolean hasRenameat2() {
            return Renameat2.HANDLE != null;
        }

        @Override
        public int renameat2(int fromDir, long from, int toDir, long to, int flags) {
            try {
                return (int) Renameat2.HANDLE.invokeExact(err, fromDir, from, toDir, to, flags);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int unlinkat(int dir, long path, int flags) {
            try {
                return (int) Unlinkat.HANDLE.invokeExact(err, dir, path, flags);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int close(int fd) {
            try {
                return (int) Close.HANDLE.invokeExact(err, fd);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
    }

    /** int openat(int dirfd, const char *path, int flags, ...): the mode as the first variadic argument. */
    private static final class Openat {
        static final MethodHandle HANDLE = bind("openat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT),
                ERRNO_OPTION, Linker.Option.firstVariadicArg(3));
    }

    /** int statx(int dirfd, const char *path, int flags, unsigned mask, struct statx *buf). */
    private static final class Statx {
        static final MethodHandle HANDLE = bind("statx", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG),
                ERRNO_OPTION);
    }

    /** ssize_t read(int fd, void *buf, size_t n), into native memory. */
    private static final class Read {
        static final MethodHandle HANDLE = bind("read", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG), ERRNO_OPTION);
    }

    /** read into a Java array: critical. */
    private static final class ReadHeap {
        static final MethodHandle HANDLE = bind("read", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG), ERRNO_OPTION, HEAP);
    }

    /** ssize_t pread(int fd, void *buf, size_t n, off_t offset), into native memory. */
    private static final class Pread {
        static final MethodHandle HANDLE = bind("pread", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG),
                ERRNO_OPTION);
    }

    /** pread into a Java array: critical. */
    private static final class PreadHeap {
        static final MethodHandle HANDLE = bind("pread", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG),
                ERRNO_OPTION, HEAP);
    }

    /** ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset), from native memory. */
    private static final class Pwrite {
        static final MethodHandle HANDLE = bind("pwrite", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG),
                ERRNO_OPTION);
    }

    /** off_t lseek(int fd, off_t offset, int whence). */
    private static final class Lseek {
        static final MethodHandle HANDLE = bind("lseek", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT), ERRNO_OPTION);
    }

    /** ssize_t copy_file_range(int in, off64_t *off_in, int out, off64_t *off_out, size_t len, unsigned flags). */
    private static final class CopyFileRange {
        static final MethodHandle HANDLE = bind("copy_file_range",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT), ERRNO_OPTION);
    }

    /** int ioctl(int fd, unsigned long request, int arg): only FICLONE, whose argument is the source descriptor. */
    private static final class IoctlInt {
        static final MethodHandle HANDLE = bind("ioctl", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT),
                ERRNO_OPTION, Linker.Option.firstVariadicArg(2));
    }

    /** int ftruncate(int fd, off_t length). */
    private static final class Ftruncate {
        static final MethodHandle HANDLE = bind("ftruncate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), ERRNO_OPTION);
    }

    /** int fsync(int fd). */
    private static final class Fsync {
        static final MethodHandle HANDLE = bind("fsync", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERRNO_OPTION);
    }

    /** int fchmod(int fd, mode_t mode). */
    private static final class Fchmod {
        static final MethodHandle HANDLE = bind("fchmod", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT), ERRNO_OPTION);
    }

    /** int futimens(int fd, const struct timespec times[2]). */
    private static final class Futimens {
        static final MethodHandle HANDLE = bind("futimens", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), ERRNO_OPTION);
    }

    /** int linkat(int olddirfd, const char *old, int newdirfd, const char *new, int flags). */
    private static final class Linkat {
        static final MethodHandle HANDLE = bind("linkat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT),
                ERRNO_OPTION);
    }

    /** int renameat(int olddirfd, const char *old, int newdirfd, const char *new). */
    private static final class Renameat {
        static final MethodHandle HANDLE = bind("renameat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG),
                ERRNO_OPTION);
    }

    /** renameat2, or null where this libc lacks it (glibc before 2.28). */
    private static final class Renameat2 {
        static final MethodHandle HANDLE = LIBC.find("renameat2")
                .map(symbol -> LINKER.downcallHandle(symbol,
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT), ERRNO_OPTION))
                .orElse(null);
    }

    /** int unlinkat(int dirfd, const char *path, int flags). */
    private static final class Unlinkat {
        static final MethodHandle HANDLE = bind("unlinkat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT), ERRNO_OPTION);
    }

    /** int close(int fd). */
    private static final class Close {
        static final MethodHandle HANDLE = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERRNO_OPTION);
    }

    /** char *strerror(int errnum). */
    private static final class Strerror {
        static final MethodHandle HANDLE = bind("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    }

    /** ISA-L through FFM: the state is the caller's native memory, by address. */
    private static final class FfmIsal extends IsalCalls {
        private final MethodHandle init;
        private final MethodHandle inflate;
        private final MethodHandle stateless;

        FfmIsal(MethodHandle init, MethodHandle inflate, MethodHandle stateless) {
            this.init = init;
            this.inflate = inflate;
            this.stateless = stateless;
        }

        @Override
        public void init(long state) {
            try {
                init.invokeExact(state);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int inflate(long state) {
            try {
                return (int) inflate.invokeExact(state);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int inflateStateless(long state) {
            try {
                return (int) stateless.invokeExact(state);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
    }

    /** libdeflate through FFM: arrays passed in place by critical calls. */
    private static final class FfmLibdeflate extends LibdeflateCalls {
        private final MethodHandle alloc;
        private final MethodHandle free;
        private final MethodHandle decompress;
        private final MethodHandle crc;

        FfmLibdeflate(MethodHandle alloc, MethodHandle free, MethodHandle decompress, MethodHandle crc) {
            this.alloc = alloc;
            this.free = free;
            this.decompress = decompress;
            this.crc = crc;
        }

        @Override
        public long alloc() {
            try {
                return (long) alloc.invokeExact();
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public void free(long decompressor) {
            try {
                free.invokeExact(decompressor);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int decompress(long d, byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen, long sizes) {
            try {
                return (int) decompress.invokeExact(d, MemorySegment.ofArray(in).asSlice(inOff, inLen), (long) inLen,
                        MemorySegment.ofArray(out).asSlice(outOff, outLen), (long) outLen, sizes, sizes + 8);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        public int crc32(int initial, byte[] b, int off, int len) {
            try {
                return (int) crc.invokeExact(initial, MemorySegment.ofArray(b).asSlice(off, len), (long) len);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
    }
}
