package dev.fastio.internal.ipv4;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Picks the parse kernel once per JVM and logs the choice (logger {@code dev.fastio}, DEBUG), as
 * Lucene's {@code VectorizationProvider} does for its vector code:
 * <ul>
 *   <li>{@code vector} ({@link VectorLineKernel}) where {@code jdk.incubator.vector} is in the boot
 *       layer (the user passed {@code --add-modules jdk.incubator.vector}), the JDK is at least
 *       {@link #VECTOR_FROM_JDK} and the kernel parses a few known lines right;</li>
 *   <li>else {@code scalar} ({@link ScalarLineKernel}), with the reason; where only the module is
 *       missing, the line names the flag.</li>
 * </ul>
 * {@code -Dfastio.ipv4.kernel=scalar|vector|block|auto} overrides the choice (the benchmarks race
 * the kernels this way); {@code vector} where the module is missing falls back to scalar with a
 * WARNING naming the flag. {@code block} is {@link BlockKernel}, a stretch of lines at a time.
 *
 * <p>The figures behind the JDK floor are in {@code docs/PERFORMANCE.md} ("IPv4 parse with the
 * Vector API"): on JDK 25 the vector kernel parses the 26 M-line list in 0.4× the scalar
 * kernel's time; on JDK 17, whose incubator API C2 compiles far less of, in 1.55× its time.
 * JDKs 18 to 24 were not measured, so they keep the scalar kernel unless told otherwise.
 */
public final class LineKernels {
    private static final System.Logger LOG = System.getLogger("dev.fastio");
    static final String PROPERTY = "fastio.ipv4.kernel";
    static final String MODULE = "jdk.incubator.vector";
    /** The first JDK where the vector kernel was measured faster than the scalar one. */
    static final int VECTOR_FROM_JDK = 25;

    /**
     * What {@link ParallelLineParser} runs: {@code line}, or, where {@code byStretch},
     * {@link BlockKernel} (with {@code line} for the lines it refuses).
     *
     * @param why the reason for the choice, as logged
     */
    public record Choice(LineKernel line, boolean byStretch, String why) {
        /** {@code scalar}, {@code vector} or {@code block}. */
        public String name() {
            return byStretch ? "block" : line.name();
        }
    }

    private static final Choice CHOSEN = choose(System.getProperty(PROPERTY), vectorModulePresent(), Runtime.version().feature(), LOG::log);

    private LineKernels() {}

    /** The kernel this JVM parses with, chosen at first use. */
    public static Choice chosen() {
        return CHOSEN;
    }

    /**
     * The kernel named ({@code scalar}, {@code vector} or {@code block}), for the tests and
     * benchmarks that race them, whatever {@link #chosen} is; empty where it cannot run here
     * (vector without the module, or failing its self-check).
     */
    public static Optional<Choice> named(String name) {
        return switch (name) {
            case "scalar" -> Optional.of(scalar("named"));
            case "block" -> Optional.of(new Choice(ScalarLineKernel.INSTANCE, true, "named"));
            case "vector" -> vectorModulePresent() ? Optional.of(vector("named")).filter(c -> c.line() != ScalarLineKernel.INSTANCE)
                    : Optional.empty();
            default -> throw new IllegalArgumentException("no IPv4 kernel named " + name + " (scalar, vector, block)");
        };
    }

    /** Whether {@code jdk.incubator.vector} is in the boot layer. */
    static boolean vectorModulePresent() {
        return ModuleLayer.boot().findModule(MODULE).isPresent();
    }

    /**
     * The choice for {@code asked} (the property's value; null: auto), given whether the module is
     * present and the JDK's feature number; logs it to {@code log} (one line).
     */
    static Choice choose(String asked, boolean modulePresent, int jdk, BiConsumer<Level, String> log) {
        String want = asked == null || asked.isBlank() ? "auto" : asked.trim().toLowerCase(Locale.ROOT);
        Choice c;
        Level level = Level.DEBUG;
        switch (want) {
            case "scalar" -> c = scalar("-D" + PROPERTY + "=scalar");
            case "block" -> c = new Choice(ScalarLineKernel.INSTANCE, true, "-D" + PROPERTY + "=block");
            case "vector" -> {
                c = modulePresent ? vector("-D" + PROPERTY + "=vector")
                        : scalar("-D" + PROPERTY + "=vector asks for the vector kernel, but " + MODULE
                                + " is not in the boot layer; add --add-modules " + MODULE + " to the java command");
                if (c.line() == ScalarLineKernel.INSTANCE) {
                    level = Level.WARNING; // asked for and not given
                }
            }
            case "auto" -> {
                if (!modulePresent) {
                    c = scalar(MODULE + " is not in the boot layer; --add-modules " + MODULE + " enables the vector kernel"
                            + (jdk >= VECTOR_FROM_JDK ? "" : " (on JDK " + VECTOR_FROM_JDK + " or newer)"));
                } else if (jdk < VECTOR_FROM_JDK) {
                    c = scalar("JDK " + jdk + ": the vector kernel was measured slower than the scalar one before JDK "
                            + VECTOR_FROM_JDK + " (-D" + PROPERTY + "=vector forces it)");
                } else {
                    c = vector(MODULE + " is in the boot layer, JDK " + jdk);
                    if (c.line() == ScalarLineKernel.INSTANCE) {
                        level = Level.WARNING; // the module is there and the kernel failed: worth a look
                    }
                }
            }
            default -> {
                level = Level.WARNING;
                c = choose(null, modulePresent, jdk, (l, m) -> { });
                c = new Choice(c.line(), c.byStretch(), "-D" + PROPERTY + "=" + asked
                        + " is none of scalar, vector, block, auto; chose as auto does: " + c.why());
            }
        }
        log.accept(level, "fastio IPv4 parse kernel: " + c.name() + " (" + c.why() + ")");
        return c;
    }

    private static Choice scalar(String why) {
        return new Choice(ScalarLineKernel.INSTANCE, false, why);
    }

    /**
     * The vector kernel, if it loads and parses known lines right (a later incubator API could
     * drop a member it calls, or the JVM could run the API without vector instructions); else
     * the scalar kernel with the reason.
     */
    private static Choice vector(String why) {
        LineKernel k;
        try {
            // on the module path this module reads the incubator only when told to (module-info
            // leaves it out; see fastio-core's pom); on the class path this does nothing
            ModuleLayer.boot().findModule(MODULE).ifPresent(LineKernels.class.getModule()::addReads);
            k = VectorLineKernel.create();
        } catch (LinkageError | RuntimeException e) {
            return scalar("the vector kernel could not be loaded: " + e);
        }
        if (k == null) {
            return scalar("the JVM offers no 128-bit vectors here, so the vector kernel would be slower");
        }
        try {
            if (!parsesKnownLines(k)) {
                return scalar("the vector kernel misread its self-check lines");
            }
        } catch (LinkageError | RuntimeException e) {
            return scalar("the vector kernel failed its self-check: " + e);
        }
        return new Choice(k, false, why);
    }

    /** Two lines, LF and CRLF, and a refused one, against the exact parser. */
    static boolean parsesKnownLines(LineKernel k) {
        byte[] b = Arrays.copyOf("192.168.0.255\n10.0.20.3\r\n01.2.3.4\n".getBytes(StandardCharsets.US_ASCII), 64);
        long first = k.line(b, 0);
        long second = k.line(b, 14);
        return first == ((long) 14 << 32 | ExactLineParser.parse(b, 0, 13))
                && second == ((long) 25 << 32 | ExactLineParser.parse(b, 14, 24))
                && k.line(b, 25) == -1;
    }
}
