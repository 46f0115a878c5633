package dev.fastio.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * All-or-nothing output for CLI commands: write a temporary file beside the target, rename it
 * over the target at the end, delete it on any failure. The target is either untouched or complete.
 */
final class AtomicOutput {
    interface Writer {
        void write(Path tmp) throws IOException;
    }

    private AtomicOutput() {}

    static void write(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            throw new UserError("output folder " + dir + " does not exist");
        }
        Path tmp = dir.resolve("." + target.getFileName() + ".fastio-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            writer.write(tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
