package dev.fastio.report.jmh;

import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.claims.Experiments;
import dev.fastio.report.gate.RegressionGate;
import dev.fastio.report.page.Chart;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code fastio report} over real JMH results files written by other projects (the files and
 * their sources: {@code real/SOURCES.md}): JMH 1.19 to 1.37, every mode, 1 to 14 threads, 1 to 5
 * forks, old and new profiler names, "NaN" errors, files with no JDK, 390 results and 30
 * methods in a class.
 */
public class RealFilesTest {
    public static Path dir() throws URISyntaxException {
        return Path.of(RealFilesTest.class.getResource("/dev/fastio/report/real/SOURCES.md").toURI()).getParent();
    }

    public static Stream<Path> files() throws IOException, URISyntaxException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir())) {
            s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(out::add);
        }
        return out.stream();
    }

    @Test
    void theSetIsWhatSourcesNamesAndVaried() throws Exception {
        String sources = Files.readString(dir().resolve("SOURCES.md"), StandardCharsets.UTF_8);
        List<Path> all = files().toList();
        assertThat(all).hasSizeGreaterThanOrEqualTo(15);
        java.util.Set<String> projects = new java.util.HashSet<>();
        for (Path f : all) {
            Matcher m = Pattern.compile("\\| `" + Pattern.quote(f.getFileName().toString()) + "` \\| ([^ |]+) \\| `([0-9a-f]{40})`")
                    .matcher(sources);
            assertThat(m.find()).as("%s is named in SOURCES.md with its project and commit", f.getFileName()).isTrue();
            projects.add(m.group(1));
        }
        assertThat(projects).hasSizeGreaterThanOrEqualTo(10);
        List<Result> every = new ArrayList<>();
        for (Path f : all) {
            every.addAll(JmhResults.read(f));
        }
        assertThat(every.stream().map(Result::mode).distinct()).contains("thrpt", "avgt", "sample", "ss");
        assertThat(every.stream().mapToInt(Result::threads).max().getAsInt()).isGreaterThanOrEqualTo(14);
        assertThat(every.stream().mapToInt(Result::forks).max().getAsInt()).isGreaterThanOrEqualTo(5);
    }

    /**
     * One row of a benchmark that ran at several param values, left out of NEW (what JMH writes
     * when a benchmark fails at one size): the gate lists it as missing and fails (issue 60: it
     * had passed, listed under "params changed", in 14 of 14 files tried from outside).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aParamValueLeftOutOfNewFailsTheGate(Path file) throws Exception {
        List<Result> old = JmhResults.read(file);
        Result gone = null;
        for (Result r : old) {
            boolean sibling = old.stream().anyMatch(o -> o != r && o.className().equals(r.className()) && o.method().equals(r.method())
                    && o.mode().equals(r.mode()) && o.threads() == r.threads() && !o.params().equals(r.params()));
            if (!r.params().isEmpty() && sibling) {
                gone = r;
                break;
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(gone != null, "no benchmark of this file ran at several param values");
        Result left = gone;
        List<Result> neu = old.stream().filter(r -> r != left).toList();
        RegressionGate g;
        try {
            g = RegressionGate.compare(EstimateContext.DEFAULT, old, neu, 0.10, 0.05, List.of());
        } catch (IllegalArgumentException cannotJudge) { // the file's own rows the gate refuses (units), with or without the change
            org.junit.jupiter.api.Assumptions.abort("the gate cannot judge this file: " + cannotJudge.getMessage());
            return;
        }
        assertThat(g.onlyOld()).as("missing from NEW").containsExactly(RegressionGate.label(gone));
        assertThat(g.paramsChanged()).isEmpty();
        assertThat(g.exitStatus()).isEqualTo(1);
    }

    /** Every result is in the page's tables, and in a chart; no claim of fastio's lands on another project's class. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyResultIsShownAndNothingOfFastiosIsClaimed(Path file) throws Exception {
        List<Result> results = JmhResults.read(file);
        String html = HtmlReport.render(EstimateContext.DEFAULT, results, Environment.describe(file, results));
        assertThat(count(html, "<tr class=r>")).as("result rows").isEqualTo(results.size());
        List<ExperimentResults> experiments = Experiments.group(EstimateContext.DEFAULT, results);
        assertThat(experiments).allSatisfy(e -> assertThat(e.experiment().claims()).isEmpty());
        assertThat(html).doesNotContain("Article 00");
        int charted = 0;
        for (ExperimentResults e : experiments) {
            for (Chart c : Chart.of(e, "c")) {
                if (c.id().contains("-t")) {
                    charted += (int) c.series().stream().flatMap(s -> s.data().stream()).filter(v -> v != null).count();
                }
                assertThat(c.yTitle()).containsAnyOf("lower is", "higher is", "below 0");
                java.util.Set<String> labels = new java.util.HashSet<>(c.labels());
                assertThat(labels).as("x labels are distinct in %s", c.title()).hasSize(c.labels().size());
            }
        }
        assertThat(charted).as("results drawn in a chart").isEqualTo(results.size());
        assertThat(html).doesNotContain("JDK ( )").doesNotContain("( )").doesNotContain("(  ");
    }

    /**
     * Each score's interval, in the score's own unit, holds the score: a rate's interval was the
     * time per operation's ([3.53e-07 – 6.60e-07] for 2,070,486 ops/s).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void intervalsAreInTheScoresUnit(Path file) throws Exception {
        for (Result r : JmhResults.read(file)) {
            Estimate e = Estimate.score(EstimateContext.DEFAULT, r);
            if (Double.isFinite(e.high()) && e.high() > 0) {
                assertThat(e.low()).as("%s.%s %s %s", r.className(), r.method(), r.mode(), r.params()).isLessThanOrEqualTo(r.score() * 1.000001);
                assertThat(e.high()).as("%s.%s %s", r.className(), r.method(), r.mode()).isGreaterThanOrEqualTo(r.score() * 0.999999);
            }
        }
    }

    /**
     * A one-fork file's interval rests on its iterations: about JMH's own error, not the ±30%
     * that fastio's fork-to-fork term gave every foreign result; a file with several forks uses
     * their spread.
     */
    @Test
    void foreignIntervalsUseTheFilesOwnForks() throws Exception {
        int checked = 0;
        for (Result r : JmhResults.read(dir().resolve("dkomanov-scala-serialization.json"))) {
            assertThat(r.forks()).isEqualTo(1);
            Estimate e = Estimate.score(EstimateContext.DEFAULT, r);
            double half = (e.high() - e.low()) / 2;
            if (r.samples().size() >= 3 && Double.isFinite(r.error()) && r.error() > 0) {
                assertThat(half).as("%s %s", r.method(), r.params()).isLessThanOrEqualTo(r.error() * 1.5);
                checked++;
            }
            assertThat(Estimate.basis(EstimateContext.DEFAULT, r)).startsWith("one fork");
        }
        assertThat(checked).isGreaterThan(100);
        Result fiveForks = JmhResults.read(dir().resolve("kamilkloch-fs2-benchmark.json")).get(0);
        assertThat(fiveForks.forks()).isEqualTo(5);
        assertThat(Estimate.basis(EstimateContext.DEFAULT, fiveForks)).contains("5 forks");
    }

    /** The GC profiler's names before JMH 1.36 ("·gc.alloc.rate.norm") fill the allocation column too. */
    @Test
    void oldProfilerNamesGiveAllocation() throws Exception {
        for (String f : List.of("kcrypt-scala-blake3.json", "guyko-weighted-lottery.json")) {
            List<Result> rs = JmhResults.read(dir().resolve(f));
            assertThat(rs).allSatisfy(r -> assertThat(r.allocPerOp()).as(f).isNotNaN());
        }
    }

    /** Sample mode: the operations its histograms count, and percentiles; every mode of a Mode.All run charted. */
    @Test
    void sampleModeAndModeAll() throws Exception {
        List<Result> rs = JmhResults.read(dir().resolve("netflix-hollow.json"));
        List<Result> sampled = rs.stream().filter(r -> r.mode().equals("sample")).toList();
        assertThat(sampled).isNotEmpty().allSatisfy(r -> {
            assertThat(r.sampleCount()).isPositive();
            assertThat(r.percentiles()).containsKeys("50.0", "90.0", "99.0");
        });
        String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
        assertThat(html).contains("<th>p50</th>");
        List<String> titles = Experiments.group(EstimateContext.DEFAULT, rs).stream().flatMap(e -> Chart.of(e, "c").stream()).map(Chart::title).toList();
        for (String mode : List.of("throughput", "average time", "sampled time", "single shot")) {
            assertThat(titles).as(mode).anyMatch(t -> t.contains(mode));
        }
    }

    /** Params named like sizes that count elements show as written; a parameter with one value is no axis. */
    @Test
    void paramsShowAsWritten() throws Exception {
        List<Result> rs = JmhResults.read(dir().resolve("chrisgleissner-java-benchmarks-2024.json"));
        String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
        assertThat(html).contains("collectionSize=").doesNotContainPattern("collectionSize=[0-9.]+ (B|kB|MB|KiB|MiB)");
        // another project's "size" is not fastio's byte size, and one lone value is no axis
        List<Result> lone = JmhResults.read(dir().resolve("gpanther-arraycopy.json"));
        assertThat(lone.stream().map(r -> r.param("size")).distinct()).hasSize(1);
        assertThat(Experiments.group(EstimateContext.DEFAULT, lone).get(0).experiment().xParam()).isIn("destinationOffset", "sourceOffset");
        String size = lone.get(0).param("size");
        assertThat(HtmlReport.render(EstimateContext.DEFAULT, lone, Map.of())).contains("size=" + size + ",");
        List<Result> hollow = JmhResults.read(dir().resolve("netflix-hollow.json"));
        assertThat(Experiments.group(EstimateContext.DEFAULT, hollow).get(0).experiment().xParam()).isEqualTo("maxStringLength");
    }

    /**
     * The same suite run in 2019 (ops/ms) and 2024 (ops/s): compared in one unit. Without the
     * conversion every benchmark looked 1,000× faster ("232 faster, 0 slower").
     */
    @Test
    void twoRunsYearsApartAreComparedInOneUnit() throws Exception {
        List<Result> a = JmhResults.read(dir().resolve("chrisgleissner-java-benchmarks-2019.json"));
        List<Result> b = JmhResults.read(dir().resolve("chrisgleissner-java-benchmarks-2024.json"));
        assertThat(a.get(0).unit()).isEqualTo("ops/ms");
        assertThat(b.get(0).unit()).isEqualTo("ops/s");
        Map<String, Result> byKey = new HashMap<>();
        b.forEach(r -> byKey.put(r.className() + r.method() + r.params() + r.mode() + r.threads(), r));
        int clearlySlower = 0;
        int clearlyFaster = 0;
        for (Result ra : a) {
            Result rb = byKey.get(ra.className() + ra.method() + ra.params() + ra.mode() + ra.threads());
            if (rb == null) {
                continue;
            }
            double timeA = 1e-3 / ra.score(); // seconds per op
            double timeB = 1.0 / rb.score();
            Estimate ratio = Estimate.ratio(EstimateContext.DEFAULT, rb, ra);
            assertThat(ratio.value()).isCloseTo(timeB / timeA, org.assertj.core.data.Percentage.withPercentage(1));
            clearlySlower += timeB / timeA > 3 ? 1 : 0;
            clearlyFaster += timeB / timeA < 1 / 3.0 ? 1 : 0;
        }
        String html = HtmlReport.renderComparison(EstimateContext.DEFAULT, a, "2019", b, "2024");
        Matcher tally = Pattern.compile("(\\d+) B faster</span> <span class=\"verdict does_not_hold\">(\\d+) B slower").matcher(html);
        assertThat(tally.find()).isTrue();
        assertThat(Integer.parseInt(tally.group(2))).as("B slower").isGreaterThanOrEqualTo(clearlySlower).isPositive();
        assertThat(Integer.parseInt(tally.group(1))).as("B faster").isGreaterThanOrEqualTo(clearlyFaster);
        assertThat(html).contains("<th>Mode</th><th>Threads</th>");
    }

    public static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
