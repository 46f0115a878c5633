package dev.fastio.internal.read;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * One way to open a file as an {@link InputStream}. The caller owns and closes the stream; if
 * {@code open} throws, nothing is left open.
 */
@FunctionalInterface
interface StreamOpener {
    InputStream open(Path file) throws IOException;
}
