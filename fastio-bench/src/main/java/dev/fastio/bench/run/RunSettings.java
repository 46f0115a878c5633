package dev.fastio.bench.run;

import java.nio.file.Path;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;
import java.util.List;

/**
 * How hard JMH works. {@link #quick} trades error bars for a suite that finishes in minutes;
 * {@link #full}, the settings {@link FastioBenchmark} declares, is what published figures come from.
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

    /** The forks' JVM flags: {@link FastioBenchmark}'s, which says why each is there. */
    public static final List<String> FORK_JVM_ARGS = FastioBenchmark.FORK_JVM_ARGS;

    /**
     * A quick run's: the same with a 1 GB heap, pre-touched. The quick data's largest file is
     * 50 MB; touching 2 GB at each of a quick run's some 400 fork starts cost 0.76 s a fork
     * against 0.42 s for 1 GB (`java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -version`, 5 runs each,
     * 2026-11-26): about 2 minutes that now go to the forks of open claims.
     *
     * <p>Not 512 MB, though touching it takes half the time (0.27 s against 0.56 s a fork start,
     * 2026-11-27): in four quick runs with 512 MB forks the loads that allocate an 8 MB array
     * an operation ran some 40% slower (the NIO load 2.9–3.5 ms against 2.0–2.4 ms in four 1 GB
     * runs, the mapped load 1.8–2.7 against 1.2–2.1) while the slow `DataInputStream` load did not
     * move (13.7–18.3 against 12.6–18.8 ms). The likely cause, not traced: each such array is a
     * humongous object, put straight into G1's old generation, and a heap half the size is
     * collected about twice as often. A shorter start that moves one side of a comparison
     * and not the other is a bias, not a saving (docs/BENCHMARKS.md, "A quick run that settles
     * what it measures").
     */
    public static final List<String> QUICK_FORK_JVM_ARGS = FORK_JVM_ARGS.stream()
            .map(a -> a.equals(FastioBenchmark.HEAP_MIN) ? "-Xms1g" : a.equals(FastioBenchmark.HEAP_MAX) ? "-Xmx1g" : a).toList();

    /** The flags of this mode's forks (a class's own {@code jvmArgsAppend} comes after them). */
    public List<String> forkJvmArgs() {
        return quickScale ? QUICK_FORK_JVM_ARGS : FORK_JVM_ARGS;
    }

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

    /** What {@link FastioBenchmark} declares for JMH: a plain JMH run of one class and {@code fastio bench --full} agree. */
    public static RunSettings full(Path dataDir) {
        Fork fork = FastioBenchmark.class.getAnnotation(Fork.class);
        Warmup warmup = FastioBenchmark.class.getAnnotation(Warmup.class);
        Measurement measurement = FastioBenchmark.class.getAnnotation(Measurement.class);
        return new RunSettings(false, fork.value(), warmup.iterations(), (int) warmup.timeUnit().toMillis(warmup.time()),
                measurement.iterations(), (int) measurement.timeUnit().toMillis(measurement.time()), true, dataDir);
    }

    /**
     * The closest to equal a claim's line may be for this run to decide it ({@code ForkLog#finest}):
     * a quick run's interval of a ratio is about ±45% from one fork a side and ±25% from the four
     * its budget can give a side at most, so a line within 25% of equal ("never slower, 5%
     * margin") is left to {@code --full} when the two sides are close; a full run takes every line.
     */
    public double finest() {
        return quickScale ? 1.25 : 1;
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
