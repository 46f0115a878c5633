package dev.fastio.internal.gzip;

import dev.fastio.internal.nativeio.NativeLayer;
import java.util.Locale;

/**
 * The one place that chooses the deflate decoder behind {@code GzipReader}, once per JVM, and logs
 * the choice at DEBUG level (logger {@code dev.fastio}).
 *
 * <p>{@code -Dfastio.gzip.inflater=}
 * <ul>
 *   <li>{@code auto} (the default): ISA-L's igzip ({@code libisal.so.2}, Debian's {@code libisal2})
 *       through the FFM API where the native layer can bind it (JDK 22+, native access on, the library
 *       installed); otherwise the JDK's zlib.
 *   <li>{@code isal}: ISA-L or an error that says why it is not there.
 *   <li>{@code jdk}: the JDK's zlib {@link java.util.zip.Inflater}.
 * </ul>
 *
 * <p>Why ISA-L and not Intel's GKL, libdeflate, or the JDK: docs/BENCHMARKS.md, "gzip at ISA-L
 * speed". In short: ISA-L inflates the 26 M-line list about 2× faster than zlib; GKL bundles the
 * same ISA-L but its {@code IntelInflater} does not say where a deflate stream ended
 * ({@code getRemaining} is not overridden), which a reader of multi-member gzip needs; libdeflate
 * decodes whole buffers only.
 */
public final class Inflaters {
    /** {@link RawInflater#name()} of the JDK's inflater. */
    public static final String JDK = "JDK zlib";

    private static final System.Logger LOG = System.getLogger("dev.fastio");
    private static final String SETTING = System.getProperty("fastio.gzip.inflater", "auto").toLowerCase(Locale.ROOT);
    private static final boolean NATIVE;
    private static final String STATUS;

    static {
        String why;
        switch (SETTING) {
            case "jdk":
                why = "-Dfastio.gzip.inflater=jdk";
                break;
            case "auto":
            case "isal":
                why = NativeLayer.get().inflaterRefusal();
                break;
            default:
                why = "-Dfastio.gzip.inflater=" + SETTING + " is not auto, isal or jdk";
        }
        NATIVE = why == null;
        STATUS = NATIVE ? NativeLayer.get().inflaterName() + " through the FFM API; -Dfastio.gzip.inflater=jdk turns it off"
                : JDK + ", because " + why;
        LOG.log(System.Logger.Level.DEBUG, "fastio gzip inflater: " + STATUS);
    }

    private Inflaters() {}

    /**
     * A new decoder, the chosen kind.
     *
     * @param inputChunk the most bytes one {@link RawInflater#setInput} call will hand over
     * @return the decoder; the caller closes it
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater=isal} and ISA-L cannot be used
     *     (the message says why), or the setting is not a known word
     */
    public static RawInflater create(int inputChunk) {
        if (NATIVE) {
            return NativeLayer.get().newInflater(inputChunk);
        }
        if (!SETTING.equals("auto") && !SETTING.equals("jdk")) {
            throw new IllegalStateException("fastio gzip inflater: " + STATUS);
        }
        return new JdkInflater();
    }

    /** @return the JDK's decoder, whatever the setting: for tests that compare the two */
    public static RawInflater jdk() {
        return new JdkInflater();
    }

    /** @return true when {@link #create} gives ISA-L */
    public static boolean isNative() {
        return NATIVE;
    }

    /** @return which decoder {@link #create} gives and why, for logs and the report's environment */
    public static String status() {
        return STATUS;
    }
}
