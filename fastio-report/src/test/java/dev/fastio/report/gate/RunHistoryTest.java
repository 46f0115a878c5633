package dev.fastio.report.gate;

import dev.fastio.report.jmh.Fixtures;
import dev.fastio.report.jmh.RealFilesTest;
import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.jmh.RegularOpen;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.jmh.RunEnvironment;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history of N runs: one line per benchmark, gaps where a run lacks it, steps judged by the
 * gate's rule (throughput the right way round), units converted, folders listed in their names'
 * order with JMH's arrays taken and other JSON left out, and the faults refused with the file named.
 */
public class RunHistoryTest {
    @TempDir
    Path dir;

    private static final RunEnvironment ENV = new RunEnvironment("25.0.3", "1.37", "", "");

    private static RunHistory history(List<List<Result>> runs) throws ReportException {
        List<String> names = new ArrayList<>();
        List<RunEnvironment> envs = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            names.add("run-" + i + ".json");
            envs.add(ENV);
        }
        return RunHistory.of(EstimateContext.DEFAULT, names, runs, envs, 0.10, Double.NaN);
    }

    @Test
    void aStepSlowerAndAStepFasterAreMarkedInBothModesAndNoiseIsNot() throws ReportException {
        Random rnd = new Random(7);
        List<List<Result>> runs = new ArrayList<>();
        // run 0..5: 100 ms, then 150 ms from run 3 on, back to 100 at run 5; throughput the mirror image
        double[] time = {100, 100, 100, 150, 150, 100};
        for (double t : time) {
            runs.add(List.of(RegressionGateTest.run("avg", "avgt", Map.of(), t, 3, 0.01, rnd),
                    RegressionGateTest.run("rate", "thrpt", Map.of(), 1000 / t, 3, 0.01, rnd)));
        }
        RunHistory h = history(runs);
        assertThat(h.lines()).hasSize(2);
        for (RunHistory.Line l : h.lines()) {
            List<RegressionGate.Verdict> steps = l.points().stream().map(RunHistory.Point::step).toList();
            assertThat(steps).as(l.label()).containsExactly(null, RegressionGate.Verdict.NO_CHANGE, RegressionGate.Verdict.NO_CHANGE,
                    RegressionGate.Verdict.SLOWER, RegressionGate.Verdict.NO_CHANGE, RegressionGate.Verdict.FASTER);
            assertThat(l.overall(h.estimates(), Double.NaN).value()).isBetween(0.97, 1.03);
        }
        assertThat(h.steps(RegressionGate.Verdict.SLOWER)).isEqualTo(2);
        assertThat(h.steps(RegressionGate.Verdict.FASTER)).isEqualTo(2);
        // throughput lines keep their own unit and direction: the score falls where the time rises
        RunHistory.Line rate = h.lines().get(1);
        assertThat(rate.points().get(3).score().value()).isLessThan(rate.points().get(2).score().value());
    }

    @Test
    void aRunWithoutTheBenchmarkIsAGapAndTheNextStepIsFromTheLastPointMeasured() throws ReportException {
        Random rnd = new Random(1);
        Result a0 = RegressionGateTest.run("a", 100, 3, rnd);
        Result b0 = RegressionGateTest.run("b", 100, 3, rnd);
        Result b1 = RegressionGateTest.run("b", 100, 3, rnd);
        Result a2 = RegressionGateTest.run("a", 200, 3, rnd);
        Result b2 = RegressionGateTest.run("b", 100, 3, rnd);
        RunHistory h = history(List.of(List.of(a0, b0), List.of(b1), List.of(a2, b2)));
        RunHistory.Line a = h.lines().get(0);
        assertThat(a.points().get(1)).isNull();
        assertThat(a.points().get(2).step()).isEqualTo(RegressionGate.Verdict.SLOWER);
        assertThat(a.points().get(2).change().value()).isBetween(1.9, 2.1); // against run 0, the last that had it
        assertThat(h.runs()).extracting(RunHistory.Run::results).containsExactly(2, 1, 2);
        String page = HtmlReport.renderHistory(h);
        assertThat(page).contains("<td class=num>—</td>").contains("▲ slower");
    }

    @Test
    void unitsOfTimeConvertAndUnknownUnitsAreLinesOfTheirOwn() throws ReportException {
        Result us = new Result("C", "m", "avgt", 1, Map.of(), 2.0, 0.01, "us/op", Map.of(), "17", "vm", "1", List.of(), 10_000);
        Result ns = new Result("C", "m", "avgt", 1, Map.of(), 2000.0, 10, "ns/op", Map.of(), "17", "vm", "1", List.of(), 10_000);
        Result opsS = new Result("C", "t", "thrpt", 1, Map.of(), 1000.0, 1, "ops/s", Map.of(), "17", "vm", "1", List.of(), 10_000);
        Result opsMs = new Result("C", "t", "thrpt", 1, Map.of(), 1.0, 0.001, "ops/ms", Map.of(), "17", "vm", "1", List.of(), 10_000);
        Result odd1 = new Result("C", "x", "avgt", 1, Map.of(), 5.0, 0.01, "widgets/op", Map.of(), "17", "vm", "1", List.of(), 10_000);
        Result odd2 = new Result("C", "x", "avgt", 1, Map.of(), 5.0, 0.01, "gadgets/op", Map.of(), "17", "vm", "1", List.of(), 10_000);
        RunHistory h = history(List.of(List.of(us, opsS, odd1), List.of(ns, opsMs, odd2)));
        assertThat(h.lines()).hasSize(4);
        RunHistory.Line m = h.lines().get(0);
        assertThat(m.points().get(1).score().value()).as("2000 ns/op in the line's us/op").isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(m.points().get(1).step()).isEqualTo(RegressionGate.Verdict.NO_CHANGE);
        RunHistory.Line t = h.lines().get(1);
        assertThat(t.points().get(1).score().value()).as("1 ops/ms in the line's ops/s").isCloseTo(1000, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(h.lines().get(2).points().get(1)).isNull();
        assertThat(h.lines().get(3).points().get(0)).isNull();
    }

    /**
     * A real suite run five years apart, in ops/ms and then ops/s: one line per benchmark both
     * ran, the second point in the first's unit (×1000 undone), and the step equal to what the
     * gate says of the same two files.
     */
    @Test
    void aRealSuiteYearsApartInTwoUnitsIsOneLineABenchmarkInTheFirstsUnit() throws Exception {
        Path y2019 = RealFilesTest.dir().resolve("chrisgleissner-java-benchmarks-2019.json");
        Path y2024 = RealFilesTest.dir().resolve("chrisgleissner-java-benchmarks-2024.json");
        RunHistory h = RunHistory.read(EstimateContext.DEFAULT, List.of(y2019, y2024), 0.10, Double.NaN);
        List<Result> a = JmhResults.read(y2019);
        List<Result> b = JmhResults.read(y2024);
        RegressionGate gate = RegressionGate.compare(EstimateContext.DEFAULT, a, b, 0.10, Double.NaN, List.of());
        long both = h.lines().stream().filter(l -> l.points().get(0) != null && l.points().get(1) != null).count();
        assertThat(both).isEqualTo(gate.rows().size()).isPositive();
        for (RegressionGate.Row row : gate.rows()) {
            RunHistory.Line l = h.lines().stream().filter(x -> BenchmarkKey.of(x.first()).equals(BenchmarkKey.of(row.old()))).findFirst().orElseThrow();
            RunHistory.Point p = l.points().get(1);
            assertThat(p.step()).as(l.label()).isEqualTo(row.verdict());
            assertThat(p.score().value()).as(l.label() + ": ops/s in the line's ops/ms")
                    .isCloseTo(row.neu().score() / 1000, org.assertj.core.data.Percentage.withPercentage(1e-9));
        }
        assertThat(h.lines()).hasSize(a.size() + b.size() - (int) both);
    }

    @Test
    void aRunHoldingABenchmarkTwiceIsRefusedByName() {
        Random rnd = new Random(2);
        Result a = RegressionGateTest.run("a", 100, 3, rnd);
        assertThatThrownBy(() -> history(List.of(List.of(a), List.of(a, a))))
                .isInstanceOf(ReportException.class).hasMessageContaining("run-1.json").hasMessageContaining("twice");
    }

    @Test
    void namesSortWithTheirNumbersAsNumbers() {
        List<String> names = new ArrayList<>(List.of("run-10.json", "run-9.json", "run-1.json", "20261126-170700", "20261125-235959",
                "run-09.json", "b", "a", "run-100.json"));
        names.sort(RunHistory::naturalOrder);
        assertThat(names).containsExactly("20261125-235959", "20261126-170700", "a", "b", "run-1.json", "run-09.json", "run-9.json",
                "run-10.json", "run-100.json");
        assertThat(RunHistory.naturalOrder("x99999999999999999999999", "x100000000000000000000000")).isNegative();
    }

    /** The order is one order: transitive over names with digits of every script, as the sort requires. */
    @Test
    void theNamesOrderIsTransitiveWhateverTheDigits() {
        Random r = new Random(46);
        char[] alphabet = {'0', '1', '9', 'a', 'z', '-', '.', '\u0662', '\u0669', '\uff11'};
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            StringBuilder sb = new StringBuilder("r");
            for (int k = r.nextInt(5); k >= 0; k--) {
                sb.append(alphabet[r.nextInt(alphabet.length)]);
            }
            names.add(sb.toString());
        }
        for (String x : names) {
            assertThat(RunHistory.naturalOrder(x, x)).isZero();
            for (String y : names) {
                assertThat(Integer.signum(RunHistory.naturalOrder(x, y))).isEqualTo(-Integer.signum(RunHistory.naturalOrder(y, x)));
                if (RunHistory.naturalOrder(x, y) < 0) {
                    for (int k = 0; k < 40; k++) {
                        String z = names.get(r.nextInt(names.size()));
                        if (RunHistory.naturalOrder(y, z) < 0) {
                            assertThat(RunHistory.naturalOrder(x, z)).as(x + " < " + y + " < " + z).isNegative();
                        }
                    }
                }
            }
        }
        assertThat(RunHistory.naturalOrder("r\u0662", "r10")).as("another script's digit is a character, not a number").isPositive();
    }

    /** A name swapped for a FIFO after the folder was read: the open gives up, naming it, instead of waiting for a writer. */
    @Test
    void aFifoWhereARegularFileWasGivesUpNamingIt() throws Exception {
        Path fifo = dir.resolve("swapped.json");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        assertThatThrownBy(() -> RegularOpen.open(fifo, java.time.Duration.ofMillis(300)))
                .isInstanceOf(java.io.IOException.class).hasMessageContaining("swapped.json").hasMessageContaining("did not open");
    }

    @Test
    void aFolderGivesItsResultArraysAndBenchFoldersInOrderAndLeavesOtherJsonOut() throws Exception {
        String jmh = Fixtures.plainJmhJson();
        Fixtures.write(dir, "run-10.json", jmh);
        Fixtures.write(dir, "run-9.json", Fixtures.scaled(jmh, 1.5));
        Fixtures.write(dir, "environment.json", "{\"CPU\": \"x\"}");
        Fixtures.write(dir, "gate.json", "  \n{\"rows\": []}");
        Fixtures.write(dir, "notes.txt", "[not json]");
        Path bench = Files.createDirectories(dir.resolve("20261126-170700"));
        Fixtures.write(bench, "results.json", "\uFEFF " + jmh);
        Fixtures.write(bench, "forks.json", "{}");
        Files.createDirectories(dir.resolve("empty-folder"));
        List<String> skipped = new ArrayList<>();
        List<Path> runs = RunHistory.runsIn(dir, skipped);
        assertThat(runs).containsExactly(bench.resolve("results.json"), dir.resolve("run-9.json"), dir.resolve("run-10.json"));
        assertThat(skipped).hasSize(2).anyMatch(s -> s.contains("environment.json")).anyMatch(s -> s.contains("gate.json"));
        RunHistory h = RunHistory.read(EstimateContext.DEFAULT, runs, 0.10, Double.NaN);
        assertThat(h.runs()).hasSize(3);
        assertThat(h.steps(RegressionGate.Verdict.SLOWER) + h.steps(RegressionGate.Verdict.NOT_SETTLED)).isGreaterThan(0);
        JsonObject json = JsonParser.parseString(h.toJson()).getAsJsonObject();
        assertThat(json.getAsJsonArray("runs")).hasSize(3);
        JsonArray benchmarks = json.getAsJsonArray("benchmarks");
        assertThat(benchmarks).hasSize(JmhResults.read(dir.resolve("run-10.json")).size());
        assertThat(benchmarks.get(0).getAsJsonObject().getAsJsonArray("points")).hasSize(3);
    }

    @Test
    void faultsAreRefusedWithTheFileNamed() throws Exception {
        Path a = Fixtures.write(dir, "a.json", Fixtures.plainJmhJson());
        Path empty = Fixtures.write(dir, "b.json", "");
        Path broken = Fixtures.write(dir, "c.json", "[{\"benchmark\": ");
        assertThatThrownBy(() -> RunHistory.read(EstimateContext.DEFAULT, List.of(a), 0.1, Double.NaN)).hasMessageContaining("two runs or more");
        assertThatThrownBy(() -> RunHistory.read(EstimateContext.DEFAULT, List.of(a, empty), 0.1, Double.NaN)).hasMessageContaining("b.json").hasMessageContaining("empty");
        assertThatThrownBy(() -> RunHistory.read(EstimateContext.DEFAULT, List.of(a, broken), 0.1, Double.NaN)).hasMessageContaining("c.json");
        Path link = dir.resolve("link.json");
        Files.createSymbolicLink(link, a);
        assertThatThrownBy(() -> RunHistory.read(EstimateContext.DEFAULT, List.of(a, link), 0.1, Double.NaN)).hasMessageContaining("again");
        Path none = Files.createDirectories(dir.resolve("none"));
        Fixtures.write(none, "environment.json", "{}");
        assertThatThrownBy(() -> RunHistory.runsIn(none, new ArrayList<>())).hasMessageContaining("holds no JMH results");
        List<Path> many = new ArrayList<>();
        for (int i = 0; i <= RunHistory.MAX_RUNS; i++) {
            many.add(a);
        }
        assertThatThrownBy(() -> RunHistory.read(EstimateContext.DEFAULT, many, 0.1, Double.NaN)).hasMessageContaining("at most");
    }

    @Test
    void namesOnThePageAreEscaped() throws ReportException {
        Result evil = new Result("x.<script>alert(1)</script>", "m<b>", "avgt", 1, Map.of("p", "\"><img src=x>"), 1.0, 0.01, "us/op",
                Map.of(), "17", "vm", "1", List.of(), 10_000);
        List<String> names = List.of("<i>a</i>.json", "b.json");
        RunHistory h = RunHistory.of(EstimateContext.DEFAULT, names, List.of(List.of(evil), List.of(evil)), List.of(ENV, ENV), 0.1, Double.NaN);
        String page = HtmlReport.renderHistory(h);
        assertThat(page).doesNotContain("<script>alert").doesNotContain("<img src=x>").doesNotContain("<i>a</i>").doesNotContain("m<b>");
    }
}
