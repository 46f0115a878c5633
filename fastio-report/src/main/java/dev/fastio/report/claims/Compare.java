package dev.fastio.report.claims;

import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Ready-made checks for claims that compare two methods ("A is faster than B here"), and the
 * rules that turn outcomes into a verdict. Every comparison is a confidence interval of the time
 * ratio ({@link Estimate#ratio}), judged against the claim's threshold the same way whichever
 * method is fastio's: <em>holds</em> when the whole interval is on the claim's side,
 * <em>does not hold</em> when the whole interval is on the other side, <em>not settled</em>
 * otherwise. A claim over several sizes combines its comparisons with {@link #combine}.
 */
public final class Compare {
    private Compare() {}

    /** One side-by-side comparison: the interval of A's time over B's (below 1: A is faster), and what it settles. */
    record Pair(Result a, Result b, Estimate ratio, Estimate.Outcome outcome) {}

    static List<Pair> pairs(ExperimentResults rs, String a, String b, Predicate<Result> where,
            Function<Estimate, Estimate.Outcome> judge) {
        List<Pair> pairs = new ArrayList<>();
        for (Result ra : rs.of(a, where)) {
            rs.peer(b, ra).ifPresent(rb -> {
                Estimate e = Estimate.ratio(rs.estimates(), ra, rb);
                pairs.add(new Pair(ra, rb, e, judge.apply(e)));
            });
        }
        return pairs;
    }

    /** Claim: A is faster than B by at least {@code minGain} (0.3 = 30%: A's time at most 0.7× B's) wherever {@code where} holds. */
    public static Function<ExperimentResults, Verdict> faster(String a, String b, Predicate<Result> where, double minGain) {
        return check(a, b, where, e -> e.judgeAtMost(1 - minGain), "≤ " + line(1 - minGain));
    }

    /** Claim: A is no slower than B: A's time at most (1 + {@code tolerance})× B's, wherever {@code where} holds. */
    public static Function<ExperimentResults, Verdict> notSlower(String a, String b, Predicate<Result> where, double tolerance) {
        return check(a, b, where, e -> e.judgeAtMost(1 + tolerance), "≤ " + line(1 + tolerance) + margin(tolerance));
    }

    /** Claim: A and B perform alike: A's time between (1 − {@code tolerance})× and (1 + tolerance)× B's. */
    public static Function<ExperimentResults, Verdict> similar(String a, String b, Predicate<Result> where, double tolerance) {
        return check(a, b, where, e -> e.judgeWithin(1 - tolerance, 1 + tolerance),
                line(1 - tolerance) + "–" + line(1 + tolerance) + margin(tolerance));
    }

    /** "1.05×": a claim's line as the figures show it. */
    static String line(double ratio) {
        return String.format(java.util.Locale.ROOT, ratio >= 10 ? "%.0f×" : "%.2f×", ratio);
    }

    /** " (a 5% margin)": how much an equivalence claim allows, said beside its line; "" for none. */
    static String margin(double tolerance) {
        return tolerance <= 0 ? "" : String.format(java.util.Locale.ROOT, " (a %s%% margin)",
                new java.math.BigDecimal(Math.abs(tolerance) * 100).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString());
    }

    private static Function<ExperimentResults, Verdict> check(String a, String b, Predicate<Result> where,
            Function<Estimate, Estimate.Outcome> judge, String line) {
        return rs -> {
            List<Pair> pairs = pairs(rs, a, b, where, judge);
            if (pairs.isEmpty()) {
                return Verdict.notMeasured(notRunTogether(rs, a, b, where));
            }
            List<Estimate.Outcome> outcomes = pairs.stream().map(Pair::outcome).toList();
            return new Verdict(combine(outcomes), describe(rs, a, b, pairs) + "; the claim's line: " + line);
        };
    }

    /**
     * Claim: A is no slower than any of {@code peers} (A's time at most (1 + {@code tolerance})×
     * each peer's) wherever {@code where} holds: "no slower than the fastest peer", judged against
     * every peer, so that the peer fastest by its point estimate and one whose interval reaches
     * below A's are both counted. At one set of parameters the worst outcome stands (a peer that
     * is faster fails it; one not settled leaves it not settled); the sets combine as usual. The
     * figures give, per set, A's time over the fastest peer's, and any other peer that decided.
     */
    public static Function<ExperimentResults, Verdict> notSlowerThanEach(String a, List<String> peers, Predicate<Result> where,
            double tolerance) {
        return rs -> {
            List<Estimate.Outcome> outcomes = new ArrayList<>();
            StringBuilder sb = new StringBuilder(a).append(" time / the fastest peer's, ")
                    .append(rs.estimates().confidenceText()).append(" interval: ");
            for (Result ra : rs.of(a, where)) {
                Estimate.Outcome worst = null;
                Result fastest = null;
                List<String> deciding = new ArrayList<>();
                for (String peer : peers) {
                    Optional<Result> rb = rs.peer(peer, ra);
                    if (rb.isEmpty()) {
                        continue;
                    }
                    Estimate.Outcome o = Estimate.ratio(rs.estimates(), ra, rb.get()).judgeAtMost(1 + tolerance);
                    worst = worse(worst, o);
                    if (o != Estimate.Outcome.HOLDS) {
                        deciding.add(peer + " " + Estimate.ratio(rs.estimates(), ra, rb.get()).ratioText() + " " + outcomeWord(o));
                    }
                    if (fastest == null || Estimate.ratio(rs.estimates(), rb.get(), fastest).value() < 1) {
                        fastest = rb.get();
                    }
                }
                if (worst == null) {
                    continue;
                }
                outcomes.add(worst);
                String label = Format.paramsLabel(ra.params(), rs.experiment().xParam());
                String against = fastest.method() + " " + Estimate.ratio(rs.estimates(), ra, fastest).ratioText();
                sb.append(outcomes.size() > 1 ? " · " : "").append(label.isEmpty() ? "" : label + ": ").append(against);
                String fastestName = fastest.method() + " ";
                deciding.removeIf(d -> d.startsWith(fastestName));
                if (worst != Estimate.Outcome.HOLDS && deciding.isEmpty()) {
                    sb.append(' ').append(outcomeWord(worst));
                }
                for (String d : deciding) {
                    sb.append("; ").append(d);
                }
            }
            if (outcomes.isEmpty()) {
                return Verdict.notMeasured(rs.of(a, where).isEmpty()
                        ? a + " did not run with the parameters this claim is about (a quick run leaves some out: fastio bench --full runs them)"
                        : a + " and its peers (" + String.join(", ", peers) + ") were not run together here");
            }
            return new Verdict(combine(outcomes), sb.append("; the claim's line: ≤ ").append(line(1 + tolerance))
                    .append(margin(tolerance)).append(" each peer").toString());
        };
    }

    /**
     * Why a comparison of {@code a} with {@code b} has no pair: {@code a} did not run where the
     * claim looks, or {@code b} did not run beside it with the same parameters. Not "were not
     * both run": a quick run often runs both, at other sizes or settings than the claim's.
     */
    static String notRunTogether(ExperimentResults rs, String a, String b, Predicate<Result> where) {
        String quick = " (a quick run leaves some out: fastio bench --full runs them)";
        return rs.of(a, where).isEmpty()
                ? a + " did not run with the parameters this claim is about" + quick
                : b + " did not run beside " + a + " with the parameters this claim is about" + quick;
    }

    /** The worse of two outcomes for a claim that must hold against every peer: does not hold, then not settled, then holds. */
    private static Estimate.Outcome worse(Estimate.Outcome x, Estimate.Outcome y) {
        if (x == null) {
            return y;
        }
        if (x == Estimate.Outcome.DOES_NOT_HOLD || y == Estimate.Outcome.DOES_NOT_HOLD) {
            return Estimate.Outcome.DOES_NOT_HOLD;
        }
        return x == Estimate.Outcome.NOT_SETTLED || y == Estimate.Outcome.NOT_SETTLED ? Estimate.Outcome.NOT_SETTLED : Estimate.Outcome.HOLDS;
    }

    /**
     * One verdict from the outcomes at several sizes: all hold, holds; all fail, does not hold;
     * some hold and some fail, partly; otherwise the claim is not settled where nothing failed
     * (it cannot be said to hold everywhere) and does not hold where something failed and nothing held.
     */
    public static Verdict.Status combine(List<Estimate.Outcome> outcomes) {
        boolean holds = outcomes.contains(Estimate.Outcome.HOLDS);
        boolean fails = outcomes.contains(Estimate.Outcome.DOES_NOT_HOLD);
        boolean open = outcomes.contains(Estimate.Outcome.NOT_SETTLED);
        if (outcomes.isEmpty()) {
            return Verdict.Status.NOT_MEASURED;
        }
        if (holds && fails) {
            return Verdict.Status.PARTLY;
        }
        if (fails) {
            return Verdict.Status.DOES_NOT_HOLD;
        }
        return open ? Verdict.Status.NOT_SETTLED : Verdict.Status.HOLDS;
    }

    /**
     * Claim: A's time is at most {@code max}× what a C yardstick takes for the same work, wherever
     * {@code where} holds. The yardstick is the fastest of the benchmark methods {@code yardsticks}
     * at the same parameters (each a C strategy for the same job), whose {@code cNs} / {@code cRuns} counters carry the program's own
     * nanoseconds per operation (fastio-bench's {@code CYardstick}); like dd's own time, that
     * figure is taken as exact, and A's interval alone decides. Without the counters (no C
     * compiler where the benchmarks ran) the claim is not measured, and says why.
     */
    public static Function<ExperimentResults, Verdict> withinYardstick(String a, Predicate<Result> where, double max, String... yardsticks) {
        String yardstick = String.join(" or ", yardsticks);
        return rs -> {
            List<Estimate.Outcome> outcomes = new ArrayList<>();
            StringBuilder sb = new StringBuilder(a).append(" time / the C yardstick's (").append(yardstick).append("), ")
                    .append(rs.estimates().confidenceText()).append(" interval: ");
            boolean yardstickRan = false;
            for (Result ra : rs.of(a, where)) {
                double ns = Double.NaN;
                for (String y : yardsticks) {
                    Optional<Result> rb = rs.peer(y, ra);
                    yardstickRan |= rb.isPresent();
                    double t = rb.map(r -> r.perEvent("cNs", "cRuns")).orElse(Double.NaN);
                    ns = Double.isNaN(ns) || t < ns ? t : ns;
                }
                if (Double.isNaN(ns)) {
                    continue;
                }
                Estimate ratio = Estimate.millis(rs.estimates(), ra).times(1e6 / ns);
                Estimate.Outcome o = ratio.judgeAtMost(max);
                outcomes.add(o);
                String label = Format.paramsLabel(ra.params(), rs.experiment().xParam());
                sb.append(outcomes.size() > 1 ? " · " : "").append(label.isEmpty() ? "" : label + " ")
                        .append(ratio.ratioText()).append(" (C " + Format.nanos(ns) + ")");
                if (o != Estimate.Outcome.HOLDS) {
                    sb.append(' ').append(outcomeWord(o));
                }
            }
            if (outcomes.isEmpty()) {
                return Verdict.notMeasured(yardstickRan
                        ? "the C yardstick did not run: no C compiler where the benchmarks ran (Debian: apt-get install gcc)"
                        : notRunTogether(rs, a, yardstick, where));
            }
            return new Verdict(combine(outcomes), sb.toString());
        };
    }

    /**
     * A claim about JDK {@code feature} and later (what the native layer needs) is judged only on
     * results from such a JDK; a run on an older one leaves it not measured, and says so.
     */
    public static Function<ExperimentResults, Verdict> onJdk(int feature, Function<ExperimentResults, Verdict> check) {
        return rs -> {
            List<Result> on = rs.all().stream().filter(r -> jdkFeature(r) >= feature).toList();
            if (on.isEmpty()) {
                String seen = rs.all().stream().map(Result::jdkVersion).distinct().reduce((x, y) -> x + ", " + y).orElse("none");
                return Verdict.notMeasured("the claim is about JDK " + feature + "+ (fastio's native layer); this run used JDK " + seen);
            }
            List<Result> everything = rs.everything().stream().filter(r -> jdkFeature(r) >= feature).toList();
            return check.apply(rs.restricted(on, everything));
        };
    }

    /**
     * A claim that needs a program's results ({@code method}, a process benchmark): where it has
     * none (the program was not installed, so the suite left it out), the claim is not measured
     * and says how to install it.
     */
    public static Function<ExperimentResults, Verdict> needsTool(String method, String program, String debian,
            Function<ExperimentResults, Verdict> check) {
        return rs -> {
            if (rs.all().stream().noneMatch(r -> r.method().equals(method))) {
                return Verdict.notMeasured(program + " did not run: it was not installed where the benchmarks ran (Debian: apt-get install "
                        + debian + ")");
            }
            return check.apply(rs);
        };
    }

    /** The feature release of the JDK a result ran on ("25.0.3" → 25, "1.8.0_402" → 8); 0 when unknown. */
    static int jdkFeature(Result r) {
        String v = r.jdkVersion();
        if (v == null) {
            return 0;
        }
        String[] parts = v.split("[^0-9]+");
        int first = parts.length > 0 && !parts[0].isEmpty() ? Integer.parseInt(parts[0]) : parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
    }

    /** The verdict of one outcome. */
    public static Verdict.Status status(Estimate.Outcome o) {
        return combine(List.of(o));
    }

    static String describe(ExperimentResults rs, String a, String b, List<Pair> pairs) {
        StringBuilder sb = new StringBuilder(a).append(" time / ").append(b).append(" time, ")
                .append(rs.estimates().confidenceText()).append(" interval: ");
        boolean mixed = pairs.stream().map(Pair::outcome).distinct().count() > 1;
        for (int i = 0; i < pairs.size(); i++) {
            Pair p = pairs.get(i);
            if (i > 0) {
                sb.append(" · ");
            }
            String label = Format.paramsLabel(p.a.params(), rs.experiment().xParam());
            sb.append(label.isEmpty() ? "" : label + " ").append(p.ratio.ratioText());
            if (mixed || p.outcome == Estimate.Outcome.NOT_SETTLED) {
                sb.append(' ').append(outcomeWord(p.outcome));
            }
        }
        return sb.toString();
    }

    /** "holds", "does not hold", "not settled": for one size inside a claim's figures. */
    public static String outcomeWord(Estimate.Outcome o) {
        return switch (o) {
            case HOLDS -> "(holds)";
            case DOES_NOT_HOLD -> "(does not hold)";
            case NOT_SETTLED -> "(not settled)";
        };
    }

    /** Matches results whose numeric {@code param} lies in [min, max]. */
    public static Predicate<Result> paramBetween(String param, double min, double max) {
        return r -> {
            String v = r.param(param);
            if (v == null || !Format.isNumber(v)) {
                return false;
            }
            double d = Double.parseDouble(v);
            return d >= min && d <= max;
        };
    }

    /**
     * A claim stated for one scale ({@code param} = {@code value}, e.g. the 26 M-line file) is
     * judged only on results at that scale; without them it is not settled, and says which run
     * would settle it, never extrapolated from another size.
     */
    public static Function<ExperimentResults, Verdict> atScale(String param, String value, String what,
            Function<ExperimentResults, Verdict> check) {
        return rs -> {
            List<Result> at = rs.all().stream().filter(r -> value.equals(r.param(param))).toList();
            if (at.isEmpty()) {
                rs.otherScaleOnly();
                List<String> seen = rs.all().stream().map(r -> r.param(param)).filter(v -> v != null).distinct().toList();
                return new Verdict(Verdict.Status.NOT_SETTLED, "the claim is about " + what + "; this run measured "
                        + (seen.isEmpty() ? "other inputs" : param + " = " + String.join(", ", seen))
                        + ": needs fastio bench --full");
            }
            List<Result> everything = rs.everything().stream().filter(r -> r.param(param) == null || value.equals(r.param(param))).toList();
            return check.apply(rs.restricted(at, everything));
        };
    }

    /**
     * For counts that carry no sampling error (bytes allocated per operation): holds where all
     * {@code of} cases pass, does not hold where none do, partly otherwise.
     */
    public static Verdict.Status status(int yes, int of) {
        return of == 0 ? Verdict.Status.NOT_MEASURED
                : yes == of ? Verdict.Status.HOLDS : yes == 0 ? Verdict.Status.DOES_NOT_HOLD : Verdict.Status.PARTLY;
    }
}
