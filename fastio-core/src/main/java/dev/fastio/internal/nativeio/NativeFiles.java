package dev.fastio.internal.nativeio;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The native layer as JDK 17 to 21 see it: absent. On JDK 22 and later the multi-release jar
 * replaces this class with one that calls libc through the FFM API (source:
 * {@code src/main/java22}); callers test {@link #active()} once per call and take the JDK path
 * when it is false, so on these JDKs nothing of the FFM API is ever loaded.
 */
public final class NativeFiles {
    private NativeFiles() {}

    /** @return false: the FFM API this layer needs is final from JDK 22 on */
    public static boolean active() {
        return false;
    }

    /** @return why the native layer is not active, for logs and the report's environment */
    public static String status() {
        return "off: JDK " + Runtime.version().feature() + " (the native layer needs JDK 22 or newer)";
    }

    /**
     * @param file a path
     * @return false: every file takes the JDK path
     */
    public static boolean handles(Path file) {
        return false;
    }

    /** @return 0: no call ever took the native path */
    public static long uses() {
        return 0;
    }

    /**
     * Never called on these JDKs.
     *
     * @param file unused
     * @param checked unused
     * @return never
     * @throws IOException never
     */
    public static byte[] readAllBytes(Path file, boolean checked) throws IOException {
        throw new IllegalStateException("the native layer is not active: " + status());
    }

    /**
     * Never called on these JDKs.
     *
     * @param file unused
     * @return never
     * @throws IOException never
     */
    public static long[] stat(Path file) throws IOException {
        throw new IllegalStateException("the native layer is not active: " + status());
    }

    /**
     * @param target unused
     * @param dir unused
     * @param name unused
     * @param options unused
     * @return null: every write takes the JDK path
     */
    public static dev.fastio.internal.copy.StagedFile stage(Path target, Path dir, String name,
            dev.fastio.internal.copy.StagedFile.Options options) {
        return null;
    }

    /**
     * @param source the file to copy
     * @param target the destination
     * @return false: every copy takes the JDK path
     */
    public static boolean copies(Path source, Path target) {
        return false;
    }

    /**
     * Never called on these JDKs.
     *
     * @param source unused
     * @param target unused
     * @param options unused
     * @param attributes unused
     * @param destination unused
     * @return never
     * @throws IOException never
     */
    public static dev.fastio.copy.CopyResult copy(Path source, Path target, dev.fastio.copy.CopyOptions options,
            java.nio.file.attribute.BasicFileAttributes attributes, dev.fastio.internal.copy.StagedFile.Options destination) throws IOException {
        throw new IllegalStateException("the native layer is not active: " + status());
    }
}
