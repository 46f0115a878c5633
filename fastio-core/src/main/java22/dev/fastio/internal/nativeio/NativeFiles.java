package dev.fastio.internal.nativeio;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.FileStamp;
import dev.fastio.internal.GrowingPrefix;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.version.OneVersion;
import java.nio.ByteBuffer;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import dev.fastio.internal.copy.StagedFile;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * The native layer on JDK 22 and later: file reads through libc, straight into Java arrays, with
 * none of {@code java.nio}'s staging through a temporary direct buffer and none of its attribute
 * objects. Whether it is used is decided once, here, when the class loads; {@code NativeLayers}
 * logs it once through {@link System.Logger} (logger {@code dev.fastio}): which path, why, and
 * how to switch.
 *
 * <p><b>When it is on.</b> Linux on x86-64 or aarch64, a UTF-8 file-name encoding, libc's
 * symbols found, and native access enabled for the module this class is in
 * ({@code --enable-native-access=dev.fastio} on the module path, {@code =ALL-UNNAMED} on the
 * class path; the CLI's jar says so in its manifest). Without native access the JDK path is
 * used, so that a program using fastio never prints the JDK's restricted-method warning it did
 * not ask for; {@code -Dfastio.native=true} uses the layer anyway (and the JDK prints its
 * warning), {@code -Dfastio.native=false} never.
 *
 * <p><b>Errors</b> are the exceptions {@code Files} throws for the same {@code errno}
 * ({@link Errno}), naming the file. <b>Interrupts</b>: a read checks the thread's interrupt
 * status before it starts and between chunks and throws {@link ClosedByInterruptException}, as
 * an interrupted {@code FileChannel} read does; the descriptor is closed first.
 *
 * <p><b>Chunks.</b> A read into a Java array is a critical call: the garbage collector waits
 * until it returns. Each call moves at most {@link #CHUNK} bytes, so a stop-the-world pause waits
 * for at most one chunk: microseconds from the page cache, and on a page-cache miss one chunk's
 * worth of disk reads (1 MiB at 200 MB/s is 5 ms).
 */
public final class NativeFiles {
    /** Bytes per read call: see the class comment. */
    static final long CHUNK = 1 << 20;

    private static final boolean ACTIVE;
    private static final String STATUS;
    /** Off only for want of a flag: a user should see that line. */
    private static final boolean FLAG_MISSING;
    private static final LongAdder USES = new LongAdder();
    /** Whether an open descriptor can be reached as /proc/self/fd/N (to name an unnamed file, and to give it a channel). */
    static final boolean PROC_FD = Files.isDirectory(Path.of("/proc/self/fd"));

    static {
        String why = NativeAccess.refusal();
        if (why == null) {
            try {
                probe();
            } catch (Throwable t) {
                why = "binding libc failed (" + t + ")";
            }
        }
        ACTIVE = why == null;
        STATUS = ACTIVE
                ? "on: libc through the FFM API (JDK " + Runtime.version().feature() + "); -Dfastio.native=false turns it off"
                : "off: " + why;
        FLAG_MISSING = NativeAccess.flagMissing(why); // NativeLayers logs the status, once
    }

    private NativeFiles() {}

    /** Whether the layer is off only for want of a flag the user can give. */
    static boolean flagMissing() {
        return FLAG_MISSING;
    }

    /** Binds every call and makes one, so a broken libc shows here and not in a user's read. */
    private static void probe() throws IOException {
        Path root = Path.of("/");
        try (Arena arena = Arena.ofConfined()) {
            Syscalls c = new Syscalls(arena, null, root);
            int fd = open(c, root);
            try {
                fstat(c, fd, root);
            } finally {
                c.close(fd);
            }
        }
    }

    /** @return true when reads go through libc; see the class comment */
    public static boolean active() {
        return ACTIVE;
    }

    /** @return "on: …" or "off: …" and why, for logs and the report's environment */
    public static String status() {
        return STATUS;
    }

    /** @return how many whole-file reads took the native path in this JVM (tests check that it is the one that ran) */
    public static long uses() {
        return USES.sum();
    }

    /**
     * @param file a path
     * @return true when the layer is on and {@code file} is on the default filesystem
     */
    public static boolean handles(Path file) {
        return ACTIVE && file.getFileSystem() == FileSystems.getDefault();
    }

    /**
     * Reads the whole file: open, size, read into an array of that size, one probe read that
     * finds end of file, close. A size of 0 (procfs, pipes) or content longer than the size is
     * read to end of file; content shorter than the size gives what was there. The semantics of
     * {@code FileSizes.readToEnd} over a {@code FileChannel}, without its copies. With
     * {@code checked}, the descriptor's stamp after the read must equal the one at open
     * ({@code FileStamp}: one more {@code statx}), else a {@code FileChangedException}.
     *
     * @param file the file, on the default filesystem
     * @param checked whether to compare the stamps
     * @return its bytes
     * @throws IOException as {@code Files.readAllBytes} throws for the same failure, naming the file
     */
    public static byte[] readAllBytes(Path file, boolean checked) throws IOException {
        USES.increment();
        return read(file, checked);
    }

    private static byte[] read(Path file, boolean checked) throws IOException {
        WholeRead pass = new WholeRead(file);
        return checked ? OneVersion.SYSTEM.read(file, pass) : pass.read();
    }

    /**
     * One pass of a whole-file read, for {@link OneVersion}: open; one {@code read} of up to
     * {@link #SMALL} bytes into a pooled buffer, without asking the size first; one {@code statx}
     * of the descriptor, whose size confirms that the read reached end of file (so no read is
     * made to find it) and whose ctime the rule judges; close. Four calls for a file under
     * {@link #SMALL} bytes, against the five of {@code Files.readAllBytes} and the four of Okio,
     * which checks nothing. A larger file, or one whose size says nothing (procfs: 0) or
     * disagrees with the read, is read on to end of file into an array of its size, and judged by
     * the {@code statx} after that.
     */
    private static final class WholeRead implements OneVersion.Pass<byte[]> {
        private final Path file;
        private long[] stamp;
        private long changed;

        WholeRead(Path file) {
            this.file = file;
        }

        @Override
        public byte[] read() throws IOException {
            checkInterrupt(file);
            stamp = null;
            changed = OneVersion.NO_VERSION;
            ReadCalls mine = ReadCalls.take();
            if (mine != null) {
                try {
                    MemorySegment name = mine.name(file);
                    if (name != null) {
                        return readWith(mine.calls.plan(SyscallFaults.current()), name);
                    }
                } finally {
                    mine.busy = false;
                }
            }
            try (Arena arena = Arena.ofConfined()) {
                Syscalls c = new Syscalls(arena, SyscallFaults.current(), file);
                return readWith(c, c.name);
            }
        }

        private byte[] readWith(Syscalls c, MemorySegment name) throws IOException {
            ByteBuffer pooled = DirectBuffers.take();
            try {
                int fd = c.open(name, Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
                if (fd < 0) {
                    throw Errno.openFailed(file, c.errno());
                }
                try {
                    MemorySegment scratch = MemorySegment.ofBuffer(pooled).asSlice(0, SMALL);
                    long n = c.read(fd, scratch, SMALL);
                    if (n < 0) {
                        throw Errno.readFailed(file, c.errno());
                    }
                    if (n == 0) {
                        return new byte[0]; // end of file at once: empty then, whatever its size says now
                    }
                    long[] after = fstat(c, fd, file);
                    if (n < SMALL && after[7] != 0 && after[0] == n) { // one read held the whole file
                        judge(after, n);
                        return scratch.asSlice(0, n).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                    }
                    // more than one read's worth, or a size that says nothing (0) or disagrees: on to end of file
                    long hint = after[7] != 0 ? after[0] : 0;
                    if (hint > FileSizes.MAX_ARRAY_LENGTH) {
                        throw FileSizes.tooLarge(file, hint);
                    }
                    byte[] bytes = FileSizes.readToEnd(new PrefixedReader(scratch, (int) n, new DescriptorReader(c, fd, file)),
                            Math.max(hint, n), file);
                    if (after[7] != 0) {
                        judge(fstat(c, fd, file), bytes.length);
                        if (changed != OneVersion.NO_VERSION && !java.util.Arrays.equals(after, stamp)) {
                            changed = OneVersion.UNSETTLED; // a write started during the read
                        }
                    }
                    return bytes;
                } finally {
                    c.close(fd);
                }
            } finally {
                DirectBuffers.give(pooled);
            }
        }

        /** The stamp after the read, and what it says: a size of 0 nothing; another size than was read, a change. */
        private void judge(long[] after, long read) throws IOException {
            stamp = after;
            if (after[0] == read) {
                changed = after[3] * 1000 + after[4] / 1_000_000;
            } else {
                // procfs, sysfs: the size says nothing, and neither do the times; elsewhere the file changed
                changed = FileSizes.sizesUnreliable(file) ? OneVersion.NO_VERSION : OneVersion.UNSETTLED;
            }
        }

        @Override
        public long changedMillis() {
            return changed;
        }

        @Override
        public FileStamp stamp() {
            return stamp == null ? null : FileStamp.of(Stat.of(stamp));
        }

        @Override
        public boolean same(byte[] a, byte[] b) {
            return java.util.Arrays.equals(a, b);
        }
    }

    /**
     * A platform thread's calls and name buffer for whole-file reads, reused from one read to the
     * next: a fresh {@code Arena} and its allocation cost as much as one of the read's four calls.
     * In memory the garbage collector frees once the thread is gone. A virtual thread, a name
     * longer than the buffer, or a read inside a read on the same thread (a test's fault-plan
     * action) takes fresh memory instead.
     */
    private static final class ReadCalls {
        static final int NAME_BYTES = 4096; // PATH_MAX, with its NUL
        private static final ThreadLocal<ReadCalls> MINE = new ThreadLocal<>() { // not withInitial: no lambda (see Parts)
            @Override
            protected ReadCalls initialValue() {
                return new ReadCalls();
            }
        };

        final Syscalls calls = new Syscalls(Arena.ofAuto(), null);
        private final MemorySegment names = Arena.ofAuto().allocate(NAME_BYTES);
        boolean busy;

        /** This thread's, marked busy until the caller clears {@link #busy}; null where it must not be used. */
        static ReadCalls take() {
            if (Thread.currentThread().isVirtual()) {
                return null;
            }
            ReadCalls mine = MINE.get();
            if (mine.busy) {
                return null;
            }
            mine.busy = true;
            return mine;
        }

        /** {@code file}'s name, NUL-terminated, in the buffer; null when it does not fit. */
        MemorySegment name(Path file) {
            byte[] bytes = Syscalls.nameBytes(file.toString());
            if (bytes.length >= NAME_BYTES) {
                return null;
            }
            MemorySegment.copy(bytes, 0, names, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, bytes.length);
            names.set(java.lang.foreign.ValueLayout.JAVA_BYTE, bytes.length, (byte) 0);
            return names;
        }
    }

    /**
     * Bytes the first read of a whole-file read asks for: the pooled buffer's 256 KiB, so files up
     * to that size are read in one call (with 64 KiB, a file of 64 KiB to 256 KiB paid a second
     * read, a read that finds end of file and a second {@code statx}); the JDK path does the same.
     */
    static final int SMALL = DirectBuffers.SIZE;

    /** The bytes a first read put in {@code scratch}, then the descriptor's. */
    private static final class PrefixedReader implements FileSizes.ByteReader {
        private final MemorySegment scratch;
        private final int length;
        private final DescriptorReader rest;
        private int served;

        PrefixedReader(MemorySegment scratch, int length, DescriptorReader rest) {
            this.scratch = scratch;
            this.length = length;
            this.rest = rest;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            if (served < length) {
                int n = Math.min(len, length - served);
                MemorySegment.copy(scratch, java.lang.foreign.ValueLayout.JAVA_BYTE, served, buf, off, n);
                served += n;
                return n;
            }
            return rest.read(buf, off, len);
        }
    }

    /**
     * Reads the first bytes of a file that may grow, up to its size at open, by
     * {@link GrowingPrefix}'s rule: the stamp at open is the open descriptor's {@code statx}, the
     * one after the read the name's (so a file renamed over the name is another file, as on the
     * JDK path), and both reads are {@code pread}s of the descriptor. A size of 0, or a file that is not regular, is read to
     * end of file once, as {@link #readAllBytes} does. Counted in {@link #uses()}.
     *
     * @param file the file, on the default filesystem
     * @return its first bytes
     * @throws IOException as {@code Files.readAllBytes} throws for the same failure, or a
     *     {@code FileChangedException}; names the file
     */
    public static byte[] readGrowing(Path file) throws IOException {
        USES.increment();
        checkInterrupt(file);
        try (Arena arena = Arena.ofConfined()) {
            Syscalls c = new Syscalls(arena, SyscallFaults.current(), file);
            int fd = open(c, file);
            try {
                long[] before = fstat(c, fd, file);
                if (before[7] == 0 || before[0] == 0) {
                    return FileSizes.readToEnd(new DescriptorReader(c, fd, file), before[7] != 0 ? before[0] : 0, file);
                }
                return GrowingPrefix.readAllBytes(file, new DescriptorPrefix(c, fd, file), FileStamp.of(Stat.of(before)), before[0]);
            } finally {
                c.close(fd);
            }
        }
    }

    /**
     * Opens {@code file} with libc and a channel over that descriptor's {@code /proc/self/fd}
     * entry (which opens the file the descriptor holds, not the name again), for readers that
     * read through a channel and must stamp what they read ({@link NativeLayer.OpenFile}).
     *
     * @param file the file, on the default filesystem
     * @return the open file; the caller closes it
     * @throws IOException as {@code FileChannel.open} would throw, naming the file
     */
    static NativeLayer.OpenFile openForReading(Path file) throws IOException {
        // no interrupt check here: the channel's reads make it, as a channel opened by name would
        Arena arena = Arena.ofConfined();
        try {
            Syscalls c = new Syscalls(arena, SyscallFaults.current(), file);
            // only a regular file: a second open of a pipe's /proc/self/fd entry waits for a writer
            // that may be gone, and a pipe has no version to stamp (the caller reads it by name)
            if (c.statxAt(Libc.AT_FDCWD, c.name, 0, Libc.STATX_BASIC_STATS) < 0 || c.statType() != Libc.S_IFREG) {
                arena.close();
                return null;
            }
            int fd = open(c, file);
            try {
                if (c.statx(fd, Libc.STATX_BASIC_STATS) < 0 || c.statType() != Libc.S_IFREG) {
                    throw new dev.fastio.read.FileChangedException(file.toString(),
                            "it was replaced by something that is not a regular file as it was opened");
                }
                FileChannel ch = FileChannel.open(Path.of("/proc/self/fd/" + fd));
                return new DescriptorFile(arena, c, fd, file, ch);
            } catch (IOException | RuntimeException e) {
                c.close(fd);
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** A descriptor held open beside a channel over it: the channel reads, the descriptor is stamped. */
    private static final class DescriptorFile implements NativeLayer.OpenFile {
        private final Arena arena;
        private final Syscalls c;
        private final int fd;
        private final Path file;
        private final FileChannel ch;

        DescriptorFile(Arena arena, Syscalls c, int fd, Path file, FileChannel ch) {
            this.arena = arena;
            this.c = c;
            this.fd = fd;
            this.file = file;
            this.ch = ch;
        }

        @Override
        public FileChannel channel() {
            return ch;
        }

        @Override
        public Stat stat() throws IOException {
            return Stat.of(fstat(c, fd, file));
        }

        @Override
        public void close() throws IOException {
            try {
                ch.close();
            } finally {
                c.close(fd);
                arena.close();
            }
        }
    }

    private static int open(Syscalls c, Path file) throws IOException {
        int fd = c.open(c.name, Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
        if (fd < 0) {
            throw Errno.openFailed(file, c.errno());
        }
        return fd;
    }

    /** One {@code statx} of the open descriptor: the version being read, as {@link #stat} gives it. */
    private static long[] fstat(Syscalls c, int fd, Path file) throws IOException {
        if (c.statx(fd, Libc.STATX_BASIC_STATS) < 0) {
            throw Errno.readFailed(file, c.errno());
        }
        return c.stamp();
    }

    /**
     * One {@code statx} of {@code file}, following links: what {@code FileCache} compares, with
     * none of the attribute objects the JDK builds around the same call.
     *
     * @param file the file, on the default filesystem
     * @return {size, mtime seconds, mtime nanoseconds, ctime seconds, ctime nanoseconds, device, inode, 1 if a regular file else 0}
     * @throws IOException the {@code statx} failed, as {@code Files.readAttributes} would throw, naming the file
     */
    public static long[] stat(Path file) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            Syscalls c = new Syscalls(arena, SyscallFaults.current(), file);
            if (c.statxAt(Libc.AT_FDCWD, c.name, 0, Libc.STATX_BASIC_STATS) < 0) {
                throw Errno.openFailed(file, c.errno());
            }
            return c.stamp();
        }
    }

    /**
     * One version of {@code file} for a validated cache hit: the name encoded once, into memory
     * the version holds (freed with it, by the garbage collector), and each check one
     * {@code statx} compared in place with the version's fields ({@link StatVersion}).
     *
     * @param file the file, on the default filesystem
     * @param size the version's size
     * @param mtimeNanos its modification time, as {@code FileStamp.of} computes it
     * @param ctimeNanos its change time, the same way
     * @param device its device
     * @param inode its inode
     * @return the version, or null where the layer is off or the file is on another filesystem
     */
    public static StatVersion statVersion(Path file, long size, long mtimeNanos, long ctimeNanos, long device, long inode) {
        if (!handles(file)) {
            return null;
        }
        String text = file.toString(); // as Syscalls encodes a name: "." for the empty path, UTF-8, NUL-terminated
        MemorySegment name = Arena.ofAuto().allocateFrom(text.isEmpty() ? "." : text, java.nio.charset.StandardCharsets.UTF_8);
        return new NamedVersion(file, name, size, mtimeNanos, ctimeNanos, device, inode);
    }

    /**
     * The calls of validated cache hits, one set per platform thread, reused: its {@code statx}
     * buffer and errno slot are written and read by that thread only, within one check (a check
     * makes no call back into a cache before its {@code statx} returns, except a test's fault plan
     * action, which runs before the call is made). In memory the garbage collector frees once
     * the thread is gone.
     */
    private static final ThreadLocal<Syscalls> HIT_CALLS = ThreadLocal.withInitial(() -> new Syscalls(Arena.ofAuto(), null));

    /** A {@link StatVersion} whose name is already in native memory: a check is one {@code statx} and a compare. */
    private static final class NamedVersion extends StatVersion {
        private final Path file;
        /** NUL-terminated; read by the kernel only, so any thread may pass it. */
        private final MemorySegment name;

        NamedVersion(Path file, MemorySegment name, long size, long mtimeNanos, long ctimeNanos, long device, long inode) {
            super(size, mtimeNanos, ctimeNanos, device, inode);
            this.file = file;
            this.name = name;
        }

        @Override
        public boolean unchanged() throws IOException {
            if (Thread.currentThread().isVirtual()) {
                // a thread-local per virtual thread would outlive its one get: scratch memory for this call only
                try (Arena arena = Arena.ofConfined()) {
                    return check(new Syscalls(arena, null));
                }
            }
            return check(HIT_CALLS.get());
        }

        private boolean check(Syscalls c) throws IOException {
            if (c.statxAt(SyscallFaults.current(), Libc.AT_FDCWD, name, 0, Libc.STATX_BASIC_STATS) < 0) {
                throw Errno.openFailed(file, c.errno());
            }
            return c.statMatches(this);
        }
    }

    /**
     * @param source the file to copy
     * @param target the destination
     * @return true when the layer is on and both are on the default filesystem: {@link DescriptorSource} copies them
     */
    public static boolean copies(Path source, Path target) {
        return ACTIVE && source.getFileSystem() == FileSystems.getDefault() && target.getFileSystem() == FileSystems.getDefault();
    }

    /**
     * A {@link StagedFile} through libc for {@code target}, or null where the layer is off (the
     * caller then takes the JDK's {@code SecureDirectoryStream}).
     *
     * @param target the destination as given
     * @param dir its folder, absolute
     * @param name its file name
     * @param options how it is written
     * @return the staged file, or null
     * @throws IOException as {@link StagedFile#open} documents
     */
    public static StagedFile stage(Path target, Path dir, String name, StagedFile.Options options) throws IOException {
        return ACTIVE && PROC_FD ? NativeStagedFile.open(target, dir, name, options) : null;
    }

    /** libc's {@code read} on one descriptor, into the caller's array: no direct buffer, no copy. */
    private static final class DescriptorReader implements FileSizes.ByteReader {
        private final Syscalls c;
        private final int fd;
        private final Path file;

        DescriptorReader(Syscalls c, int fd, Path file) {
            this.c = c;
            this.fd = fd;
            this.file = file;
        }

        /** At most one chunk; -1 at end of file. */
        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            checkInterrupt(file);
            long n = Math.min(CHUNK, len);
            long r = c.read(fd, MemorySegment.ofArray(buf).asSlice(off, n), n);
            if (r > 0) {
                return (int) r;
            }
            if (r == 0) {
                return len == 0 ? 0 : -1;
            }
            throw Errno.readFailed(file, c.errno());
        }
    }

    /** A growing file's reads: libc's {@code pread} of one descriptor into the caller's array, and its {@code statx}. */
    private static final class DescriptorPrefix implements GrowingPrefix.Source {
        private final Syscalls c;
        private final int fd;
        private final Path file;

        DescriptorPrefix(Syscalls c, int fd, Path file) {
            this.c = c;
            this.fd = fd;
            this.file = file;
        }

        /** At most one chunk; -1 at end of file. */
        @Override
        public int read(long position, byte[] buf, int off, int len) throws IOException {
            checkInterrupt(file);
            long n = Math.min(CHUNK, len);
            long r = c.pread(fd, MemorySegment.ofArray(buf).asSlice(off, n), n, position);
            if (r > 0) {
                return (int) r;
            }
            if (r == 0) {
                return -1;
            }
            throw Errno.readFailed(file, c.errno());
        }

        /**
         * The stamp of the name, as on the JDK path: a file renamed over it, or recreated, is
         * another file (the descriptor's own stamp would show the file opened, which a rename
         * leaves whole). Only compared, never read through: the reads stay on the descriptor.
         */
        @Override
        public FileStamp stamp() throws IOException {
            try {
                return FileStamp.of(Stat.of(stat(file)));
            } catch (java.nio.file.NoSuchFileException gone) {
                return null; // removed: the descriptor still reads the file it opened, and the content decides
            }
        }
    }

    private static void checkInterrupt(Path file) throws ClosedByInterruptException {
        if (Thread.currentThread().isInterrupted()) {
            throw new ClosedByInterruptException(); // the interrupt status stays set, as with a FileChannel
        }
    }

    /** Rethrows what a downcall threw: its unchecked exceptions as they are, anything else wrapped. */
    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }
}
