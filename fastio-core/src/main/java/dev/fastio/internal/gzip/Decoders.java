package dev.fastio.internal.gzip;

import dev.fastio.internal.nativeio.NativeDecoder;
import dev.fastio.internal.nativeio.NativeLayer;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The two deflate decoders one gzip reader uses: a streaming {@link RawInflater} for any member
 * (and for reading a member again when a whole-block decode did not trust it), and a whole-buffer
 * {@link BlockInflater} for BGZF blocks. {@link Inflaters} chooses which pair a JVM uses; a test
 * passes the pair it races (the reader's one decoder seam).
 */
public final class Decoders {
    private final String name;
    private final IntFunction<RawInflater> stream;
    private final Supplier<BlockInflater> block;

    /**
     * @param name for logs, {@code GzipReader.inflater()} and the report
     * @param stream a new streaming decoder, given the most bytes one {@code setInput} hands over
     * @param block a new whole-block decoder
     */
    public Decoders(String name, IntFunction<RawInflater> stream, Supplier<BlockInflater> block) {
        this.name = name;
        this.stream = stream;
        this.block = block;
    }

    /** The JDK's zlib for both. */
    public static Decoders jdk() {
        return new Decoders(Inflaters.JDK, chunk -> new JdkInflater(), JdkBlockInflater::new);
    }

    /**
     * ISA-L for both, from {@code layer}.
     *
     * @throws IllegalStateException the layer cannot bind it (the message says why)
     */
    public static Decoders isal(NativeLayer layer) {
        require(IsalDecoders.refusal(layer));
        return new Decoders(NativeDecoder.ISAL.label(), chunk -> IsalDecoders.newInflater(layer, chunk),
                () -> IsalDecoders.newBlockInflater(layer));
    }

    /**
     * libdeflate for BGZF blocks, from {@code layer}; the JDK's zlib streams the other members
     * (libdeflate decodes whole buffers only, and a member's end is known only by inflating it).
     *
     * @throws IllegalStateException the layer cannot bind it (the message says why)
     */
    public static Decoders libdeflate(NativeLayer layer) {
        require(LibdeflateDecoder.refusal(layer));
        return new Decoders(NativeDecoder.LIBDEFLATE.label() + " for BGZF blocks, " + Inflaters.JDK + " for other members",
                chunk -> new JdkInflater(), () -> LibdeflateDecoder.newBlockInflater(layer));
    }

    /**
     * Returns null when {@code decoder} is bound through {@code layer} and passed its self-test, else why not.
     *
     * @param layer the native layer
     * @param decoder which native decoder
     * @return null, or why it cannot be used
     */
    public static String refusal(NativeLayer layer, NativeDecoder decoder) {
        return decoder == NativeDecoder.ISAL ? IsalDecoders.refusal(layer) : LibdeflateDecoder.refusal(layer);
    }

    private static void require(String why) {
        if (why != null) {
            throw new IllegalStateException(why);
        }
    }

    /** @return which decoders these are, for logs */
    public String name() {
        return name;
    }

    /**
     * @param inputChunk the most bytes one {@link RawInflater#setInput} will hand over
     * @return a new streaming decoder; the caller closes it
     */
    public RawInflater stream(int inputChunk) {
        return stream.apply(inputChunk);
    }

    /** @return a new whole-block decoder; the caller closes it */
    public BlockInflater block() {
        return block.get();
    }
}
