package dev.fastio.internal.nativeio;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.channels.ClosedByInterruptException;
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

    static final boolean ACTIVE;
    private static final String STATUS;
    /** Off only for want of a flag: a user should see that line. */
    private static final boolean FLAG_MISSING;
    static final LongAdder USES = new LongAdder();
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

    static int open(Syscalls c, Path file) throws IOException {
        int fd = c.open(c.name, Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
        if (fd < 0) {
            throw Errno.openFailed(file, c.errno());
        }
        return fd;
    }

    /** One {@code statx} of the open descriptor: the version being read, as {@link #stat} gives it. */
    static long[] fstat(Syscalls c, int fd, Path file) throws IOException {
        if (c.statx(fd, Libc.STATX_BASIC_STATS) < 0) {
            throw Errno.readFailed(file, c.errno());
        }
        return c.stamp();
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
     * @param faults the test's fault plan the calls consult, or null (none)
     * @param target the destination as given
     * @param dir its folder, absolute
     * @param name its file name
     * @param options how it is written
     * @return the staged file, or null
     * @throws IOException as {@link StagedFile#open} documents
     */
    public static StagedFile stage(SyscallFaults faults, Path target, Path dir, String name, StagedFile.Options options)
            throws IOException {
        return ACTIVE && PROC_FD ? NativeStagedFile.open(faults, target, dir, name, options) : null;
    }

    static void checkInterrupt(Path file) throws ClosedByInterruptException {
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
