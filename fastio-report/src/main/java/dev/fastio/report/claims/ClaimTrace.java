package dev.fastio.report.claims;

import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one evaluation of a claim looked at: the results its check read, and each comparison whose
 * interval straddled its threshold (an open comparison), with the results on its sides. The
 * planner of {@code fastio bench} gives more forks to the sides of open comparisons, and the
 * report says of each open claim how much more data would likely decide it.
 *
 * <p>Recorded while the check runs ({@link Claim#trace}): the check is given results that carry
 * this trace, so {@link ExperimentResults} notes what it hands out, and the intervals made in its
 * context ({@link ExperimentResults#estimates()}) which results they come from and which
 * judgements they could not settle ({@link EstimateContext.Recorder}). A claim's check is any
 * function of its results, so watching it is the one way to know what it depends on without
 * asking every claim to declare it (and get it wrong).
 */
public final class ClaimTrace implements EstimateContext.Recorder {
    private final Set<Result> read = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<Estimate, List<Result>> sides = new IdentityHashMap<>();
    private final List<Open> open = new ArrayList<>();
    private final List<List<Result>> compared = new ArrayList<>();
    private boolean otherScale;

    /**
     * A comparison the data could not settle: its interval, the bounds it was judged against, the
     * results behind it (one for a time against a fixed figure, two for a ratio), and which way
     * its point estimate leans ({@code towardHolds}: on the side where the comparison would hold).
     * A claim over several comparisons is decided by one that fails (it then does not hold, or
     * holds partly), but holds only when all hold: the planner reads the lean to know which.
     */
    public record Open(Estimate estimate, double low, double high, List<Result> sides, boolean towardHolds) {
        /**
         * Forks each side would likely need for the interval to clear the nearest bound, if the
         * point estimate stays where it is: the interval narrows as 1/√forks (the fork-to-fork
         * noise dominates it), so k forks become k·(half-width / distance)². Infinite where the
         * estimate sits on a bound (no amount of data decides that, only a margin does) or has no
         * finite value ({@link #notFinite}); one more fork where the interval has no width yet (a
         * side with one sample: a second gives it one).
         */
        public double forksToDecide() {
            double v = estimate.value();
            int forks = sides.stream().mapToInt(Result::forks).min().orElse(1);
            if (notFinite()) {
                return Double.POSITIVE_INFINITY;
            }
            if (!(estimate.low() > 0) || Double.isInfinite(estimate.high())) {
                return forks + 1;
            }
            double halfWidth = Math.log(estimate.high() / estimate.low()) / 2;
            double distance = Double.POSITIVE_INFINITY;
            for (double bound : new double[] {low, high}) {
                if (bound > 0 && Double.isFinite(bound)) {
                    distance = Math.min(distance, Math.abs(Math.log(v / bound)));
                }
            }
            if (!(distance > 1e-9) || Double.isInfinite(distance)) {
                return Double.POSITIVE_INFINITY;
            }
            return Math.max(forks + 1, Math.ceil(forks * Math.pow(halfWidth / distance, 2)));
        }

        /** The estimate has no finite positive value (a time of 0, an infinite or NaN score): no data decides it. */
        public boolean notFinite() {
            return !(estimate.value() > 0) || Double.isInfinite(estimate.value());
        }
    }

    /** The results the check read. */
    public Set<Result> read() {
        return Collections.unmodifiableSet(read);
    }

    /** The results of every comparison it judged (settled or not), by sides, in the order it judged them. */
    public List<List<Result>> compared() {
        return Collections.unmodifiableList(compared);
    }

    /** The comparisons it could not settle, in the order it judged them. */
    public List<Open> open() {
        return Collections.unmodifiableList(open);
    }

    /** Whether the check found no results at the scale its claim is about ({@link Compare#atScale}). */
    public boolean otherScale() {
        return otherScale;
    }

    /** The check found no results at the scale its claim is about. */
    void otherScaleOnly() {
        otherScale = true;
    }

    void read(Collection<Result> results) {
        read.addAll(results);
    }

    @Override
    public void read(Result r) {
        read.add(r);
    }

    @Override
    public void made(Estimate e, List<Result> from) {
        sides.put(e, from);
    }

    @Override
    public void derived(Estimate source, Estimate e) {
        List<Result> s = sides.get(source);
        if (s != null) {
            sides.put(e, s);
        }
    }

    @Override
    public void judged(Estimate e, double low, double high, boolean towardHolds, Estimate.Outcome o) {
        List<Result> sides = this.sides.getOrDefault(e, List.of());
        compared.add(sides);
        if (o == Estimate.Outcome.NOT_SETTLED) {
            open.add(new Open(e, low, high, sides, towardHolds));
        }
    }
}
