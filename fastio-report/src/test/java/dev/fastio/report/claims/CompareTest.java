package dev.fastio.report.claims;

import dev.fastio.report.jmh.Fixtures;
import dev.fastio.report.stats.EstimateTest;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import static dev.fastio.report.jmh.Fixtures.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

public class CompareTest {
    private static final String C = "x.Bench";

    private static ExperimentResults rs(Result... results) {
        return new ExperimentResults(EstimateContext.DEFAULT, new Experiment("Bench", C, "t", "", "", "base", "size", List.of()), List.of(results));
    }

    /** Three samples around {@code mean}, spread ±{@code spread}, from many forks: the samples alone set the interval. */
    private static Result s3(String method, String size, double mean, double spread) {
        return EstimateTest.sampled(method, size, List.of(mean - spread, mean, mean + spread), Fixtures.MANY_FORKS);
    }

    @Test
    void fasterHoldsWhereTheWholeIntervalIsBelowTheThresholdAndFailsWhereItIsAbove() {
        ExperimentResults all = rs(s3("a", "1", 6, 0.05), s3("base", "1", 10, 0.05),
                s3("a", "2", 6, 0.05), s3("base", "2", 10, 0.05));
        assertThat(Compare.faster("a", "base", r -> true, 0.3).apply(all).status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(Compare.faster("a", "base", r -> true, 0.5).apply(all).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);

        ExperimentResults mixed = rs(s3("a", "1", 6, 0.05), s3("base", "1", 10, 0.05),
                s3("a", "2", 10, 0.05), s3("base", "2", 10, 0.05));
        Verdict v = Compare.faster("a", "base", r -> true, 0.3).apply(mixed);
        assertThat(v.status()).isEqualTo(Verdict.Status.PARTLY);
        assertThat(v.measured()).contains("0.60× [").contains("(holds)").contains("1.00× [").contains("(does not hold)");
    }

    /**
     * Noise decides nothing, whichever side fastio is on: the old check let overlapping error bars
     * pass "no slower" and "similar" and fail "faster"; all three are now not settled.
     */
    @Test
    void overlappingIntervalsSettleNoClaimInEitherDirection() {
        ExperimentResults noisy = rs(s3("a", "1", 6, 3), s3("base", "1", 10, 3));
        assertThat(Compare.faster("a", "base", r -> true, 0.1).apply(noisy).status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(Compare.notSlower("base", "a", r -> true, 0).apply(noisy).status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(Compare.similar("a", "base", r -> true, 0.05).apply(noisy).status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(Compare.faster("a", "base", r -> true, 0.1).apply(noisy).measured()).contains("(not settled)");
    }

    /**
     * A claim with no pair says which side did not run where it looks. A new user's quick run
     * read "fastio and jdkFilesCopy were not both run here" of two methods that both ran, at
     * other settings than the claim's.
     */
    @Test
    void aComparisonWithNoPairSaysWhichSideDidNotRunWhereTheClaimLooks() {
        ExperimentResults otherSizes = rs(s3("a", "1", 6, 0.05), s3("base", "2", 10, 0.05));
        Verdict v = Compare.notSlower("a", "base", r -> true, 0).apply(otherSizes);
        assertThat(v.status()).isEqualTo(Verdict.Status.NOT_MEASURED);
        assertThat(v.measured()).contains("base did not run beside a with the parameters this claim is about")
                .doesNotContain("not both run");
        Verdict notThere = Compare.notSlower("a", "base", r -> r.params().get("size").equals("9"), 0).apply(otherSizes);
        assertThat(notThere.measured()).contains("a did not run with the parameters this claim is about");
    }

    @Test
    void similarHoldsOnlyWhenTheIntervalIsInsideTheBand() {
        ExperimentResults alike = rs(s3("a", "1", 10.1, 0.02), s3("base", "1", 10, 0.02));
        assertThat(Compare.similar("a", "base", r -> true, 0.05).apply(alike).status()).isEqualTo(Verdict.Status.HOLDS);
        ExperimentResults apart = rs(s3("a", "1", 13, 0.02), s3("base", "1", 10, 0.02));
        assertThat(Compare.similar("a", "base", r -> true, 0.05).apply(apart).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
    }

    @Test
    void notSlowerFailsOnASettledSlowdownBeyondTolerance() {
        ExperimentResults slow = rs(s3("a", "1", 12, 0.05), s3("base", "1", 10, 0.05));
        assertThat(Compare.notSlower("a", "base", r -> true, 0.05).apply(slow).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(Compare.notSlower("a", "base", r -> true, 0.25).apply(slow).status()).isEqualTo(Verdict.Status.HOLDS);
    }

    /**
     * "No slower than the fastest peer": judged against every peer, symmetric in noise. A peer
     * settled faster fails the size even where another peer is slower; a peer whose interval
     * overlaps leaves it not settled; only a size where every peer is settled slower holds.
     */
    @Test
    void notSlowerThanEachJudgesEveryPeerAndNamesTheFastest() {
        List<String> peers = List.of("p1", "p2");
        ExperimentResults wins = rs(s3("a", "1", 8, 0.05), s3("p1", "1", 10, 0.05), s3("p2", "1", 12, 0.05));
        Verdict v = Compare.notSlowerThanEach("a", peers, r -> true, 0).apply(wins);
        assertThat(v.status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(v.measured()).contains("p1 0.80× [");

        ExperimentResults oneFaster = rs(s3("a", "1", 11, 0.05), s3("p1", "1", 10, 0.05), s3("p2", "1", 20, 0.05));
        Verdict lost = Compare.notSlowerThanEach("a", peers, r -> true, 0).apply(oneFaster);
        assertThat(lost.status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(lost.measured()).contains("p1 1.10× [").contains("(does not hold)");

        ExperimentResults noisy = rs(s3("a", "1", 10, 3), s3("p1", "1", 20, 0.05), s3("p2", "1", 10, 3));
        Verdict open = Compare.notSlowerThanEach("a", peers, r -> true, 0).apply(noisy);
        assertThat(open.status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(open.measured()).contains("p2").contains("(not settled)");

        ExperimentResults twoSizes = rs(s3("a", "1", 8, 0.05), s3("p1", "1", 10, 0.05),
                s3("a", "2", 12, 0.05), s3("p2", "2", 10, 0.05));
        assertThat(Compare.notSlowerThanEach("a", peers, r -> true, 0).apply(twoSizes).status()).isEqualTo(Verdict.Status.PARTLY);
        assertThat(Compare.notSlowerThanEach("a", peers, r -> true, 0.25).apply(twoSizes).status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(Compare.notSlowerThanEach("x", peers, r -> true, 0).apply(twoSizes).status()).isEqualTo(Verdict.Status.NOT_MEASURED);
    }

    @Test
    void sizesCombineIntoOneVerdict() {
        var H = Estimate.Outcome.HOLDS;
        var D = Estimate.Outcome.DOES_NOT_HOLD;
        var N = Estimate.Outcome.NOT_SETTLED;
        assertThat(Compare.combine(List.of(H, H))).isEqualTo(Verdict.Status.HOLDS);
        assertThat(Compare.combine(List.of(D, D))).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(Compare.combine(List.of(N, N))).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(Compare.combine(List.of(H, D, N))).isEqualTo(Verdict.Status.PARTLY);
        assertThat(Compare.combine(List.of(H, N))).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(Compare.combine(List.of(D, N))).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(Compare.combine(List.of())).isEqualTo(Verdict.Status.NOT_MEASURED);
    }

    @Test
    void throughputScoresAreInvertedIntoTimeRatios() {
        Result fast = new Result(C, "a", "thrpt", 1, java.util.Map.of(), 200, 1, "ops/s", java.util.Map.of(), "", "", "");
        Result slow = new Result(C, "base", "thrpt", 1, java.util.Map.of(), 100, 1, "ops/s", java.util.Map.of(), "", "", "");
        assertThat(fast.timeRatioTo(slow)).isEqualTo(0.5);
    }

    @Test
    void missingMethodsAreNotMeasured() {
        ExperimentResults only = rs(result(C, "a", "1", 6, 0.1));
        assertThat(Compare.faster("a", "base", r -> true, 0.1).apply(only).status()).isEqualTo(Verdict.Status.NOT_MEASURED);
    }

    @Test
    void aClaimOnAMissingProgramSaysHowToInstallItAndOtherwiseIsJudged() {
        var claim = Compare.needsTool("igzipDashD", "igzip", "isal", Compare.notSlower("a", "igzipDashD", r -> true, 0.1));
        Verdict missing = claim.apply(rs(s3("a", "1", 6, 0.05)));
        assertThat(missing.status()).isEqualTo(Verdict.Status.NOT_MEASURED);
        assertThat(missing.measured()).contains("igzip did not run").contains("apt-get install isal");
        assertThat(claim.apply(rs(s3("a", "1", 6, 0.05), s3("igzipDashD", "1", 10, 0.05))).status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(claim.apply(rs(s3("a", "1", 16, 0.05), s3("igzipDashD", "1", 10, 0.05))).status())
                .isEqualTo(Verdict.Status.DOES_NOT_HOLD);
    }

    @Test
    void paramBetweenSelectsNumericRanges() {
        assertThat(Compare.paramBetween("size", 0, 100).test(result(C, "a", "16", 1, 0))).isTrue();
        assertThat(Compare.paramBetween("size", 0, 100).test(result(C, "a", "500", 1, 0))).isFalse();
        assertThat(Compare.paramBetween("size", 0, 100).test(result(C, "a", null, 1, 0))).isFalse();
    }

    @Test
    void sizesAreFormattedTheWayTheArticlesWriteThem() {
        assertThat(Format.size("16")).isEqualTo("16 B");
        assertThat(Format.size("4096")).isEqualTo("4 KiB");
        assertThat(Format.size("500000")).isEqualTo("500 kB");
        assertThat(Format.size("5000000")).isEqualTo("5 MB");
        assertThat(Format.size("5242880")).isEqualTo("5 MiB");
        assertThat(Format.size("1363148800")).isEqualTo("1300 MiB");
        assertThat(Format.size("3221225472")).isEqualTo("3 GiB");
        assertThat(Format.size("latin1")).isEqualTo("latin1");
    }

    /** A result of {@code method} at {@code size} on JDK {@code jdk}, with C-yardstick counters when {@code cNs} is not NaN. */
    private static Result onJdk(String method, String size, double us, String jdk, double cNs) {
        java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
        p.put("size", size);
        java.util.Map<String, Result.Metric> counters = Double.isNaN(cNs) ? java.util.Map.of()
                : java.util.Map.of("cNs", new Result.Metric(cNs * 4, 0, "#"), "cRuns", new Result.Metric(4, 0, "#"));
        return new Result(C, method, "avgt", 1, p, us, 0.01 * us, "us/op", counters, jdk, "vm", "1", List.of(), Fixtures.MANY_FORKS);
    }

    @Test
    void yardstickClaimsAreJudgedOnTheCProgramsOwnTimeAndOnlyOnTheirJdk() {
        var check = Compare.onJdk(22, Compare.withinYardstick("a", r -> true, 1.5, "c"));
        // 6 us against C's own 5 us (the process took 40 ms): 1.2x, holds
        Verdict v = check.apply(rs(onJdk("a", "16", 6, "25.0.3", Double.NaN), onJdk("c", "16", 40_000, "25.0.3", 5_000)));
        assertThat(v.status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(v.measured()).contains("1.20× [").contains("(C 5.00 µs)");
        assertThat(check.apply(rs(onJdk("a", "16", 9, "25", Double.NaN), onJdk("c", "16", 40_000, "25", 5_000))).status())
                .isEqualTo(Verdict.Status.DOES_NOT_HOLD); // 1.8x
        // a JDK 17 run: the claim is about the native layer, which needs 22+
        Verdict old = check.apply(rs(onJdk("a", "16", 6, "17.0.13", Double.NaN), onJdk("c", "16", 40_000, "17.0.13", 5_000)));
        assertThat(old.status()).isEqualTo(Verdict.Status.NOT_MEASURED);
        assertThat(old.measured()).contains("JDK 22+").contains("17.0.13");
        // the yardstick ran but had no compiler: no counters
        Verdict noCc = check.apply(rs(onJdk("a", "16", 6, "25", Double.NaN), onJdk("c", "16", 3, "25", Double.NaN)));
        assertThat(noCc.status()).isEqualTo(Verdict.Status.NOT_MEASURED);
        assertThat(noCc.measured()).contains("no C compiler");
    }

    @Test
    void jdkFeatureReleasesAreReadFromEveryVersionForm() {
        assertThat(Compare.jdkFeature(onJdk("a", "1", 1, "25.0.3", Double.NaN))).isEqualTo(25);
        assertThat(Compare.jdkFeature(onJdk("a", "1", 1, "17", Double.NaN))).isEqualTo(17);
        assertThat(Compare.jdkFeature(onJdk("a", "1", 1, "22-ea", Double.NaN))).isEqualTo(22);
        assertThat(Compare.jdkFeature(onJdk("a", "1", 1, "1.8.0_402", Double.NaN))).isEqualTo(8);
        assertThat(Compare.jdkFeature(onJdk("a", "1", 1, "", Double.NaN))).isZero();
    }
}
