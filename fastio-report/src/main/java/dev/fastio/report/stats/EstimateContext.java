package dev.fastio.report.stats;

import dev.fastio.report.jmh.Quoted;
import dev.fastio.report.jmh.Result;
import java.util.List;

/**
 * What every interval of one report is made with, given to {@link Estimate}'s factories from the
 * top rather than read by them from a thread or the system properties: the command that writes a
 * report reads {@value #FORK_NOISE_PROPERTY} once ({@link #forkNoise(String)}), a run's fork log
 * gives the looks ({@link #withLooks}), and a claim's check gets a context that records into its
 * {@code ClaimTrace} ({@link #withRecorder}).
 *
 * @param looks     how many times the run judged its claims to plan more forks (1: once); every
 *                  interval's {@link #confidence} widens with them
 * @param forkNoise the relative spread of one fork's mean beyond its iterations', added to every
 *                  result of fastio's own benchmarks (see {@link Estimate}'s class comment)
 * @param recorder  what watches the intervals made in this context and their judgements
 *                  ({@link Recorder#NONE}: nothing)
 */
public record EstimateContext(int looks, double forkNoise, Recorder recorder) {
    /** Two-sided confidence of every interval judged once: a verdict is wrong by chance about 1 time in 200 per side. */
    public static final double CONFIDENCE = 0.99;

    /**
     * The relative spread of one fork's mean beyond its iterations' (0.12: measured, see
     * {@link Estimate}'s class comment and docs/PERFORMANCE.md, "Fork-to-fork noise: 12%").
     */
    static final double DEFAULT_FORK_NOISE = 0.12;

    /** The system property that sets another fork noise for a quieter or noisier machine: {@code -Dfastio.report.forkNoise=0.05}. */
    public static final String FORK_NOISE_PROPERTY = "fastio.report.forkNoise";

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

    /** The most looks {@link #withLooks} has a boundary for. */
    public static final int MAX_LOOKS = BOUNDARY_1PCT.length;

    /** Judged once, with the fork noise measured for fastio's suite, recording nothing. */
    public static final EstimateContext DEFAULT = new EstimateContext(1, DEFAULT_FORK_NOISE, Recorder.NONE);

    public EstimateContext {
        if (looks < 1) {
            throw new IllegalArgumentException("looks must be 1 or more: " + looks);
        }
        if (recorder == null) {
            throw new NullPointerException("recorder (Recorder.NONE records nothing)");
        }
    }

    /**
     * The context of a report, judged once and recording nothing, with the fork noise {@code setting}
     * gives: the value of {@value #FORK_NOISE_PROPERTY} as the command found it, null for the
     * measured {@value #DEFAULT_FORK_NOISE}.
     *
     * @throws IllegalArgumentException the setting is not a finite number from 0 up (a NaN or an
     *     infinite noise made every interval NaN or unbounded, and said nothing); names the property
     */
    public static EstimateContext forkNoise(String setting) {
        if (setting == null) {
            return DEFAULT;
        }
        double noise;
        try {
            noise = Double.parseDouble(setting);
        } catch (NumberFormatException e) {
            noise = Double.NaN;
        }
        if (!(noise >= 0) || Double.isInfinite(noise)) {
            throw new IllegalArgumentException("-D" + FORK_NOISE_PROPERTY + "=\"" + Quoted.text(setting)
                    + "\" is not a fork noise: give the relative spread of a fork's mean as a number from 0 up, such as 0.05");
        }
        return new EstimateContext(1, noise, Recorder.NONE);
    }

    /** The same context for a run whose claims were judged at {@code looks} looks (1: once). */
    public EstimateContext withLooks(int looks) {
        return new EstimateContext(looks, forkNoise, recorder);
    }

    /** The same context, its intervals and judgements recorded by {@code recorder}. */
    public EstimateContext withRecorder(Recorder recorder) {
        return new EstimateContext(looks, forkNoise, recorder);
    }

    /**
     * The confidence of every interval: {@link #CONFIDENCE} for results judged once; higher for a
     * run that judged its claims at several looks and gave more forks to the open ones (fastio
     * bench's planner), so that stopping at the look that decides costs no extra wrong verdicts.
     */
    public double confidence() {
        if (looks <= 1) {
            return CONFIDENCE;
        }
        double z = BOUNDARY_1PCT[Math.min(looks, BOUNDARY_1PCT.length) - 1];
        return 1 - 2 * StudentT.normalTail(z);
    }

    /** "99%", "99.75%": {@link #confidence()} as the page and the claims' figures write it (four digits). */
    public String confidenceText() {
        return new java.math.BigDecimal(confidence() * 100).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }

    /**
     * What watches the intervals a context makes: the results each one comes from, and each
     * judgement of one. A claim's {@code ClaimTrace} is one; {@link #NONE} watches nothing.
     */
    public interface Recorder {
        /** Watches nothing. */
        Recorder NONE = new Recorder() {};

        /** An interval of {@code r} is being made. */
        default void read(Result r) {}

        /** {@code e} is an interval of {@code from}. */
        default void made(Estimate e, List<Result> from) {}

        /** {@code e} was made from {@code source} (a change of unit, an inverse): same results. */
        default void derived(Estimate source, Estimate e) {}

        /**
         * A judgement of {@code e} against [low, high] (both the same for a one-sided claim), which
         * holds where the point estimate is {@code towardHolds}.
         */
        default void judged(Estimate e, double low, double high, boolean towardHolds, Estimate.Outcome o) {}
    }
}
