package dev.fastio.internal.copy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.FileAttribute;
import java.util.Set;

/**
 * The file-system calls a write makes that can fail half-way: opening channels, creating the new
 * file in its held folder, the final rename or link. The JDK's by default; tests substitute one
 * whose calls fail the Nth time, to show that every failure leaves the destination as it was and
 * nothing behind.
 */
public interface FileOps {
    /** Opens a file by path: a copy's source. */
    FileChannel open(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException;

    /** Opens (creates) {@code entry} relative to the held {@code folder} ({@code openat}). */
    default FileChannel openIn(SecureDirectoryStream<Path> folder, Path entry, Set<? extends OpenOption> options,
            FileAttribute<?>... attrs) throws IOException {
        SeekableByteChannel ch = folder.newByteChannel(entry, options, attrs);
        if (ch instanceof FileChannel f) {
            return f;
        }
        ch.close();
        throw new IOException(entry + ": the folder's channels are not file channels; cannot write safely here");
    }

    /** Renames {@code from} to {@code to}, both in the held {@code folder} ({@code renameat}), replacing {@code to}. */
    default void moveIn(SecureDirectoryStream<Path> folder, Path from, Path to) throws IOException {
        folder.move(from, folder, to);
    }

    /** Renames {@code from} to {@code to} by path ({@code rename}), replacing {@code to}: for a folder only its owner can change. */
    default void move(Path from, Path to) throws IOException {
        Files.move(from, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Makes {@code link} a new hard link to {@code existing} ({@code link}, which follows no symbolic link). */
    default void link(Path link, Path existing) throws IOException {
        Files.createLink(link, existing);
    }

    /**
     * Whether the native layer (where it is on) may do this work with its own calls
     * instead of these operations. False unless an implementation says otherwise: operations a
     * test substitutes are then the ones that run, whatever the JDK. {@link #JDK}'s say true.
     *
     * @return true where the native layer may take over
     */
    default boolean nativeLayerMayReplace() {
        return false;
    }

    /** The JDK's operations; the native layer may replace them. */
    FileOps JDK = new FileOps() {
        @Override
        public FileChannel open(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
                throws IOException {
            return FileChannel.open(path, options, attrs);
        }

        @Override
        public boolean nativeLayerMayReplace() {
            return true;
        }
    };
}
