package dev.fastio.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.bench.read.ReadWholeFileBenchmark;
import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.ForkLog;
import dev.fastio.report.jmh.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The planner spends time only on claims still open that the time left could decide, on the
 * results on the sides of their open comparisons, interleaved; decided claims and results no
 * claim reads get nothing.
 */
class PlannerTest {
    private static final String CLASS = ReadWholeFileBenchmark.class.getName();
    private static final List<Suite> SUITES = Suites.select(List.of("ReadWholeFile"));

    private static final Planner.Progress QUIET = new Planner.Progress() {
        @Override
        public void round(int round, int open, int forks, double seconds) {}

        @Override
        public void done(int rounds, String why) {}
    };

    /** One fork of four iterations around {@code mean} µs (±1%): a quick run's result. */
    private static Result result(String method, String size, double mean) {
        List<Double> samples = List.of(mean * 0.99, mean * 1.01, mean, mean * 1.005);
        return new Result(CLASS, method, "avgt", 1, Map.of("size", size), mean, Double.NaN, "us/op", Map.of(), "17.0.15", "vm", "1",
                samples, 1);
    }

    private static List<Result> run(double readAllBytesRatio, double readStringRatio) {
        List<Result> rs = new ArrayList<>();
        for (String size : List.of("16", "32768")) {
            rs.add(result("fastioReadAllBytes", size, 10 * readAllBytesRatio));
            rs.add(result("filesReadAllBytes", size, 10));
            rs.add(result("fastioReadString", size, 10 * readStringRatio));
            rs.add(result("filesReadString", size, 10));
            rs.add(result("fileInputStreamReadAllBytes", size, 50)); // read by no claim
        }
        return rs;
    }

    @Test
    void moreForksGoToTheSidesOfOpenClaimsOnlyInterleaved() {
        // readAllBytes: 0.8× against "never slower (5% margin)": open with one fork, decidable in a few;
        // readString: 0.2× is decided at once
        List<SuiteRunner.Target> targets = Planner.choose(EstimateContext.DEFAULT, run(0.8, 0.2), ForkLog.NONE, SUITES, 600, 3, QUIET, 1);
        assertThat(targets).isNotEmpty();
        assertThat(targets).extracting(SuiteRunner.Target::method).containsOnly("fastioReadAllBytes", "filesReadAllBytes");
        // A, B, A, B: a drift of the machine falls on both sides
        for (int i = 0; i + 1 < targets.size(); i += 2) {
            assertThat(targets.get(i).method()).isEqualTo("fastioReadAllBytes");
            assertThat(targets.get(i + 1).method()).isEqualTo("filesReadAllBytes");
            assertThat(targets.get(i).params()).isEqualTo(targets.get(i + 1).params());
        }
        assertThat(targets).allMatch(t -> t.suite().benchmark() == ReadWholeFileBenchmark.class && t.mode().equals("avgt"));
    }

    @Test
    void nothingWhenEverythingIsDecidedOrTheTimeIsGone() {
        assertThat(Planner.choose(EstimateContext.DEFAULT, run(0.2, 0.2), ForkLog.NONE, SUITES, 600, 3, QUIET, 1)).as("all decided").isEmpty();
        assertThat(Planner.choose(EstimateContext.DEFAULT, run(0.8, 0.2), ForkLog.NONE, SUITES, 0, 3, QUIET, 1)).as("no time left").isEmpty();
        assertThat(Planner.choose(EstimateContext.DEFAULT, run(0.8, 0.2), ForkLog.NONE, SUITES, Double.NaN, 3, QUIET, 1)).as("no time known").isEmpty();
        assertThat(Planner.choose(EstimateContext.DEFAULT, run(0.8, 0.2), ForkLog.NONE, SUITES, 600, 0, QUIET, 1)).as("no look left").isEmpty();
        // an estimate on the threshold itself: no amount of forks decides it, so none are spent on it
        assertThat(Planner.choose(EstimateContext.DEFAULT, run(1.05, 0.2), ForkLog.NONE, SUITES, 600, 3, QUIET, 1)).isEmpty();
    }

    /** A quick run leaves a line within 25% of equal (this claim's 5% margin) to --full: no forks for it. */
    @Test
    void aQuickRunLeavesLinesCloserThanItResolvesToTheFullRun() {
        assertThat(Planner.choose(EstimateContext.DEFAULT, run(0.8, 0.2), new ForkLog(2, 1.25, Map.of()), SUITES, 600, 1, QUIET, 1)).isEmpty();
        assertThat(Planner.choose(EstimateContext.DEFAULT, run(0.8, 0.2), new ForkLog(2, 1, Map.of()), SUITES, 600, 1, QUIET, 1)).isNotEmpty();
    }

    /** The last round spends the time it has on the claims it chose (up to twice their need); earlier rounds keep theirs for later. */
    @Test
    void theLastRoundSpendsWhatTheRunWouldLeave() {
        List<Result> rs = run(0.8, 0.2);
        var forks = ForkLog.newForks();
        for (Result r : rs) {
            ForkLog.add(forks, BenchmarkKey.forkLog(r), new ForkLog.Fork(0, 1, 0.0));
        }
        ForkLog log = new ForkLog(2, 1, forks);
        // all the time in the world: twice the need, and no more
        int twice = Planner.choose(EstimateContext.DEFAULT, rs, log, SUITES, 100_000, 1, QUIET, 1).size();
        assertThat(twice).isPositive().isEven();
        int needed = twice / 2;
        double perFork = 1 + Planner.RUNNER_SECONDS; // a fork of 1 s, and the runner's start
        assertThat(Planner.choose(EstimateContext.DEFAULT, rs, log, SUITES, 10 * needed * perFork, 1, QUIET, 1)).hasSize(twice);
        // half again as much time: half again as many forks, within one fork a side
        assertThat(Planner.choose(EstimateContext.DEFAULT, rs, log, SUITES, 1.5 * needed * perFork, 1, QUIET, 1).size()).isBetween(3 * needed / 2 - 2, 3 * needed / 2);
        // just the need's time: the need
        assertThat(Planner.choose(EstimateContext.DEFAULT, rs, log, SUITES, needed * perFork, 1, QUIET, 1)).hasSize(needed);
        // not the last round: its share of the need (here a fork or two a side: all of it), whatever the time
        assertThat(Planner.choose(EstimateContext.DEFAULT, rs, log, SUITES, 10 * needed * perFork, 2, QUIET, 1).size()).isPositive().isLessThanOrEqualTo(needed);
    }

    /** A round before the last leaves the rounds after it their part of the time, though its claims' shares round up to whole forks. */
    @Test
    void aRoundBeforeTheLastKeepsTimeForTheRoundsAfterIt() {
        List<Result> rs = run(0.8, 0.8); // both claims open, each a fork or two a side from deciding
        var forks = ForkLog.newForks();
        for (Result r : rs) {
            ForkLog.add(forks, BenchmarkKey.forkLog(r), new ForkLog.Fork(0, 1, 0.0));
        }
        ForkLog log = new ForkLog(3, 1, forks);
        double[] planned = new double[1];
        Planner.Progress seen = new Planner.Progress() {
            @Override
            public void round(int round, int open, int n, double seconds) {
                planned[0] = seconds;
            }

            @Override
            public void done(int rounds, String why) {}
        };
        // the time both claims' whole needs take: as the last round, it spends all of it on both
        int all = Planner.choose(EstimateContext.DEFAULT, rs, log, SUITES, 100_000, 1, QUIET, 1).size() / 2;
        double perFork = 1 + Planner.RUNNER_SECONDS;
        double both = all * perFork;
        assertThat(Planner.choose(EstimateContext.DEFAULT, rs, log, SUITES, both, 1, seen, 1)).hasSize(all);
        // with two rounds left the same time is split: this round plans at most half of it (one claim may overrun alone)
        List<SuiteRunner.Target> first = Planner.choose(EstimateContext.DEFAULT, rs, log, SUITES, both, 2, seen, 1);
        assertThat(first).isNotEmpty();
        assertThat(planned[0]).isLessThanOrEqualTo(both / 2 + 1e-9);
        assertThat(first.size()).isLessThan(all);
    }

    @Test
    void theTimeOfAForkComesFromTheLog() {
        List<Result> rs = run(0.8, 0.2);
        var forks = ForkLog.newForks();
        for (Result r : rs) {
            ForkLog.add(forks, BenchmarkKey.forkLog(r), new ForkLog.Fork(0, 100, 0.0)); // 100 s a fork: nothing fits in 600 s
        }
        assertThat(Planner.choose(EstimateContext.DEFAULT, rs, new ForkLog(2, 1, forks), SUITES, 600, 3, QUIET, 1)).isEmpty();
        assertThat(Planner.choose(EstimateContext.DEFAULT, rs, new ForkLog(2, 1, forks), SUITES, 100_000, 3, QUIET, 1)).isNotEmpty();
    }
}
