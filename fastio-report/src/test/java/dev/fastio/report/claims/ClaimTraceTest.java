package dev.fastio.report.claims;

import dev.fastio.report.stats.EstimateTest;
import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.ForkLog;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a claim's check reads and cannot settle is recorded as it runs: the planner gives forks
 * to exactly those results, and the page says how much more data would decide the claim.
 */
public class ClaimTraceTest {
    private static final String C = "x.Bench";

    private static ExperimentResults rs(Result... results) {
        return new ExperimentResults(EstimateContext.DEFAULT, new Experiment("Bench", C, "t", "", "", "base", "size", List.of()), List.of(results));
    }

    /** Four samples around {@code mean} (±2%), from one fork: the fork noise dominates, as in a quick run. */
    private static Result one(String method, String size, double mean) {
        return EstimateTest.sampled(method, size, List.of(mean * 0.98, mean * 1.01, mean, mean * 1.01), 1);
    }

    /** As {@link #one}, from {@code forks} forks: the fork noise's part of the interval narrows as 1/√forks. */
    private static Result many(String method, String size, double mean, int forks) {
        List<Double> s = new java.util.ArrayList<>();
        for (int k = 0; k < forks; k++) {
            s.addAll(List.of(mean * 0.98, mean * 1.01, mean, mean * 1.01));
        }
        return EstimateTest.sampled(method, size, s, forks);
    }

    @Test
    void recordsWhatTheCheckReadAndWhichComparisonsStayOpen() {
        Result a1 = one("a", "1", 6);
        Result b1 = one("base", "1", 10);
        Result a2 = one("a", "2", 20);
        Result b2 = one("base", "2", 10);
        Result other = one("c", "1", 1);
        Claim claim = new Claim("test", "a is 30% faster", Compare.faster("a", "base", r -> true, 0.3));
        Claim.Traced t = claim.trace(rs(a1, b1, a2, b2, other));

        assertThat(t.trace().read()).containsExactlyInAnyOrder(a1, b1, a2, b2);
        // size 1: 0.6 against 0.7 is open with one fork a side; size 2: 2.0 is settled above 0.7
        assertThat(t.verdict().status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(t.trace().open()).hasSize(1);
        ClaimTrace.Open open = t.trace().open().get(0);
        assertThat(open.sides()).containsExactly(a1, b1);
        assertThat(open.towardHolds()).isTrue();
        assertThat(open.low()).isEqualTo(0.7);
        double need = open.forksToDecide();
        assertThat(need).isGreaterThan(1).isFinite();
        // the further the estimate from the threshold, the fewer forks it needs
        Claim.Traced closer = claim.trace(rs(one("a", "1", 6.6), b1));
        assertThat(closer.trace().open().get(0).forksToDecide()).isGreaterThan(need);
    }

    @Test
    void anEstimateOnItsThresholdCannotBeDecidedByMoreData() {
        Claim claim = new Claim("test", "a is never slower", Compare.notSlower("a", "base", r -> true, 0.0));
        Claim.Traced t = claim.trace(rs(one("a", "1", 10), one("base", "1", 10)));
        assertThat(t.verdict().status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(t.trace().open().get(0).forksToDecide()).isInfinite();
        Verdicts.Judged w = new Verdicts.Judged(rs(), t);
        assertThat(Verdicts.restsOn(w, ForkLog.NONE)).contains("1 fork").contains("no amount of data decides it");
        // with 40 forks a side the interval is narrow (the fork noise over √40): that is what the data can say
        Verdicts.Judged j = new Verdicts.Judged(rs(), claim.trace(rs(many("a", "1", 10, 40), many("base", "1", 10, 40))));
        assertThat(j.verdict().status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(j.withinMargin()).isTrue();
        assertThat(j.label()).matches("within [1-9]% of its line");
        assertThat(Verdicts.restsOn(j, ForkLog.NONE)).contains("40 forks").contains("may sit on it");
        // the one-fork estimate's interval says nothing so precise: still not settled, and why
        assertThat(w.verdict().status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(w.withinMargin()).isFalse();
        assertThat(w.label()).isEqualTo("not settled");
        assertThat(Verdicts.restsOn(w, ForkLog.NONE)).contains("no amount of data decides it");
        Verdicts.Tally tally = Verdicts.Tally.of(List.of(j, w));
        assertThat(tally.within()).isEqualTo(1);
        assertThat(tally.notSettled()).isEqualTo(1);
        assertThat(tally.decided()).isEqualTo(1);
        assertThat(tally.text()).contains("1 within a stated margin of their line (no more than 10%)");
    }

    /** A claim decided either way, or about other inputs, is never "within a margin"; the margin is the interval's farthest end. */
    @Test
    void theMarginIsTheIntervalsFarthestEndFromTheLine() {
        Claim claim = new Claim("test", "a is never slower (5% margin)", Compare.notSlower("a", "base", r -> true, 0.05));
        // a at 1.05× base, 40 forks a side: the interval is a few percent either side of the line of 1.05
        Verdicts.Judged j = new Verdicts.Judged(rs(), claim.trace(rs(many("a", "1", 10.5, 40), many("base", "1", 10, 40))));
        assertThat(j.verdict().status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        Estimate e = j.traced().trace().open().get(0).estimate();
        double expected = Math.max(e.high() / 1.05, 1.05 / e.low()) - 1;
        assertThat(j.margin()).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-9)).isLessThan(0.10);
        // decided: no margin
        Verdicts.Judged decided = new Verdicts.Judged(rs(), claim.trace(rs(one("a", "1", 5), one("base", "1", 10))));
        assertThat(decided.verdict().status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(decided.margin()).isNaN();
    }

    /** An interval with no width yet (one sample a side) needs one more fork, not "no amount of data". */
    @Test
    void oneSampleASideNeedsOneMoreForkAndANonFiniteTimeNone() {
        Claim claim = new Claim("test", "a is 30% faster", Compare.faster("a", "base", r -> true, 0.3));
        Claim.Traced t = claim.trace(rs(EstimateTest.sampled("a", "1", List.of(5.0)), EstimateTest.sampled("base", "1", List.of(10.0))));
        assertThat(t.verdict().status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        assertThat(t.trace().open().get(0).forksToDecide()).isEqualTo(2);
        String rests = Verdicts.restsOn(new Verdicts.Judged(rs(), t), ForkLog.NONE);
        assertThat(rests).contains("1 sample a result").contains("about 2 forks a side").doesNotContain("no amount");
        Claim.Traced zero = claim.trace(rs(EstimateTest.sampled("a", "1", List.of(0.0, 0.0)), one("base", "1", 10)));
        if (!zero.trace().open().isEmpty()) {
            assertThat(zero.trace().open().get(0).forksToDecide()).isInfinite();
            assertThat(Verdicts.restsOn(new Verdicts.Judged(rs(), zero), ForkLog.NONE)).contains("not finite");
        }
    }

    /** An open claim says what its forks would cost at the speed its sides' forks ran, against what the run spent after its first pass. */
    @Test
    void anOpenClaimSaysWhatDecidingItWouldTakeAgainstWhatTheRunHad() {
        Claim claim = new Claim("test", "a is 30% faster", Compare.faster("a", "base", r -> true, 0.3));
        Result a = one("a", "1", 6);
        Result base = one("base", "1", 10);
        Verdicts.Judged j = new Verdicts.Judged(rs(), claim.trace(rs(a, base)));
        double need = j.forksToDecide();
        assertThat(need).isGreaterThan(1).isFinite();
        Map<String, List<ForkLog.Fork>> forks = ForkLog.newForks();
        ForkLog.add(forks, BenchmarkKey.forkLog(a), new ForkLog.Fork(0, 2, 0));
        ForkLog.add(forks, BenchmarkKey.forkLog(base), new ForkLog.Fork(0, 4, 0));
        double seconds = (need - 1) * (2 + 4);
        assertThat(Verdicts.restsOn(j, new ForkLog(3, 1, forks)))
                .contains("in all would likely decide it, by where its estimate ended (" + Format.duration(seconds)
                        + " more of forks; this run spent no time on more forks)");
        Result other = one("c", "1", 1);
        ForkLog.add(forks, BenchmarkKey.forkLog(other), new ForkLog.Fork(1, 100, 0));
        ForkLog.add(forks, BenchmarkKey.forkLog(other), new ForkLog.Fork(2, 50, 0));
        assertThat(Verdicts.restsOn(j, new ForkLog(3, 1, forks))).contains("this run's rounds, planned from its earlier estimates, had 2.5 min of forks");
        // a log whose times add up past the largest double: no figure at all rather than "Infinity h"
        ForkLog.add(forks, BenchmarkKey.forkLog(one("d", "1", 1)), new ForkLog.Fork(1, Double.MAX_VALUE, 0));
        ForkLog.add(forks, BenchmarkKey.forkLog(one("d", "2", 1)), new ForkLog.Fork(1, Double.MAX_VALUE, 0));
        assertThat(Verdicts.restsOn(j, new ForkLog(3, 1, forks))).contains("forks a side in all would likely decide it").doesNotContain("of forks;")
                .doesNotContain("Infinity");
        // without the forks' times (a file JMH wrote) only the forks
        assertThat(Verdicts.restsOn(j, ForkLog.NONE)).contains("forks a side in all would likely decide it").doesNotContain("of forks;");
        // an estimate a hair from its line: no count of forks a reader could mistake for a plan
        Verdicts.Judged hair = new Verdicts.Judged(rs(), claim.trace(rs(one("a", "1", 7.0000001), base)));
        assertThat(Verdicts.restsOn(hair, new ForkLog(3, 1, forks))).contains("no budget decides it").doesNotContain("more of forks");
        assertThat(Format.duration(40)).isEqualTo("40 s");
        assertThat(Format.duration(0.2)).isEqualTo("under 1 s");
        assertThat(Format.duration(1e300)).isEqualTo("more than a week");
        assertThat(Format.duration(Double.NaN)).isEqualTo("under 1 s");
        assertThat(Format.duration(552)).isEqualTo("9.2 min");
        assertThat(Format.duration(11_160)).isEqualTo("3.1 h");
    }

    @Test
    void aLineCloserToEqualThanTheRunResolvesIsLeftToALongerRun() {
        Claim claim = new Claim("test", "a is never slower (5% margin)", Compare.notSlower("a", "base", r -> true, 0.05));
        Claim.Traced t = claim.trace(rs(one("a", "1", 9), one("base", "1", 10)));
        Verdicts.Judged quick = new Verdicts.Judged(rs(), t, 1.25);
        assertThat(quick.tooFine()).isTrue();
        assertThat(quick.open()).isFalse();
        assertThat(Verdicts.restsOn(quick, ForkLog.NONE)).contains("within 25% of equal").contains("--full").contains("got no more forks")
                .as("no count of forks that reads as time the run did not spend").doesNotContain("would likely decide");
        Verdicts.Judged full = new Verdicts.Judged(rs(), t, 1);
        assertThat(full.tooFine()).isFalse();
        assertThat(full.open()).isTrue();
        // a line far from equal is a quick run's to decide
        Claim.Traced far = new Claim("test", "a is 2x faster", Compare.faster("a", "base", r -> true, 0.5))
                .trace(rs(one("a", "1", 4), one("base", "1", 10)));
        assertThat(new Verdicts.Judged(rs(), far, 1.25).tooFine()).isFalse();
        assertThat(t.verdict().measured()).contains("the claim's line: ≤ 1.05× (a 5% margin)");
    }

    /** One comparison that fails decides a claim over several sizes; all must hold for it to hold. */
    @Test
    void theCheapestFailingComparisonDecidesAClaim() {
        Claim claim = new Claim("test", "a is never slower", Compare.notSlower("a", "base", r -> true, 0.05));
        Claim.Traced t = claim.trace(rs(one("a", "1", 13), one("base", "1", 10), one("a", "2", 12), one("base", "2", 10),
                one("a", "3", 9.7), one("base", "3", 10)));
        assertThat(t.verdict().status()).isEqualTo(Verdict.Status.NOT_SETTLED);
        Verdicts.Judged j = new Verdicts.Judged(rs(), t);
        assertThat(j.deciding()).hasSize(1);
        assertThat(j.deciding().get(0).sides()).extracting(Result::params).containsOnly(Map.of("size", "1"));
        // all leaning toward holding: every one must be decided
        Claim.Traced holding = claim.trace(rs(one("a", "1", 8), one("base", "1", 10), one("a", "2", 8.5), one("base", "2", 10)));
        assertThat(new Verdicts.Judged(rs(), holding).deciding()).hasSize(2);
    }

    @Test
    void nothingIsRecordedOutsideATrace() {
        Estimate e = Estimate.ratio(EstimateContext.DEFAULT, one("a", "1", 10), one("base", "1", 10));
        assertThat(e.judgeAtMost(1.0)).isEqualTo(Estimate.Outcome.NOT_SETTLED); // no trace: nothing to record, no error
    }

    @Test
    void theForkLogBesideTheResultsSaysTheLooksAndTheLoad(@TempDir Path dir) throws Exception {
        Result quiet = one("a", "1", 10);
        Result busy = one("base", "1", 10);
        Map<String, List<ForkLog.Fork>> forks = ForkLog.newForks();
        ForkLog.add(forks, BenchmarkKey.forkLog(quiet), new ForkLog.Fork(0, 1.5, 0.02));
        ForkLog.add(forks, BenchmarkKey.forkLog(busy), new ForkLog.Fork(0, 1.6, 0.70));
        ForkLog.add(forks, BenchmarkKey.forkLog(busy), new ForkLog.Fork(1, 1.4, Double.NaN));
        Path results = Files.writeString(dir.resolve("results.json"), "[]");
        Files.writeString(dir.resolve(ForkLog.FILE), new ForkLog(3, 1.25, forks).toJson());

        ForkLog log = ForkLog.beside(results);
        assertThat(log.looks()).isEqualTo(3);
        assertThat(log.of(busy)).hasSize(2);
        assertThat(log.otherCpu(busy)).as("NaN forks are left out").isEqualTo(0.70);
        Claim claim = new Claim("test", "a is never slower", Compare.notSlower("a", "base", r -> true, 0.0));
        Verdicts.Judged j = new Verdicts.Judged(rs(), claim.trace(rs(quiet, busy)));
        assertThat(Verdicts.loadDiffers(j, log)).isTrue();
        assertThat(Verdicts.restsOn(j, log)).contains("ran under different load").contains("0.02").contains("0.70");
        // load is compared between the two sides of a comparison, never across results a claim does not compare
        Result busyOther = one("base", "2", 10);
        ForkLog.add(forks, BenchmarkKey.forkLog(busyOther), new ForkLog.Fork(0, 1.6, 0.90));
        ForkLog.add(forks, BenchmarkKey.forkLog(one("a", "2", 10)), new ForkLog.Fork(0, 1.6, 0.85));
        ForkLog twoSizes = new ForkLog(1, 1, forks);
        Verdicts.Judged sameLoadPerPair = new Verdicts.Judged(rs(), claim.trace(rs(one("a", "2", 10), busyOther)));
        assertThat(Verdicts.loadDiffers(sameLoadPerPair, twoSizes)).isFalse();
        assertThat(Verdicts.loadDiffers(j, ForkLog.NONE)).isFalse();

        // a log that cannot be read is no log: one look, no load
        for (String bad : new String[] {"{not json", "[1,2]", "{\"looks\":\"x\"}", "{\"forks\":{\"k\":5}}", "null"}) {
            Files.writeString(dir.resolve(ForkLog.FILE), bad);
            assertThat(ForkLog.beside(results)).as(bad).isEqualTo(ForkLog.NONE);
        }
        // odd numbers are held to what a run can write: looks 1 to 10; a finest line, a round, seconds or a load
        // that no run writes makes it no log (it would steer the tally and the load flags)
        Files.writeString(dir.resolve(ForkLog.FILE), "{\"looks\":-3,\"finest\":1,\"forks\":{}}");
        assertThat(ForkLog.beside(results).looks()).isEqualTo(1);
        Files.writeString(dir.resolve(ForkLog.FILE), "{\"looks\":1000000,\"finest\":1.25,\"forks\":{}}");
        assertThat(ForkLog.beside(results).looks()).isEqualTo(EstimateContext.MAX_LOOKS);
        for (String bad : new String[] {"{\"looks\":2,\"finest\":1e300,\"forks\":{}}",
                "{\"looks\":2,\"finest\":1,\"forks\":{\"k\":[{\"round\":0,\"seconds\":1,\"otherCpu\":1e308}]}}",
                "{\"looks\":2,\"finest\":1,\"forks\":{\"k\":[{\"round\":0,\"seconds\":1,\"otherCpu\":-1}]}}",
                "{\"looks\":2,\"finest\":1,\"forks\":{\"k\":[{\"round\":1,\"seconds\":1e300,\"otherCpu\":0}]}}",
                "{\"looks\":2,\"finest\":1,\"forks\":{\"k\":[{\"round\":1,\"seconds\":86401,\"otherCpu\":0}]}}",
                "{\"looks\":2,\"finest\":1,\"forks\":{\"k\":[{\"round\":-1,\"seconds\":1,\"otherCpu\":0}]}}",
                "{\"looks\":2,\"finest\":1,\"forks\":{\"k\":[{\"round\":1.5,\"seconds\":1,\"otherCpu\":0}]}}",
                "{\"looks\":2,\"finest\":1,\"forks\":{\"k\":[null]}}", "{\"looks\":2,\"finest\":1,\"forks\":{}} x"}) {
            Files.writeString(dir.resolve(ForkLog.FILE), bad);
            ForkLog.Read read = ForkLog.read(results);
            assertThat(read.log()).as(bad).isEqualTo(ForkLog.NONE);
            assertThat(read.ignored()).as(bad).isTrue();
            assertThat(read.status()).as(bad).startsWith("ignored").contains("intervals at 99%");
        }
        // a log too big to be a run's is not read
        try (var out = Files.newOutputStream(dir.resolve(ForkLog.FILE))) {
            out.write("{\"looks\":3,\"forks\":{},\"pad\":\"".getBytes());
            out.write(new byte[(int) ForkLog.MAX_BYTES]);
            out.write("\"}".getBytes());
        }
        assertThat(ForkLog.beside(results)).isEqualTo(ForkLog.NONE);
        // nor is a folder at its name, nor a link (to a good log, or to /dev/zero): a link is never followed
        Files.delete(dir.resolve(ForkLog.FILE));
        Files.createDirectory(dir.resolve(ForkLog.FILE));
        assertThat(ForkLog.read(results).status()).contains("not a regular file");
        Files.delete(dir.resolve(ForkLog.FILE));
        Path good = Files.writeString(dir.resolve("elsewhere.json"), new ForkLog(3, 1.25, forks).toJson());
        Files.createSymbolicLink(dir.resolve(ForkLog.FILE), good);
        assertThat(ForkLog.read(results).status()).contains("a link");
        Files.delete(dir.resolve(ForkLog.FILE));
        Files.createSymbolicLink(dir.resolve(ForkLog.FILE), Path.of("/dev/zero"));
        assertThat(ForkLog.beside(results)).isEqualTo(ForkLog.NONE);
        Files.delete(dir.resolve(ForkLog.FILE));
        assertThat(ForkLog.read(results).status()).startsWith("none");
        assertThat(ForkLog.read(results).ignored()).isFalse();
        // one log per results file: results.json's is forks.json; another name's is NAME.forks.json
        assertThat(ForkLog.fileOf(results)).isEqualTo(dir.resolve(ForkLog.FILE).toAbsolutePath());
        assertThat(ForkLog.fileOf(dir.resolve("results-jdk25.json"))).isEqualTo(dir.resolve("results-jdk25.forks.json").toAbsolutePath());
        Files.writeString(dir.resolve(ForkLog.FILE), new ForkLog(3, 1.25, forks).toJson());
        assertThat(ForkLog.beside(dir.resolve("results-jdk25.json")).looks()).as("not lent to another results file").isEqualTo(1);
        assertThat(ForkLog.read(results).status()).isEqualTo("read: 3 looks, 5 forks");
        Files.delete(dir.resolve(ForkLog.FILE));
        assertThat(ForkLog.beside(results).looks()).isEqualTo(1);
    }
}
