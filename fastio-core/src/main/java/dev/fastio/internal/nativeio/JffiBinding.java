package dev.fastio.internal.nativeio;

import com.kenai.jffi.CallContext;
import com.kenai.jffi.CallingConvention;
import com.kenai.jffi.HeapInvocationBuffer;
import com.kenai.jffi.Invoker;
import com.kenai.jffi.LastError;
import com.kenai.jffi.Library;
import com.kenai.jffi.MemoryIO;
import com.kenai.jffi.ObjectParameterInfo;
import com.kenai.jffi.ObjectParameterStrategy;
import com.kenai.jffi.ObjectParameterType;
import com.kenai.jffi.Type;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The native layer's binding on JDK 17 to 21: jffi ({@code com.github.jnr:jffi}), the JNI stub
 * that JRuby's jnr-ffi calls through, with its native library for each platform in its own jar
 * (loaded from a folder only this user can write: {@link JffiStub}). Each call is one of jffi's
 * numeric invokers ({@code invokeN3} and so on): a JNI call that calls the C function with the
 * arguments as machine words, {@code errno} saved by jffi in thread-local storage right after.
 *
 * <p>Why jffi and not jnr-ffi or JNA on top of it: measured here (JMH, JDK 17, this 2-core VM,
 * docs/PERFORMANCE.md, "The native layer on JDK 17 to 21"), a call costs the same through jffi and
 * jnr-ffi (getppid 214 against 206 ns, C 180 to 230 ns; statx 1,020 against 1,004 ns, C 940 to
 * 1,000 ns) and about 70 ns more through JNA's direct mapping, but binding jnr-ffi spins its
 * interface classes with ASM: 200 to 290 ms in a fresh JVM against 60 to 90 ms for jffi alone,
 * and 1.6 MB more jars (jnr-ffi and ASM).
 *
 * <p>Arrays read or written in place ({@link Libc#read(int, byte[], int, int)}) are passed
 * pinned: jffi hands the JVM's own memory to the call ({@code GetPrimitiveArrayCritical}), so
 * the garbage collector waits for the call, as it does for FFM's critical calls; callers bound
 * each call's length for that reason.
 */
final class JffiBinding extends NativeBinding {
    /*
     * No field of this class touches a jffi class that initializes jffi: its stub must be loaded
     * by JffiStub, from the folder it checked, before any (Invoker.getInstance() loads the stub
     * jffi's own way, from a temporary file, if it comes first). What needs jffi initialized is in
     * the holder J, first touched by the constructor, after JffiStub.load().
     */

    /** jffi's singletons and types: loaded only once the stub is (see above). */
    private static final class J {
        static final Invoker INVOKER = Invoker.getInstance();
        /*
         * The checked instance: jffi's default one (getInstance) works through sun.misc.Unsafe,
         * which fastio does not use and which JDK 24+ warns about on first use; this one makes
         * JNI calls, and the binding makes few of these (a buffer's address once per thread,
         * an allocation per decoder, strerror's text).
         */
        static final MemoryIO MEMORY = MemoryIO.getCheckedInstance();
        static final CallingConvention C = CallingConvention.DEFAULT;
        static final Type INT = Type.SINT;
        static final Type LONG = Type.SLONG_LONG;
        static final Type ADDRESS = Type.POINTER;
        /** The second parameter, written by the call and pinned: {@code read}'s and {@code pread}'s buffer. */
        static final ObjectParameterInfo OUT_1 = ObjectParameterInfo.create(1, ObjectParameterInfo.ARRAY, ObjectParameterInfo.BYTE,
                ObjectParameterInfo.OUT | ObjectParameterInfo.PINNED);
        /** The second parameter, read by the call and pinned: {@code libdeflate_crc32}'s buffer. */
        static final ObjectParameterInfo IN_1 = ObjectParameterInfo.create(1, ObjectParameterInfo.ARRAY, ObjectParameterInfo.BYTE,
                ObjectParameterInfo.IN | ObjectParameterInfo.PINNED);

        private J() {}
    }

    private final String name;
    private final long openat;
    private final long statx;
    private final long read;
    private final long pread;
    private final long pwrite;
    private final long lseek;
    private final long copyFileRange;
    private final long ioctl;
    private final long ftruncate;
    private final long fsync;
    private final long fchmod;
    private final long futimens;
    private final long linkat;
    private final long renameat;
    private final long renameat2;
    private final long unlinkat;
    private final long close;
    private final long strerror;
    private final CallContext openatCall = variadic(J.INT, 3, J.INT, J.ADDRESS, J.INT, J.INT);
    private final CallContext statxCall = call(J.INT, J.INT, J.ADDRESS, J.INT, J.INT, J.ADDRESS);
    private final CallContext readCall = call(J.LONG, J.INT, J.ADDRESS, J.LONG);
    private final CallContext preadCall = call(J.LONG, J.INT, J.ADDRESS, J.LONG, J.LONG);
    private final CallContext lseekCall = call(J.LONG, J.INT, J.LONG, J.INT);
    private final CallContext copyFileRangeCall = call(J.LONG, J.INT, J.ADDRESS, J.INT, J.ADDRESS, J.LONG, J.INT);
    private final CallContext ioctlCall = variadic(J.INT, 2, J.INT, Type.ULONG, J.INT);
    private final CallContext intLongCall = call(J.INT, J.INT, J.LONG);
    private final CallContext intCall = call(J.INT, J.INT);
    private final CallContext intIntCall = call(J.INT, J.INT, J.INT);
    private final CallContext intAddressCall = call(J.INT, J.INT, J.ADDRESS);
    private final CallContext linkatCall = call(J.INT, J.INT, J.ADDRESS, J.INT, J.ADDRESS, J.INT);
    private final CallContext renameatCall = call(J.INT, J.INT, J.ADDRESS, J.INT, J.ADDRESS);
    private final CallContext unlinkatCall = call(J.INT, J.INT, J.ADDRESS, J.INT);
    private final CallContext strerrorCall = CallContext.getCallContext(J.ADDRESS, new Type[] {J.INT}, J.C, false);

    private JffiBinding(String stub) {
        Library libc = Library.getDefault();
        this.name = "jffi (stub " + stub + ")";
        openat = symbol(libc, "openat");
        statx = symbol(libc, "statx");
        read = symbol(libc, "read");
        pread = symbol(libc, "pread64");
        pwrite = symbol(libc, "pwrite64");
        lseek = symbol(libc, "lseek64");
        copyFileRange = symbol(libc, "copy_file_range");
        ioctl = symbol(libc, "ioctl");
        ftruncate = symbol(libc, "ftruncate64");
        fsync = symbol(libc, "fsync");
        fchmod = symbol(libc, "fchmod");
        futimens = symbol(libc, "futimens");
        linkat = symbol(libc, "linkat");
        renameat = symbol(libc, "renameat");
        renameat2 = libc.getSymbolAddress("renameat2"); // 0 before glibc 2.28
        unlinkat = symbol(libc, "unlinkat");
        close = symbol(libc, "close");
        strerror = symbol(libc, "strerror");
    }

    /**
     * Loads jffi's stub from a folder only this user can write ({@link JffiStub}), binds libc's
     * calls and makes one, so that a broken stub or libc shows here and not in a user's read.
     *
     * @return the binding
     * @throws Exception why it cannot be used
     */
    static JffiBinding bind() throws Exception {
        String stub = JffiStub.load();
        JffiBinding b = new JffiBinding(stub);
        ByteBuffer probe = NativeBinding.allocate(Linux.STATX_BYTES + 8, 8);
        long at = b.address(probe);
        Libc c = b.libc(probe, 0);
        probe.put(Linux.STATX_BYTES, (byte) '/');
        if (c.statx(Linux.AT_FDCWD, at + Linux.STATX_BYTES, 0, Linux.STATX_BASIC_STATS, at) != 0) {
            throw new IllegalStateException("statx of / failed: " + b.strerror(c.errno()));
        }
        return b;
    }

    private static long symbol(Library lib, String name) {
        long a = lib.getSymbolAddress(name);
        if (a == 0) {
            throw new UnsatisfiedLinkError("libc has no " + name);
        }
        return a;
    }

    private static CallContext call(Type ret, Type... params) {
        return CallContext.getCallContext(ret, params, J.C, true);
    }

    /** A variadic function's call (open's mode, ioctl's argument), so that libffi passes them as C does. */
    private static CallContext variadic(Type ret, int fixed, Type... params) {
        return CallContext.getCallContext(ret, fixed, params, J.C, true);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Libc libc(ByteBuffer scratch, int errnoOffset) {
        return new JffiLibc(this);
    }

    @Override
    public long address(ByteBuffer direct) {
        return J.MEMORY.getDirectBufferAddress(direct);
    }

    @Override
    public Memory allocateNative(int bytes) {
        long raw = J.MEMORY.allocateMemory(bytes + 64L, true);
        if (raw == 0) {
            throw new OutOfMemoryError("malloc of " + bytes + " bytes failed");
        }
        long aligned = (raw + 63) & ~63L;
        return new Memory(aligned, J.MEMORY.newDirectByteBuffer(aligned, bytes), () -> J.MEMORY.freeMemory(raw));
    }

    @Override
    public String strerror(int errno) {
        long s = J.INVOKER.invokeN1(strerrorCall, strerror, errno);
        return s == 0 ? "errno " + errno : new String(J.MEMORY.getZeroTerminatedByteArray(s, 256), StandardCharsets.UTF_8);
    }

    @Override
    protected Object bindIsal() {
        NativeDecoder d = NativeDecoder.ISAL;
        Library lib = Library.openLibrary(d.library(), Library.LAZY | Library.LOCAL);
        if (lib == null) {
            return d.library() + " was not found (install Debian's " + d.debianPackage() + "): " + Library.getLastError();
        }
        long init = lib.getSymbolAddress("isal_inflate_init");
        long inflate = lib.getSymbolAddress("isal_inflate");
        long stateless = lib.getSymbolAddress("isal_inflate_stateless");
        if (init == 0 || inflate == 0 || stateless == 0) {
            return d.library() + " lacks isal_inflate (install Debian's " + d.debianPackage() + ")";
        }
        return new JffiIsal(lib, init, inflate, stateless);
    }

    @Override
    protected Object bindLibdeflate() {
        NativeDecoder d = NativeDecoder.LIBDEFLATE;
        Library lib = Library.openLibrary(d.library(), Library.LAZY | Library.LOCAL);
        if (lib == null) {
            return d.library() + " was not found (install Debian's " + d.debianPackage() + "): " + Library.getLastError();
        }
        long alloc = lib.getSymbolAddress("libdeflate_alloc_decompressor");
        long free = lib.getSymbolAddress("libdeflate_free_decompressor");
        long decompress = lib.getSymbolAddress("libdeflate_deflate_decompress_ex");
        long crc = lib.getSymbolAddress("libdeflate_crc32");
        if (alloc == 0 || free == 0 || decompress == 0 || crc == 0) {
            return d.library() + " lacks libdeflate_deflate_decompress_ex (install Debian's " + d.debianPackage() + ")";
        }
        return new JffiLibdeflate(lib, alloc, free, decompress, crc);
    }

    /**
     * A byte array region passed pinned, in place: one per {@link JffiLibc} (one thread), set
     * before each call, so that a call makes no object.
     */
    static final class Region extends ObjectParameterStrategy<byte[]> {
        private int offset;
        private int length;

        Region() {
            super(HEAP, ObjectParameterType.create(ObjectParameterType.ARRAY, ObjectParameterType.BYTE));
        }

        Region at(int off, int len) {
            this.offset = off;
            this.length = len;
            return this;
        }

        @Override
        public long address(byte[] parameter) {
            return 0;
        }

        @Override
        public Object object(byte[] parameter) {
            return parameter;
        }

        @Override
        public int offset(byte[] parameter) {
            return offset;
        }

        @Override
        public int length(byte[] parameter) {
            return length;
        }
    }


    /** libc through jffi; errno from jffi's thread-local copy, saved right after each call. */
    private static final class JffiLibc extends Libc {
        private final JffiBinding b;
        private final Region region = new Region();

        JffiLibc(JffiBinding b) {
            this.b = b;
        }

        @Override
        public int errno() {
            return LastError.getInstance().get();
        }

        @Override
        public int openat(int dir, long path, int flags, int mode) {
            return (int) J.INVOKER.invokeN4(b.openatCall, b.openat, dir, path, flags, mode);
        }

        @Override
        public int statx(int dir, long path, int flags, int mask, long buf) {
            return (int) J.INVOKER.invokeN5(b.statxCall, b.statx, dir, path, flags, mask, buf);
        }

        @Override
        public long read(int fd, long buf, long n) {
            return J.INVOKER.invokeN3(b.readCall, b.read, fd, buf, n);
        }

        @Override
        public long read(int fd, byte[] a, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, a.length);
            return J.INVOKER.invokeN3O1(b.readCall, b.read, fd, 0, len, a, region.at(off, len), J.OUT_1);
        }

        @Override
        public long pread(int fd, long buf, long n, long offset) {
            return J.INVOKER.invokeN4(b.preadCall, b.pread, fd, buf, n, offset);
        }

        @Override
        public long pread(int fd, byte[] a, int off, int len, long offset) {
            java.util.Objects.checkFromIndexSize(off, len, a.length);
            return J.INVOKER.invokeN4O1(b.preadCall, b.pread, fd, 0, len, offset, a, region.at(off, len), J.OUT_1);
        }

        @Override
        public long pwrite(int fd, long buf, long n, long offset) {
            return J.INVOKER.invokeN4(b.preadCall, b.pwrite, fd, buf, n, offset);
        }

        @Override
        public long lseek(int fd, long offset, int whence) {
            return J.INVOKER.invokeN3(b.lseekCall, b.lseek, fd, offset, whence);
        }

        @Override
        public long copyFileRange(int in, long offIn, int out, long offOut, long len, int flags) {
            return J.INVOKER.invokeN6(b.copyFileRangeCall, b.copyFileRange, in, offIn, out, offOut, len, flags);
        }

        @Override
        public int ioctl(int fd, long request, int arg) {
            return (int) J.INVOKER.invokeN3(b.ioctlCall, b.ioctl, fd, request, arg);
        }

        @Override
        public int ftruncate(int fd, long length) {
            return (int) J.INVOKER.invokeN2(b.intLongCall, b.ftruncate, fd, length);
        }

        @Override
        public int fsync(int fd) {
            return (int) J.INVOKER.invokeN1(b.intCall, b.fsync, fd);
        }

        @Override
        public int fchmod(int fd, int mode) {
            return (int) J.INVOKER.invokeN2(b.intIntCall, b.fchmod, fd, mode);
        }

        @Override
        public int futimens(int fd, long times) {
            return (int) J.INVOKER.invokeN2(b.intAddressCall, b.futimens, fd, times);
        }

        @Override
        public int linkat(int fromDir, long from, int toDir, long to, int flags) {
            return (int) J.INVOKER.invokeN5(b.linkatCall, b.linkat, fromDir, from, toDir, to, flags);
        }

        @Override
        public int renameat(int fromDir, long from, int toDir, long to) {
            return (int) J.INVOKER.invokeN4(b.renameatCall, b.renameat, fromDir, from, toDir, to);
        }

        @Override
        public boolean hasRenameat2() {
            return b.renameat2 != 0;
        }

        @Override
        public int renameat2(int fromDir, long from, int toDir, long to, int flags) {
            return (int) J.INVOKER.invokeN5(b.linkatCall, b.renameat2, fromDir, from, toDir, to, flags);
        }

        @Override
        public int unlinkat(int dir, long path, int flags) {
            return (int) J.INVOKER.invokeN3(b.unlinkatCall, b.unlinkat, dir, path, flags);
        }

        @Override
        public int close(int fd) {
            return (int) J.INVOKER.invokeN1(b.intCall, b.close, fd);
        }
    }

    /** ISA-L through jffi: the state is the caller's native memory, by address. */
    private static final class JffiIsal extends IsalCalls {
        private static final CallContext VOID_ADDRESS = CallContext.getCallContext(Type.VOID, new Type[] {J.ADDRESS}, J.C, false);
        private static final CallContext INT_ADDRESS = CallContext.getCallContext(J.INT, new Type[] {J.ADDRESS}, J.C, false);
        @SuppressWarnings("unused") // held: the library stays open while its functions are called
        private final Library lib;
        private final long init;
        private final long inflate;
        private final long stateless;

        JffiIsal(Library lib, long init, long inflate, long stateless) {
            this.lib = lib;
            this.init = init;
            this.inflate = inflate;
            this.stateless = stateless;
        }

        @Override
        public void init(long state) {
            J.INVOKER.invokeN1(VOID_ADDRESS, init, state);
        }

        @Override
        public int inflate(long state) {
            return (int) J.INVOKER.invokeN1(INT_ADDRESS, inflate, state);
        }

        @Override
        public int inflateStateless(long state) {
            return (int) J.INVOKER.invokeN1(INT_ADDRESS, stateless, state);
        }
    }

    /** libdeflate through jffi: arrays passed pinned, in place. */
    private static final class JffiLibdeflate extends LibdeflateCalls {
        private static final CallContext ALLOC = CallContext.getCallContext(J.ADDRESS, new Type[0], J.C, false);
        private static final CallContext FREE = CallContext.getCallContext(Type.VOID, new Type[] {J.ADDRESS}, J.C, false);
        private static final CallContext DECOMPRESS = CallContext.getCallContext(J.INT,
                new Type[] {J.ADDRESS, J.ADDRESS, Type.ULONG, J.ADDRESS, Type.ULONG, J.ADDRESS, J.ADDRESS}, J.C, false);
        private static final CallContext CRC = CallContext.getCallContext(Type.UINT, new Type[] {Type.UINT, J.ADDRESS, Type.ULONG}, J.C, false);
        @SuppressWarnings("unused") // held: the library stays open while its functions are called
        private final Library lib;
        private final long alloc;
        private final long free;
        private final long decompress;
        private final long crc;

        JffiLibdeflate(Library lib, long alloc, long free, long decompress, long crc) {
            this.lib = lib;
            this.alloc = alloc;
            this.free = free;
            this.decompress = decompress;
            this.crc = crc;
        }

        @Override
        public long alloc() {
            return J.INVOKER.invokeN0(ALLOC, alloc);
        }

        @Override
        public void free(long decompressor) {
            J.INVOKER.invokeN1(FREE, free, decompressor);
        }

        @Override
        public int decompress(long d, byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen, long sizes) {
            java.util.Objects.checkFromIndexSize(inOff, inLen, in.length);
            java.util.Objects.checkFromIndexSize(outOff, outLen, out.length);
            HeapInvocationBuffer args = new HeapInvocationBuffer(DECOMPRESS);
            args.putAddress(d);
            args.putArray(in, inOff, inLen, ObjectParameterInfo.IN | ObjectParameterInfo.PINNED);
            args.putLong(inLen);
            args.putArray(out, outOff, outLen, ObjectParameterInfo.OUT | ObjectParameterInfo.PINNED);
            args.putLong(outLen);
            args.putAddress(sizes);
            args.putAddress(sizes + 8);
            return J.INVOKER.invokeInt(DECOMPRESS, decompress, args);
        }

        @Override
        public int crc32(int initial, byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            return (int) J.INVOKER.invokeN3O1(CRC, crc, initial, 0, len, b, new Region().at(off, len), J.IN_1);
        }
    }
}
