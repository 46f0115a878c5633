package dev.fastio.internal.version;

import dev.fastio.internal.nativeio.Linux;
import dev.fastio.internal.nativeio.NativeBinding;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.SyscallFaults;
import dev.fastio.internal.nativeio.Syscalls;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * One version of one file as the native layer's {@code statx} gives it, held as numbers: the
 * fields {@code FileStamp.sameVersion} compares (size, mtime and ctime in nanoseconds, device,
 * inode; not the type, which it does not compare either). A validated {@code FileCache} hit asks
 * {@link #unchanged()}: one {@code statx} of the file's name, encoded once when the version was
 * made, compared with these fields in place, with no stamp, time or key object made per call.
 * Written once for both bindings; the JDK path has none.
 *
 * <p>Times are compared as {@code FileStamp.of} makes them, {@code seconds * 10^9 + nanoseconds}
 * in a {@code long} (which wraps past the year 2262 the same way on both sides), so the answer is
 * {@code sameVersion}'s for every pair of stamps (the cache tests hold it to that).
 *
 * <p>{@link #check} makes the {@link VersionCheck} of a local file's clean entry
 * ({@code FileCache}) from the stamp the load ended with. Only for stamps with a device and inode
 * ({@code NativeKey}) and a ctime, and where the layer is active; elsewhere (the layer off or
 * still being bound, another filesystem) none, and the cache stamps the file through the JDK's
 * attribute views on every validated get.
 */
final class StatVersion {
    private final long size;
    private final long mtimeNanos;
    private final long ctimeNanos;
    private final long device;
    private final long inode;
    private final SyscallFaults faults;
    private final NativeBinding binding;
    private final Path file;
    /** The name, NUL-terminated, in native memory this version holds; read by the kernel only, so any thread may pass it. */
    private final ByteBuffer name;
    private final long nameAddress;

    private StatVersion(NativeLayer layer, Path file, long size, long mtimeNanos, long ctimeNanos, long device, long inode) {
        this.size = size;
        this.mtimeNanos = mtimeNanos;
        this.ctimeNanos = ctimeNanos;
        this.device = device;
        this.inode = inode;
        this.faults = layer.faults();
        this.binding = layer.binding();
        this.file = file;
        String text = file.toString(); // as Syscalls encodes a name: "." for the empty path, UTF-8, NUL-terminated
        byte[] bytes = (text.isEmpty() ? "." : text).getBytes(StandardCharsets.UTF_8);
        this.name = NativeBinding.allocate(bytes.length + 1, 8);
        this.name.put(0, bytes);
        this.nameAddress = binding.address(name);
    }

    /**
     * Returns the check of {@code file} against {@code stamp}, or null where there is none.
     *
     * @param layer the native layer (a test passes its own)
     * @param file the name to {@code statx}: the entry's key, absolute
     * @param stamp the stamp the entry's load ended with
     * @return the check, or null (then the cache stamps the file)
     */
    static VersionCheck check(NativeLayer layer, Path file, FileStamp stamp) {
        long[] v = version(stamp);
        if (v == null) {
            return null;
        }
        StatVersion check = StatVersion.of(layer, file, v[0], v[1], v[2], v[3], v[4]);
        return check == null ? null : check::unchanged;
    }

    /**
     * The fields a check compares: {size, mtime ns, ctime ns, device, inode}; null for a stamp
     * without a device and inode or a ctime (another filesystem's), which gets no check.
     */
    static long[] version(FileStamp stamp) {
        if (!(stamp.fileKey() instanceof FileStamp.NativeKey) || stamp.changed() == null) {
            return null;
        }
        FileStamp.NativeKey key = (FileStamp.NativeKey) stamp.fileKey();
        // a stamp's times come from nanoseconds (statx, or the JDK's stat), so to(NANOSECONDS) gives back that exact long
        return new long[] {stamp.size(), stamp.modified().to(TimeUnit.NANOSECONDS), stamp.changed().to(TimeUnit.NANOSECONDS),
            key.device(), key.inode()};
    }

    /**
     * One version of {@code file} for a validated cache hit, or null where the layer does not
     * stat the file (off, being bound, another filesystem).
     *
     * @param layer the native layer (a test's carries a fault plan)
     * @param file the name to {@code statx} on each check
     * @param size the version's size
     * @param mtimeNanos its modification time, as {@code FileStamp.of} computes it
     * @param ctimeNanos its change time, the same way
     * @param device its device
     * @param inode its inode
     * @return the version, or null
     */
    public static StatVersion of(NativeLayer layer, Path file, long size, long mtimeNanos, long ctimeNanos, long device, long inode) {
        return layer.handles(file) && layer.binding() != null
                ? new StatVersion(layer, file, size, mtimeNanos, ctimeNanos, device, inode)
                : null;
    }

    /**
     * Returns whether a {@code statx} with these fields is the version {@code v} (as
     * {@link #version} makes it): what {@code FileStamp.sameVersion} answers for
     * the two stamps.
     */
    static boolean matches(long[] v, long size, long mtimeSeconds, long mtimeNanos, long ctimeSeconds, long ctimeNanos, long device,
            long inode) {
        return size == v[0] && inode == v[4] && device == v[3]
                && mtimeSeconds * 1_000_000_000L + mtimeNanos == v[1]
                && ctimeSeconds * 1_000_000_000L + ctimeNanos == v[2];
    }

    /**
     * The calls of validated cache hits, one set per platform thread, reused: its {@code statx}
     * buffer and errno slot are written and read by that thread only, within one check (a check
     * makes no call back into a cache before its {@code statx} returns, except a test's fault plan
     * action, which runs before the call is made). In memory the garbage collector frees once
     * the thread is gone.
     */
    private static final ThreadLocal<Syscalls> HIT_CALLS = new ThreadLocal<>();

    /**
     * One {@code statx} of the file's name, following links, compared in place with this version.
     * Safe from any thread; allocates nothing on a platform thread after its first check.
     *
     * @return whether the file is this version now; false when anything {@code sameVersion} compares differs
     * @throws IOException the {@code statx} failed (gone, no permission), as {@code Files.readAttributes} would throw, naming the file
     */
    public boolean unchanged() throws IOException {
        Syscalls c;
        if (Syscalls.onVirtualThread()) {
            c = new Syscalls(binding, null, null); // a thread-local per virtual thread would outlive its one get
        } else {
            c = HIT_CALLS.get();
            if (c == null || c.binding() != binding) {
                c = new Syscalls(binding, null, null);
                HIT_CALLS.set(c);
            }
        }
        if (c.statxAt(faults, Linux.AT_FDCWD, nameAddress, 0, Linux.STATX_BASIC_STATS) < 0) {
            throw c.openFailed(file);
        }
        java.lang.ref.Reference.reachabilityFence(name);
        return size == c.statSize() && inode == c.statInode() && device == c.statDevice()
                && c.statMtimeSeconds() * 1_000_000_000L + c.statMtimeNanos() == mtimeNanos
                && c.statCtimeSeconds() * 1_000_000_000L + c.statCtimeNanos() == ctimeNanos; // as matches() compares
    }

    @Override
    public String toString() {
        return "StatVersion[size=" + size + ", mtimeNanos=" + mtimeNanos + ", ctimeNanos=" + ctimeNanos + ", device=" + device
                + ", inode=" + inode + "]";
    }
}
