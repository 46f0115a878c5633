package dev.fastio.internal.copy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.CopyOption;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;

/**
 * The file-system calls a copy makes that can fail half-way: opening channels, setting a
 * length and the final rename. The JDK's by default; tests substitute one whose channels fail the Nth operation, to
 * show that every failure leaves the destination as it was and nothing behind.
 */
public interface FileOps {
    FileChannel open(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException;

    void move(Path from, Path to, CopyOption... options) throws IOException;

    void link(Path link, Path existing) throws IOException;

    /**
     * Makes {@code file} {@code length} bytes long, growing it with a hole ({@code ftruncate}):
     * a copy that keeps holes ends with one when the source ends with zeros, and a
     * {@code FileChannel} cannot grow a file without writing a byte, which would allocate a block.
     */
    default void setLength(Path file, long length) throws IOException {
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(length);
        }
    }

    /**
     * Puts the finished temporary file {@code tmp} at {@code target}. Replacing: one atomic
     * {@code rename}. Not replacing: {@code link} then {@code unlink}, so an existing target
     * (even one created since the copy began) fails with FileAlreadyExistsException instead of
     * being clobbered; where the filesystem has no hard links, a move that refuses an existing
     * target. On failure {@code tmp} is still there, for the caller to delete.
     */
    default void publish(Path tmp, Path target, boolean replace) throws IOException {
        if (replace) {
            move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        try {
            link(target, tmp);
        } catch (UnsupportedOperationException | FileAlreadyExistsException e) {
            if (e instanceof FileAlreadyExistsException) {
                throw e;
            }
            move(tmp, target);
            return;
        } catch (FileSystemException e) {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                throw e;
            }
            move(tmp, target); // EPERM, EMLINK and the like: no hard links here
            return;
        }
        // java.io.File.delete is one unlink; Files.delete stats first to choose unlink or rmdir
        if (tmp.getFileSystem() != FileSystems.getDefault() || !tmp.toFile().delete()) {
            Files.deleteIfExists(tmp);
        }
    }

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

        @Override
        public void link(Path link, Path existing) throws IOException {
            Files.createLink(link, existing);
        }
    };
}
