package dev.fastio.report.page;

import dev.fastio.report.jmh.RealFilesTest;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.claims.Experiments;
import dev.fastio.report.jmh.Environment;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Synthetic JMH files, one rule of reading other projects' results each. */
public class ForeignFilesTest {
    @TempDir
    Path dir;

    /** One JMH result as JMH writes it, with {@code forks} × 5 iterations around {@code score}. */
    public static JsonObject result(String benchmark, String mode, int threads, String unit, double score, Map<String, String> params,
            int forks, long seed) {
        JsonObject o = new JsonObject();
        o.addProperty("jmhVersion", "1.37");
        o.addProperty("benchmark", benchmark);
        o.addProperty("mode", mode);
        o.addProperty("threads", threads);
        o.addProperty("forks", forks);
        o.addProperty("jdkVersion", "21.0.2");
        o.addProperty("vmName", "OpenJDK 64-Bit Server VM");
        o.addProperty("vmVersion", "21.0.2+13");
        JsonObject p = new JsonObject();
        params.forEach(p::addProperty);
        o.add("params", p);
        JsonObject pm = new JsonObject();
        Random r = new Random(seed);
        JsonArray raw = new JsonArray();
        double sum = 0;
        int n = 0;
        for (int f = 0; f < forks; f++) {
            JsonArray it = new JsonArray();
            double forkShift = 1 + 0.02 * r.nextGaussian();
            for (int i = 0; i < 5; i++) {
                double v = score * forkShift * (1 + 0.005 * r.nextGaussian());
                it.add(v);
                sum += v;
                n++;
            }
            raw.add(it);
        }
        pm.addProperty("score", sum / n);
        pm.addProperty("scoreError", score * 0.01);
        pm.addProperty("scoreUnit", unit);
        pm.add("rawData", raw);
        o.add("primaryMetric", pm);
        o.add("secondaryMetrics", new JsonObject());
        return o;
    }

    public static List<Result> parse(JsonObject... results) throws ReportException {
        JsonArray a = new JsonArray();
        for (JsonObject r : results) {
            a.add(r);
        }
        return JmhResults.parse(a, Path.of("synthetic.json"));
    }

    /** Another project's GzipBenchmark, CopyBenchmark and FileCacheBenchmark are not fastio's: no article, no claims; their own charts. */
    @Test
    void classesThatShareASimpleNameWithFastiosGetNoClaims() throws Exception {
        List<Result> rs = parse(
                result("org.example.GzipBenchmark.gzipInputStream64k", "avgt", 1, "ms/op", 10, Map.of(), 1, 1),
                result("org.example.GzipBenchmark.fastio", "avgt", 1, "ms/op", 5, Map.of(), 1, 2),
                result("com.acme.io.CopyBenchmark.fastio", "avgt", 1, "us/op", 5, Map.of("file", "a"), 1, 3),
                result("com.acme.cache.FileCacheBenchmark.validatedHit", "avgt", 1, "ns/op", 5, Map.of("file", "csv"), 1, 4));
        List<ExperimentResults> ex = Experiments.group(EstimateContext.DEFAULT, rs);
        assertThat(ex).hasSize(3).allSatisfy(e -> {
            assertThat(e.experiment().claims()).isEmpty();
            assertThat(e.experiment().article()).isEmpty();
            assertThat(Chart.of(e, "c")).isNotEmpty().allSatisfy(c -> assertThat(c.series()).isNotEmpty());
        });
        String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
        assertThat(html).doesNotContain("Article 004").contains("No claims are registered");
    }

    /** A throughput's interval and the chart's whiskers are rates around the score, not times per operation. */
    @Test
    void aThroughputsIntervalIsARate() throws Exception {
        List<Result> rs = parse(result("x.Rate.run", "thrpt", 1, "ops/s", 2_070_486, Map.of(), 1, 5),
                result("x.Rate.walk", "thrpt", 1, "ops/s", 1_000_000, Map.of(), 1, 6));
        Estimate e = Estimate.score(EstimateContext.DEFAULT, rs.get(0));
        assertThat(e.low()).isBetween(1.9e6, 2.07e6);
        assertThat(e.high()).isBetween(2.07e6, 2.3e6);
        Chart c = Chart.of(Experiments.group(EstimateContext.DEFAULT, rs).get(0), "c").get(0);
        assertThat(c.series().get(0).lo().get(0)).isBetween(1.9e6, 2.07e6);
        assertThat(c.yTitle()).contains("ops/s").contains("higher is faster");
        assertThat(HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of())).doesNotContain("e-07");
    }

    /** A Mode.All run at two thread counts: every result in a chart of its own mode and threads; the comparison says which is which. */
    @Test
    void everyModeAndThreadCountIsChartedAndCompared() throws Exception {
        List<JsonObject> all = new ArrayList<>();
        long seed = 10;
        for (String mode : List.of("thrpt", "avgt", "sample", "ss")) {
            for (int threads : new int[] {1, 4}) {
                String unit = mode.equals("thrpt") ? "ops/us" : "us/op";
                all.add(result("x.All.a", mode, threads, unit, 3, Map.of("n", "10"), 1, seed++));
                all.add(result("x.All.b", mode, threads, unit, 4, Map.of("n", "10"), 1, seed++));
            }
        }
        List<Result> rs = parse(all.toArray(JsonObject[]::new));
        List<Chart> charts = Chart.of(Experiments.group(EstimateContext.DEFAULT, rs).get(0), "c");
        assertThat(charts).hasSize(8);
        long points = charts.stream().flatMap(c -> c.series().stream()).flatMap(s -> s.data().stream()).filter(v -> v != null).count();
        assertThat(points).isEqualTo(rs.size());
        String cmp = HtmlReport.renderComparison(EstimateContext.DEFAULT, rs, "a", rs, "a");
        assertThat(cmp).contains("<th>Mode</th><th>Threads</th>").contains("<td>sample</td><td class=num>4</td>");
        assertThat(cmp).contains("0 B faster").contains("0 B slower");
    }

    /** Scores over 4,000× apart: a log axis; ten-fold apart: linear. */
    @Test
    void wideRangesGetALogAxis() throws Exception {
        List<Result> wide = parse(result("x.W.fast", "avgt", 1, "ns/op", 1, Map.of(), 1, 1),
                result("x.W.slow", "avgt", 1, "ns/op", 4144, Map.of(), 1, 2));
        assertThat(Chart.of(Experiments.group(EstimateContext.DEFAULT, wide).get(0), "c").get(0).log()).isTrue();
        List<Result> narrow = parse(result("x.N.fast", "avgt", 1, "ns/op", 1, Map.of(), 1, 1),
                result("x.N.slow", "avgt", 1, "ns/op", 10, Map.of(), 1, 2));
        assertThat(Chart.of(Experiments.group(EstimateContext.DEFAULT, narrow).get(0), "c").get(0).log()).isFalse();
    }

    /** The axis is the param with several values (not a lone one, nor the first), titled; values in numeric order, suffixes too. */
    @Test
    void theXAxisIsAParamWithSeveralValuesInNumericOrder() throws Exception {
        List<JsonObject> all = new ArrayList<>();
        long seed = 1;
        for (String size : List.of("1k", "2k", "4k", "64k", "8k")) {
            all.add(result("x.P.run", "avgt", 1, "ns/op", 5, Map.of("uri", "http://a/b", "load", "0.75", "size", size), 1, seed++));
        }
        List<Result> rs = parse(all.toArray(JsonObject[]::new));
        ExperimentResults e = Experiments.group(EstimateContext.DEFAULT, rs).get(0);
        assertThat(e.experiment().xParam()).isEqualTo("size");
        assertThat(e.xValues()).containsExactly("1k", "2k", "4k", "8k", "64k");
        Chart c = Chart.of(e, "c").get(0);
        assertThat(c.xTitle()).isEqualTo("size");
        assertThat(c.labels()).containsExactly("1k", "2k", "4k", "8k", "64k");
        assertThat(Format.paramsColumn(rs.get(0))).contains("uri=http://a/b").contains("load=0.75").contains("size=1k");
    }

    /** Two classes of one simple name: headed by their full names; a file without JDK fields says so. */
    @Test
    void duplicateSimpleNamesAndMissingJdk() throws Exception {
        JsonObject noJdk = result("a.one.Bench.run", "avgt", 1, "ns/op", 5, Map.of(), 1, 1);
        noJdk.remove("jdkVersion");
        noJdk.remove("vmName");
        noJdk.remove("vmVersion");
        List<Result> rs = parse(noJdk, result("b.two.Bench.run", "avgt", 1, "ns/op", 6, Map.of(), 1, 2));
        assertThat(Experiments.group(EstimateContext.DEFAULT, rs)).extracting(e -> e.experiment().title()).containsExactly("a.one.Bench", "b.two.Bench");
        assertThat(Environment.jdk(rs.get(0))).isEqualTo("JDK not recorded in the file");
        JsonObject noVm = result("a.one.Bench.run", "avgt", 1, "ns/op", 5, Map.of(), 1, 1);
        noVm.remove("vmName");
        assertThat(Environment.jdk(parse(noVm).get(0))).isEqualTo("JDK 21.0.2 (21.0.2+13)");
    }

    /** An @Group's members are rows of their own; profiler metrics and percentiles are not. */
    @Test
    void groupMembersAreShown() throws Exception {
        JsonObject g = result("x.Queue.pingPong", "thrpt", 3, "ops/us", 30, Map.of(), 1, 1);
        JsonObject sec = new JsonObject();
        for (String[] m : new String[][] {{"offer", "ops/us", "20"}, {"poll", "ops/us", "10"}, {"gc.alloc.rate.norm", "B/op", "16"},
                {"pingPong\u00b7p0.50", "ops/us", "1"}}) {
            JsonObject v = new JsonObject();
            v.addProperty("score", Double.parseDouble(m[2]));
            v.addProperty("scoreError", "NaN");
            v.addProperty("scoreUnit", m[1]);
            sec.add(m[0], v);
        }
        g.add("secondaryMetrics", sec);
        List<Result> rs = parse(g);
        String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
        assertThat(html).contains("Members of groups").contains("<code>offer</code>").contains("<code>poll</code>")
                .doesNotContain("<code>gc.alloc.rate.norm</code>").doesNotContain("p0.50</code>");
        assertThat(rs.get(0).allocPerOp()).isEqualTo(16);
    }

    /** 1,120 results of 40 classes compared: a section and a chart per class, the largest change first. */
    @Test
    void aLargeComparisonIsPerClassLargestChangeFirst() throws Exception {
        List<JsonObject> a = new ArrayList<>();
        List<JsonObject> b = new ArrayList<>();
        long seed = 1;
        for (int c = 0; c < 40; c++) {
            for (int m = 0; m < 28; m++) {
                String name = "x.C" + c + ".m" + m;
                a.add(result(name, "avgt", 1, "ns/op", 100, Map.of(), 1, seed++));
                b.add(result(name, "avgt", 1, "ns/op", c == 17 && m == 3 ? 900 : 100, Map.of(), 1, seed++));
            }
        }
        String html = HtmlReport.renderComparison(EstimateContext.DEFAULT, parse(a.toArray(JsonObject[]::new)), "a", parse(b.toArray(JsonObject[]::new)), "b");
        assertThat(RealFilesTest.count(html, "<section id=\"cmp")).isEqualTo(40);
        assertThat(html.indexOf("<h2>C17</h2>")).isPositive().isLessThan(html.indexOf("<h2>C0</h2>"));
        int section = html.indexOf("<h2>C17</h2>");
        assertThat(html.indexOf("<code>m3</code>", section)).isLessThan(html.indexOf("<code>m0</code>", section));
        assertThat(html).contains("style=\"height:");
    }
}
