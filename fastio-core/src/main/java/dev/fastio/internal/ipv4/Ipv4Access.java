package dev.fastio.internal.ipv4;

import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.Ipv4Parser;
import java.io.IOException;

/**
 * The way into the IPv4 parser's engine for sources other than a local file
 * ({@code fastio-hadoop}), without making the engine public API: {@code Ipv4Parser} registers
 * the engine here when its class is initialised (which any {@code Ipv4Parser} instance
 * guarantees), as the JDK's own packages share internals through {@code SharedSecrets}.
 */
public final class Ipv4Access {
    /** Parses a source with a parser's settings. */
    public interface Engine {
        /** Parses {@code source} with {@code parser}'s settings; does not close it. */
        Ipv4ParseResult parse(Ipv4Parser parser, LineSource source) throws IOException;
    }

    private static volatile Engine engine;

    private Ipv4Access() {}

    /** Called once, by {@code Ipv4Parser}'s class initialiser. */
    public static void register(Engine e) {
        if (engine != null) {
            throw new IllegalStateException("the IPv4 engine is registered already");
        }
        engine = e;
    }

    /** Parses {@code source} with {@code parser}'s settings (lenient or strict, encoding, threads, block size, progress). */
    public static Ipv4ParseResult parse(Ipv4Parser parser, LineSource source) throws IOException {
        return engine.parse(parser, source);
    }
}
