package dev.fastio.internal.gzip;

import dev.fastio.internal.nativeio.NativeLayer;
import java.util.Locale;

/**
 * The one place that chooses the deflate decoders behind {@code GzipReader}, once per JVM once the
 * native layer is bound, and logs the choice at DEBUG level (logger {@code dev.fastio}). While the
 * layer is still being bound (it binds off the caller's thread, see {@code NativeLayer}), a reader
 * of a small input takes the JDK's zlib rather than wait; {@link #chosen(boolean)} with
 * {@code true} waits (a reader of a file of a megabyte or more, where ISA-L saves more than
 * the wait costs).
 *
 * <p>{@code -Dfastio.gzip.inflater=}
 * <ul>
 *   <li>{@code auto} (the default): ISA-L's igzip ({@code libisal.so.2}, Debian's {@code libisal2})
 *       for every member where the native layer can bind it (FFM on JDK 22+ with native access on,
 *       jffi on JDK 17 to 21; the library installed); otherwise the JDK's zlib.
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
 * <p>Why, measured (docs/PERFORMANCE.md, "Which inflater: ISA-L, else zlib; libdeflate only on
 * request"): on this machine's BGZF file ISA-L inflates a block faster than libdeflate and in well
 * under half zlib's time ({@code docs/measure/bgzfinflate.c}, C, whole blocks), and ISA-L streams,
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

    private static final String SETTING = System.getProperty("fastio.gzip.inflater", "auto").toLowerCase(Locale.ROOT);
    /** The choice, made once the layer is settled; null before. */
    private static volatile Choice choice;

    private Inflaters() {}

    /** What was chosen, and why. */
    private static final class Choice {
        final Decoders decoders;
        final String status;
        /** Why the setting cannot be honoured, for {@link #chosen} to throw; null when it can. */
        final String refusal;

        Choice(Decoders decoders, String status, String refusal) {
            this.decoders = decoders;
            this.status = status;
            this.refusal = refusal;
        }
    }

    private static Choice choose(NativeLayer layer) {
        Decoders chosen = Decoders.jdk();
        String why = null;
        String refusal = null;
        switch (SETTING) {
            case "jdk":
                why = "-Dfastio.gzip.inflater=jdk";
                break;
            case "auto":
            case "isal": {
                String isal = IsalDecoders.refusal(layer);
                if (isal == null) {
                    chosen = Decoders.isal(layer);
                } else if (SETTING.equals("isal")) {
                    refusal = why = isal;
                } else {
                    why = isal; // not libdeflate: it reads some malformed deflate data as data (above)
                }
                break;
            }
            case "libdeflate": {
                String libdeflate = LibdeflateDecoder.refusal(layer); // bound only when asked for
                if (libdeflate == null) {
                    chosen = Decoders.libdeflate(layer);
                    why = "-Dfastio.gzip.inflater=libdeflate (lenient: some malformed deflate data that gzip -d refuses read as data)";
                } else {
                    refusal = why = libdeflate;
                }
                break;
            }
            default:
                refusal = why = "-Dfastio.gzip.inflater=" + SETTING + " is not auto, isal, libdeflate or jdk";
        }
        String status = refusal != null ? "none: " + refusal
                : why == null ? chosen.name() + " through the native layer (" + layer.binding().name() + "); -Dfastio.gzip.inflater=jdk turns it off"
                : chosen.name() + ", because " + why;
        System.getLogger("dev.fastio").log(System.Logger.Level.DEBUG, "fastio gzip inflater: " + status);
        return new Choice(chosen, status, refusal);
    }

    private static Choice choice(boolean wait) {
        Choice c = choice;
        if (c != null) {
            return c;
        }
        // a setting that names a native decoder, or a caller about to inflate much, waits for the binding
        NativeLayer layer = wait || !SETTING.equals("auto") ? NativeLayer.awaitBound() : NativeLayer.get();
        if (!layer.settled()) {
            return null;
        }
        synchronized (Inflaters.class) {
            if (choice == null) {
                choice = choose(layer);
            }
            return choice;
        }
    }

    /**
     * The decoders this JVM uses; the JDK's while the native layer is still being bound.
     *
     * @return the chosen pair
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater} names a decoder that cannot be
     *     used here (the message says why), or is not a known word
     */
    public static Decoders chosen() {
        return chosen(false);
    }

    /**
     * The decoders this JVM uses.
     *
     * @param wait whether to wait for the native layer's binding rather than take the JDK's
     *     decoders while it is made (for a large input)
     * @return the chosen pair
     * @throws IllegalStateException {@code -Dfastio.gzip.inflater} names a decoder that cannot be
     *     used here (the message says why), or is not a known word
     */
    public static Decoders chosen(boolean wait) {
        Choice c = choice(wait);
        if (c == null) {
            return Decoders.jdk();
        }
        if (c.refusal != null) {
            throw new IllegalStateException("fastio gzip inflater: " + c.refusal);
        }
        return c.decoders;
    }

    /** @return true when {@link #chosen} gives a native decoder (waiting for the binding to tell) */
    public static boolean isNative() {
        Choice c = choice(true);
        return c != null && c.refusal == null && !c.decoders.name().equals(JDK);
    }

    /** @return which decoders {@link #chosen} gives and why, for logs and the report's environment (waiting for the binding) */
    public static String status() {
        Choice c = choice(true);
        return c == null ? JDK + " while the native layer is being bound" : c.status;
    }
}
