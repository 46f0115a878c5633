package dev.fastio.bench.run;

import java.nio.file.Path;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;
import java.util.List;

/**
 * How hard JMH works. {@link #quick} trades error bars for a suite that finishes in minutes;
 * {@link #full} measures the articles' sizes warm, one fork a benchmark, the rounds adding forks
 * where a claim needs them; {@link #declared} is what a plain JMH run of a class does.
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
     * <p>512 MB would halve the touching (0.27 s against 0.56 s a fork start for 1 GB, 5 runs each,
     * 2026-11-27, a busier day than the 0.42 s above) and was
     * tried: its four quick runs measured the loads of an 8 MB array about 40% slower than the 1 GB
     * runs of the day before, but the 1 GB runs of the same day measured them as slow, and forks of
     * the two heaps run in turn (docs/measure/heap-ab.sh) showed no consistent difference on them.
     * Whether a smaller heap moves any benchmark is not settled for all 339, so the forks keep the
     * heap the quick run's verdicts were measured with (docs/PERFORMANCE.md, "The quick run's
     * forks: 4 × 125 ms, a 1 GB heap").
     */
    public static final List<String> QUICK_FORK_JVM_ARGS = FORK_JVM_ARGS.stream()
            .map(a -> a.equals(FastioBenchmark.HEAP_MIN) ? "-Xms1g" : a.equals(FastioBenchmark.HEAP_MAX) ? "-Xmx1g" : a).toList();

    /** The flags of this mode's forks (a class's own {@code jvmArgsAppend} comes after them). */
    public List<String> forkJvmArgs() {
        return quickScale ? QUICK_FORK_JVM_ARGS : FORK_JVM_ARGS;
    }

    /**
     * One fork, 2 × 200 ms of warm-up, then 4 measured iterations of 125 ms. Measured (docs/PERFORMANCE.md,
     * "The quick run's forks: 4 × 125 ms, a 1 GB heap"): the report's intervals are dominated by fork-to-fork noise,
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

    /**
     * The full run's first pass: one fork of each benchmark at the articles' sizes, 3 × 1 s of
     * warm-up (FastioBenchmark's) and 5 × 500 ms measured, one JMH run a benchmark so that each is
     * on disk as it ends (a run resumes from there). The second fork that a plain JMH run of a
     * class takes ({@link FastioBenchmark}: 2 forks of 5 × 1 s) goes instead, in the planner's
     * rounds, to the benchmarks whose claims are still open: 607 benchmarks at two forks of 8 s
     * were some 3.5 hours on 2 cores; one fork of 5.5 s, about 80 minutes, which leaves a 2-hour
     * budget half an hour of rounds. The warm-up stays 3 s: the quick run's 0.4 s left small
     * copies measured cold (3.5× Files.copy where 2 forks of 5 × 1 s warm measured 1.05×,
     * issue 58), and a fork whose measured iterations still fall is not decided from
     * ({@code Estimate#warming}).
     */
    public static RunSettings full(Path dataDir) {
        Warmup warmup = FastioBenchmark.class.getAnnotation(Warmup.class);
        return new RunSettings(false, 1, warmup.iterations(), (int) warmup.timeUnit().toMillis(warmup.time()), 5, 500, true, dataDir);
    }

    /** What {@link FastioBenchmark} declares for a plain JMH run of one class: 2 forks, 3 × 1 s warm-up, 5 × 1 s measured. */
    public static RunSettings declared(Path dataDir) {
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
