package dev.fastio.copy;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * All-or-nothing replacement of a file: the content is written to a temporary file in the
 * target's folder (same filesystem, so the rename is atomic), which is then renamed over the
 * target. Readers see the old file or the new one, never a part. On any failure the temporary
 * file is deleted and the target is as it was.
 */
public final class AtomicWrite {
    /** Writes the new content to {@code tmp}, which exists and is empty. */
    @FunctionalInterface
    public interface Writer {
        void write(Path tmp) throws IOException;
    }

    private AtomicWrite() {}

    /**
     * Replaces (or creates) {@code target} with what {@code writer} writes.
     *
     * @throws NoSuchFileException the target's folder does not exist (named in the exception)
     */
    public static void write(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            throw new NoSuchFileException(dir.toString(), null, "the destination folder does not exist");
        }
        Path tmp = createTemporary(dir, target.getFileName().toString());
        try {
            writer.write(tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A new empty file beside the target, with the default permissions (unlike createTempFile's 0600). */
    static Path createTemporary(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = temporaryName(dir, name);
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** A fresh hidden name beside {@code name} in {@code dir}; the caller creates it with CREATE_NEW and retries on a clash. */
    static Path temporaryName(Path dir, String name) {
        return dir.resolve("." + name + ".fastio-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
    }
}
