package dev.fastio.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Ready-made checks for claims of the form "A is faster than B here": each compares the two
 * methods at every parameter combination where both ran, using JMH's error bars to tell a real
 * difference from noise, and lists the ratios it saw.
 */
public final class Compare {
    private Compare() {}

    /** One side-by-side comparison: {@code ratio} is A's time over B's (below 1: A is faster). */
    record Pair(Result a, Result b, double ratio, boolean significant) {}

    static List<Pair> pairs(ExperimentResults rs, String a, String b, Predicate<Result> where) {
        List<Pair> pairs = new ArrayList<>();
        for (Result ra : rs.of(a, where)) {
            rs.peer(b, ra).ifPresent(rb -> pairs.add(new Pair(ra, rb, ra.timeRatioTo(rb), separated(ra, rb))));
        }
        return pairs;
    }

    /** The two confidence intervals do not overlap. A NaN error (too few samples) counts as zero. */
    public static boolean separated(Result a, Result b) {
        double ea = Double.isNaN(a.error()) ? 0 : a.error();
        double eb = Double.isNaN(b.error()) ? 0 : b.error();
        return a.score() + ea < b.score() - eb || b.score() + eb < a.score() - ea;
    }

    /** Claim: A is faster than B by at least {@code minGain} (0.3 = 30%) wherever {@code where} holds. */
    public static java.util.function.Function<ExperimentResults, Verdict> faster(
            String a, String b, Predicate<Result> where, double minGain) {
        return check(a, b, where, p -> p.significant && p.ratio <= 1 - minGain);
    }

    /** Claim: A is no slower than B (within {@code tolerance}, or within the error bars) wherever {@code where} holds. */
    public static java.util.function.Function<ExperimentResults, Verdict> notSlower(
            String a, String b, Predicate<Result> where, double tolerance) {
        return check(a, b, where, p -> p.ratio <= 1 + tolerance || !p.significant);
    }

    /** Claim: A and B perform alike (within {@code tolerance}, or within the error bars) wherever {@code where} holds. */
    public static java.util.function.Function<ExperimentResults, Verdict> similar(
            String a, String b, Predicate<Result> where, double tolerance) {
        return check(a, b, where, p -> Math.abs(p.ratio - 1) <= tolerance || !p.significant);
    }

    /** Holds where every pair passes, partly where some do. */
    private static java.util.function.Function<ExperimentResults, Verdict> check(
            String a, String b, Predicate<Result> where, Predicate<Pair> passes) {
        return rs -> {
            List<Pair> pairs = pairs(rs, a, b, where);
            if (pairs.isEmpty()) {
                return Verdict.notMeasured(a + " and " + b + " were not both run here");
            }
            int yes = (int) pairs.stream().filter(passes).count();
            return new Verdict(status(yes, pairs.size()), describe(rs, a, b, pairs));
        };
    }

    public static Verdict.Status status(int yes, int of) {
        return yes == of ? Verdict.Status.HOLDS : yes == 0 ? Verdict.Status.DOES_NOT_HOLD : Verdict.Status.PARTLY;
    }

    static String describe(ExperimentResults rs, String a, String b, List<Pair> pairs) {
        StringBuilder sb = new StringBuilder(a).append(" time / ").append(b).append(" time: ");
        for (int i = 0; i < pairs.size(); i++) {
            Pair p = pairs.get(i);
            if (i > 0) {
                sb.append(" · ");
            }
            sb.append(Format.paramsLabel(p.a.params(), rs.experiment().xParam())).append(' ')
                    .append(String.format(java.util.Locale.ROOT, "%.2f×", p.ratio));
            if (!p.significant) {
                sb.append(" (within error)");
            }
        }
        return sb.toString();
    }

    /** Matches results whose numeric {@code param} lies in [min, max]. */
    public static Predicate<Result> paramBetween(String param, double min, double max) {
        return r -> {
            String v = r.param(param);
            if (v == null || !ExperimentResults.isNumber(v)) {
                return false;
            }
            double d = Double.parseDouble(v);
            return d >= min && d <= max;
        };
    }
}
