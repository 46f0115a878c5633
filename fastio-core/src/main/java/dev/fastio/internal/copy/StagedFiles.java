package dev.fastio.internal.copy;

import dev.fastio.internal.nativeio.NativeLayer;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * Chooses how a {@link StagedFile} is made: through the native layer's descriptors
 * ({@link NativeStagedFile}) where the layer is active, else {@link FolderStagedFile}.
 */
public final class StagedFiles {
    private StagedFiles() {}

    /**
     * Creates the new file for {@code target}, after checking what is there now.
     *
     * @param target the destination
     * @param options how it is written
     * @param ops the file operations (tests substitute failing ones); the native layer stages
     *     instead only where they say it may ({@link FileOps#nativeLayerMayReplace})
     * @return the staged file; the caller closes it
     * @throws java.nio.file.NoSuchFileException the destination's folder does not exist (named)
     * @throws FileAlreadyExistsException something is at the destination and {@code replace} is off
     * @throws FileSystemException the destination is a folder, a device, a FIFO or a socket, or no file name
     */
    public static StagedFile open(Path target, StagedFile.Options options, FileOps ops) throws IOException {
        return open(target, (dir, name) -> {
            NativeLayer layer = NativeLayer.awaitBound(); // the unnamed file: see CopyRunner.copy
            if (ops.nativeLayerMayReplace() && layer.handles(target)) {
                StagedFile s = NativeStagedFile.open(layer, target, dir, name, options);
                if (s != null) {
                    return s;
                }
            }
            return FolderStagedFile.open(target, dir, name, options, ops);
        });
    }

    /** Makes a staged file in a checked folder under a checked name. */
    public interface Maker {
        /**
         * Makes it.
         *
         * @param dir the destination's folder, absolute
         * @param name its file name: not empty, "." or ".."
         * @return the staged file
         * @throws IOException as {@link #open} documents
         */
        StagedFile make(Path dir, String name) throws IOException;
    }

    /**
     * Checks that {@code target} names a file in a folder, then has {@code maker} make the staged
     * file: for a path that makes its own (the native copy, whose calls share one fault plan).
     *
     * @param target the destination
     * @param maker makes the staged file
     * @return the staged file; the caller closes it
     * @throws FileSystemException {@code target} names no file
     * @throws IOException what {@code maker} throws
     */
    public static StagedFile open(Path target, Maker maker) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Path file = abs.getFileName();
        String name = file == null ? "" : file.toString();
        if (dir == null || name.isEmpty() || name.equals(".") || name.equals("..")) {
            throw new FileSystemException(target.toString(), null, "is not a file name: no file can be written there");
        }
        return maker.make(dir, name);
    }

}
