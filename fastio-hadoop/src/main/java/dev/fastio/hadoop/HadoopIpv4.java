package dev.fastio.hadoop;

import dev.fastio.internal.version.OneVersion;
import dev.fastio.internal.ipv4.ParallelLineParser;
import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.ipv4.MalformedIpv4Exception;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * IPv4 text (one address per line) from any Hadoop {@code FileSystem}, parsed by core's
 * {@link Ipv4Parser} with its settings (strict or lenient, encoding, threads, block size,
 * progress) and its rules: the same results as {@code parser.parse(localFile)} on the same
 * bytes, and a {@link MalformedIpv4Exception} naming the qualified path, the exact line number and
 * its text whichever thread found it.
 *
 * <p>The file is opened once with {@code FileSystem.openFile} and the whole-file read policy;
 * it is cut into pieces at line starts, which the parser's threads take in turn, each thread
 * reading on a stream of its own (sequential reads within a piece). A length of 0 is parsed to the end of the stream on one
 * thread. A file that ends before its length or has bytes past it, or whose length,
 * modification time or identity (HDFS inode id, object etag) differs after the parse (rewritten, appended to or deleted meanwhile), is an
 * {@link IOException} naming it.
 *
 * <pre>{@code
 * Path list = new Path("hdfs:///shared/ips.txt");
 * int[] ips = HadoopIpv4.parse(Ipv4Parser.strict(), list.getFileSystem(conf), list).addresses();
 * }</pre>
 */
public final class HadoopIpv4 {
    private HadoopIpv4() {}

    /** A class, not a lambda: see core's {@code Parts} (a fresh JVM's first lambda costs milliseconds). */
    private static final java.util.function.LongConsumer NO_PROGRESS = new java.util.function.LongConsumer() {
        @Override
        public void accept(long bytes) {
            // the confirming parse reports no progress: the first one did
        }
    };

    /**
     * Parses {@code file} with {@code parser}'s settings. Hadoop equivalent of article 001's
     * baseline: {@code readLine} over {@code fs.open(file)} and a {@code split} per line.
     *
     * @param parser the settings: {@code Ipv4Parser.strict()}, {@code lenient()}, and their {@code with}-methods
     * @param fs the filesystem that holds the file
     * @param file one address per line
     * @return the addresses in file order, and the counts
     * @throws java.io.FileNotFoundException the file does not exist, or is a directory; names it
     * @throws MalformedIpv4Exception a strict parser met a line that is not an address; names the file, line and text
     * @throws java.io.InterruptedIOException the calling thread was interrupted
     * @throws IOException the file cannot be read, or it changed while being parsed; names it
     */
    public static Ipv4ParseResult parse(Ipv4Parser parser, FileSystem fs, Path file) throws IOException {
        try (OpenedFile f = OpenedFile.open(fs, file, "whole-file")) {
            return parse(parser, f, OneVersion.SYSTEM);
        }
    }

    /** Parses an opened file: the version {@code f.stamp} names, or an IOException naming it (what {@link HadoopFileCache} keeps). */
    static Ipv4ParseResult parse(Ipv4Parser parser, OpenedFile f, OneVersion rule) throws IOException {
        try {
            // a class, not a lambda (see NO_PROGRESS); a confirming parse reports no progress: the first one did
            return rule.read(f.name, new OpenedFile.Pass<Ipv4ParseResult>(f) {
                private boolean again;

                @Override
                Ipv4ParseResult readOnce() throws IOException {
                    try (HadoopLineSource source = new HadoopLineSource(f)) {
                        Ipv4ParseResult parsed = new ParallelLineParser(source, parser.isLenient(), parser.encoding(),
                                parser.parallelism(), parser.blockBytes(), again ? NO_PROGRESS : parser.progress()).run();
                        again = true;
                        return parsed;
                    }
                }

                @Override
                public boolean same(Ipv4ParseResult a, Ipv4ParseResult b) {
                    return a.equals(b);
                }
            });
        } catch (MalformedIpv4Exception e) {
            throw f.changedOr(e); // a line cut by a rewrite is the file's change, not a bad line
        } catch (IOException e) {
            throw f.orChanged(e);
        } catch (RuntimeException e) {
            throw f.orChanged(e);
        }
    }
}
