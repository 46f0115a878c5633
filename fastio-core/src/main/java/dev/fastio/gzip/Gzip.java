package dev.fastio.gzip;

import dev.fastio.internal.gzip.Inflaters;
import dev.fastio.read.FastRead;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Opening gzip files the right way (article 004): a {@link GzipReader} straight over a file
 * channel stream with a 64 KB input buffer, and no BufferedInputStream in between; a writer with
 * a 64 KB buffer and a chosen level.
 *
 * <pre>{@code
 * try (GzipReader in = Gzip.open(Path.of("log.gz"))) {
 *     in.transferTo(System.out);
 * }
 * }</pre>
 */
public final class Gzip {
    /** zlib's default: gzip -6. */
    public static final int DEFAULT_LEVEL = 6;

    /**
     * From this size on a fresh JVM's first gzip reader waits for the native layer's binding
     * (tens of milliseconds, see {@code NativeLayer}) rather than inflate with zlib: ISA-L saves
     * more than that on a file this large (docs/PERFORMANCE.md, "The first call").
     */
    private static final long WAIT_FOR_NATIVE = 1 << 20;

    private Gzip() {}

    private static boolean large(Path file) {
        try {
            return java.nio.file.Files.size(file) >= WAIT_FOR_NATIVE;
        } catch (IOException | RuntimeException e) {
            return false; // the open reports it, if it matters
        }
    }

    /**
     * Opens a gzip file for reading; it is read as a stream to end of file, so a size of 0 (a
     * pipe, procfs) is no obstacle. JDK equivalent:
     * {@code new GZIPInputStream(new BufferedInputStream(new FileInputStream(file)))}, which article
     * 004 measured slower (two buffers, a lock per read).
     *
     * @param file the gzip file
     * @return a reader of the decompressed bytes; the caller closes it, which closes the file
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException the file cannot be opened
     */
    public static GzipReader open(Path file) throws IOException {
        return open(file, GzipReader.DEFAULT_THREADS);
    }

    /**
     * Opens a gzip file for reading, with up to {@code threads} threads for a BGZF file's blocks
     * (see {@link GzipReader}).
     *
     * @param file the gzip file
     * @param threads the most threads inflating BGZF blocks at once; 1 keeps one thread
     * @return a reader of the decompressed bytes; the caller closes it, which closes the file
     * @throws IllegalArgumentException {@code threads} is not positive
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws IOException the file cannot be opened
     */
    public static GzipReader open(Path file, int threads) throws IOException {
        if (threads <= 0) {
            throw new IllegalArgumentException("threads must be positive, not " + threads);
        }
        InputStream in = FastRead.openInputStream(file);
        try {
            return new GzipReader(in, file.toString(), GzipReader.DEFAULT_INPUT_BUFFER, threads, Inflaters.chosen(large(file)));
        } catch (RuntimeException | Error e) { // no inflater (-Dfastio.gzip.inflater=isal without ISA-L): close the file
            try {
                in.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * A reader of the gzip stream {@code in}, which the caller opened (a file it counts as it
     * reads, a download): as {@link #open(Path, int)}, which knows the file's size, it waits in a
     * fresh JVM for the native layer's binding (ISA-L) when {@code compressedBytes} is 1 MiB or
     * more, and inflates with zlib at once when it is less or not known (0 or less). The
     * {@link GzipReader} constructors never wait.
     *
     * @param in the gzip stream; the reader closes it
     * @param source named in error messages (a file name)
     * @param compressedBytes how many bytes {@code in} holds, or 0 or less where that is not known
     * @param threads the most threads inflating BGZF blocks at once; 1 keeps one thread
     * @return a reader of the decompressed bytes; the caller closes it, which closes {@code in}
     * @throws IllegalArgumentException {@code threads} is not positive
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater} names a decoder that cannot be
     *     used here; {@code in} is not closed
     */
    public static GzipReader open(InputStream in, String source, long compressedBytes, int threads) {
        if (threads <= 0) {
            throw new IllegalArgumentException("threads must be positive, not " + threads);
        }
        return new GzipReader(in, source, GzipReader.DEFAULT_INPUT_BUFFER, threads, Inflaters.chosen(compressedBytes >= WAIT_FOR_NATIVE));
    }

    /**
     * A BGZF writer over {@code out}: the blocked gzip of {@code bgzip}, htsjdk and samtools,
     * which any gzip reader decompresses and {@link GzipReader} inflates on every core. It costs
     * about 1 % in size against one gzip member (each 64 KB block starts a new dictionary).
     *
     * @param out where the compressed bytes go
     * @param level 0 (stored) to 9 (smallest)
     * @return the writer; closing it writes the last block and BGZF's end-of-file block, and
     *     closes {@code out}; {@code flush} ends the current block
     * @throws IllegalArgumentException {@code level} is not 0 to 9
     */
    public static OutputStream bgzfWriter(OutputStream out, int level) {
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("gzip level must be 0 to 9, not " + level);
        }
        return new BgzfWriter(out, level);
    }

    /**
     * A gzip writer over {@code out} with 64 KB buffers. JDK equivalent:
     * {@code new GZIPOutputStream(out)}, with 512-byte buffers and level 6 fixed.
     *
     * @param out where the compressed bytes go
     * @param level 0 (stored) to 9 (smallest); {@link #DEFAULT_LEVEL} is gzip's
     * @return the writer; closing it finishes the member and closes {@code out}
     * @throws IllegalArgumentException {@code level} is not 0 to 9
     * @throws IOException writing the gzip header failed
     */
    public static OutputStream writer(OutputStream out, int level) throws IOException {
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("gzip level must be 0 to 9, not " + level);
        }
        return new GZIPOutputStream(new BufferedOutputStream(out, 64 * 1024), 64 * 1024) {
            {
                def.setLevel(level);
            }
        };
    }
}
