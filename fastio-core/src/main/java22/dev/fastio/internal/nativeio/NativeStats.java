package dev.fastio.internal.nativeio;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * The native layer's stats: one {@code statx} of a name, and the validated cache hit's version
 * check ({@link StatVersion}), its name encoded once and each check compared in place.
 */
final class NativeStats {
    private NativeStats() {}

    /**
     * One {@code statx} of {@code file}, following links: what {@code FileCache} compares, with
     * none of the attribute objects the JDK builds around the same call.
     *
     * @param faults the test's fault plan the calls consult, or null (none)
     * @param file the file, on the default filesystem
     * @return {size, mtime seconds, mtime nanoseconds, ctime seconds, ctime nanoseconds, device, inode, 1 if a regular file else 0}
     * @throws IOException the {@code statx} failed, as {@code Files.readAttributes} would throw, naming the file
     */
    public static long[] stat(SyscallFaults faults, Path file) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            Syscalls c = new Syscalls(arena, faults, file);
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
     * @param faults the test's fault plan the calls consult, or null (none)
     * @param file the file, on the default filesystem
     * @param size the version's size
     * @param mtimeNanos its modification time, as {@code FileStamp.of} computes it
     * @param ctimeNanos its change time, the same way
     * @param device its device
     * @param inode its inode
     * @return the version, or null where the layer is off or the file is on another filesystem
     */
    public static StatVersion statVersion(SyscallFaults faults, Path file, long size, long mtimeNanos, long ctimeNanos, long device,
            long inode) {
        if (!NativeFiles.handles(file)) {
            return null;
        }
        String text = file.toString(); // as Syscalls encodes a name: "." for the empty path, UTF-8, NUL-terminated
        MemorySegment name = Arena.ofAuto().allocateFrom(text.isEmpty() ? "." : text, java.nio.charset.StandardCharsets.UTF_8);
        return new NamedVersion(faults, file, name, size, mtimeNanos, ctimeNanos, device, inode);
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
        private final SyscallFaults faults;
        private final Path file;
        /** NUL-terminated; read by the kernel only, so any thread may pass it. */
        private final MemorySegment name;

        NamedVersion(SyscallFaults faults, Path file, MemorySegment name, long size, long mtimeNanos, long ctimeNanos, long device,
                long inode) {
            super(size, mtimeNanos, ctimeNanos, device, inode);
            this.faults = faults;
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
            if (c.statxAt(faults, Libc.AT_FDCWD, name, 0, Libc.STATX_BASIC_STATS) < 0) {
                throw Errno.openFailed(file, c.errno());
            }
            return c.statMatches(this);
        }
    }
}
