package dev.fastio.internal.version;

import dev.fastio.internal.nativeio.NativeLayer;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A check of one clean entry's file against the stamp its load ended with, made without building
 * a stamp: for local files one native {@code statx} compared in place with the stamp's fields
 * ({@link StatVersion}). Made once per entry
 * ({@code ValidatingCache.Files.versionCheck}, in internal.cache); a validated hit then costs the check and no
 * object. Its answer must be the stamps' {@code sameVersion}: a false "changed" costs a stamp,
 * a false "unchanged" would serve stale bytes.
 */
@FunctionalInterface
public interface VersionCheck {
    /**
     * Returns whether the file is the entry's version now.
     *
     * @return true when a stamp taken now would be the entry's stamp by {@code sameVersion}; false
     *     when it may not be (the cache then stamps the file and judges as before)
     * @throws IOException the file cannot be stamped, as {@code ValidatingCache.Files.stamp} would throw
     */
    boolean unchanged() throws IOException;

    /**
     * Returns the check of a local file's clean entry: {@code file} against {@code stamp}, or null
     * where there is none ({@link StatVersion#check}).
     *
     * @param layer the native layer (a test passes its own)
     * @param file the name to {@code statx}: the entry's key, absolute
     * @param stamp the stamp the entry's load ended with
     * @return the check, or null (then the cache stamps the file)
     */
    static VersionCheck of(NativeLayer layer, Path file, FileStamp stamp) {
        return StatVersion.check(layer, file, stamp);
    }
}
