package dev.fastio.internal.nativeio;

/**
 * What one native {@code statx} says of a file: the fields a {@code FileStamp} compares.
 *
 * @param size the size in bytes
 * @param mtimeSeconds the modification time, seconds since the epoch
 * @param mtimeNanos its nanoseconds
 * @param ctimeSeconds the inode's change time, seconds since the epoch
 * @param ctimeNanos its nanoseconds
 * @param device the device number
 * @param inode the inode number
 * @param regular whether it is a regular file
 */
public record Stat(long size, long mtimeSeconds, long mtimeNanos, long ctimeSeconds, long ctimeNanos, long device, long inode,
        boolean regular) {
    /**
     * A stat from the native layer's array: {size, mtime seconds, mtime nanoseconds, ctime
     * seconds, ctime nanoseconds, device, inode, 1 if a regular file else 0}.
     *
     * @param s the array
     * @return the stat
     */
    public static Stat of(long[] s) {
        return new Stat(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7] != 0);
    }
}
