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
 * String. This class is the one place where fastio chooses among the ways article 000 races;
 * the figures behind each choice are in {@code docs/PERFORMANCE.md} (section "How FastRead opens a
 * file"), produced by {@code dev.fastio.bench.read}.
 *
 * <pre>{@code
 * byte[] bytes = FastRead.readAllBytes(Path.of("data.bin"));
 * try (BufferedReader r = new BufferedReader(FastRead.openReader(Path.of("log.txt")))) {
 *     r.lines().forEach(System.out::println);
 * }
 * }</pre>
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
 * <p><b>Interrupts.</b> Reads stop when the reading thread is interrupted, as a
 * {@code FileChannel}'s do: the read throws {@link java.nio.channels.ClosedByInterruptException},
 * the file is closed and the thread's interrupt status stays set. The JDK's
 * {@code Files.readAllBytes} and {@code Files.newInputStream} read on through an interrupt.
 *
 * <p>The caller closes the returned stream or reader.
 */
public final class FastRead {
    private FastRead() {}

    /**
     * Opens {@code file} for reading bytes, unbuffered. JDK equivalent: {@code Files.newInputStream}
     * (the same cost; cheaper to open than {@code new FileInputStream}, which adds an
     * {@code fstat}). Unlike it, the stream stops when the reading thread is interrupted. Wrap it
     * in a {@link FastBufferedInputStream} for small reads.
     *
     * @param file the file to open
     * @return a new stream at the start of the file; the caller closes it
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws java.nio.file.AccessDeniedException the file may not be read
     * @throws IOException another failure to open it
     */
    public static InputStream openInputStream(Path file) throws IOException {
        return StreamStrategy.FILE_CHANNEL.open(file);
    }

    /**
     * Opens {@code file} as UTF-8 text. JDK equivalent: {@code Files.newBufferedReader(file)}.
     *
     * @param file the file to open
     * @return a new reader, buffered; the caller closes it
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException another failure to open it; malformed input throws
     *     {@link java.nio.charset.MalformedInputException} from the reader's reads
     */
    public static Reader openReader(Path file) throws IOException {
        return openReader(file, StandardCharsets.UTF_8);
    }

    /**
     * Opens {@code file} as text in {@code charset}. JDK equivalent:
     * {@code Files.newBufferedReader(file, charset)}; article 000 measured
     * {@code Channels.newReader} over a {@code FileChannel}, which this is, as the fastest way.
     *
     * @param file the file to open
     * @param charset how the file is encoded
     * @return a new reader, buffered; the caller closes it
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException another failure to open it; malformed or unmappable input throws
     *     {@link java.nio.charset.MalformedInputException} from the reader's reads
     */
    public static Reader openReader(Path file, Charset charset) throws IOException {
        return ReaderStrategy.CHANNEL_READER.open(file, charset);
    }

    /**
     * Reads the whole file. JDK equivalent: {@code Files.readAllBytes}. Like it, reads to end of
     * file whatever the size says (procfs files and pipes report 0, sysfs files 4096). Unlike it,
     * a file over 2 GB gives an {@link IOException} naming it rather than an
     * {@link OutOfMemoryError}, no temporary direct buffer of the file's size is left cached on the
     * calling thread, an interrupt stops the read, and a file that changes while it is read is an
     * error, not a mix of two versions: a file that is appended to (a log) is then never read;
     * {@link #readAllBytes(Path, Growth)} with {@link Growth#PREFIX} reads its first bytes.
     *
     * @param file the file to read
     * @return a new array of the file's bytes
     * @throws FileChangedException the file changed while it was read; names it
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws java.nio.channels.ClosedByInterruptException the calling thread was interrupted
     * @throws IOException the file is over 2 GB, or it cannot be read; names it
     */
    public static byte[] readAllBytes(Path file) throws IOException {
        return WholeFile.readAllBytes(file);
    }

    /**
     * Reads the whole file, or with {@link Growth#PREFIX} the first bytes of a file that grows
     * while it is read (a log): its bytes up to its size at open, returned once its stamps, or a
     * second read of those bytes, show that no write changed them. JDK equivalent:
     * {@code Files.readAllBytes}, which for a growing file returns wherever its end of file was
     * when it got there, and for a file rewritten in place can return a mix of two versions.
     * {@link Growth#REJECT} is {@link #readAllBytes(Path)}. A method with a parameter rather than
     * a second name, so that a caller that reads both kinds of file passes the choice along, as
     * {@code ArrayFiles} takes a {@code Tail}; what {@code PREFIX} promises, and what it cannot
     * see, is on {@link Growth#PREFIX}.
     *
     * <p>A file whose size reads 0 (procfs, pipes) is read to end of file, as
     * {@link #readAllBytes(Path)} reads it. Text: decode the bytes yourself (to the last line end,
     * say): the prefix may end inside a line or a character.
     *
     * @param file the file to read
     * @param growth {@link Growth#REJECT} (the default rule: any change is an error) or
     *     {@link Growth#PREFIX} (a growing file's first bytes)
     * @return a new array of the file's bytes: with {@code PREFIX}, as many as its size at open
     * @throws FileChangedException the file changed while it was read; with {@code PREFIX}: it was
     *     truncated, replaced, or rewritten inside its first bytes; names the file
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws java.nio.channels.ClosedByInterruptException the calling thread was interrupted
     * @throws IOException the file is over 2 GB, or it cannot be read; names it
     */
    public static byte[] readAllBytes(Path file, Growth growth) throws IOException {
        return WholeFile.readAllBytes(file, java.util.Objects.requireNonNull(growth, "growth"));
    }

    /**
     * Reads the whole file as UTF-8 text. JDK equivalent: {@code Files.readString(file)}.
     *
     * @param file the file to read
     * @return the file's text
     * @throws FileDecodingException the file is not valid UTF-8; names the file and the byte offset
     * @throws IOException as {@link #readAllBytes} says
     */
    public static String readString(Path file) throws IOException {
        return readString(file, StandardCharsets.UTF_8);
    }

    /**
     * Reads the whole file as text in {@code charset}. JDK equivalent:
     * {@code Files.readString(file, charset)}: strict in the same way, faster on valid input
     * (one decode with the JDK's intrinsified {@code String} constructor; a strict decode only
     * when that one met a bad byte).
     *
     * @param file the file to read
     * @param charset how the file is encoded
     * @return the file's text
     * @throws FileDecodingException the file has malformed or unmappable input; names the file and the byte offset
     * @throws IOException as {@link #readAllBytes} says
     */
    public static String readString(Path file, Charset charset) throws IOException {
        return WholeFile.readString(file, charset);
    }
}
