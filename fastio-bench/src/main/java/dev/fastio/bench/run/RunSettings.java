package dev.fastio.bench.run;

import java.nio.file.Path;
import java.util.List;

/**
 * How hard JMH works. {@link #quick} trades error bars for a suite that finishes in minutes;
 * {@link #full} is what figures in docs/BENCHMARKS.md should come from.
 *
 * <p>Every fork gets a fixed, pre-touched heap: with the default (a quarter of RAM, untouched),
 * the first pass over fresh heap pages costs page faults that dwarf a 500 KB read and made
 * allocation-heavy strategies look 40× slower with ±200% error (measured 2026-11-22, JDK 17).
 */
public record RunSettings(
        boolean quickScale,
        int forks,
        int warmupIterations,
        int warmupMillis,
        int iterations,
        int iterationMillis,
        boolean gcProfiler,
        Path dataDir) {

    /**
     * The heap flags above, and native access for the class path: on JDK 22+ fastio's native layer
     * runs only where native access is enabled for it (JDK 17 accepts the flag and ignores it here).
     */
    public static final List<String> FORK_JVM_ARGS = List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED");

    /**
     * One fork, 2 × 200 ms of warm-up, then 4 measured iterations of 125 ms. Measured (docs/BENCHMARKS.md,
     * "the quick run's intervals"): the report's intervals are dominated by fork-to-fork noise,
     * which one fork cannot average away, so 9 × 100 ms gave intervals no narrower than 3 × 300 ms
     * (33% and 32% median half-width) while benchmarks whose one operation outlasts an iteration
     * (the unbuffered DataInputStream, the article's line parser) ran 11 operations instead of 5,
     * and the run took 15 minutes. Four samples keep the degrees of freedom up, and the shorter
     * iterations pay for the extra one. A second fork would narrow the intervals by √2 but costs a
     * JVM start per benchmark: the quick run would pass 15 minutes.
     */
    public static RunSettings quick(Path dataDir) {
        return new RunSettings(true, 1, 2, 200, 4, 125, true, dataDir);
    }

    public static RunSettings full(Path dataDir) {
        return new RunSettings(false, 2, 3, 1000, 5, 1000, true, dataDir);
    }

    public RunSettings withGcProfiler(boolean on) {
        return new RunSettings(quickScale, forks, warmupIterations, warmupMillis, iterations, iterationMillis, on, dataDir);
    }

    public RunSettings withIterations(int warmups, int warmupMs, int measured, int measuredMs) {
        return new RunSettings(quickScale, forks, warmups, warmupMs, measured, measuredMs, gcProfiler, dataDir);
    }

    public RunSettings withForks(int n) {
        return new RunSettings(quickScale, n, warmupIterations, warmupMillis, iterations, iterationMillis, gcProfiler, dataDir);
    }
}
