package dev.fastio.report.gate;

import dev.fastio.report.claims.Verdict;
import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.NoiseCalibration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The CI question for two JMH runs, the baseline (OLD) and the change (NEW): is any benchmark
 * slower by more than a threshold, yes or no. Each benchmark that both runs measured (same class,
 * method, params, mode and threads) gets one of four verdicts from the 99% interval of NEW's time
 * over OLD's ({@link Estimate}; a throughput is turned into a time per operation first, so a
 * speed-up is never an alarm):
 * <ul>
 *   <li>{@link Verdict#SLOWER}: the interval lies wholly above 1 and the estimate above
 *       1 + threshold: slower for sure, and by more than the threshold;</li>
 *   <li>{@link Verdict#FASTER}: the mirror image (below 1, estimate below 1 / (1 + threshold));</li>
 *   <li>{@link Verdict#NO_CHANGE}: the whole interval within [1 / (1 + threshold), 1 + threshold];</li>
 *   <li>{@link Verdict#NOT_SETTLED}: anything else, a ratio with no finite value among them.</li>
 * </ul>
 * The noise each interval assumes: with a calibration ({@link NoiseCalibration}, from two runs of
 * the same code on the same machine) that fork-to-fork noise for every file; without one, what
 * {@link Estimate#ratio(Result, Result)} assumes (fastio's own files: the noise measured for its
 * suite; another project's: the spread of its forks' means, or with one fork its iterations'
 * alone, which a second fork can exceed: {@link #uncalibratedOneFork()} counts those rows).
 * Benchmarks in one run only, benchmarks whose params changed, and differences of JDK, JMH
 * version or machine between the runs are listed, never matched.
 */
public final class RegressionGate {
    /** One benchmark's verdict. */
    public enum Verdict {
        SLOWER("slower"), FASTER("faster"), NO_CHANGE("no change"), NOT_SETTLED("not settled");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        /** @return the word the summaries use */
        public String text() {
            return text;
        }
    }

    /**
     * One benchmark measured in both runs.
     *
     * @param old the baseline's result
     * @param neu the change's result
     * @param ratio NEW's time over OLD's, with its interval
     * @param verdict what the interval settles
     */
    public record Row(Result old, Result neu, Estimate ratio, Verdict verdict) {
        /** @return "Class.method", the class's simple name */
        public String name() {
            return old.simpleClassName() + "." + old.method();
        }
    }

    private final double failOn;
    private final double forkNoise;
    private final double suiteNoise;
    private final List<Row> rows;
    private final List<String> onlyOld = new ArrayList<>();
    private final List<String> onlyNew = new ArrayList<>();
    private final List<String> paramsChanged = new ArrayList<>();
    private final List<String> differences;
    private final int uncalibratedOneFork;
    private boolean allowMissing;

    private RegressionGate(double failOn, double forkNoise, double suiteNoise, List<Row> rows, List<String> differences,
            int uncalibratedOneFork) {
        this.failOn = failOn;
        this.forkNoise = forkNoise;
        this.suiteNoise = suiteNoise;
        this.rows = rows;
        this.differences = differences;
        this.uncalibratedOneFork = uncalibratedOneFork;
    }

    /** How a row is named in lists: "Class.method {p=v} avgt 1 thread". */
    public static String label(Result r) {
        return r.simpleClassName() + "." + r.method() + (r.params().isEmpty() ? "" : " " + r.params()) + " " + r.mode()
                + (r.threads() == 1 ? "" : " " + r.threads() + " threads");
    }

    /**
     * Compares two runs.
     *
     * @param estimates the context of the intervals: the fork noise of fastio's own results where no calibration is given
     * @param old the baseline's results
     * @param neu the change's results
     * @param failOn the threshold: 0.10 fails on a benchmark settled more than 10% slower
     * @param forkNoise the calibrated fork-to-fork noise (0.05: 5%), or NaN for none
     * @param differences what differs between the runs' environments (JDK, JMH, machine), listed as given
     * @return the verdicts
     * @throws IllegalArgumentException the gate cannot judge, and says why: {@code failOn} is not
     *     above 0; a file holds one benchmark twice; the runs have no benchmark in common; a
     *     compared result has no usable time (a score or sample of 0 or less, or not finite); or
     *     the two sides' units differ and one of them is not a known time unit, or does not fit
     *     its mode
     */
    public static RegressionGate compare(EstimateContext estimates, List<Result> old, List<Result> neu, double failOn, double forkNoise,
            List<String> differences) {
        if (!(failOn > 0) || !Double.isFinite(failOn)) {
            throw new IllegalArgumentException("the threshold must be above 0%, not " + failOn);
        }
        Map<String, Result> inOld = unique(old, "OLD");
        Map<String, Result> inNew = unique(neu, "NEW");
        List<Row> rows = new ArrayList<>();
        int oneFork = 0;
        for (Result a : inOld.values()) {
            Result b = inNew.get(BenchmarkKey.of(a));
            if (b == null) {
                continue;
            }
            checkUnits(a, b);
            Estimate ratio = Double.isNaN(forkNoise) ? Estimate.ratio(estimates, b, a) : Estimate.ratio(estimates, b, a, forkNoise);
            if (!ratio.finite()) {
                throw new IllegalArgumentException("cannot judge " + label(a) + ": its time is not a finite number above 0 in "
                        + (finiteTime(a) ? "NEW" : "OLD") + " (score " + (finiteTime(a) ? b.score() : a.score()) + ")");
            }
            if (Double.isNaN(forkNoise) && (!a.fastio() && a.forks() < 2 || !b.fastio() && b.forks() < 2)) {
                oneFork++;
            }
            rows.add(new Row(a, b, ratio, verdict(ratio, failOn)));
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("OLD and NEW have no benchmark in common (the same class, method, params, mode and"
                    + " threads): nothing to judge");
        }
        RegressionGate gate = new RegressionGate(failOn, forkNoise, estimates.forkNoise(), rows, List.copyOf(differences), oneFork);
        gate.listUnmatched(inOld, inNew);
        rows.sort(Comparator.comparing((Row r) -> r.verdict().ordinal()).thenComparingDouble(r -> -change(r.ratio())));
        return gate;
    }

    /** One result per benchmark: a file with two (runs or shards pasted together) cannot be judged. */
    private static Map<String, Result> unique(List<Result> results, String side) {
        Map<String, Result> out = new LinkedHashMap<>();
        for (Result r : results) {
            if (out.putIfAbsent(BenchmarkKey.of(r), r) != null) {
                throw new IllegalArgumentException(side + " has two results for " + label(r)
                        + " (runs or shards joined into one file?): which one to judge is not for the gate to guess");
            }
        }
        return out;
    }

    private static boolean finiteTime(Result r) {
        return r.score() > 0 && Double.isFinite(r.score()) && r.samples().stream().allMatch(x -> x > 0 && Double.isFinite(x));
    }

    /**
     * Units the ratio can trust: the same on both sides, or both known time units that fit their
     * mode ({@code …/op} for a time, {@code ops/…} for a throughput).
     */
    private static void checkUnits(Result a, Result b) {
        if (a.unit().equals(b.unit()) && fitsMode(a) == fitsMode(b)) {
            if (!fitsMode(a) && !Double.isNaN(a.secondsPerTimeUnit())) {
                throw new IllegalArgumentException("cannot judge " + label(a) + ": unit " + a.unit() + " does not fit mode " + a.mode());
            }
            return;
        }
        for (Result r : List.of(a, b)) {
            if (!fitsMode(r) || Double.isNaN(r.secondsPerTimeUnit())) {
                throw new IllegalArgumentException("cannot judge " + label(a) + ": its units differ (" + a.unit() + " in OLD, " + b.unit()
                        + " in NEW) and " + r.unit() + " is not a time unit that fits mode " + r.mode());
            }
        }
    }

    private static boolean fitsMode(Result r) {
        String u = r.unit().trim();
        return r.lowerIsBetter() ? u.endsWith("/op") : u.startsWith("ops/");
    }

    /** The verdict of one interval at threshold {@code failOn}. */
    static Verdict verdict(Estimate ratio, double failOn) {
        if (!ratio.finite()) {
            return Verdict.NOT_SETTLED;
        }
        double up = 1 + failOn;
        if (ratio.low() > 1 && ratio.value() > up) {
            return Verdict.SLOWER;
        }
        if (ratio.high() < 1 && ratio.value() < 1 / up) {
            return Verdict.FASTER;
        }
        if (ratio.low() >= 1 / up && ratio.high() <= up) {
            return Verdict.NO_CHANGE;
        }
        return Verdict.NOT_SETTLED;
    }

    /**
     * Rows in one run only. A method both runs have, with the same param names, at a value one
     * run lacks: that row is in one run only (JMH leaves out a benchmark that failed at one size
     * and keeps the others, so a row of OLD missing this way fails the gate as a missing method
     * does). A method whose param names differ between the runs (one added, removed or renamed)
     * is "params changed": its rows cannot be paired.
     */
    private void listUnmatched(Map<String, Result> inOld, Map<String, Result> inNew) {
        Map<String, Set<Set<String>>> oldShapes = shapes(inOld);
        Map<String, Set<Set<String>>> newShapes = shapes(inNew);
        Set<String> changed = new TreeSet<>();
        for (Result r : inOld.values()) {
            if (!inNew.containsKey(BenchmarkKey.of(r))) {
                Set<Set<String>> other = newShapes.get(method(r));
                if (other == null || other.contains(r.params().keySet())) {
                    onlyOld.add(label(r));
                } else {
                    changed.add(r.simpleClassName() + "." + r.method() + " " + r.mode());
                }
            }
        }
        for (Result r : inNew.values()) {
            if (!inOld.containsKey(BenchmarkKey.of(r))) {
                Set<Set<String>> other = oldShapes.get(method(r));
                if (other == null || other.contains(r.params().keySet())) {
                    onlyNew.add(label(r));
                } else {
                    changed.add(r.simpleClassName() + "." + r.method() + " " + r.mode());
                }
            }
        }
        paramsChanged.addAll(changed);
    }

    private static String method(Result r) {
        return r.className() + "." + r.method() + " " + r.mode();
    }

    /** For each method (and mode), the sets of param names its rows have. */
    private static Map<String, Set<Set<String>>> shapes(Map<String, Result> rows) {
        Map<String, Set<Set<String>>> out = new java.util.HashMap<>();
        for (Result r : rows.values()) {
            out.computeIfAbsent(method(r), k -> new java.util.HashSet<>()).add(Set.copyOf(r.params().keySet()));
        }
        return out;
    }

    /** How far a ratio is from no change, either way: |log ratio|; 0 where it has no finite value. */
    private static double change(Estimate ratio) {
        double v = ratio.value();
        return v > 0 && Double.isFinite(v) ? Math.abs(Math.log(v)) : 0;
    }

    /**
     * @return 1 when a benchmark is settled slower by more than the threshold, or one of OLD's is
     *     missing from NEW (JMH leaves a benchmark that failed out of its file) unless
     *     {@link #allowMissing} was called; else 0
     */
    public int exitStatus() {
        return count(Verdict.SLOWER) > 0 || !allowMissing && !onlyOld.isEmpty() ? 1 : 0;
    }

    /** Benchmarks of OLD that NEW lacks do not fail the gate (they were removed on purpose). */
    public RegressionGate allowMissing() {
        allowMissing = true;
        return this;
    }

    /** @return whether benchmarks missing from NEW are accepted */
    public boolean missingAllowed() {
        return allowMissing;
    }

    /** @return how many rows have {@code v} */
    public int count(Verdict v) {
        return (int) rows.stream().filter(r -> r.verdict() == v).count();
    }

    /** @return the rows, slower first, then faster, not settled, no change; largest change first within each */
    public List<Row> rows() {
        return List.copyOf(rows);
    }

    /** @return the threshold (0.10 for 10%) */
    public double failOn() {
        return failOn;
    }

    /** @return the calibrated fork noise, or NaN where none was given */
    public double forkNoise() {
        return forkNoise;
    }

    /** @return the fork noise fastio's own results get where no calibration is given (0.12 but under {@code -Dfastio.report.forkNoise}) */
    public double suiteNoise() {
        return suiteNoise;
    }

    /** @return benchmarks of the baseline that the change did not run */
    public List<String> onlyOld() {
        return List.copyOf(onlyOld);
    }

    /** @return benchmarks of the change that the baseline did not run */
    public List<String> onlyNew() {
        return List.copyOf(onlyNew);
    }

    /** @return methods both runs have, whose parameter combinations differ (the differing rows are not matched) */
    public List<String> paramsChanged() {
        return List.copyOf(paramsChanged);
    }

    /** @return what differs between the runs' environments */
    public List<String> differences() {
        return differences;
    }

    /**
     * How far the whole run moved: NEW's time over OLD's for the median benchmark, less 1 (0.11:
     * the median benchmark 11% slower). A change of code moves some benchmarks; a change of machine
     * (load, another runner, a JDK flag) moves them all, and looks like many regressions.
     * {@link NoiseCalibration} refuses two runs whose median differs by more than 10% as not the
     * same code on one machine; the gate cannot refuse (the code did change), so it says so.
     *
     * @return the median ratio less 1, or NaN with fewer than 5 rows
     */
    public double medianShift() {
        if (rows.size() < 5) {
            return Double.NaN;
        }
        double[] logs = rows.stream().mapToDouble(r -> Math.log(r.ratio().value())).sorted().toArray();
        int n = logs.length;
        double median = n % 2 == 1 ? logs[n / 2] : (logs[n / 2 - 1] + logs[n / 2]) / 2;
        return Math.exp(median) - 1;
    }

    /** A whole-run shift the summary points out: the median benchmark moved by this much or more. */
    public static final double RUN_SHIFT = 0.05;

    /** @return rows judged, without a calibration, on a file with one fork: their intervals know no fork-to-fork noise */
    public int uncalibratedOneFork() {
        return uncalibratedOneFork;
    }
}
