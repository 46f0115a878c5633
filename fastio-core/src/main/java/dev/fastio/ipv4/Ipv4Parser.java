package dev.fastio.ipv4;

import dev.fastio.internal.version.OneVersion;
import dev.fastio.internal.version.StampedByName;
import dev.fastio.read.FileChangedException;
import dev.fastio.internal.ipv4.ChannelLineSource;
import dev.fastio.internal.ipv4.ParallelLineParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.LongConsumer;

/**
 * Parses a text file of one IPv4 address per line into an {@code int[]}, in parallel, with no
 * String per line. Accepts {@code \n} and {@code \r\n} line ends and a missing final newline;
 * the address form is {@link Ipv4}'s (no leading zeros, no whitespace).
 *
 * <p><b>Strict</b> (the default): the first malformed line (empty, an octet over 255, too few or
 * too many octets, a non-digit, more than three digits, a leading zero) throws
 * {@link MalformedIpv4Exception} with the file, line number and text. <b>Lenient</b>: such lines
 * are skipped and counted, and the first five are kept in the result.
 *
 * <p><b>Sizes.</b> The file's size at open splits it into parts. A file whose size reads 0
 * (procfs, a named pipe) is parsed to end of file on one thread. A file that turns out shorter or
 * longer than its size is an IOException naming it (it changed while being parsed), except on
 * filesystems whose sizes are not the content's length (sysfs, FUSE), where it is parsed again
 * to end of file.
 *
 * <p><b>Interrupts.</b> Interrupting the calling thread stops a parse: it throws an
 * {@link java.io.InterruptedIOException} naming the file once every part has stopped, and the
 * thread's interrupt status stays set. No thread or descriptor is left.
 *
 * <p>Immutable and thread-safe; each {@code with}-method returns a copy.
 *
 * <pre>{@code
 * int[] ips = Ipv4Parser.strict().parse(Path.of("ips.txt")).addresses();
 * Ipv4ParseResult r = Ipv4Parser.lenient().withEncoding(Ipv4Encoding.SIGNED_SORTABLE).parse(file);
 * }</pre>
 */
public final class Ipv4Parser {
    /**
     * The bytes each part reads and parses per step, unless {@link #withBlockBytes} says otherwise.
     * At 256 KiB a block and the JDK's temporary direct buffer behind the read both stay in one
     * core's L2 cache (1 MB per core on the machine measured); at 1 MiB they do not, and with
     * both cores parsing, the parse took 1.14× as long on JDK 17 (no difference on JDK 25). Measured by IpParseBlockBenchmark: see
     * docs/PERFORMANCE.md, "The IPv4 parse's block: 256 KiB".
     */
    public static final int DEFAULT_BLOCK_BYTES = 256 << 10;

    /** A class, not a lambda: a fresh JVM's first lambda costs milliseconds (see dev.fastio.internal.parallel.Parts). */
    private static final LongConsumer NO_PROGRESS = new LongConsumer() {
        @Override
        public void accept(long bytes) {}
    };

    private final boolean lenient;
    private final Ipv4Encoding encoding;
    private final int parallelism;
    private final int blockBytes;
    private final LongConsumer progress;
    private final OneVersion rule;

    private Ipv4Parser(boolean lenient, Ipv4Encoding encoding, int parallelism, int blockBytes, LongConsumer progress, OneVersion rule) {
        this.rule = rule;
        this.lenient = lenient;
        this.encoding = encoding;
        this.parallelism = parallelism;
        this.blockBytes = blockBytes;
        this.progress = progress;
    }

    /**
     * Returns a strict parser: natural encoding, one part per available processor, 256 KiB blocks.
     *
     * @return a strict parser: natural encoding, one part per available processor, 256 KiB blocks
     */
    public static Ipv4Parser strict() {
        return new Ipv4Parser(false, Ipv4Encoding.NATURAL, Runtime.getRuntime().availableProcessors(),
                DEFAULT_BLOCK_BYTES, NO_PROGRESS, OneVersion.SYSTEM);
    }

    /**
     * Returns a lenient parser, otherwise as {@link #strict()}.
     *
     * @return a lenient parser, otherwise as {@link #strict()}
     */
    public static Ipv4Parser lenient() {
        return strict().withLenient(true);
    }

    /**
     * Returns a parser like this one with that mode.
     *
     * @param on true to skip and count malformed lines, false to throw at the first
     * @return a parser like this one with that mode
     */
    public Ipv4Parser withLenient(boolean on) {
        return new Ipv4Parser(on, encoding, parallelism, blockBytes, progress, rule);
    }

    /**
     * Returns a parser like this one with that encoding.
     *
     * @param e how to store each address in the result
     * @return a parser like this one with that encoding
     */
    public Ipv4Parser withEncoding(Ipv4Encoding e) {
        return new Ipv4Parser(lenient, e, parallelism, blockBytes, progress, rule);
    }

    /**
     * Returns a parser like this one with that parallelism. A file of 4 MiB or more is cut into
     * many more pieces than threads (up to 32 per thread, none under 1 MiB), which the threads
     * take one after another until none is left, so that all finish together.
     *
     * @param parts how many threads parse the file (1 = on the caller's thread only)
     * @return a parser like this one with that parallelism
     * @throws IllegalArgumentException {@code parts} is less than 1
     */
    public Ipv4Parser withParallelism(int parts) {
        if (parts < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, not " + parts);
        }
        return new Ipv4Parser(lenient, encoding, parts, blockBytes, progress, rule);
    }

    /**
     * Bytes each part reads and parses per step; the default (256 KiB) keeps a block in one core's
     * L2 cache. A longer line than this is still parsed (the block grows for it). Tuning only: the
     * result does not depend on it.
     *
     * @param bytes the block size, 4 KiB to 1 GiB
     * @return a parser like this one with that block size
     * @throws IllegalArgumentException {@code bytes} is out of range
     */
    public Ipv4Parser withBlockBytes(int bytes) {
        if (bytes < ParallelLineParser.MIN_BLOCK || bytes > 1 << 30) {
            throw new IllegalArgumentException("block must be " + ParallelLineParser.MIN_BLOCK + " bytes to 1 GiB, not " + bytes);
        }
        return new Ipv4Parser(lenient, encoding, parallelism, bytes, progress, rule);
    }

    /**
     * Returns a parser like this one with that listener.
     *
     * @param bytesParsed told of bytes parsed, from several threads at once: it must be thread-safe
     * @return a parser like this one with that listener
     */
    public Ipv4Parser withProgress(LongConsumer bytesParsed) {
        return new Ipv4Parser(lenient, encoding, parallelism, blockBytes, bytesParsed, rule);
    }

    /** Tests only: a parser like this one whose version rule reads {@code rule}'s clock (the system's by default). */
    Ipv4Parser withRule(OneVersion rule) {
        return new Ipv4Parser(lenient, encoding, parallelism, blockBytes, progress, rule);
    }

    /**
     * Parses {@code file}. JDK equivalent: {@code Files.lines(file).mapToInt(...)} with a parse per
     * line, one String per line (article 001's baseline; the race is IpParseBenchmark, its figures in
     * docs/PERFORMANCE.md, "Performance: the current figures" and "Each article's headline experiment
     * at its own size").
     *
     * <p>A malformed line is judged as a result is, by the rule that makes a read one version of
     * the file: a file rewritten during the parse shows lines cut between two versions, which is a
     * {@link FileChangedException}, not a malformed line. A strict parse of a file written within
     * the last second that meets a malformed line waits until that second is over and parses once
     * more before it says so (a write call may have been stalled mid-copy across both passes).
     *
     * @param file one address per line
     * @return the addresses in file order, and the counts
     * @throws java.nio.file.NoSuchFileException the file does not exist
     * @throws MalformedIpv4Exception strict mode met a line that is not an address; names the file, line number and text
     * @throws java.io.InterruptedIOException the calling thread was interrupted
     * @throws IOException the file cannot be read, or it changed while being parsed; names it
     */
    public Ipv4ParseResult parse(Path file) throws IOException {
        // A malformed line is an outcome of the pass, judged by the version rule as a result is: a
        // file rewritten in place during the parse shows lines cut between two versions (such as
        // "10.2..127.11") that are in neither, which is the file's change, not a bad line (issue 60).
        // A class, not a lambda (see NO_PROGRESS); a confirming parse reports no progress: the first one did.
        class Parse extends StampedByName<Outcome> implements Malformed {
            private boolean again;
            private MalformedIpv4Exception malformed;

            Parse(Path parsed) {
                super(parsed);
            }

            @Override
            public Outcome read() throws IOException {
                try (ChannelLineSource source = new ChannelLineSource(file)) {
                    Outcome outcome;
                    try {
                        outcome = new Outcome(new ParallelLineParser(source, lenient, encoding, parallelism, blockBytes,
                                again ? NO_PROGRESS : progress).run(), null);
                    } catch (MalformedIpv4Exception e) {
                        malformed = e;
                        outcome = new Outcome(null, e);
                    }
                    again = true;
                    stampAfter(source.sizeSeen(), source.descriptorSize(), source.openFile());
                    return outcome;
                }
            }

            @Override
            public boolean same(Outcome a, Outcome b) {
                return a.equals(b);
            }

            @Override
            public MalformedIpv4Exception malformed() {
                return malformed;
            }
        }
        Parse pass = new Parse(file);
        Outcome outcome = parse(file, pass);
        long changed = pass.changedMillis();
        if (outcome.malformed() != null && changed != OneVersion.NO_VERSION && rule.racy(changed)) {
            // Written within the window: two passes that agree may both have seen a write call
            // stalled mid-copy (the rule's accepted state "what the file held"); for a malformed
            // line, which is an error the user will go and look for, wait until the write is old
            // and parse once more (an error path only, and only for a file this recent).
            rule.waitUntilSettled(changed);
            pass = new Parse(file);
            Outcome again = parse(file, pass);
            if (again.malformed() != null && pass.changedMillis() != changed) {
                FileChangedException e = new FileChangedException(file.toString(),
                        "it was written to while a malformed line in it was being checked");
                e.addSuppressed(again.malformed());
                throw e;
            }
            outcome = again;
        }
        if (outcome.malformed() != null) {
            throw outcome.malformed();
        }
        return outcome.result();
    }

    /** One read under the version rule; a change is thrown with the malformed line a torn pass saw, if any. */
    private Outcome parse(Path file, StampedByName<Outcome> pass) throws IOException {
        try {
            return rule.read(file, pass);
        } catch (FileChangedException changed) {
            MalformedIpv4Exception seen = ((Malformed) pass).malformed();
            if (seen != null) {
                changed.addSuppressed(seen); // what the torn pass saw, for whoever looks
            }
            throw changed;
        }
    }

    /** A pass that remembers the malformed line its last read stopped at. */
    private interface Malformed {
        MalformedIpv4Exception malformed();
    }

    /** What one pass gave: the parse, or the malformed line it stopped at (equal when the line, its number and text are). */
    private record Outcome(Ipv4ParseResult result, MalformedIpv4Exception malformed) {
        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Outcome other)) {
                return false;
            }
            if (malformed != null || other.malformed != null) {
                return malformed != null && other.malformed != null && malformed.line().equals(other.malformed.line());
            }
            return result.equals(other.result);
        }

        @Override
        public int hashCode() {
            return malformed != null ? malformed.line().hashCode() : result.hashCode();
        }
    }

    /**
     * Whether malformed lines are skipped and counted rather than thrown.
     *
     * @return true for a lenient parser
     */
    public boolean isLenient() {
        return lenient;
    }

    /**
     * How addresses are stored in the {@code int[]}.
     *
     * @return the encoding
     */
    public Ipv4Encoding encoding() {
        return encoding;
    }

    /**
     * How many threads parse a large file at most.
     *
     * @return the parallelism
     */
    public int parallelism() {
        return parallelism;
    }

    /**
     * The bytes each part reads and parses per step.
     *
     * @return the block size
     */
    public int blockBytes() {
        return blockBytes;
    }

    /**
     * What is told of the bytes parsed, as they are parsed.
     *
     * @return the progress consumer (a no-op unless {@link #withProgress} set one)
     */
    public LongConsumer progress() {
        return progress;
    }
}
