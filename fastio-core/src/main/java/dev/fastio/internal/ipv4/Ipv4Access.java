package dev.fastio.internal.ipv4;

import dev.fastio.ipv4.Ipv4ParseResult;
import java.io.IOException;

/**
 * The way into the IPv4 parser's engine for sources other than a local file
 * ({@code fastio-hadoop}), without making the engine public API: {@code Ipv4Parser} registers
 * the engine here when its class is initialised (which any {@code Ipv4Parser} instance
 * guarantees), as the JDK's own packages share internals through {@code SharedSecrets}. The
 * parser's type is a type parameter, not an import: this package imports no class that imports it
 * back (no import circle).
 */
public final class Ipv4Access {
    /**
     * Parses a source with a parser's settings.
     *
     * @param <P> the parser type ({@code dev.fastio.ipv4.Ipv4Parser})
     */
    public interface Engine<P> {
        /** Parses {@code source} with {@code parser}'s settings; does not close it. */
        Ipv4ParseResult parse(P parser, LineSource source) throws IOException;
    }

    private static volatile Engine<?> engine;
    private static volatile Class<?> parserType;

    private Ipv4Access() {}

    /** Called once, by {@code Ipv4Parser}'s class initialiser. */
    public static <P> void register(Class<P> type, Engine<P> e) {
        if (engine != null) {
            throw new IllegalStateException("the IPv4 engine is registered already");
        }
        parserType = type;
        engine = e;
    }

    /** Parses {@code source} with {@code parser}'s settings (lenient or strict, encoding, threads, block size, progress). */
    @SuppressWarnings("unchecked") // checked: the parser is of the type the engine was registered for
    public static <P> Ipv4ParseResult parse(P parser, LineSource source) throws IOException {
        parserType.cast(parser);
        return ((Engine<P>) engine).parse(parser, source);
    }
}
