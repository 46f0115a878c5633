package dev.fastio.internal.read;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.file.Path;

/**
 * One way to open a file as a {@link Reader} decoding {@code charset}. The caller owns and closes
 * the reader; if {@code open} throws, nothing is left open.
 */
@FunctionalInterface
interface ReaderOpener {
    Reader open(Path file, Charset charset) throws IOException;
}
