package dev.fastio.read;

import dev.fastio.internal.read.ReaderStrategy;
import dev.fastio.internal.read.StreamStrategy;
import dev.fastio.internal.read.WholeFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The entry points for reading a file: open an InputStream or a Reader, read all bytes, read a
 * String. This class is the one place where fastio chooses among the strategies in
 * {@link StreamStrategy} and {@link ReaderStrategy}; the figures behind each choice are in
 * {@code docs/BENCHMARKS.md} (section "read"), produced by {@code dev.fastio.bench.read}.
 *
 * <p><b>Streams</b> come from {@code Channels.newInputStream(FileChannel.open(file))}: on JDK 17
 * and 25 it is the cheapest open (FileInputStream adds an fstat to reject directories, and the
 * whole-file snapshot adds a size query and an end-of-file probe), and it streams big files as
 * fast as any other route.
 *
 * <p><b>Errors.</b> A missing file gives {@link java.nio.file.NoSuchFileException}, a
 * permission problem {@link java.nio.file.AccessDeniedException}, as {@code Files} does. Readers
 * and {@link #readString} decode strictly, like {@code Files.newBufferedReader} and
 * {@code Files.readString}: malformed or unmappable input throws a
 * {@link java.nio.charset.MalformedInputException} (a {@link FileDecodingException}, naming the
 * file and byte offset, from {@link #readString}) rather than being replaced with U+FFFD. On
 * every error path the file is closed before the exception leaves.
 *
 * <p>The caller closes the returned stream or reader.
 */
public final class FastRead {
    private FastRead() {}

    /** Opens {@code file} for reading bytes. The caller closes the stream. */
    public static InputStream openInputStream(Path file) throws IOException {
        return StreamStrategy.FILE_CHANNEL.open(file);
    }

    /** Opens {@code file} as UTF-8 text. The caller closes the reader. */
    public static Reader openReader(Path file) throws IOException {
        return openReader(file, StandardCharsets.UTF_8);
    }

    /** Opens {@code file} as text in {@code charset}; malformed input throws. The caller closes the reader. */
    public static Reader openReader(Path file, Charset charset) throws IOException {
        return ReaderStrategy.CHANNEL_READER.open(file, charset);
    }

    /**
     * Reads the whole file. JDK equivalent: {@code Files.readAllBytes}. Like it, reads to end of
     * file whatever the size says (procfs files and pipes report 0, sysfs files 4096). Unlike it,
     * a file over 2 GB gives an {@link IOException} naming it rather than an
     * {@link OutOfMemoryError}, and no temporary direct buffer of the file's size is left cached
     * on the calling thread.
     */
    public static byte[] readAllBytes(Path file) throws IOException {
        return WholeFile.readAllBytes(file);
    }

    /** Reads the whole file as UTF-8 text; malformed input throws {@link FileDecodingException}. */
    public static String readString(Path file) throws IOException {
        return readString(file, StandardCharsets.UTF_8);
    }

    /** Reads the whole file as text in {@code charset}; malformed input throws {@link FileDecodingException}. */
    public static String readString(Path file, Charset charset) throws IOException {
        return WholeFile.readString(file, charset);
    }
}
