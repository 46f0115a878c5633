package dev.fastio.report.stats;

import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import java.util.List;
import java.util.Locale;

/**
 * A measured quantity with its confidence interval: a time, or a ratio of two times. Every claim
 * is decided from these, the same way whichever side fastio is on ({@link #judgeAtMost}).
 *
 * <p><b>How.</b> JMH's JSON keeps every measured iteration ({@code primaryMetric.rawData}). A
 * time's interval is Student's t on the log of the mean: the standard error of
 * {@code log(mean)} is {@code sd / (mean·√n)} (the delta method), so the interval is
 * {@code mean · exp(±t·se)} and never reaches below zero. A ratio of two times is
 * {@code exp(log meanA − log meanB)}, its standard error the two log errors added in quadrature,
 * its degrees of freedom Welch–Satterthwaite's. Results without raw data (older JMH files, or
 * hand-made ones) use JMH's own 99.9% half-width as a normal interval with 30 degrees of freedom;
 * a result with one sample and no error is unbounded (never settles anything).
 *
 * <p><b>Forks.</b> Each benchmark runs in JVMs of its own, so two methods are never measured in
 * one fork, and iterations within a fork vary less than forks do: on the 2-core VM of
 * docs/PERFORMANCE.md, 8 forks of 7 benchmarks had fork means spread by 5–20% (median 12%) beyond
 * what their iterations explain ("Fork-to-fork noise: 12%"). One fork cannot show that spread, so every log mean of fastio's
 * own benchmarks gets {@link EstimateContext#forkNoise()}² / forks added to its variance (a known variance: it adds no uncertainty
 * to the degrees of freedom, which Satterthwaite's formula then gives). The false-verdict rates
 * of this method on synthetic data are in docs/VERDICTS.md and checked by
 * {@code EstimateTest}. That spread was measured for fastio's suite on this machine: another
 * project's file gets the spread of its own forks' means where it has several forks, and its
 * iterations' alone where it has one ({@link #basis} says which, for the page).
 *
 * <p><b>Context.</b> Nothing here is read from a thread or the system properties: the looks of the
 * run (which widen every interval), the fork noise and what records a claim's check are given to
 * each factory in an {@link EstimateContext}, and an estimate keeps its context, so that what is
 * made from it ({@link #times}, {@link #inverse}) and its judgements ({@link #judgeAtMost}) are
 * recorded where it was made. The t and beta maths are {@link StudentT}'s.
 *
 * @param value the point estimate (mean time, or ratio of mean times)
 * @param low   the lower end of the {@link #CONFIDENCE} interval
 * @param high  the upper end
 * @param n     the samples behind it (for a ratio, the smaller side's)
 * @param context what it was made with: its derivations and judgements go to its recorder
 */
public record Estimate(double value, double low, double high, int n, EstimateContext context) {
    /** An interval made in no report's context ({@link EstimateContext#DEFAULT}): a figure given, not measured here. */
    public Estimate(double value, double low, double high, int n) {
        this(value, low, high, n, EstimateContext.DEFAULT);
    }

    public Estimate {
        java.util.Objects.requireNonNull(context, "context");
    }

    /** Equal where the numbers are: the context says how an interval was made, not what it is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Estimate e && Double.compare(value, e.value) == 0 && Double.compare(low, e.low) == 0
                && Double.compare(high, e.high) == 0 && n == e.n;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(value, low, high, n);
    }

    @Override
    public String toString() {
        return "Estimate[value=" + value + ", low=" + low + ", high=" + high + ", n=" + n + "]";
    }

    /** What one comparison settles. */
    public enum Outcome { HOLDS, DOES_NOT_HOLD, NOT_SETTLED }

    /** Mean time per operation of {@code r}, in its unit of time (throughput scores are inverted to time). */
    public static Estimate time(EstimateContext c, Result r) {
        c.recorder().read(r);
        return made(timeOf(c, r), r);
    }

    private static Estimate timeOf(EstimateContext c, Result r) {
        LogMean m = LogMean.of(r, Double.NaN, c.forkNoise());
        double v = m.timeValue();
        if (!m.finite() || !Double.isFinite(v)) {
            return notFinite(c, m.n);
        }
        if (!m.valid()) {
            return unbounded(c, v, m.n);
        }
        double t = StudentT.confidenceQuantile(c.confidence(), satterthwaite(m.var, m));
        double se = Math.sqrt(m.var);
        return new Estimate(v, v * Math.exp(-t * se), v * Math.exp(t * se), m.n, c);
    }

    /** Mean time per operation of {@code r} in milliseconds, for average-time results in any unit of time. */
    public static Estimate millis(EstimateContext c, Result r) {
        Estimate t = time(c, r);
        return t.derived(t.times(Result.millis(r) / r.score()));
    }

    /**
     * The interval of {@code r}'s score in its own unit: a time for time modes, a rate for
     * throughput (the interval of the time per operation, inverted). What a table or a chart
     * shows beside the score.
     */
    public static Estimate score(EstimateContext c, Result r) {
        Estimate t = time(c, r);
        return r.lowerIsBetter() ? t : t.inverse();
    }

    /** Several forks with the same number of iterations each: the forks' means can be told apart. */
    static boolean hasForkMeans(Result r) {
        return r.forks() >= 2 && r.samples().size() >= r.forks() && r.samples().size() % r.forks() == 0;
    }

    /**
     * What the interval of {@code r} assumes, for the page: fastio's runs add the fork-to-fork
     * spread measured here; another project's file with several forks uses its forks' spread;
     * with one fork, only the iterations' spread is known.
     */
    public static String basis(EstimateContext c, Result r) {
        if (r.fastio()) {
            return "iterations and the fork-to-fork spread measured for fastio's suite (" + Math.round(c.forkNoise() * 100) + "%)";
        }
        if (hasForkMeans(r)) {
            return "the spread of its " + r.forks() + " forks' means";
        }
        if (r.samples().size() >= 2) {
            return "one fork: its iterations' spread only (a second fork can differ by more; JMH's error beside it assumes the same)";
        }
        return "JMH's own error";
    }

    /** Time of {@code a} over time of {@code b}: below 1, {@code a} is faster. */
    public static Estimate ratio(EstimateContext c, Result a, Result b) {
        c.recorder().read(a);
        c.recorder().read(b);
        return made(ratioOf(c, LogMean.of(a, Double.NaN, c.forkNoise()), LogMean.of(b, Double.NaN, c.forkNoise()), a, b), a, b);
    }

    /**
     * Time of {@code a} over time of {@code b}, with a fork-to-fork noise measured for the
     * machine that ran them ({@link NoiseCalibration}) added to every result as a known variance
     * ({@code forkNoise}² / forks), whatever project wrote the files: the gate's ratio where a
     * calibration is given.
     *
     * @param forkNoise the relative spread of one fork's mean beyond its iterations' (0.05: 5%)
     */
    public static Estimate ratio(EstimateContext c, Result a, Result b, double forkNoise) {
        c.recorder().read(a);
        c.recorder().read(b);
        return made(ratioOf(c, LogMean.of(a, forkNoise, c.forkNoise()), LogMean.of(b, forkNoise, c.forkNoise()), a, b), a, b);
    }

    /** {@code e} is an interval of {@code from}: told to its context's recorder. */
    private static Estimate made(Estimate e, Result... from) {
        e.context.recorder().made(e, List.of(from));
        return e;
    }

    /** {@code e} was made from this one (a change of unit, an inverse): told to the recorder. */
    private Estimate derived(Estimate e) {
        context.recorder().derived(this, e);
        return e;
    }

    /**
     * {@code log(time of a / time of b)} and the part of its variance the iterations explain (no
     * fork noise): what {@link NoiseCalibration} measures the forks' part against.
     *
     * @return {log ratio, its variance from the iterations}, or null where either side has no finite, valid time
     */
    static double[] logRatioParts(Result a, Result b) {
        LogMean ma = LogMean.of(a, 0, 0);
        LogMean mb = LogMean.of(b, 0, 0);
        double d = ma.logTime() - mb.logTime() + Math.log(a.timeFactorTo(b));
        if (!ma.finite() || !mb.finite() || !ma.valid() || !mb.valid() || !Double.isFinite(d)) {
            return null;
        }
        return new double[] {d, ma.sampled() + mb.sampled()};
    }

    private static Estimate ratioOf(EstimateContext c, LogMean ma, LogMean mb, Result a, Result b) {
        // in one unit of time first: ops/ms against ops/s, or us/op against ns/op (Result#timeFactorTo)
        double value = ma.timeValue() * a.timeFactorTo(b) / mb.timeValue();
        if (!ma.finite() || !mb.finite() || !Double.isFinite(value)) {
            return notFinite(c, Math.min(ma.n, mb.n)); // an infinite or NaN score, or a time of 0 on either side
        }
        if (!ma.valid() || !mb.valid()) {
            return unbounded(c, value, Math.min(ma.n, mb.n));
        }
        double se = Math.sqrt(ma.var + mb.var);
        double t = StudentT.confidenceQuantile(c.confidence(), satterthwaite(ma.var + mb.var, ma, mb));
        return new Estimate(value, value * Math.exp(-t * se), value * Math.exp(t * se), Math.min(ma.n, mb.n), c);
    }

    /**
     * Degrees of freedom of a variance {@code total} made of the parts' sampled variances (each
     * with its own degrees of freedom) plus known ones (the fork noise: infinite degrees).
     */
    private static double satterthwaite(double total, LogMean... parts) {
        double d = 0;
        for (LogMean m : parts) {
            d += m.sampled * m.sampled / m.df;
        }
        return d == 0 ? 1e9 : total * total / d;
    }

    private static Estimate unbounded(EstimateContext c, double value, int n) {
        return new Estimate(value, 0, Double.POSITIVE_INFINITY, n, c);
    }

    /**
     * A quantity with no finite value: a score or a sample that is infinite or NaN, a time of 0
     * (its logarithm is not finite), or a ratio with such a side. Its value and both ends are NaN,
     * so it settles no claim ({@link #judgeAtMost} and the others say not settled), and the page
     * shows it as "not finite".
     */
    static Estimate notFinite(EstimateContext c, int n) {
        return new Estimate(Double.NaN, Double.NaN, Double.NaN, n, c);
    }

    /** False for a quantity with no finite value ({@link #notFinite}). */
    public boolean finite() {
        return Double.isFinite(value);
    }

    /** The same interval multiplied by {@code f} (a change of unit, or per-element times of two sizes). */
    public Estimate times(double f) {
        if (!Double.isFinite(value * f)) {
            return derived(notFinite(context, n));
        }
        return derived(f >= 0 ? new Estimate(value * f, low * f, high * f, n, context) : new Estimate(value * f, high * f, low * f, n, context));
    }

    /** The reciprocal: a time ratio turned into a speed-up, a time into a rate. */
    public Estimate inverse() {
        if (!Double.isFinite(1 / value)) {
            return derived(notFinite(context, n));
        }
        return derived(
                new Estimate(1 / value, high == 0 ? Double.POSITIVE_INFINITY : 1 / high, low == 0 ? Double.POSITIVE_INFINITY : 1 / low, n, context));
    }

    /** Claim "the quantity is at most {@code limit}": settled only when the whole interval is on one side. */
    public Outcome judgeAtMost(double limit) {
        return judged(limit, limit, value <= limit, high <= limit ? Outcome.HOLDS : low > limit ? Outcome.DOES_NOT_HOLD : Outcome.NOT_SETTLED);
    }

    /** Claim "the quantity is at least {@code limit}". */
    public Outcome judgeAtLeast(double limit) {
        return judged(limit, limit, value >= limit, low >= limit ? Outcome.HOLDS : high < limit ? Outcome.DOES_NOT_HOLD : Outcome.NOT_SETTLED);
    }

    /** Claim "the quantity lies in [lo, hi]". */
    public Outcome judgeWithin(double lo, double hi) {
        return judged(lo, hi, value >= lo && value <= hi,
                low >= lo && high <= hi ? Outcome.HOLDS : high < lo || low > hi ? Outcome.DOES_NOT_HOLD : Outcome.NOT_SETTLED);
    }

    /** A judgement against [lo, hi], told to the recorder of the context this estimate was made in. */
    private Outcome judged(double lo, double hi, boolean towardHolds, Outcome o) {
        context.recorder().judged(this, lo, hi, towardHolds, o);
        return o;
    }

    /** What the page and the claims' figures say of a quantity with no finite value. */
    public static final String NOT_FINITE = Format.NOT_FINITE;

    /** "0.62× [0.55–0.70]": the value and its interval, with {@code suffix} after each number. */
    public String format(String pattern, String suffix) {
        if (!finite()) {
            return NOT_FINITE;
        }
        String hi = Double.isInfinite(high) ? "∞" : String.format(Locale.ROOT, pattern, high);
        return String.format(Locale.ROOT, pattern, value) + suffix + " [" + String.format(Locale.ROOT, pattern, low) + "–" + hi + "]";
    }

    /** A ratio as "0.62× [0.55–0.70]"; ratios below 0.01 keep two significant digits ("0.00083×"). */
    public String ratioText() {
        if (!finite()) {
            return NOT_FINITE;
        }
        if (value > 0 && value < 0.01) {
            return significant(value) + "× [" + significant(low) + "–" + (Double.isInfinite(high) ? "∞" : significant(high)) + "]";
        }
        return format(value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f", "×");
    }

    private static String significant(double v) {
        return v <= 0 ? "0" : new java.math.BigDecimal(v).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }

    /**
     * log of the mean time of one result; {@code var}, its variance (sampled part plus fork
     * noise); {@code sampled}, the part estimated from the samples, with {@code df} degrees of freedom.
     */
    private record LogMean(double logTime, double var, double sampled, double df, int n, boolean valid) {
        double timeValue() {
            return Math.exp(logTime);
        }

        /** False where the mean time has no finite logarithm: an infinite or NaN score or sample, or a time of 0 or less. */
        boolean finite() {
            return Double.isFinite(logTime);
        }

        static LogMean of(double logTime, double se, double df, int n, double forkVar, boolean valid) {
            double sampled = se * se;
            return new LogMean(logTime, sampled + forkVar, sampled, df, n, valid);
        }

        /**
         * With {@code calibrated} (not NaN): that fork noise for every file, the iterations for the
         * rest; else {@code fastioNoise} for fastio's own results.
         */
        static LogMean of(Result r, double calibrated, double fastioNoise) {
            if (!(r.score() > 0) || Double.isInfinite(r.score())) {
                // whatever the samples say: a time of 0, an infinite one, or none (NaN) has no finite logarithm
                return new LogMean(Double.NaN, Double.NaN, Double.NaN, 1, Math.max(1, r.samples().size()), false);
            }
            // throughput: time is 1/score, so log time = -log score and the error is the same
            double sign = r.lowerIsBetter() ? 1 : -1;
            // forks still warming up when measured say how fast the JIT was, not the code: left out (Warmup)
            Result warm = Warmup.warmPart(r);
            if (warm == null) {
                return new LogMean(sign * Math.log(r.score()), Double.NaN, Double.NaN, 1, Math.max(1, r.samples().size()), false);
            }
            r = warm;
            List<Double> s = r.samples();
            // fastio's own runs: the fork-to-fork spread measured on this machine (class comment); other
            // files: their own forks' spread where they have several (below), none where they have one
            boolean known = !Double.isNaN(calibrated);
            double f = known ? calibrated : r.fastio() ? fastioNoise : 0;
            double forkVar = f * f / r.forks();
            if (!known && !r.fastio() && hasForkMeans(r)) {
                return betweenForks(r, s, sign);
            }
            if (s.size() >= 2) {
                double mean = 0;
                for (double x : s) {
                    mean += x;
                }
                mean /= s.size();
                // relative to the mean as it goes: squares of scores near 1e200 would overflow
                double ss = 0;
                for (double x : s) {
                    double d = (x - mean) / mean;
                    ss += d * d;
                }
                double relativeSd = Math.sqrt(ss / (s.size() - 1));
                boolean ok = mean > 0;
                return LogMean.of(sign * Math.log(mean), relativeSd / Math.sqrt(s.size()),
                        s.size() - 1, s.size(), forkVar, ok);
            }
            double score = r.score();
            boolean ok = score > 0 && !Double.isNaN(r.error()) && s.size() != 1;
            // JMH's error is a 99.9% half-width: z = 3.2905
            double se = ok ? r.error() / 3.2905 / score : Double.NaN;
            return LogMean.of(sign * Math.log(score), se, 30, Math.max(1, s.size()), forkVar, ok);
        }

        /**
         * A file of another project with several forks: the forks' own spread. Each fork's mean is
         * one observation of the benchmark (a fork's iterations vary less than forks do), so the
         * grand mean's standard error is the fork means' standard deviation over √forks, with
         * forks − 1 degrees of freedom: wide with 2 forks, as it should be.
         */
        static LogMean betweenForks(Result r, List<Double> s, double sign) {
            int forks = r.forks();
            int per = s.size() / forks;
            double[] means = new double[forks];
            double grand = 0;
            for (int k = 0; k < forks; k++) {
                double m = 0;
                for (int i = 0; i < per; i++) {
                    m += s.get(k * per + i);
                }
                means[k] = m / per;
                grand += means[k];
            }
            grand /= forks;
            double ss = 0;
            for (double m : means) {
                double d = (m - grand) / grand;
                ss += d * d;
            }
            double relativeSd = Math.sqrt(ss / (forks - 1));
            boolean ok = grand > 0 && relativeSd > 0;
            return LogMean.of(sign * Math.log(grand), relativeSd / Math.sqrt(forks),
                    forks - 1, s.size(), 0, ok);
        }
    }
}
