package dev.fastio.bench.run;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH settings fastio's benchmarks share, on a base class as in JMH's
 * {@code JMHSample_24_Inheritance} (JMH's {@code @Fork}, {@code @Warmup} and {@code @Measurement}
 * are {@code @Inherited}): two forks, 3 × 1 s of warm-up, 5 × 1 s measured, and every fork a
 * fixed, pre-touched 2 GB heap with native access on. A class that needs other settings (the
 * cold suites' ten one-shot forks) declares its own, which JMH takes instead. {@link RunSettings#declared}
 * reads these annotations; {@code fastio bench --full} takes their warm-up and spends the second
 * fork where a claim needs it ({@link RunSettings#full}).
 *
 * <p>Why the heap flags: with the default heap (a quarter of RAM, untouched), the first pass over
 * fresh heap pages costs page faults that dwarf a 500 KB read, and made allocation-heavy
 * strategies look 40× slower with ±200% error (measured 2026-11-22, JDK 17). Why native access:
 * on JDK 22+ fastio's native layer runs only where it is enabled (JDK 17 accepts the flag and
 * ignores it).
 *
 * <p>Why {@code jvmArgs} and not {@code jvmArgsAppend}: {@code fastio bench} sets the forks'
 * {@code jvmArgs} per mode (a quick run pre-touches 1 GB, not 2: touching 2 GB costs 0.76 s a
 * fork, 0.42 s for 1 GB, measured 2026-11-26, and a quick run starts some 400 forks), which
 * replaces these; a method's own {@code jvmArgsAppend} (the JDK-path twin's
 * {@code -Dfastio.native=false}) is kept either way. A plain JMH run takes these as written.
 *
 * <p>The flags are the constants below, so that a {@code @Fork} of its own (a class's or a
 * method's, which JMH takes whole, in place of this one) names them instead of copying them and
 * spells out only what it adds: {@code @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN,
 * FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS},
 * jvmArgsAppend = "-Dfastio.native=false")}. (Qualified even above: a class's own annotations
 * are outside the scope of its members' simple names.)
 */
@Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS})
@Warmup(iterations = 3, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public abstract class FastioBenchmark {
    /** The fork's heap, at its least: the same as its most, so that it never grows during a measurement. */
    public static final String HEAP_MIN = "-Xms2g";
    /** The fork's heap, at its most. */
    public static final String HEAP_MAX = "-Xmx2g";
    /** Every page of the heap touched at start-up, not on first use in a measured call. */
    public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    /** fastio's native layer enabled on JDK 22+ (JDK 17 accepts the flag and ignores it). */
    public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    /** The forks' JVM flags, as declared above. */
    public static final List<String> FORK_JVM_ARGS = List.of(FastioBenchmark.class.getAnnotation(Fork.class).jvmArgs());
}
