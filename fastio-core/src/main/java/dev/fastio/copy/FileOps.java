package dev.fastio.copy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;

/**
 * The file-system calls a copy makes that can fail half-way: opening channels and the final
 * rename. The JDK's by default; tests substitute one whose channels fail the Nth operation, to
 * show that every failure leaves the destination as it was and nothing behind.
 */
interface FileOps {
    FileChannel open(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException;

    void move(Path from, Path to, CopyOption... options) throws IOException;

    FileOps JDK = new FileOps() {
        @Override
        public FileChannel open(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
                throws IOException {
            return FileChannel.open(path, options, attrs);
        }

        @Override
        public void move(Path from, Path to, CopyOption... options) throws IOException {
            Files.move(from, to, options);
        }
    };
}
