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

    public static final List<String> FORK_JVM_ARGS = List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch");

    /**
     * One fork, 2 × 200 ms of warm-up, then 9 measured iterations of 100 ms: the same 1.3 s per
     * benchmark as the 3 × 300 ms it replaced, but the report's intervals are built from every
     * iteration (Student's t), and 9 samples instead of 3 narrow them by far more than the shorter
     * iterations widen them: t falls from 4.6 to 3.4 (99%, Welch) and √n rises from 1.7 to 3.
     * Widths measured before and after: docs/BENCHMARKS.md, "the quick run's intervals".
     */
    public static RunSettings quick(Path dataDir) {
        return new RunSettings(true, 1, 2, 200, 9, 100, true, dataDir);
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
