package dev.fastio.report.jmh;

import java.util.List;
import java.util.Map;

/**
 * One row of a JMH result file: a benchmark method at one parameter combination.
 *
 * @param className  the benchmark class's fully qualified name
 * @param method     the benchmark method's name
 * @param params     JMH {@code @Param} values, in declaration order
 * @param error      the 99.9% half-width JMH reports; NaN when it had too few samples
 * @param secondary  secondary metrics by name (e.g. {@code gc.alloc.rate.norm})
 * @param samples    every measured iteration's score, all forks in order ({@code rawData}); empty
 *                   where the file has none. {@code Estimate} builds intervals from them.
 * @param forks      how many forks (JVMs) the samples came from; 1 where the file does not say
 * @param percentiles the score's percentiles as JMH wrote them ({@code "50.0"} → median), for sample mode
 * @param histogramCount sample mode: how many operations the histograms ({@code rawDataHistogram}) hold; 0 otherwise
 */
public record Result(
        String className,
        String method,
        String mode,
        int threads,
        Map<String, String> params,
        double score,
        double error,
        String unit,
        Map<String, Metric> secondary,
        String jdkVersion,
        String vmName,
        String vmVersion,
        List<Double> samples,
        int forks,
        Map<String, Double> percentiles,
        long histogramCount) {

    public Result {
        samples = DoubleList.copyOf(samples); // 8 bytes a sample, not a boxed Double's 20
        forks = Math.max(1, forks);
        percentiles = Map.copyOf(percentiles);
    }

    /** A result with its samples and forks, no percentiles. */
    public Result(String className, String method, String mode, int threads, Map<String, String> params, double score,
            double error, String unit, Map<String, Metric> secondary, String jdkVersion, String vmName, String vmVersion,
            List<Double> samples, int forks) {
        this(className, method, mode, threads, params, score, error, unit, secondary, jdkVersion, vmName, vmVersion, samples,
                forks, Map.of(), 0);
    }

    /** How many measurements stand behind the score: sample mode's operations, else the iterations. */
    public long sampleCount() {
        return histogramCount > 0 ? histogramCount : samples.size();
    }

    /** A result whose samples all come from one fork. */
    public Result(String className, String method, String mode, int threads, Map<String, String> params, double score,
            double error, String unit, Map<String, Metric> secondary, String jdkVersion, String vmName, String vmVersion,
            List<Double> samples) {
        this(className, method, mode, threads, params, score, error, unit, secondary, jdkVersion, vmName, vmVersion, samples, 1);
    }

    /** A result without per-iteration samples: intervals then come from JMH's error. */
    public Result(String className, String method, String mode, int threads, Map<String, String> params, double score,
            double error, String unit, Map<String, Metric> secondary, String jdkVersion, String vmName, String vmVersion) {
        this(className, method, mode, threads, params, score, error, unit, secondary, jdkVersion, vmName, vmVersion, List.of(), 1);
    }

    public record Metric(double score, double error, String unit) {}

    /** The package of fastio's own benchmarks: only its classes get fastio's experiments, claims and byte-size params. */
    public static final String FASTIO_BENCH_PACKAGE = "dev.fastio.bench.";

    /** True for a result of one of fastio's own benchmark classes (by fully qualified name). */
    public boolean fastio() {
        return className.startsWith(FASTIO_BENCH_PACKAGE);
    }

    /**
     * Seconds in the time unit of {@link #unit()}: "us/op" and "ops/us" are both 1e-6. Scores of
     * two results are comparable once each is scaled by its own factor; NaN for a unit this does
     * not know.
     */
    public double secondsPerTimeUnit() {
        int slash = unit.indexOf('/');
        if (slash < 0) {
            return Double.NaN;
        }
        String time = lowerIsBetter() ? unit.substring(0, slash) : unit.substring(slash + 1);
        return switch (time.trim()) {
            case "ns" -> 1e-9;
            case "us", "µs", "\u03bcs" -> 1e-6;
            case "ms" -> 1e-3;
            case "s" -> 1;
            case "min", "m" -> 60;
            case "hr", "h" -> 3600;
            case "day", "d" -> 86400;
            default -> Double.NaN;
        };
    }

    /**
     * The factor that turns this result's time (its score, or the inverse of a rate) into
     * {@code other}'s unit of time: 1 when the units' times agree or either is unknown.
     */
    public double timeFactorTo(Result other) {
        double a = secondsPerTimeUnit();
        double b = other.secondsPerTimeUnit();
        return Double.isNaN(a) || Double.isNaN(b) ? 1 : a / b;
    }

    public String simpleClassName() {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }

    public String param(String name) {
        return params.get(name);
    }

    /** Bytes allocated per operation, from JMH's gc profiler; NaN when it did not run. */
    public double allocPerOp() {
        Metric m = secondary.get("gc.alloc.rate.norm");
        if (m == null) {
            m = secondary.get("\u00b7gc.alloc.rate.norm"); // JMH before 1.36 named its profilers' metrics with a leading '·'
        }
        return m == null ? Double.NaN : m.score();
    }

    /**
     * CPU microseconds per operation, from the {@code cpuNs} and {@code copies} counters the copy
     * benchmarks report (thread plus child-process CPU); NaN where they were not recorded.
     */
    public double cpuMicrosPerOp() {
        return perEvent("cpuNs", "copies") / 1e3;
    }

    /** One JMH aux counter divided by another (both summed alike by JMH); NaN where either is missing. */
    public double perEvent(String total, String events) {
        Metric t = secondary.get(total);
        Metric n = secondary.get(events);
        return t == null || n == null || !(n.score() > 0) ? Double.NaN : t.score() / n.score();
    }

    /** True for modes where a lower score is better (time per operation). */
    public boolean lowerIsBetter() {
        return !mode.equals("thrpt");
    }

    /** The score in milliseconds per operation, for average-time results in any time unit. */
    public static double millis(Result r) {
        String u = r.unit();
        double f = u.startsWith("ns/") ? 1e-6 : u.startsWith("us/") ? 1e-3 : u.startsWith("ms/") ? 1 : u.startsWith("s/") ? 1e3 : Double.NaN;
        return r.score() * f;
    }

    /** Time per operation relative to another result of the same mode: below 1 is faster. */
    public double timeRatioTo(Result base) {
        return lowerIsBetter() ? score / base.score : base.score / score;
    }
}
