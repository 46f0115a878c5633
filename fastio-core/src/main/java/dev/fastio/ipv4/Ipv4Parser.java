package dev.fastio.ipv4;

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
 * are skipped and counted, and the first {@value ParallelLineParser#SAMPLES} are kept in the
 * result.
 *
 * <p>Immutable; each {@code with}-method returns a copy.
 */
public final class Ipv4Parser {
    private final boolean lenient;
    private final Ipv4Encoding encoding;
    private final int parallelism;
    private final LongConsumer progress;

    private Ipv4Parser(boolean lenient, Ipv4Encoding encoding, int parallelism, LongConsumer progress) {
        this.lenient = lenient;
        this.encoding = encoding;
        this.parallelism = parallelism;
        this.progress = progress;
    }

    /** Strict, natural encoding, one part per available processor. */
    public static Ipv4Parser strict() {
        return new Ipv4Parser(false, Ipv4Encoding.NATURAL, Runtime.getRuntime().availableProcessors(), n -> {});
    }

    public static Ipv4Parser lenient() {
        return strict().withLenient(true);
    }

    public Ipv4Parser withLenient(boolean on) {
        return new Ipv4Parser(on, encoding, parallelism, progress);
    }

    public Ipv4Parser withEncoding(Ipv4Encoding e) {
        return new Ipv4Parser(lenient, e, parallelism, progress);
    }

    /** How many parts the file is split into (1 = sequential). */
    public Ipv4Parser withParallelism(int parts) {
        if (parts < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, not " + parts);
        }
        return new Ipv4Parser(lenient, encoding, parts, progress);
    }

    /** Told of bytes parsed, from several threads at once: it must be thread-safe. */
    public Ipv4Parser withProgress(LongConsumer bytesParsed) {
        return new Ipv4Parser(lenient, encoding, parallelism, bytesParsed);
    }

    public Ipv4ParseResult parse(Path file) throws IOException {
        return new ParallelLineParser(file, lenient, encoding, parallelism, progress).run();
    }
}
