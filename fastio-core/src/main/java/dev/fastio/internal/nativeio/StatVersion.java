package dev.fastio.internal.nativeio;

import java.io.IOException;

/**
 * One version of one file as the native layer's {@code statx} gives it, held as numbers: the
 * fields {@code FileStamp.sameVersion} compares (size, mtime and ctime in nanoseconds, device,
 * inode; not the type, which it does not compare either). A validated {@code FileCache} hit asks
 * {@link #unchanged()}: one {@code statx} of the file's name, encoded once when the version was
 * made, compared with these fields in place, with no stamp, time or key object made per call.
 * Made by {@link NativeLayer#statVersion}; the JDK path has none.
 *
 * <p>Times are compared as {@code FileStamp.of} makes them, {@code seconds * 10^9 + nanoseconds}
 * in a {@code long} (which wraps past the year 2262 the same way on both sides), so the answer is
 * {@code sameVersion}'s for every pair of stamps (the cache tests hold it to that).
 */
public abstract class StatVersion {
    private final long size;
    private final long mtimeNanos;
    private final long ctimeNanos;
    private final long device;
    private final long inode;

    /**
     * The version with these fields.
     *
     * @param size the size in bytes
     * @param mtimeNanos the modification time, nanoseconds since the epoch, as {@code FileStamp.of} computes it
     * @param ctimeNanos the change time, the same way
     * @param device the device number
     * @param inode the inode number
     */
    protected StatVersion(long size, long mtimeNanos, long ctimeNanos, long device, long inode) {
        this.size = size;
        this.mtimeNanos = mtimeNanos;
        this.ctimeNanos = ctimeNanos;
        this.device = device;
        this.inode = inode;
    }

    /**
     * Returns whether a {@code statx} with these fields is this version: what
     * {@code FileStamp.sameVersion} answers for the two stamps.
     *
     * @param size {@code stx_size}
     * @param mtimeSeconds {@code stx_mtime.tv_sec}
     * @param mtimeNanos {@code stx_mtime.tv_nsec}
     * @param ctimeSeconds {@code stx_ctime.tv_sec}
     * @param ctimeNanos {@code stx_ctime.tv_nsec}
     * @param device the device, major in the high 32 bits
     * @param inode {@code stx_ino}
     * @return whether they name this version
     */
    public final boolean matches(long size, long mtimeSeconds, long mtimeNanos, long ctimeSeconds, long ctimeNanos,
            long device, long inode) {
        return size == this.size && inode == this.inode && device == this.device
                && mtimeSeconds * 1_000_000_000L + mtimeNanos == this.mtimeNanos
                && ctimeSeconds * 1_000_000_000L + ctimeNanos == this.ctimeNanos;
    }

    /**
     * One {@code statx} of the file's name, following links, compared in place with this version.
     * Safe from any thread; allocates nothing on a platform thread.
     *
     * @return whether the file is this version now; false when anything {@code sameVersion} compares differs
     * @throws IOException the {@code statx} failed (gone, no permission), as {@code Files.readAttributes} would throw, naming the file
     */
    public abstract boolean unchanged() throws IOException;

    @Override
    public String toString() {
        return "StatVersion[size=" + size + ", mtimeNanos=" + mtimeNanos + ", ctimeNanos=" + ctimeNanos + ", device=" + device
                + ", inode=" + inode + "]";
    }
}
