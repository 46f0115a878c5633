package dev.fastio.report.stats;

import dev.fastio.report.jmh.Result;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether a fork was still warming up when JMH began to measure it: its measured iterations
 * still falling, or its first one carrying a one-time cost. Such a fork's mean says how fast the
 * code was while the JIT was still compiling it (or while the native layer bound), not how fast
 * it is: the intervals count fork and iteration noise, not that bias, so a verdict could rest on
 * it and be wrong (issue 58: a quick run's small copies, 2 × 200 ms of warm-up, measured 3.5×
 * {@code Files.copy}; 2 forks of 5 × 1 s warm, 1.05×). The estimates leave such forks out
 * ({@link #warmPart}); a result with no warm fork is not decided from, and the planner runs it
 * again with a longer warm-up.
 *
 * <p>The rule, per fork of fastio's own runs with at least {@value #MIN_ITERATIONS} measured
 * iterations of its time per operation: the first is more than {@value #FIRST_FACTOR}× the median
 * of the others, and further from it than four times the others' own range (a cost paid once,
 * not noise); or every iteration is faster than the one before and the last is more than
 * {@value #TREND_FACTOR}× faster than the first (a trend). Both are rare in noise: falling four
 * times in a row is 1 in 24 by chance alone, five 1 in 120, and the factor keeps out the noise of
 * a quiet machine (a fork's iterations vary by a few percent). They are the same whichever side of
 * a claim fastio is on. Another project's file is read as it is: its warm-up was its own choice,
 * and the gate compares it with itself.
 */
public final class Warmup {
    static final int MIN_ITERATIONS = 4;
    static final double FIRST_FACTOR = 1.5;
    static final double TREND_FACTOR = 1.2;

    private Warmup() {}

    /** Per fork of {@code r}, in order: why it was still warming, or null where it was warm (or cannot be told). */
    public static List<String> forks(Result r) {
        int forks = r.forks();
        List<Double> s = r.samples();
        List<String> out = new ArrayList<>();
        if (!r.fastio() || r.mode().equals("ss") || s.isEmpty() || s.size() % forks != 0 || s.size() / forks < MIN_ITERATIONS) {
            for (int k = 0; k < forks; k++) {
                out.add(null);
            }
            return out;
        }
        int per = s.size() / forks;
        for (int k = 0; k < forks; k++) {
            double[] t = new double[per];
            for (int i = 0; i < per; i++) {
                double x = s.get(k * per + i);
                t[i] = r.lowerIsBetter() ? x : 1 / x; // time per operation either way
            }
            out.add(why(t));
        }
        return out;
    }

    /** Why a fork with these times per operation (in order) was still warming; null where it was not. */
    static String why(double[] t) {
        for (double x : t) {
            if (!(x > 0) || Double.isInfinite(x)) {
                return null; // not a time this rule can read
            }
        }
        double[] rest = Arrays.copyOfRange(t, 1, t.length);
        Arrays.sort(rest);
        double median = rest.length % 2 == 1 ? rest[rest.length / 2] : (rest[rest.length / 2 - 1] + rest[rest.length / 2]) / 2;
        double range = rest[rest.length - 1] - rest[0];
        if (t[0] > FIRST_FACTOR * median && t[0] - median > 4 * range) {
            return String.format(Locale.ROOT, "its first measured iteration took %.1f× the others' median", t[0] / median);
        }
        boolean falling = true;
        for (int i = 1; i < t.length; i++) {
            falling &= t[i] < t[i - 1];
        }
        if (falling && t[0] > TREND_FACTOR * t[t.length - 1]) {
            return String.format(Locale.ROOT, "its %d measured iterations fell one after another, %.1f× from first to last",
                    t.length, t[0] / t[t.length - 1]);
        }
        return null;
    }

    /** How many of {@code r}'s forks were still warming. */
    public static int warmingForks(Result r) {
        return (int) forks(r).stream().filter(w -> w != null).count();
    }

    /**
     * {@code r} with only its warm forks: itself where all were warm, null where none was. The
     * score is the warm iterations' mean, as JMH's is of all of them.
     */
    public static Result warmPart(Result r) {
        List<String> why = forks(r);
        int warming = (int) why.stream().filter(w -> w != null).count();
        if (warming == 0) {
            return r;
        }
        if (warming == why.size()) {
            return null;
        }
        int per = r.samples().size() / r.forks();
        List<Double> kept = new ArrayList<>();
        for (int k = 0; k < why.size(); k++) {
            if (why.get(k) == null) {
                kept.addAll(r.samples().subList(k * per, (k + 1) * per));
            }
        }
        double mean = kept.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        return new Result(r.className(), r.method(), r.mode(), r.threads(), r.params(), mean, Double.NaN, r.unit(), r.secondary(),
                r.jdkVersion(), r.vmName(), r.vmVersion(), kept, why.size() - warming, r.percentiles(), r.histogramCount());
    }

    /**
     * "2 of 3 forks of fastioCopy [text-5120] were still warming (its first measured iteration took
     * 2.1× the others' median): left out" for the results {@code read} that had such forks, or null.
     */
    public static String describe(java.util.Collection<Result> read) {
        List<String> parts = new ArrayList<>();
        for (Result r : read) {
            List<String> why = forks(r);
            long n = why.stream().filter(w -> w != null).count();
            if (n == 0) {
                continue;
            }
            String first = why.stream().filter(w -> w != null).findFirst().orElse("");
            parts.add(n + " of " + why.size() + (why.size() == 1 ? " fork" : " forks") + " of " + r.method()
                    + (r.params().isEmpty() ? "" : " " + r.params().values()) + " still warming (" + first + "): "
                    + (n == why.size() ? "not decided from it; a longer warm-up would decide" : "left out"));
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }
}
