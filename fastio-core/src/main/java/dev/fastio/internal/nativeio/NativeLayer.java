package dev.fastio.internal.nativeio;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * The native layer as engines see it: the binding this JVM uses ({@link NativeBinding}, chosen
 * once by {@link NativeBindings}: FFM on JDK 22+, jffi on JDK 17 to 21) and, in a test's layer,
 * the fault plan every call consults ({@link #withFaults}). The job engines ask {@link #handles}
 * or {@link #copies} and take the JDK path when the answer is no: the layer is off (no binding
 * here, {@code -Dfastio.native=false}), or its binding is still being bound.
 *
 * <p><b>Bound off the caller's thread.</b> Binding costs a fresh JVM tens of milliseconds (jffi's
 * stub loaded, FFM's method handles spun), more than a small file's whole read. The first
 * {@link #get} starts a background thread that binds and logs the one line; until it is done,
 * {@link #active} is false and every engine takes the JDK path, so the caller of the first read,
 * copy or load pays the JDK's price (docs/PERFORMANCE.md, "The first call"). {@link #awaitBound}
 * waits for it, for callers that will make many calls (a gzip reader of a large file) and tests.
 */
public final class NativeLayer {
    private static final NativeLayer PROCESS = new NativeLayer(null);
    private static final FileSystem DEFAULT = FileSystems.getDefault();
    private static final LongAdder USES = new LongAdder();

    /** The fault plan every call consults: null but in a test's layer ({@link #withFaults}). */
    private final SyscallFaults faults;

    private NativeLayer(SyscallFaults faults) {
        this.faults = faults;
    }

    /**
     * Returns the layer this JVM uses, starting its binding in the background on the first call.
     *
     * @return the layer
     */
    public static NativeLayer get() {
        NativeBindings.start();
        return PROCESS;
    }

    /**
     * Returns the layer once its binding is settled (bound, or off and why), waiting for it.
     *
     * @return the layer
     */
    public static NativeLayer awaitBound() {
        NativeBindings.await();
        return PROCESS;
    }

    /**
     * This layer with every system call it makes consulting {@code plan} first: a call the plan
     * fails is not made and reports the plan's errno. How a test injects a failing system call:
     * it passes the layer this returns where the code under test takes a layer, as a test passes
     * failing {@code FileOps} or a {@code Clock} it moves. The layer {@link #get} returns
     * consults no plan.
     *
     * @param plan the calls to fail or watch
     * @return the layer with that plan
     */
    public NativeLayer withFaults(SyscallFaults plan) {
        return new NativeLayer(plan);
    }

    /** @return the fault plan the calls consult, or null */
    public SyscallFaults faults() {
        return faults;
    }

    /** @return the binding, or null where the layer is off or still being bound */
    public NativeBinding binding() {
        return NativeBindings.binding();
    }

    /** @return whether file reads, stats and copies go through libc now */
    public boolean active() {
        return NativeBindings.binding() != null;
    }

    /** @return whether the binding is settled: bound, or off and why (not being made) */
    public boolean settled() {
        return NativeBindings.settled();
    }

    /** @return "on: …", "off: …" and why, or "pending: …" while the binding is made */
    public String status() {
        return NativeBindings.status();
    }

    /** @return how many whole-file reads took the native path in this JVM (tests check that it is the one that ran) */
    public long uses() {
        return USES.sum();
    }

    /** Counts one whole-file read that took the native path. */
    public void used() {
        USES.increment();
    }

    /**
     * Returns whether the layer reads and stats {@code file}: it is on, and the file is on the default filesystem.
     *
     * @param file a path
     * @return whether the layer reads and stats {@code file}
     */
    public boolean handles(Path file) {
        return NativeBindings.binding() != null && file.getFileSystem() == DEFAULT;
    }

    /**
     * Returns whether the layer copies {@code source} to {@code target}: both on the default filesystem.
     *
     * @param source the file to copy
     * @param target the destination
     * @return whether the native copy takes them
     */
    public boolean copies(Path source, Path target) {
        return NativeBindings.binding() != null && source.getFileSystem() == DEFAULT && target.getFileSystem() == DEFAULT;
    }

    /** Each platform thread's calls, lent to one operation at a time. */
    private static final ThreadLocal<Syscalls> MINE = new ThreadLocal<>(); // not withInitial: no lambda (see Parts)

    /**
     * Calls through the binding for one operation, consulting this layer's plan: the thread's own
     * (their memory reused from one read, stat or copy to the next: a fresh direct buffer costs
     * about what one of a small read's four calls costs, and is freed only by the garbage
     * collector), or new ones where the thread's are in use (an operation inside another) or the
     * thread is virtual. Give them back with {@link #release} when the operation ends.
     *
     * @param file a file whose name the calls will use ({@link Syscalls#name}), or null
     * @return the calls; for one thread at a time
     * @throws IllegalStateException the layer is not active
     */
    public Syscalls syscalls(Path file) {
        NativeBinding b = NativeBindings.binding();
        if (b == null) {
            throw new IllegalStateException("the native layer is not active: " + status());
        }
        if (Syscalls.onVirtualThread()) {
            return new Syscalls(b, faults, file); // a thread-local per virtual thread would outlive its one task
        }
        Syscalls mine = MINE.get();
        if (mine == null || mine.binding() != b) {
            mine = new Syscalls(b, faults, file);
            mine.busy = true;
            MINE.set(mine);
            return mine;
        }
        if (mine.busy) {
            return new Syscalls(b, faults, file);
        }
        mine.busy = true;
        return mine.lend(faults, file);
    }

    /**
     * Gives back calls from {@link #syscalls} once the operation that had them ended: their
     * addresses (names, the {@code statx} buffer) must not be used after this. Calls that were
     * not the thread's own are left to the garbage collector.
     *
     * @param c the calls
     */
    public static void release(Syscalls c) {
        if (c.busy) {
            c.reset();
            c.busy = false;
        }
    }

    /**
     * One {@code statx} of {@code file}, following links: what {@code FileCache} compares, with
     * none of the attribute objects the JDK builds around the same call.
     *
     * @param file a file it {@link #handles}
     * @return what it says
     * @throws IOException as {@code Files.readAttributes} would throw, naming the file
     */
    public Stat stat(Path file) throws IOException {
        Syscalls c = syscalls(file);
        try {
            if (c.statxAt(Linux.AT_FDCWD, c.name(), 0, Linux.STATX_BASIC_STATS) < 0) {
                throw c.openFailed(file);
            }
            return c.stat();
        } finally {
            release(c);
        }
    }

    /**
     * Returns null when the native library {@code decoder} comes from is bound, else why not (the
     * gzip engine adds its own self-test on top).
     *
     * @param decoder which library
     * @return null, or why it cannot be used
     */
    public String libraryRefusal(NativeDecoder decoder) {
        NativeBinding b = NativeBindings.binding();
        if (b == null) {
            return decoder.label() + " is not bound: the native layer is " + status();
        }
        return b.libraryRefusal(decoder);
    }

    /** @return whether an open descriptor can be reached as /proc/self/fd/N (to name an unnamed file, and to give it a channel) */
    public static boolean procFd() {
        return ProcFd.THERE;
    }

    private static final class ProcFd {
        static final boolean THERE = Files.isDirectory(Path.of("/proc/self/fd"));
    }

    /**
     * Throws {@link ClosedByInterruptException} when the thread is interrupted, as an interrupted
     * {@code FileChannel} read does, leaving the interrupt status set: native calls check it
     * before they start and between chunks.
     *
     * @throws ClosedByInterruptException the thread is interrupted
     */
    public static void checkInterrupt() throws ClosedByInterruptException {
        if (Thread.currentThread().isInterrupted()) {
            throw new ClosedByInterruptException();
        }
    }
}
