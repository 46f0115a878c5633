package dev.fastio.report.gate;

import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.jmh.RunEnvironment;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.NoiseCalibration;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The regression gate: its four verdicts from the interval, throughput the right way round, the
 * rows in one run only, the environment's differences, the Markdown and JSON (escaped), and the
 * noise calibration measured back from runs with a known fork-to-fork spread.
 */
public class RegressionGateTest {
    private static final String C = "org.example.bench.ThingBenchmark";

    /** A result of another project (not fastio's): {@code forks} forks of 5 iterations, fork means spread by {@code forkNoise}. */
    public static Result run(String method, String mode, Map<String, String> params, double mean, int forks, double forkNoise, Random r) {
        List<Double> samples = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double forkMean = mean * Math.exp(forkNoise * r.nextGaussian());
            for (int i = 0; i < 5; i++) {
                samples.add(forkMean * (1 + 0.01 * r.nextGaussian()));
            }
        }
        double avg = samples.stream().mapToDouble(d -> d).average().orElseThrow();
        String unit = mode.equals("thrpt") ? "ops/ms" : "ms/op";
        return new Result(C, method, mode, 1, params, avg, Double.NaN, unit, Map.of(), "25.0.3", "OpenJDK 64-Bit Server VM", "25.0.3+9",
                samples, forks);
    }

    public static Result run(String method, double mean, int forks, Random r) {
        return run(method, "avgt", Map.of(), mean, forks, 0.01, r);
    }

    @Test
    void theFourVerdictsComeFromTheIntervalAndTheThreshold() {
        assertThat(RegressionGate.verdict(new Estimate(1.3, 1.2, 1.4, 10), 0.10)).isEqualTo(RegressionGate.Verdict.SLOWER);
        assertThat(RegressionGate.verdict(new Estimate(1.08, 1.02, 1.14, 10), 0.10)).as("slower, by less than the threshold")
                .isEqualTo(RegressionGate.Verdict.NOT_SETTLED);
        assertThat(RegressionGate.verdict(new Estimate(1.3, 0.95, 1.7, 10), 0.10)).as("an interval that holds 1")
                .isEqualTo(RegressionGate.Verdict.NOT_SETTLED);
        assertThat(RegressionGate.verdict(new Estimate(0.7, 0.6, 0.8, 10), 0.10)).isEqualTo(RegressionGate.Verdict.FASTER);
        assertThat(RegressionGate.verdict(new Estimate(1.0, 0.95, 1.05, 10), 0.10)).isEqualTo(RegressionGate.Verdict.NO_CHANGE);
        assertThat(RegressionGate.verdict(new Estimate(Double.NaN, Double.NaN, Double.NaN, 1), 0.10)).isEqualTo(RegressionGate.Verdict.NOT_SETTLED);
        assertThatThrownBy(() -> RegressionGate.compare(EstimateContext.DEFAULT, List.of(), List.of(), 0, Double.NaN, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSlowdownFailsTheGateAndASpeedUpDoesNotInEitherMode() {
        Random r = new Random(1);
        List<Result> old = List.of(run("slowed", 10, 3, r), run("same", 10, 3, r), run("sped", 10, 3, r),
                run("tput", "thrpt", Map.of(), 100, 3, 0.01, r), run("tputSlowed", "thrpt", Map.of(), 100, 3, 0.01, r));
        List<Result> neu = List.of(run("slowed", 20, 3, r), run("same", 10, 3, r), run("sped", 5, 3, r),
                run("tput", "thrpt", Map.of(), 200, 3, 0.01, r), run("tputSlowed", "thrpt", Map.of(), 50, 3, 0.01, r));
        // a quiet machine (1% between forks, calibrated at 2%): "no change" can be settled within 10%
        RegressionGate g = RegressionGate.compare(EstimateContext.DEFAULT, old, neu, 0.10, 0.02, List.of());
        Map<String, RegressionGate.Verdict> v = new LinkedHashMap<>();
        g.rows().forEach(row -> v.put(row.old().method(), row.verdict()));
        assertThat(v).containsEntry("slowed", RegressionGate.Verdict.SLOWER).containsEntry("sped", RegressionGate.Verdict.FASTER)
                .containsEntry("same", RegressionGate.Verdict.NO_CHANGE)
                .as("twice the throughput is faster").containsEntry("tput", RegressionGate.Verdict.FASTER)
                .as("half the throughput is slower").containsEntry("tputSlowed", RegressionGate.Verdict.SLOWER);
        assertThat(g.exitStatus()).isEqualTo(1);
        assertThat(g.rows().get(0).verdict()).as("slower rows first").isEqualTo(RegressionGate.Verdict.SLOWER);
        List<Result> noSlowdown = new ArrayList<>(neu);
        noSlowdown.set(0, run("slowed", 10, 3, r));
        noSlowdown.set(4, run("tputSlowed", "thrpt", Map.of(), 100, 3, 0.01, r));
        assertThat(RegressionGate.compare(EstimateContext.DEFAULT, old, noSlowdown, 0.10, 0.02, List.of()).exitStatus()).isZero();
    }

    @Test
    void unmatchedRowsAreListedNeverMatched() {
        Random r = new Random(2);
        List<Result> old = List.of(run("both", 10, 2, r), run("gone", 10, 2, r),
                run("reshaped", "avgt", Map.of("size", "10"), 10, 2, 0.05, r), run("moded", 10, 2, r));
        List<Result> neu = List.of(run("both", 10, 2, r), run("added", 10, 2, r),
                run("reshaped", "avgt", Map.of("length", "10"), 10, 2, 0.05, r), run("moded", "thrpt", Map.of(), 0.1, 2, 0.05, r));
        RegressionGate g = RegressionGate.compare(EstimateContext.DEFAULT, old, neu, 0.10, 0.05, List.of("JDK: a (OLD) against b (NEW)"));
        assertThat(g.rows()).hasSize(1);
        assertThat(g.onlyOld()).anyMatch(s -> s.contains("gone")).anyMatch(s -> s.contains("moded avgt"));
        assertThat(g.onlyNew()).anyMatch(s -> s.contains("added")).anyMatch(s -> s.contains("moded thrpt"));
        assertThat(g.paramsChanged()).as("a param renamed: the rows cannot be paired").containsExactly("ThingBenchmark.reshaped avgt");
        String md = GateSummary.markdown(g, "old.json", "new.json", null);
        assertThat(md).contains("The runs differ").contains("JDK: a (OLD) against b (NEW)").contains("In OLD only: missing from NEW (2)")
                .contains("In NEW only (2)").contains("Params changed");
    }

    /**
     * JMH leaves a benchmark that failed at one param value out of its file and keeps its other
     * values: that row of OLD is missing from NEW and fails the gate, as a missing method does
     * (issue 60: it had been listed as "params changed" and passed).
     */
    @Test
    void aParamValueMissingFromNewFailsTheGate() {
        Random r = new Random(3);
        List<Result> old = List.of(run("sized", "avgt", Map.of("size", "10"), 10, 3, 0.01, r),
                run("sized", "avgt", Map.of("size", "1000"), 10, 3, 0.01, r));
        List<Result> neu = List.of(run("sized", "avgt", Map.of("size", "10"), 10, 3, 0.01, r));
        RegressionGate g = RegressionGate.compare(EstimateContext.DEFAULT, old, neu, 0.10, 0.02, List.of());
        assertThat(g.onlyOld()).singleElement().asString().contains("sized").contains("1000");
        assertThat(g.paramsChanged()).isEmpty();
        assertThat(g.exitStatus()).isEqualTo(1);
        assertThat(GateSummary.markdown(g, "old.json", "new.json", null)).contains("In OLD only: missing from NEW (1)");
        // a value added in NEW is new, not a change of params, and fails nothing
        List<Result> grown = new ArrayList<>(old);
        grown.add(run("sized", "avgt", Map.of("size", "5"), 10, 3, 0.01, r));
        RegressionGate added = RegressionGate.compare(EstimateContext.DEFAULT, old, grown, 0.10, 0.02, List.of());
        assertThat(added.onlyNew()).singleElement().asString().contains("5");
        assertThat(added.onlyOld()).isEmpty();
    }

    @Test
    void oneForkFilesWithoutACalibrationAreCalledOut() {
        Random r = new Random(3);
        RegressionGate g = RegressionGate.compare(EstimateContext.DEFAULT, List.of(run("a", 10, 1, r)), List.of(run("a", 10, 1, r)), 0.10, Double.NaN, List.of());
        assertThat(g.uncalibratedOneFork()).isEqualTo(1);
        assertThat(GateSummary.markdown(g, "o", "n", null)).contains("fastio report calibrate").contains("get the 12% measured");
        // the suite's noise the summary names is the one the intervals used (-Dfastio.report.forkNoise=0.05)
        RegressionGate quiet = RegressionGate.compare(EstimateContext.forkNoise("0.05"), List.of(run("a", 10, 1, r)),
                List.of(run("a", 10, 1, r)), 0.10, Double.NaN, List.of());
        assertThat(GateSummary.markdown(quiet, "o", "n", null)).contains("get the 5% measured").doesNotContain("12%");
        assertThat(RegressionGate.compare(EstimateContext.DEFAULT, List.of(run("a", 10, 1, r)), List.of(run("a", 10, 1, r)), 0.10, 0.05, List.of())
                .uncalibratedOneFork()).isZero();
    }

    @Test
    void namesFromTheFilesCannotBreakTheMarkdownOrTheJson() {
        Random r = new Random(4);
        Map<String, String> hostile = Map.of("p", "a|b<script>alert(1)</script>\n# heading");
        Result a = run("m", "avgt", hostile, 10, 3, 0.01, r);
        Result b = run("m", "avgt", hostile, 30, 3, 0.01, r);
        RegressionGate g = RegressionGate.compare(EstimateContext.DEFAULT, List.of(a), List.of(b), 0.10, 0.05, List.of());
        String md = GateSummary.markdown(g, "o`ld.json", "new.json", null);
        String row = md.lines().filter(l -> l.startsWith("| `ThingBenchmark.m`")).findFirst().orElseThrow();
        assertThat(row.split("(?<!\\\\)\\|")).as("a row's cells: the name's | is escaped").hasSize(8);
        // inside code spans, which render their text as text: outside them, no markup at all
        assertThat(md.replaceAll("`[^`\n]*`", "")).doesNotContain("<script>").doesNotContain("# heading");
        assertThat(md).doesNotContain("\n# heading");
        JsonObject json = JsonParser.parseString(GateSummary.json(g, "old.json", "new.json")).getAsJsonObject();
        assertThat(json.get("result").getAsString()).isEqualTo("fail");
        assertThat(json.getAsJsonObject("counts").get("slower").getAsInt()).isEqualTo(1);
        assertThat(json.getAsJsonArray("rows").get(0).getAsJsonObject().getAsJsonObject("params").get("p").getAsString())
                .isEqualTo(hostile.get("p"));
    }

    /** Runs with a known fork-to-fork spread: the calibration finds it, and the gate then calls few A/A rows slower. */
    @Test
    void theCalibrationMeasuresAKnownForkNoiseAndKeepsFalseAlarmsRare() {
        Random r = new Random(5);
        double sigma = 0.08;
        List<List<Result>> runs = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            List<Result> run = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                run.add(run("m" + i, "avgt", Map.of(), 1 + i, 1, sigma, r));
            }
            runs.add(run);
        }
        NoiseCalibration c = NoiseCalibration.measure(runs, 0.9);
        assertThat(c.forkNoise()).isBetween(sigma * 0.8, sigma * 1.2);
        assertThat(c.medianForkNoise()).isBetween(sigma * 0.8, sigma * 1.2);
        int alarms = 0;
        int compared = 0;
        for (int t = 0; t < 5; t++) {
            List<Result> a = new ArrayList<>();
            List<Result> b = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                a.add(run("m" + i, "avgt", Map.of(), 1 + i, 1, sigma, r));
                b.add(run("m" + i, "avgt", Map.of(), 1 + i, 1, sigma, r));
            }
            RegressionGate g = RegressionGate.compare(EstimateContext.DEFAULT, a, b, 0.10, NoiseCalibration.measure(runs).forkNoise(), List.of());
            alarms += g.count(RegressionGate.Verdict.SLOWER);
            compared += g.rows().size();
        }
        assertThat((double) alarms / compared).as("false alarms on A/A pairs").isLessThanOrEqualTo(0.01);
        // without it, one-fork files are judged on their iterations: far more alarms (what the Markdown warns of)
        int uncalibrated = 0;
        for (int i = 0; i < 400; i++) {
            RegressionGate g = RegressionGate.compare(EstimateContext.DEFAULT, List.of(run("x", "avgt", Map.of(), 5, 1, sigma, r)),
                    List.of(run("x", "avgt", Map.of(), 5, 1, sigma, r)), 0.10, Double.NaN, List.of());
            uncalibrated += g.count(RegressionGate.Verdict.SLOWER);
        }
        assertThat(uncalibrated).isGreaterThan(alarms / 5 + 10);
        assertThatThrownBy(() -> NoiseCalibration.measure(List.of(runs.get(0)))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NoiseCalibration.measure(List.of(List.of(), List.of()))).hasMessageContaining("0 benchmarks in common");
    }

    @Test
    void aCalibrationFileReadsBackAndAnotherFileIsRefused(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("noise.json");
        Files.writeString(f, new NoiseCalibration(0.07, 0.04, 300, 1, 0.99).toJson(List.of("a.json", "b.json")));
        NoiseCalibration back = NoiseCalibration.read(f);
        assertThat(back.forkNoise()).isEqualTo(0.07);
        assertThat(back.quantile()).isEqualTo(0.99);
        Path other = Files.writeString(dir.resolve("other.json"), "[{\"benchmark\": \"a.b\"}]");
        assertThatThrownBy(() -> NoiseCalibration.read(other)).isInstanceOf(ReportException.class).hasMessageContaining("not a noise calibration");
        Path zero = Files.writeString(dir.resolve("zero.json"), "{\"format\": \"" + NoiseCalibration.FORMAT + "\", \"forkNoise\": 0}");
        assertThatThrownBy(() -> NoiseCalibration.read(zero)).isInstanceOf(ReportException.class).hasMessageContaining("not from");
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"format\": ");
        assertThatThrownBy(() -> NoiseCalibration.read(broken)).isInstanceOf(ReportException.class);
        assertThatThrownBy(() -> NoiseCalibration.read(dir.resolve("missing.json"))).isInstanceOf(ReportException.class);
    }

    @Test
    void environmentsThatDifferAreListed() {
        RunEnvironment a = new RunEnvironment("JDK 17", "1.37", "Xeon, 2 cores", "Linux");
        RunEnvironment b = new RunEnvironment("JDK 25", "1.37", "Xeon, 16 cores", "");
        assertThat(RunEnvironment.differences(a, b)).containsExactly("JDK: JDK 17 (OLD) against JDK 25 (NEW)",
                "CPU: Xeon, 2 cores (OLD) against Xeon, 16 cores (NEW)");
        assertThat(RunEnvironment.differences(a, a)).isEmpty();
    }

    @Test
    void mentionsLinksControlsAndLongNamesAreInertInTheMarkdown() {
        Random r = new Random(6);
        String name = "@org/team https://evil.example $\\color{red}{PASS}$ \u202e\u009b[31m" + "x".repeat(5000);
        Result a = run("m", "avgt", Map.of("p", name), 10, 3, 0.01, r);
        Result b = run("m", "avgt", Map.of("p", name), 30, 3, 0.01, r);
        String md = GateSummary.markdown(RegressionGate.compare(EstimateContext.DEFAULT, List.of(a), List.of(b), 0.10, 0.05, List.of()), "o", "n", null);
        String row = md.lines().filter(l -> l.startsWith("| `ThingBenchmark.m`")).findFirst().orElseThrow();
        assertThat(row).contains("`p=@org/team https://evil.example").doesNotContain("\u202e").doesNotContain("\u009b")
                .contains("\ufffd").hasSizeLessThan(600);
        assertThat(row.split("(?<!\\\\)\\|")).hasSize(8);
    }

    @Test
    void aCalibrationRefusesRunsThatDifferAndFilesThatLie(@TempDir Path dir) throws Exception {
        Random r = new Random(7);
        List<Result> a = new ArrayList<>();
        List<Result> twice = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            a.add(run("m" + i, "avgt", Map.of(), 10 + i, 2, 0.02, r));
            twice.add(run("m" + i, "avgt", Map.of(), 2 * (10 + i), 2, 0.02, r));
        }
        assertThatThrownBy(() -> NoiseCalibration.measure(List.of(a, twice))).hasMessageContaining("median benchmark");
        String f = "{\"format\": \"" + NoiseCalibration.FORMAT + "\", ";
        for (String body : new String[] {"\"forkNoise\": 0.9, \"benchmarks\": 300, \"pairs\": 1}",
                "\"forkNoise\": 0.05, \"forkNoise\": 0.4, \"benchmarks\": 300, \"pairs\": 1}",
                "\"forkNoise\": 0.05}", "\"forkNoise\": 0.05, \"benchmarks\": 2, \"pairs\": 1}",
                "\"forkNoise\": NaN, \"benchmarks\": 300, \"pairs\": 1}", "\"forkNoise\": 0.05, \"benchmarks\": 300, \"pairs\": 1} []"}) {
            Path p = Files.writeString(dir.resolve("n.json"), f + body);
            assertThatThrownBy(() -> NoiseCalibration.read(p)).as(body).isInstanceOf(ReportException.class);
        }
        Path ok = Files.writeString(dir.resolve("ok.json"), f + "\"forkNoise\": 0.05, \"benchmarks\": 300, \"pairs\": 1}");
        assertThat(NoiseCalibration.read(ok).forkNoise()).isEqualTo(0.05);
    }

    @Test
    void hugeScoresStillGiveAnInterval() {
        Random r = new Random(8);
        Result a = run("m", "avgt", Map.of(), 100, 3, 0.01, r);
        Result b = run("m", "avgt", Map.of(), 1e200, 3, 0.01, r);
        RegressionGate g = RegressionGate.compare(EstimateContext.DEFAULT, List.of(a), List.of(b), 0.10, 0.05, List.of());
        assertThat(g.rows().get(0).verdict()).isEqualTo(RegressionGate.Verdict.SLOWER);
    }

    /** Every benchmark 20% slower is said to be the whole run moving; one benchmark slower is not. */
    @Test
    void aWholeRunThatMovedIsPointedOutAndOneRegressionIsNot() {
        Random r = new Random(21);
        List<Result> old = new ArrayList<>();
        List<Result> all = new ArrayList<>();
        List<Result> one = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            old.add(run("m" + i, 10 + i, 3, r));
            all.add(run("m" + i, (10 + i) * 1.2, 3, r));
            one.add(run("m" + i, (10 + i) * (i == 0 ? 1.5 : 1), 3, r));
        }
        RegressionGate moved = RegressionGate.compare(EstimateContext.DEFAULT, old, all, 0.10, Double.NaN, List.of());
        assertThat(moved.medianShift()).isBetween(0.17, 0.23);
        assertThat(GateSummary.markdown(moved, "old.json", "new.json", null)).contains("The whole run moved").contains("slower than OLD's");
        RegressionGate single = RegressionGate.compare(EstimateContext.DEFAULT, old, one, 0.10, Double.NaN, List.of());
        assertThat(Math.abs(single.medianShift())).isLessThan(0.02);
        assertThat(GateSummary.markdown(single, "old.json", "new.json", null)).doesNotContain("The whole run moved");
        assertThat(JsonParser.parseString(GateSummary.json(moved, "a", "b")).getAsJsonObject().get("medianShift").getAsDouble())
                .isBetween(0.17, 0.23);
    }
}
