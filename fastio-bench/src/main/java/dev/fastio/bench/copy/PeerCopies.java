package dev.fastio.bench.copy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import okio.FileSystem;

/**
 * A file copied to another name, as each library's documentation shows it: the calls that
 * {@link CopyPeersBenchmark} races with fastio and that {@code PeersAgreeTest} checks make the
 * same file. Each replaces an existing target, as its library does: the JDK only when asked
 * ({@code REPLACE_EXISTING}: delete, then create), Commons IO always (by {@code Files.copy} with
 * {@code REPLACE_EXISTING}, then it sets the target's time to the source's), Guava and Okio by
 * truncating the target and writing it through a stream.
 */
public final class PeerCopies {
    private PeerCopies() {}

    /** The JDK: {@code Files.copy}, with {@code REPLACE_EXISTING} when replacing. */
    public static long jdk(Path source, Path target, boolean replace) throws IOException {
        if (replace) {
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.copy(source, target);
        }
        return 1;
    }

    /** Apache Commons IO: {@code FileUtils.copyFile}. */
    public static long commonsIo(Path source, Path target) throws IOException {
        org.apache.commons.io.FileUtils.copyFile(source.toFile(), target.toFile());
        return 1;
    }

    /** Guava: {@code Files.copy(File, File)}. */
    public static long guava(Path source, Path target) throws IOException {
        com.google.common.io.Files.copy(source.toFile(), target.toFile());
        return 1;
    }

    /** Okio: {@code FileSystem.SYSTEM.copy}. */
    public static long okio(Path source, Path target) throws IOException {
        FileSystem.SYSTEM.copy(okio.Path.get(source), okio.Path.get(target));
        return 1;
    }
}
