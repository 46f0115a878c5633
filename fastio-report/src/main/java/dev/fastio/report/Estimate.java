package dev.fastio.report;

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
 * own benchmarks gets {@link #forkNoise()}² / forks added to its variance (a known variance: it adds no uncertainty
 * to the degrees of freedom, which Satterthwaite's formula then gives). The false-verdict rates
 * of this method on synthetic data are in docs/VERDICTS.md and checked by
 * {@code EstimateTest}. That spread was measured for fastio's suite on this machine: another
 * project's file gets the spread of its own forks' means where it has several forks, and its
 * iterations' alone where it has one ({@link #basis} says which, for the page).
 *
 * @param value the point estimate (mean time, or ratio of mean times)
 * @param low   the lower end of the {@link #CONFIDENCE} interval
 * @param high  the upper end
 * @param n     the samples behind it (for a ratio, the smaller side's)
 */
public record Estimate(double value, double low, double high, int n) {
    /** Two-sided confidence of every interval: a verdict is wrong by chance about 1 time in 200 per side. */
    public static final double CONFIDENCE = 0.99;

    /**
     * The relative spread of one fork's mean beyond its iterations' (0.12: measured, see the class
     * comment and docs/PERFORMANCE.md, "Fork-to-fork noise: 12%"); {@code -Dfastio.report.forkNoise=}
     * sets another for a quieter or noisier machine.
     */
    public static double forkNoise() {
        String v = System.getProperty("fastio.report.forkNoise");
        return v == null ? DEFAULT_FORK_NOISE : Double.parseDouble(v);
    }

    static final double DEFAULT_FORK_NOISE = 0.12;

    /**
     * The normal quantile every look of a run judged at K looks must pass (K = 1…10): each look
     * gets 1/K of the 0.5% a side one 99% interval allows (Bonferroni), so deciding at the first
     * look that passes is wrong no more often than one look, however the forks are spread over
     * the looks. Pocock's boundary (2.774, 2.874, 2.935 for 2–4 looks) is a little narrower but
     * holds only for equally spaced looks; the planner gives a round as many forks as a claim
     * needs, and with 4 samples a fork at 30% noise Pocock's let 0.88% of claims on their line
     * hold wrongly in EstimateTest's simulation (docs/VERDICTS.md).
     */
    private static final double[] BOUNDARY_1PCT = {2.5758, 2.8070, 2.9352, 3.0233, 3.0902, 3.1440, 3.1888, 3.2272, 3.2608, 3.2905};

    private static final ThreadLocal<Integer> LOOKS = ThreadLocal.withInitial(() -> 1);

    /**
     * The confidence of every interval: {@link #CONFIDENCE} for results judged once; higher for a
     * run that judged its claims at several looks and gave more forks to the open ones (fastio
     * bench's planner), so that stopping at the look that decides costs no extra wrong verdicts.
     */
    public static double confidence() {
        int k = LOOKS.get();
        if (k <= 1) {
            return CONFIDENCE;
        }
        double z = BOUNDARY_1PCT[Math.min(k, BOUNDARY_1PCT.length) - 1];
        return 1 - 2 * normalTail(z);
    }

    /** "99%", "99.75%": {@link #confidence()} as the page and the claims' figures write it (four digits). */
    public static String confidenceText() {
        return new java.math.BigDecimal(confidence() * 100).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }

    /** Runs {@code body} with intervals for a run whose claims were judged at {@code looks} looks (1: once). */
    public static <T> T withLooks(int looks, java.util.function.Supplier<T> body) {
        if (looks < 1) {
            throw new IllegalArgumentException("looks must be 1 or more: " + looks);
        }
        Integer outer = LOOKS.get();
        LOOKS.set(looks);
        try {
            return body.get();
        } finally {
            LOOKS.set(outer);
        }
    }

    /** The most looks {@link #withLooks} has a boundary for. */
    public static final int MAX_LOOKS = BOUNDARY_1PCT.length;

    /** P(Z > z) of the standard normal (Abramowitz–Stegun 7.1.26 on erfc; error below 1.5e-7). */
    static double normalTail(double z) {
        double x = z / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
                * Math.exp(-x * x);
        return erfc / 2;
    }

    /** What one comparison settles. */
    public enum Outcome { HOLDS, DOES_NOT_HOLD, NOT_SETTLED }

    /** Mean time per operation of {@code r}, in its unit of time (throughput scores are inverted to time). */
    public static Estimate time(Result r) {
        ClaimTrace.read(r);
        return ClaimTrace.of(timeOf(r), r);
    }

    private static Estimate timeOf(Result r) {
        LogMean m = LogMean.of(r);
        double v = m.timeValue();
        if (!m.finite() || !Double.isFinite(v)) {
            return notFinite(m.n);
        }
        if (!m.valid()) {
            return unbounded(v, m.n);
        }
        double t = confidenceQuantile(satterthwaite(m.var, m));
        double se = Math.sqrt(m.var);
        return new Estimate(v, v * Math.exp(-t * se), v * Math.exp(t * se), m.n);
    }

    /** Mean time per operation of {@code r} in milliseconds, for average-time results in any unit of time. */
    public static Estimate millis(Result r) {
        Estimate t = time(r);
        return ClaimTrace.derived(t, t.times(Result.millis(r) / r.score()));
    }

    /**
     * The interval of {@code r}'s score in its own unit: a time for time modes, a rate for
     * throughput (the interval of the time per operation, inverted). What a table or a chart
     * shows beside the score.
     */
    public static Estimate score(Result r) {
        Estimate t = time(r);
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
    public static String basis(Result r) {
        if (r.fastio()) {
            return "iterations and the fork-to-fork spread measured for fastio's suite (" + Math.round(forkNoise() * 100) + "%)";
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
    public static Estimate ratio(Result a, Result b) {
        ClaimTrace.read(a);
        ClaimTrace.read(b);
        return ClaimTrace.of(ratioOf(a, b), a, b);
    }

    /**
     * Time of {@code a} over time of {@code b}, with a fork-to-fork noise measured for the
     * machine that ran them ({@link NoiseCalibration}) added to every result as a known variance
     * ({@code forkNoise}² / forks), whatever project wrote the files: the gate's ratio where a
     * calibration is given.
     *
     * @param forkNoise the relative spread of one fork's mean beyond its iterations' (0.05: 5%)
     */
    public static Estimate ratio(Result a, Result b, double forkNoise) {
        ClaimTrace.read(a);
        ClaimTrace.read(b);
        return ClaimTrace.of(ratioOf(LogMean.of(a, forkNoise), LogMean.of(b, forkNoise), a, b), a, b);
    }

    private static Estimate ratioOf(Result a, Result b) {
        return ratioOf(LogMean.of(a), LogMean.of(b), a, b);
    }

    /**
     * {@code log(time of a / time of b)} and the part of its variance the iterations explain (no
     * fork noise): what {@link NoiseCalibration} measures the forks' part against.
     *
     * @return {log ratio, its variance from the iterations}, or null where either side has no finite, valid time
     */
    static double[] logRatioParts(Result a, Result b) {
        LogMean ma = LogMean.of(a, 0);
        LogMean mb = LogMean.of(b, 0);
        double d = ma.logTime() - mb.logTime() + Math.log(a.timeFactorTo(b));
        if (!ma.finite() || !mb.finite() || !ma.valid() || !mb.valid() || !Double.isFinite(d)) {
            return null;
        }
        return new double[] {d, ma.sampled() + mb.sampled()};
    }

    private static Estimate ratioOf(LogMean ma, LogMean mb, Result a, Result b) {
        // in one unit of time first: ops/ms against ops/s, or us/op against ns/op (Result#timeFactorTo)
        double value = ma.timeValue() * a.timeFactorTo(b) / mb.timeValue();
        if (!ma.finite() || !mb.finite() || !Double.isFinite(value)) {
            return notFinite(Math.min(ma.n, mb.n)); // an infinite or NaN score, or a time of 0 on either side
        }
        if (!ma.valid() || !mb.valid()) {
            return unbounded(value, Math.min(ma.n, mb.n));
        }
        double se = Math.sqrt(ma.var + mb.var);
        double t = confidenceQuantile(satterthwaite(ma.var + mb.var, ma, mb));
        return new Estimate(value, value * Math.exp(-t * se), value * Math.exp(t * se), Math.min(ma.n, mb.n));
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

    private static Estimate unbounded(double value, int n) {
        return new Estimate(value, 0, Double.POSITIVE_INFINITY, n);
    }

    /**
     * A quantity with no finite value: a score or a sample that is infinite or NaN, a time of 0
     * (its logarithm is not finite), or a ratio with such a side. Its value and both ends are NaN,
     * so it settles no claim ({@link #judgeAtMost} and the others say not settled), and the page
     * shows it as "not finite".
     */
    static Estimate notFinite(int n) {
        return new Estimate(Double.NaN, Double.NaN, Double.NaN, n);
    }

    /** False for a quantity with no finite value ({@link #notFinite}). */
    public boolean finite() {
        return Double.isFinite(value);
    }

    /** The same interval multiplied by {@code f} (a change of unit, or per-element times of two sizes). */
    public Estimate times(double f) {
        if (!Double.isFinite(value * f)) {
            return ClaimTrace.derived(this, notFinite(n));
        }
        return ClaimTrace.derived(this, f >= 0 ? new Estimate(value * f, low * f, high * f, n) : new Estimate(value * f, high * f, low * f, n));
    }

    /** The reciprocal: a time ratio turned into a speed-up, a time into a rate. */
    public Estimate inverse() {
        if (!Double.isFinite(1 / value)) {
            return ClaimTrace.derived(this, notFinite(n));
        }
        return ClaimTrace.derived(this,
                new Estimate(1 / value, high == 0 ? Double.POSITIVE_INFINITY : 1 / high, low == 0 ? Double.POSITIVE_INFINITY : 1 / low, n));
    }

    /** Claim "the quantity is at most {@code limit}": settled only when the whole interval is on one side. */
    public Outcome judgeAtMost(double limit) {
        return ClaimTrace.judged(this, limit, limit, value <= limit, high <= limit ? Outcome.HOLDS : low > limit ? Outcome.DOES_NOT_HOLD : Outcome.NOT_SETTLED);
    }

    /** Claim "the quantity is at least {@code limit}". */
    public Outcome judgeAtLeast(double limit) {
        return ClaimTrace.judged(this, limit, limit, value >= limit, low >= limit ? Outcome.HOLDS : high < limit ? Outcome.DOES_NOT_HOLD : Outcome.NOT_SETTLED);
    }

    /** Claim "the quantity lies in [lo, hi]". */
    public Outcome judgeWithin(double lo, double hi) {
        return ClaimTrace.judged(this, lo, hi, value >= lo && value <= hi,
                low >= lo && high <= hi ? Outcome.HOLDS : high < lo || low > hi ? Outcome.DOES_NOT_HOLD : Outcome.NOT_SETTLED);
    }

    /** What the page and the claims' figures say of a quantity with no finite value. */
    public static final String NOT_FINITE = "not finite";

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

        static LogMean of(Result r) {
            return of(r, Double.NaN);
        }

        /** With {@code calibrated} (not NaN): that fork noise for every file, the iterations for the rest. */
        static LogMean of(Result r, double calibrated) {
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
            double f = known ? calibrated : r.fastio() ? forkNoise() : 0;
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

    // ---- Student's t quantile, from the regularized incomplete beta function ----

    /**
     * Student's t quantile of {@link #CONFIDENCE}'s upper end, remembered by degrees of freedom:
     * a page of 100,000 results asks it for a few distinct ones (a file's results have as many
     * iterations each), and each answer costs a bisection over the incomplete beta function.
     */
    private static double confidenceQuantile(double df) {
        double confidence = confidence();
        java.util.List<Double> key = java.util.List.of(df, confidence);
        Double t = QUANTILES.get(key);
        if (t == null) {
            if (QUANTILES.size() > 4096) {
                QUANTILES.clear(); // fastio's own results' degrees of freedom are fractional: keep the memory bounded
            }
            t = tQuantile(1 - (1 - confidence) / 2, df);
            QUANTILES.put(key, t);
        }
        return t;
    }

    private static final java.util.concurrent.ConcurrentHashMap<java.util.List<Double>, Double> QUANTILES =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The {@code p} quantile (p ≥ 0.5) of Student's t with {@code df} degrees of freedom. */
    static double tQuantile(double p, double df) {
        if (df > 1e7) {
            df = 1e7;
        }
        double lo = 0;
        double hi = 1;
        while (tCdf(hi, df) < p) {
            hi *= 2;
            if (hi > 1e12) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (tCdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** P(T ≤ t) for t ≥ 0. */
    static double tCdf(double t, double df) {
        double x = df / (df + t * t);
        return 1 - 0.5 * regularizedBeta(x, df / 2, 0.5);
    }

    /** I_x(a, b), by its continued fraction (Numerical Recipes, betacf), using the symmetry for fast convergence. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * betaFraction(x, a, b) / a;
        }
        return 1 - front * betaFraction(1 - x, b, a) / b;
    }

    private static double betaFraction(double x, double a, double b) {
        double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double h = d;
        for (int m = 1; m <= 500; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-14) {
                break;
            }
        }
        return h;
    }

    /** Lanczos' approximation of ln Γ(x), x > 0 (15 significant digits). */
    static double lnGamma(double x) {
        double[] g = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
        }
        x -= 1;
        double a = g[0];
        double t = x + 7.5;
        for (int i = 1; i < 9; i++) {
            a += g[i] / (x + i);
        }
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
    }
}
