package dev.fastio.internal.cache;

import dev.fastio.internal.FileStamp;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.StatVersion;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The {@link VersionCheck} of a local file's clean entry ({@code FileCache}): the native layer's
 * {@link StatVersion} of the stamp the load ended with, so that a validated hit is one
 * {@code statx} compared in place, with no {@code FileStamp}, {@code FileTime}, key or native
 * scratch memory made per get. Only for stamps the native layer made (a {@code NativeKey} and a
 * ctime, times in nanoseconds); the JDK path (JDK 17 to 21, the layer off, another filesystem)
 * gets none and stamps the file through the JDK's attribute views on every validated get.
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
        if (!(stamp.fileKey() instanceof FileStamp.NativeKey) || stamp.changed() == null) {
            return null; // not the layer's stamp: its times may not be nanoseconds, its key not device and inode
        }
        FileStamp.NativeKey key = (FileStamp.NativeKey) stamp.fileKey();
        // FileStamp.of makes both times from nanoseconds, so to(NANOSECONDS) gives back that exact long
        StatVersion v = layer.statVersion(file, stamp.size(), stamp.modified().to(TimeUnit.NANOSECONDS),
                stamp.changed().to(TimeUnit.NANOSECONDS), key.device(), key.inode());
        return v == null ? null : v::unchanged;
    }
}
