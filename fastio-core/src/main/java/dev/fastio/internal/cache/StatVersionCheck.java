package dev.fastio.internal.cache;

import dev.fastio.internal.FileStamp;
import dev.fastio.internal.nativeio.NativeLayer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The {@link VersionCheck} of a local file's clean entry ({@code FileCache}): the native layer's
 * {@link StatVersion} of the stamp the load ended with, so that a validated hit is one
 * {@code statx} compared in place, with no {@code FileStamp}, {@code FileTime}, key or native
 * scratch memory made per get. Only for stamps with a device and inode ({@code NativeKey}) and a
 * ctime, and where the layer is active; elsewhere (the layer off or still being bound, another
 * filesystem) none, and the cache stamps the file through the JDK's attribute views on every validated get.
 */
public final class StatVersionCheck {
    private StatVersionCheck() {}

    /**
     * Returns the check of {@code file} against {@code stamp}, or null where there is none.
     *
     * @param layer the native layer (a test passes its own)
     * @param file the name to {@code statx}: the entry's key, absolute
     * @param stamp the stamp the entry's load ended with
     * @return the check, or null (then the cache stamps the file)
     */
    public static VersionCheck of(NativeLayer layer, Path file, FileStamp stamp) {
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
}
