package dev.fastio.internal.gzip;

import dev.fastio.internal.nativeio.NativeDecoder;
import dev.fastio.internal.nativeio.NativeLayer;
import java.util.Locale;

/**
 * The one place that chooses the deflate decoders behind {@code GzipReader}, once per JVM, and logs
 * the choice at DEBUG level (logger {@code dev.fastio}).
 *
 * <p>{@code -Dfastio.gzip.inflater=}
 * <ul>
 *   <li>{@code auto} (the default): ISA-L's igzip ({@code libisal.so.2}, Debian's {@code libisal2})
 *       for every member where the native layer can bind it (JDK 22+, native access on, the library
 *       installed); otherwise the JDK's zlib.
 *   <li>{@code isal}: ISA-L, or an error that says why it is not there.
 *   <li>{@code libdeflate}: libdeflate ({@code libdeflate.so.0}, Debian's {@code libdeflate0}) for
 *       BGZF blocks, zlib for other members, or an error. <b>Lenient</b>: libdeflate decodes some
 *       malformed deflate data that zlib, ISA-L and {@code gzip -d} refuse (literal/length symbols
 *       286 and 287, distance codes 30 and 31, a code-length repeat past the table), so a crafted
 *       block whose CRC-32 and length match what libdeflate makes of it reads as data. For the
 *       benchmark race and for files you made; never the default.
 *   <li>{@code jdk}: the JDK's zlib {@link java.util.zip.Inflater}.
 * </ul>
 *
 * <p>Why, measured (docs/BENCHMARKS.md, "BGZF on one thread: the decoder or the calls", and "gzip
 * at ISA-L speed"): on this machine's BGZF file ISA-L inflates a block in 0.91× the time libdeflate
 * takes and zlib in 0.42× ({@code docs/measure/bgzfinflate.c}, C, whole blocks), and ISA-L streams,
 * which a member without a size needs (its end is known only by inflating it). libdeflate would
 * halve zlib's BGZF time where ISA-L is absent, but its leniency would let a crafted file read as
 * data where {@code gzip -d} fails: the reader's promise is {@code gzip -d}'s bytes or an error, so
 * the default keeps zlib there (80 against 39 ms a file, the price of the promise). Intel's GKL
 * bundles the same ISA-L, no faster than Debian's build, and its {@code IntelInflater} does not say
 * where a deflate stream ended ({@code getRemaining} is not overridden), which a reader of
 * multi-member gzip needs.
 */
public final class Inflaters {
    /** The JDK's inflater's name. */
    public static final String JDK = "JDK zlib";

    private static final System.Logger LOG = System.getLogger("dev.fastio");
    private static final String SETTING = System.getProperty("fastio.gzip.inflater", "auto").toLowerCase(Locale.ROOT);
    private static final Decoders CHOSEN;
    private static final String STATUS;
    /** Why the setting cannot be honoured, for {@link #chosen} to throw; null when it can. */
    private static final String REFUSAL;

    static {
        NativeLayer layer = NativeLayer.get();
        String isal = layer.decoderRefusal(NativeDecoder.ISAL);
        Decoders chosen = Decoders.jdk();
        String why = null;
        String refusal = null;
        switch (SETTING) {
            case "jdk" -> why = "-Dfastio.gzip.inflater=jdk";
            case "auto" -> {
                if (isal == null) {
                    chosen = Decoders.isal(layer);
                } else {
                    why = isal; // not libdeflate: it reads some malformed deflate data as data (above)
                }
            }
            case "isal" -> {
                if (isal == null) {
                    chosen = Decoders.isal(layer);
                } else {
                    refusal = why = isal;
                }
            }
            case "libdeflate" -> {
                String libdeflate = layer.decoderRefusal(NativeDecoder.LIBDEFLATE); // bound only when asked for
                if (libdeflate == null) {
                    chosen = Decoders.libdeflate(layer);
                    why = "-Dfastio.gzip.inflater=libdeflate (lenient: some malformed deflate data that gzip -d refuses read as data)";
                } else {
                    refusal = why = libdeflate;
                }
            }
            default -> refusal = why = "-Dfastio.gzip.inflater=" + SETTING + " is not auto, isal, libdeflate or jdk";
        }
        CHOSEN = chosen;
        REFUSAL = refusal;
        STATUS = refusal != null ? "none: " + refusal
                : why == null ? chosen.name() + " through the FFM API; -Dfastio.gzip.inflater=jdk turns it off"
                : chosen.name() + ", because " + why;
        LOG.log(System.Logger.Level.DEBUG, "fastio gzip inflater: " + STATUS);
    }

    private Inflaters() {}

    /**
     * The decoders this JVM uses.
     *
     * @return the chosen pair
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater} names a decoder that cannot be
     *     used here (the message says why), or is not a known word
     */
    public static Decoders chosen() {
        if (REFUSAL != null) {
            throw new IllegalStateException("fastio gzip inflater: " + REFUSAL);
        }
        return CHOSEN;
    }

    /** @return true when {@link #chosen} gives a native decoder */
    public static boolean isNative() {
        return REFUSAL == null && !CHOSEN.name().equals(JDK);
    }

    /** @return which decoders {@link #chosen} gives and why, for logs and the report's environment */
    public static String status() {
        return STATUS;
    }
}
