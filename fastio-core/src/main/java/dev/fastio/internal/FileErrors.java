package dev.fastio.internal;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Makes an error name its file. A {@code FileChannel} read fails with a bare
 * {@code IOException("Is a directory")}; a user of a load of many files cannot tell which.
 */
public final class FileErrors {
    private FileErrors() {}

    /**
     * @param file the file the operation was on
     * @param e what it threw
     * @return {@code e} when it already names {@code file} or is a more specific type (those of
     *     {@code java.nio.file} name their file); else an {@link IOException} of the same message
     *     prefixed with the file, with {@code e} as its cause
     */
    public static IOException named(Path file, IOException e) {
        return named(file.toString(), e);
    }

    /**
     * @param source what the operation read, as the caller names it (a file name)
     * @param e what it threw
     * @return as {@link #named(Path, IOException)}, with {@code source} for the file
     */
    public static IOException named(String source, IOException e) {
        String message = e.getMessage();
        if (e.getClass() != IOException.class || (message != null && message.contains(source))) {
            return e;
        }
        return new IOException(source + ": " + message, e);
    }
}
