package dev.fastio.internal.copy;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Names and creates the hidden temporary file that an all-or-nothing write fills before it is
 * renamed into place. Beside the target, so the rename stays on one filesystem and is atomic.
 */
public final class TemporaryFiles {
    private TemporaryFiles() {}

    /** A new empty file beside the target, with the default permissions (unlike createTempFile's 0600). */
    public static Path create(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = name(dir, name);
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) {
                    throw e; // 64 random bits clashed 11 times: something else is wrong
                }
            }
        }
    }

    /** A fresh hidden name beside {@code name} in {@code dir}; the caller creates it with CREATE_NEW and retries on a clash. */
    public static Path name(Path dir, String name) {
        return dir.resolve("." + name + ".fastio-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
    }
}
