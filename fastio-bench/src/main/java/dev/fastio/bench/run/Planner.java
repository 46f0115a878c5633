package dev.fastio.bench.run;

import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.claims.ClaimTrace;
import dev.fastio.report.stats.ForkLog;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.claims.Verdicts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Spends a run's time where a verdict is still open. A first pass gives every benchmark one fork;
 * then, in rounds, the claims whose intervals straddle their thresholds get more forks for the
 * results on the sides of their open comparisons, cheapest to decide first, until the time budget
 * is spent or nothing the budget could decide is open. Claims already decided, and benchmarks no
 * claim reads, get no more time.
 *
 * <p><b>Why cheapest first, not most undecided first.</b> A claim whose estimate sits on its
 * threshold needs more forks than any budget gives (infinitely many where it sits exactly on it);
 * spending on it decides nothing, and what it costs would decide several claims that need two or
 * three forks a side. Each open claim's need is {@link ClaimTrace.Open#forksToDecide}: the
 * interval narrows as 1/√forks.
 *
 * <p><b>Why the looks are counted.</b> Judging at each round and stopping where a claim is
 * decided would decide wrongly more often than one 99% interval judged once (the more looks, the
 * more chances for noise to cross). Every judgement of a planned run, the planner's and the
 * report's, uses a boundary for its number of looks (each look spends 1/K of the error) ({@link dev.fastio.report.stats.EstimateContext#withLooks});
 * the run's looks are written in {@link ForkLog}, so the report uses the same.
 *
 * <p><b>Interleaving.</b> A round runs the sides of each claim fork by fork in turn (A, B, A,
 * B), so a drift of the machine during the round falls on both sides.
 */
public final class Planner {
    /**
     * Looks of a planned run, the first pass included: each costs every interval some width
     * (9% wider than one look's with 2 looks, 14% with 3, 17% with 4). A quick run's budget
     * leaves about two minutes after its first pass: two rounds, so that the second is planned
     * from the first's data. With one, the forks went by the first pass's one-fork estimates,
     * whose intervals are ±45%: a claim estimated at 0.16 against a line of 0.2 took 44 of a
     * round's 109 forks and ended at 0.195, undecided (2026-11-27). A full run's budget leaves
     * hours, worth three rounds.
     */
    public static int looks(RunSettings settings) {
        return settings.quickScale() ? 3 : 4;
    }

    /** Used for a result whose first fork's time was not recorded. */
    private static final double DEFAULT_FORK_SECONDS = 2;

    /**
     * What a round's fork costs beyond the same fork in the first pass: a round starts one JMH
     * {@code Runner} a fork, where the first pass started one a suite. Measured from the quick
     * runs' rounds against their plans: 89 forks took 29 s more than planned, 103 took 16 s, 120
     * took 30 s (0.16–0.33 s a fork, 2026-11-26); the last overran a 13-minute budget by 21 s.
     */
    static final double RUNNER_SECONDS = 0.35;

    /** The most the last round multiplies its claims' forks by, to spend the time it would leave. */
    static final double MAX_LAST_ROUND_SCALE = 2;

    private Planner() {}

    /** Told how the rounds go. */
    public interface Progress {
        void round(int round, int open, int forks, double seconds);

        void done(int rounds, String why);
    }

    /**
     * Runs the rounds after {@code session}'s first pass until {@code deadlineNanos}
     * ({@link System#nanoTime}) or until nothing the budget could decide is open.
     *
     * @return the looks the run's claims had (1: no round ran)
     * @throws IOException the run's own results cannot be read or written
     */
    public static int plan(EstimateContext estimates, SuiteRunner.Session session, List<Suite> suites, Path resultsFile, long deadlineNanos,
            int looks, Progress progress) throws IOException {
        return plan(estimates, session, suites, resultsFile, deadlineNanos, looks, 1, progress);
    }

    /**
     * As {@link #plan(EstimateContext, SuiteRunner.Session, List, Path, long, int, Progress)}, from round
     * {@code firstRound}: a resumed run goes on after the rounds its earlier sittings planned
     * (each was a look, finished or not).
     */
    public static int plan(EstimateContext estimates, SuiteRunner.Session session, List<Suite> suites, Path resultsFile,
            long deadlineNanos, int looks, int firstRound, Progress progress) throws IOException {
        int round = Math.max(1, firstRound);
        for (; round < looks; round++) {
            double left = (deadlineNanos - System.nanoTime()) / 1e9;
            List<Result> results;
            try {
                results = JmhResults.read(resultsFile);
            } catch (ReportException e) {
                throw new IOException("cannot read the run's own results " + resultsFile + ": " + e.getMessage(), e);
            }
            ForkLog log = ForkLog.beside(resultsFile);
            List<SuiteRunner.Target> targets = choose(estimates, results, log.withLooks(looks), suites, left, looks - round, progress, round,
                    longWarmup(session.settings()));
            if (targets.isEmpty()) {
                break;
            }
            try {
                session.more(targets, round);
            } catch (SuiteRunner.SuiteFailedException e) {
                // the first pass finished: a fork that fails in a round ends the rounds, not the run and its report
                progress.done(round + 1, "a fork of round " + round + " failed, so no more rounds: " + e.getMessage());
                return round + 1;
            }
        }
        progress.done(round, round == looks ? "the run's looks are used up" : "");
        return round;
    }

    /**
     * This round's forks: for the open claims that the time left could decide, cheapest first,
     * each side's share of the forks it needs spread over the rounds left, sides interleaved.
     */
    static List<SuiteRunner.Target> choose(EstimateContext estimates, List<Result> results, ForkLog log, List<Suite> suites,
            double secondsLeft, int roundsLeft, Progress progress, int round) {
        return choose(estimates, results, log, suites, secondsLeft, roundsLeft, progress, round, -1);
    }

    /**
     * Warm-up iterations for a result whose forks were still warming when measured
     * ({@link dev.fastio.report.stats.Warmup}): three times the run's, so that its next fork is measured
     * warm instead of being left out again.
     */
    static int longWarmup(RunSettings s) {
        return Math.max(3, 3 * s.warmupIterations());
    }

    /** As above; {@code longWarmups}, the warm-up of a fork of a result that was still warming (-1: the run's). */
    static List<SuiteRunner.Target> choose(EstimateContext estimates, List<Result> results, ForkLog log, List<Suite> suites,
            double secondsLeft, int roundsLeft, Progress progress, int round, int longWarmups) {
        if (!(secondsLeft > 0) || roundsLeft < 1) { // NaN included: no time, or no look left, is no round
            progress.round(round, 0, 0, 0);
            return List.of();
        }
        // log's looks: every look the run may take, so that what it decides now stays decided
        List<Verdicts.Judged> judged = Verdicts.judge(estimates, results, log);
        record Need(Verdicts.Judged claim, Map<Result, Integer> forks, double seconds) {}
        List<Need> needs = new ArrayList<>();
        for (Verdicts.Judged j : judged) {
            if (!j.open()) {
                continue;
            }
            Map<Result, Integer> more = new LinkedHashMap<>(); // in the order judged: the sides of a comparison together
            boolean decidable = true;
            for (ClaimTrace.Open o : j.deciding()) {
                double need = o.forksToDecide();
                if (!Double.isFinite(need) || o.sides().isEmpty()) {
                    decidable = false;
                    break;
                }
                for (Result side : o.sides()) {
                    more.merge(side, (int) Math.max(0, need - side.forks()), Math::max);
                }
            }
            if (!decidable || more.values().stream().allMatch(n -> n == 0)) {
                continue;
            }
            double seconds = 0;
            for (Map.Entry<Result, Integer> e : more.entrySet()) {
                seconds += e.getValue() * forkSeconds(e.getKey(), log);
            }
            needs.add(new Need(j, more, seconds));
        }
        needs.sort(Comparator.comparingDouble(Need::seconds));
        // whole claims the time left could decide, cheapest first; each gets its share this round.
        // A round before the last keeps the rounds after it their part of the time: a share is
        // rounded up to whole forks, so claims that need one or two forks a side would otherwise
        // take all of theirs at once, and leave the round planned from better data nothing (a
        // fresh clone's quick run: round 1 took 2 min 3 s of 2 min 10 s, 2026-11-27).
        double cap = secondsLeft / roundsLeft;
        List<Need> picked = new ArrayList<>();
        Map<Result, Integer> planned = new LinkedHashMap<>();
        double committed = 0;
        double plannedSeconds = 0;
        for (Need n : needs) {
            if (committed + n.seconds() > secondsLeft) {
                continue;
            }
            Map<Result, Integer> added = new LinkedHashMap<>();
            double more = 0;
            for (Map.Entry<Result, Integer> e : n.forks().entrySet()) {
                int share = (int) Math.ceil(e.getValue() / (double) roundsLeft);
                int had = Math.max(planned.getOrDefault(e.getKey(), 0), added.getOrDefault(e.getKey(), 0));
                if (share > had) {
                    more += (share - had) * forkSeconds(e.getKey(), log);
                    added.put(e.getKey(), share);
                }
            }
            if (!picked.isEmpty() && plannedSeconds + more > cap) {
                continue;
            }
            committed += n.seconds();
            plannedSeconds += more;
            planned.putAll(added);
            picked.add(n);
        }
        // The last round's time would otherwise go unused once the run's looks are spent: it goes to
        // the claims chosen, up to twice the forks they need. A need assumes the estimate stays where it is;
        // it moves, and the extra forks raise the chance that the interval clears the line anyway.
        double scale = roundsLeft == 1 && committed > 0 ? Math.min(MAX_LAST_ROUND_SCALE, secondsLeft / committed) : 1;
        Map<Result, Integer> thisRound = new LinkedHashMap<>();
        List<List<Result>> order = new ArrayList<>();
        double roundSeconds = 0;
        int chosen = picked.size();
        for (Need n : picked) {
            List<Result> sides = new ArrayList<>();
            for (Map.Entry<Result, Integer> e : n.forks().entrySet()) {
                int share = Math.max((int) Math.ceil(e.getValue() / (double) roundsLeft), (int) Math.floor(e.getValue() * scale));
                Integer had = thisRound.get(e.getKey());
                if (share > 0 && (had == null || had < share)) {
                    roundSeconds += (share - (had == null ? 0 : had)) * forkSeconds(e.getKey(), log);
                    thisRound.put(e.getKey(), share);
                    sides.add(e.getKey());
                }
            }
            order.add(sides);
        }
        // interleave: fork 1 of each side of each claim, then fork 2, …
        List<SuiteRunner.Target> targets = new ArrayList<>();
        Map<Result, Integer> given = new LinkedHashMap<>();
        boolean any = true;
        while (any) {
            any = false;
            for (List<Result> sides : order) {
                for (Result r : sides) {
                    int g = given.getOrDefault(r, 0);
                    if (g < thisRound.get(r)) {
                        Suite suite = suiteOf(r, suites);
                        if (suite != null) {
                            boolean warming = longWarmups >= 0 && dev.fastio.report.stats.Warmup.warmingForks(r) > 0;
                            targets.add(new SuiteRunner.Target(suite, r.method(), r.mode(), r.params(), 1, warming ? longWarmups : -1));
                        }
                        given.put(r, g + 1);
                        any = true;
                    }
                }
            }
        }
        // a suite with a fixture (the shared HDFS) starts it once per run of its targets: those go together, at the end
        List<SuiteRunner.Target> grouped = new ArrayList<>(targets.stream().filter(t -> t.suite().fixture() == null).toList());
        for (Suite s : suites) {
            targets.stream().filter(t -> t.suite() == s && s.fixture() != null).forEach(grouped::add);
        }
        progress.round(round, chosen, grouped.size(), roundSeconds);
        return grouped;
    }

    private static double forkSeconds(Result r, ForkLog log) {
        return RUNNER_SECONDS
                + log.of(r).stream().filter(f -> f.round() == 0).mapToDouble(ForkLog.Fork::seconds).filter(s -> s > 0).average()
                        .orElse(DEFAULT_FORK_SECONDS);
    }

    private static Suite suiteOf(Result r, List<Suite> suites) {
        for (Suite s : suites) {
            if (s.benchmark().getName().equals(r.className())) {
                return s;
            }
        }
        return null;
    }
}
