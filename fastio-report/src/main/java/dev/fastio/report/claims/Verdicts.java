package dev.fastio.report.claims;

import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.ForkLog;
import dev.fastio.report.stats.Warmup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Every claim of a run judged once, with what each verdict rests on: the forks and iterations of
 * the results it read, the load they ran under, and for a claim still open how much more data
 * would likely decide it. The report shows these; {@code fastio bench}'s planner spends its
 * budget by them.
 */
public final class Verdicts {
    /**
     * Two results of one claim whose machines were busier elsewhere by more than this many cores
     * (mean over their forks) ran under different load: the claim is flagged, never silently
     * judged. A quarter core is a quarter of the 2-core machine the suite is tuned on.
     */
    public static final double LOAD_GAP = 0.25;

    /**
     * The widest margin a claim not settled is reported within ({@link Judged#margin}): 10%, "a
     * few percent" of the article's figure; an interval reaching further says too little to
     * state.
     */
    public static final double MARGIN = 0.10;

    private Verdicts() {}

    /**
     * One claim's verdict with its trace and the experiment it belongs to; {@code finest}, the
     * run's {@link ForkLog#finest}.
     */
    public record Judged(ExperimentResults results, Claim.Traced traced, double finest) {
        public Judged(ExperimentResults results, Claim.Traced traced) {
            this(results, traced, 1);
        }

        public Claim claim() {
            return traced.claim();
        }

        public Verdict verdict() {
            return traced.verdict();
        }

        /** Open for the planner: not settled, with comparisons more forks could decide, at lines this run resolves. */
        public boolean open() {
            return verdict().status() == Verdict.Status.NOT_SETTLED && !traced.trace().open().isEmpty() && !tooFine();
        }

        /**
         * Not settled, and every comparison that would decide it is judged against a line closer
         * to equal than the run resolves (a quick run's 25%): a longer run decides it.
         */
        public boolean tooFine() {
            ForkLog run = new ForkLog(1, finest, java.util.Map.of());
            return verdict().status() == Verdict.Status.NOT_SETTLED && !traced.trace().open().isEmpty()
                    && deciding().stream().allMatch(o -> run.tooFine(o.low()) || run.tooFine(o.high()));
        }

        /**
         * The open comparisons whose deciding would likely decide the claim, by the rule that
         * one failing comparison decides a claim and all must hold for it to hold: the one leaning
         * toward failing that needs the fewest forks, where any leans that way; else all of them.
         */
        public List<ClaimTrace.Open> deciding() {
            List<ClaimTrace.Open> open = traced.trace().open();
            return open.stream().filter(o -> !o.towardHolds()).min(Comparator.comparingDouble(ClaimTrace.Open::forksToDecide))
                    .map(List::of).orElse(open);
        }

        /**
         * How close to its line the data puts a claim it cannot decide, where that is all it can
         * say: the farthest end of any open comparison's interval from that comparison's nearest
         * line, as a fraction (0.04: within 4%), where it is at most {@link #MARGIN}; NaN where
         * the claim is decided, about other inputs, or its intervals reach further (an interval
         * of a side that was still warming up reaches to 0 and infinity: never within). A claim
         * so close to its line may sit on it: no run decides it, but the data can say it is
         * within a few percent of the article's figure, and how few (issue 58).
         */
        public double margin() {
            if (verdict().status() != Verdict.Status.NOT_SETTLED || traced.trace().open().isEmpty() || traced.trace().otherScale()) {
                return Double.NaN;
            }
            double farthest = 0;
            for (ClaimTrace.Open o : traced.trace().open()) {
                Estimate e = o.estimate();
                double nearest = Double.NaN;
                for (double bound : new double[] {o.low(), o.high()}) {
                    if (bound > 0 && Double.isFinite(bound)
                            && (Double.isNaN(nearest) || Math.abs(Math.log(e.value() / bound)) < Math.abs(Math.log(e.value() / nearest)))) {
                        nearest = bound;
                    }
                }
                if (!(e.low() > 0) || !Double.isFinite(e.high()) || Double.isNaN(nearest)) {
                    return Double.NaN;
                }
                farthest = Math.max(farthest, Math.max(Math.abs(Math.log(e.high() / nearest)), Math.abs(Math.log(e.low() / nearest))));
            }
            double m = Math.exp(farthest) - 1;
            return m <= MARGIN ? m : Double.NaN;
        }

        /** Whether the claim is not settled but {@link #margin within a stated margin} of its line. */
        public boolean withinMargin() {
            return !Double.isNaN(margin());
        }

        /** The verdict's words for the page: its status, or "within 4% of its line". */
        public String label() {
            return withinMargin() ? String.format(Locale.ROOT, "within %.0f%% of its line", Math.max(1, Math.ceil(margin() * 100)))
                    : verdict().status().label();
        }

        /** Forks a side the claim would likely need: the most any of {@link #deciding} needs. */
        public double forksToDecide() {
            return deciding().stream().mapToDouble(ClaimTrace.Open::forksToDecide).max().orElse(Double.NaN);
        }
    }

    /**
     * How a run's claims came out: each verdict, and of those not settled, how many were about
     * other inputs (the full-scale files), how many had a line closer to equal than the run
     * resolves, and how many more forks would likely have decided.
     */
    public record Tally(int holds, int fails, int partly, int notSettled, int otherScale, int tooFine, int notMeasured, int within) {
        public static Tally of(List<Judged> judged) {
            int[] n = new int[8];
            for (Judged j : judged) {
                switch (j.verdict().status()) {
                    case HOLDS -> n[0]++;
                    case DOES_NOT_HOLD -> n[1]++;
                    case PARTLY -> n[2]++;
                    case NOT_SETTLED -> {
                        if (j.withinMargin()) {
                            n[7]++;
                            continue;
                        }
                        n[3]++;
                        if (j.traced().trace().otherScale()) {
                            n[4]++;
                        } else if (j.tooFine()) {
                            n[5]++;
                        }
                    }
                    case NOT_MEASURED -> n[6]++;
                }
            }
            return new Tally(n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7]);
        }

        /** Holds, does not hold, partly, or within a stated margin of its line. */
        public int decided() {
            return holds + fails + partly + within;
        }

        /** The claims this run could decide: measured, at their inputs, with lines it resolves. */
        public int decidable() {
            return decided() + notSettled - otherScale - tooFine;
        }

        /**
         * "19 hold, 10 do not hold, 0 partly, 57 not settled (22 about the full-scale inputs, 28
         * with a line closer to equal than this run resolves, 7 that more forks would likely
         * decide), 10 not measured; of the 36 this run could decide (decided, or open for want of
         * forks), it decided 29 (81%)".
         */
        public String text() {
            int wanting = notSettled - otherScale - tooFine;
            return holds + " hold, " + fails + " do not hold, " + partly + " partly, "
                    + (within > 0 ? within + " within a stated margin of their line (no more than " + Math.round(MARGIN * 100) + "%), " : "")
                    + notSettled + " not settled ("
                    + otherScale + " about the full-scale inputs and " + tooFine + " with a line closer to equal than this run"
                    + " resolves, both for fastio bench --full; " + wanting + " for want of forks), " + notMeasured
                    + " not measured; of the " + decidable() + " claims this run could decide (those decided and those open"
                    + " for want of forks) it decided " + decided() + (decidable() == 0 ? ""
                            : String.format(Locale.ROOT, " (%.0f%%)", 100.0 * decided() / decidable()));
        }
    }

    /** Judges every claim of the experiments of {@code results}, as a run with {@code log}'s looks. */
    public static List<Judged> judge(EstimateContext estimates, List<Result> results, ForkLog log) {
        return judgeGroups(Experiments.group(estimates.withLooks(log.looks()), results), log);
    }

    /** The same, over experiments already grouped ({@link Experiments#group}): the page's own sections. */
    public static List<Judged> judgeGroups(List<ExperimentResults> experiments, ForkLog log) {
        List<Judged> out = new ArrayList<>();
        for (ExperimentResults rs : experiments) {
            ExperimentResults judgedAs = rs.withLooks(log.looks()); // intervals at the confidence of the run's looks
            for (Claim c : rs.experiment().claims()) {
                out.add(new Judged(rs, c.trace(judgedAs), log.finest()));
            }
        }
        return out;
    }

    /** The order of the claim table: what does not hold and what is not settled come first (the page's claim tables). */
    public static final List<Verdict.Status> READING_ORDER = List.of(Verdict.Status.DOES_NOT_HOLD, Verdict.Status.PARTLY,
            Verdict.Status.NOT_SETTLED, Verdict.Status.NOT_MEASURED, Verdict.Status.HOLDS);

    /** Above this many forks a side a count means nothing to a reader: no run's budget comes near. */
    static final double MAX_FORKS_SHOWN = 100_000;

    /**
     * What a verdict rests on, for the page: "2–5 forks × 4 iterations a side", the load when the
     * sides ran under different load, and for an open claim the forks that would likely decide it.
     */
    public static String restsOn(Judged j, ForkLog log) {
        List<Result> read = new ArrayList<>(j.traced().trace().read());
        if (read.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        int minForks = read.stream().mapToInt(Result::forks).min().orElse(0);
        int maxForks = read.stream().mapToInt(Result::forks).max().orElse(0);
        long minSamples = read.stream().mapToLong(Result::sampleCount).min().orElse(0);
        long maxSamples = read.stream().mapToLong(Result::sampleCount).max().orElse(0);
        sb.append(range(minForks, maxForks)).append(maxForks == 1 ? " fork" : " forks").append(", ")
                .append(range(minSamples, maxSamples)).append(maxSamples == 1 ? " sample a result" : " samples a result");
        String load = loadGap(j.traced().trace().compared(), log);
        if (load != null) {
            sb.append("; ").append(load);
        }
        String warming = Warmup.describe(read);
        if (warming != null) {
            sb.append("; ").append(warming);
        }
        if (j.withinMargin()) {
            sb.append("; ").append(String.format(Locale.ROOT, "every end of its intervals lies within %.1f%% of its line: it may"
                    + " sit on it, which more forks would not decide, and this is what the data can say", j.margin() * 100));
        } else if (j.verdict().status() == Verdict.Status.NOT_SETTLED && !j.traced().trace().open().isEmpty()) {
            double need = j.forksToDecide();
            boolean notFinite = j.deciding().stream().anyMatch(ClaimTrace.Open::notFinite);
            if (j.tooFine()) {
                // no forks were spent on it by a rule fixed before the run: a count of forks here
                // would read as time the run had and did not spend
                sb.append("; ").append(String.format(Locale.ROOT, "its line is within %.0f%% of equal, closer than this run resolves,"
                        + " so it got no more forks: it is for fastio bench --full", (j.finest() - 1) * 100));
            } else {
                sb.append("; ").append(notFinite ? "a time that is not finite: no amount of data decides it"
                        : Double.isInfinite(need) ? "an estimate on its threshold: no amount of data decides it"
                        : need > MAX_FORKS_SHOWN ? "an estimate so near its threshold that over " + (long) MAX_FORKS_SHOWN
                                + " forks a side would be needed: no budget decides it"
                        : String.format(Locale.ROOT, "about %.0f forks a side in all would likely decide it, by where its estimate ended", need)
                                + timeToDecide(j, log, need));
            }
        }
        return sb.toString();
    }

    /**
     * " (9.2 min more of forks; this run's rounds, planned from its earlier estimates, had 2.5 min of forks)": what the forks {@code need}
     * calls for would take at the speed the log saw each side's forks run, against what the run
     * spent on forks after its first pass, so that a reader sees why the run left the claim open.
     * Empty where the log has no time for a side (a file JMH wrote, a run before the fork log).
     */
    static String timeToDecide(Judged j, ForkLog log, double need) {
        Set<Result> sides = Collections.newSetFromMap(new IdentityHashMap<>());
        double seconds = 0;
        for (ClaimTrace.Open o : j.deciding()) {
            for (Result r : o.sides()) {
                if (!sides.add(r)) {
                    continue;
                }
                double fork = log.of(r).stream().mapToDouble(ForkLog.Fork::seconds).filter(x -> x > 0).average().orElse(Double.NaN);
                if (Double.isNaN(fork)) {
                    return "";
                }
                seconds += Math.max(0, need - r.forks()) * fork;
            }
        }
        double rounds = log.forks().values().stream().flatMap(List::stream).filter(f -> f.round() > 0)
                .mapToDouble(ForkLog.Fork::seconds).filter(x -> x > 0).sum();
        if (!Double.isFinite(seconds) || !Double.isFinite(rounds)) {
            return ""; // a log no run wrote (seconds near the largest double): nothing worth saying
        }
        return " (" + Format.duration(seconds) + " more of forks; "
                + (rounds > 0 ? "this run's rounds, planned from its earlier estimates, had " + Format.duration(rounds) + " of forks"
                        : "this run spent no time on more forks") + ")";
    }

    /**
     * "ran under different load: A 0.02, B 0.61 cores busy elsewhere (judged as measured)" where
     * the two sides of one of the claim's comparisons differ by more than {@link #LOAD_GAP} (the
     * widest such pair); null otherwise, and for a claim that compares no times (an allocation count).
     */
    public static String loadGap(List<List<Result>> compared, ForkLog log) {
        Result quiet = null;
        Result busy = null;
        double gap = LOAD_GAP;
        for (List<Result> sides : compared) {
            for (Result a : sides) {
                for (Result b : sides) {
                    double g = log.otherCpu(b) - log.otherCpu(a);
                    if (g > gap) { // NaN (no record) never counts
                        gap = g;
                        quiet = a;
                        busy = b;
                    }
                }
            }
        }
        if (quiet == null) {
            return null;
        }
        return String.format(Locale.ROOT, "ran under different load: %s %.2f, %s %.2f cores busy elsewhere (judged as measured; "
                + "a quiet machine would be surer)", label(quiet), log.otherCpu(quiet), label(busy), log.otherCpu(busy));
    }

    /** Whether the results a claim read ran under different load ({@link #loadGap}). */
    public static boolean loadDiffers(Judged j, ForkLog log) {
        return loadGap(j.traced().trace().compared(), log) != null;
    }

    private static String label(Result r) {
        String p = r.params().isEmpty() ? "" : " " + r.params().values();
        return r.method() + p;
    }

    private static String range(long min, long max) {
        return min == max ? Long.toString(min) : min + "–" + max;
    }

    /** The claims in the page's reading order. */
    public static List<Judged> inReadingOrder(List<Judged> judged) {
        List<Judged> out = new ArrayList<>(judged);
        out.sort(Comparator.comparingInt(j -> READING_ORDER.indexOf(j.verdict().status())));
        return out;
    }
}
