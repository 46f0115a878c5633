package dev.fastio.hadoop;

import dev.fastio.gzip.GzipReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Gzip files on any Hadoop {@code FileSystem}, read by core's {@link GzipReader}: ISA-L's
 * inflater where the native layer binds it (any JDK from 17), zlib otherwise; every member; BGZF blocks on several
 * threads; errors naming the qualified path and the offset. The file is opened with
 * {@code FileSystem.openFile} and the sequential read policy.
 *
 * <pre>{@code
 * try (GzipReader in = HadoopGzip.open(fs, new Path("hdfs:///logs/day.gz"))) {
 *     in.transferTo(out);
 * }
 * }</pre>
 */
public final class HadoopGzip {
    private HadoopGzip() {}

    /**
     * Opens a gzip file for reading, with one thread per processor for BGZF blocks. Hadoop
     * equivalent: {@code new GZIPInputStream(fs.open(file))}, or Hadoop's {@code GzipCodec}.
     *
     * @param fs the filesystem that holds the file
     * @param file the gzip file
     * @return a reader of the decompressed bytes; closing it closes the stream
     * @throws FileNotFoundException the file does not exist, or is a directory; names it
     * @throws IOException the file cannot be opened
     */
    public static GzipReader open(FileSystem fs, Path file) throws IOException {
        return open(fs, file, GzipReader.DEFAULT_THREADS);
    }

    /**
     * Opens a gzip file for reading, with up to {@code threads} threads for BGZF blocks.
     *
     * @param fs the filesystem that holds the file
     * @param file the gzip file
     * @param threads the most threads inflating BGZF blocks at once; 1 keeps one thread
     * @return a reader of the decompressed bytes; closing it closes the stream
     * @throws IllegalArgumentException {@code threads} is not positive
     * @throws FileNotFoundException the file does not exist, or is a directory; names it
     * @throws IOException the file cannot be opened
     */
    public static GzipReader open(FileSystem fs, Path file, int threads) throws IOException {
        if (threads <= 0) {
            throw new IllegalArgumentException("threads must be positive, not " + threads);
        }
        OpenedFile f = OpenedFile.open(fs, file, "sequential");
        try {
            return new GzipReader(f.in, f.name, GzipReader.DEFAULT_INPUT_BUFFER, threads);
        } catch (RuntimeException | Error e) { // no inflater (-Dfastio.gzip.inflater=isal without ISA-L): close the stream
            try {
                f.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
