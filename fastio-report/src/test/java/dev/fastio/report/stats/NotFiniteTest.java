package dev.fastio.report.stats;

import dev.fastio.report.jmh.OddResultsFilesTest;
import dev.fastio.report.page.ForeignFilesTest;
import dev.fastio.report.claims.Compare;
import dev.fastio.report.claims.Experiments;
import dev.fastio.report.claims.Verdict;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.page.Chart;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.page.PageParts;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Scores, errors and samples that are infinite or NaN, and ratios a score of 0 makes infinite: the
 * table says "not finite", the chart leaves the bar out and says so under it, and the charts'
 * data stays JSON (one {@code Infinity} in it stopped the page's script, and every chart with it).
 * ReportBrowserTest draws such pages in Chromium.
 */
public class NotFiniteTest {
    @TempDir
    Path dir;

    /** The charts' data the page's script parses. */
    public static String chartData(String html) {
        String start = "id=\"fastio-charts\">";
        int from = html.indexOf(start) + start.length();
        return html.substring(from, html.indexOf("</script>", from));
    }

    /** Strict JSON: no NaN or Infinity, which JSON.parse refuses. */
    public static void assertStrictJson(String json) throws Exception {
        com.google.gson.stream.JsonReader r = new com.google.gson.stream.JsonReader(new java.io.StringReader(json));
        r.setStrictness(com.google.gson.Strictness.STRICT);
        r.skipValue();
        assertThat(r.peek()).isEqualTo(com.google.gson.stream.JsonToken.END_DOCUMENT);
        assertThat(json).doesNotContain("Infinity").doesNotContain("NaN");
    }

    /** A class of two methods at two sizes, and another class, with {@code value} put at {@code path} of one result. */
    public static List<Result> page(String path, String value) throws Exception {
        return page(path, value, false);
    }

    /** As above; {@code noSamples}: the odd result has no raw data, so that JMH's error is its interval's. */
    public static List<Result> page(String path, String value, boolean noSamples) throws Exception {
        JsonObject odd = ForeignFilesTest.result("x.Odd.a", "avgt", 1, "ns/op", 10, Map.of("n", "1"), 1, 1);
        odd = OddResultsFilesTest.with(odd, path, value);
        if (noSamples) {
            odd.getAsJsonObject("primaryMetric").remove("rawData");
        }
        return ForeignFilesTest.parse(odd,
                ForeignFilesTest.result("x.Odd.a", "avgt", 1, "ns/op", 12, Map.of("n", "2"), 1, 2),
                ForeignFilesTest.result("x.Odd.b", "avgt", 1, "ns/op", 20, Map.of("n", "1"), 1, 3),
                ForeignFilesTest.result("x.Odd.b", "avgt", 1, "ns/op", 22, Map.of("n", "2"), 1, 4),
                ForeignFilesTest.result("x.Fine.c", "avgt", 1, "ns/op", 5, Map.of(), 1, 5),
                ForeignFilesTest.result("x.Fine.d", "avgt", 1, "ns/op", 6, Map.of(), 1, 6));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"Infinity\"", "\"-Infinity\"", "\"NaN\"", "1e999"})
    void aScoreThatIsNotFiniteIsTabledAndLeftOutOfItsChartSayingSo(String value) throws Exception {
        List<Result> rs = page("primaryMetric/score", value);
        String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
        assertStrictJson(chartData(html));
        assertThat(html).contains("<td class=num>not finite</td>").contains("<p class=not-drawn>Not drawn: a at 1 (not finite).</p>");
        // the other bars and the other class's chart are there
        List<Chart> charts = Experiments.group(EstimateContext.DEFAULT, rs).stream().flatMap(e -> Chart.of(e, "c").stream()).map(Chart::drawable).toList();
        long drawn = charts.stream().flatMap(c -> c.series().stream()).flatMap(s -> s.data().stream()).filter(v -> v != null).count();
        assertThat(drawn).isEqualTo(rs.size() - 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"Infinity\"", "\"-Infinity\"", "\"NaN\""})
    void anErrorOrASampleThatIsNotFiniteLeavesTheIntervalOut(String value) throws Exception {
        // JMH's error counts where there are no raw samples; with them, the samples do
        for (List<Result> rs : List.of(page("primaryMetric/scoreError", value, true), page("primaryMetric/rawData/0/2", value, false))) {
            String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
            assertStrictJson(chartData(html));
            Estimate e = Estimate.score(EstimateContext.DEFAULT, rs.get(0));
            assertThat(PageParts.interval(e)).isIn("unbounded", "not finite");
            assertThat(Compare.status(e.judgeAtMost(1e9))).isEqualTo(Verdict.Status.NOT_SETTLED);
            assertThat(html).contains(value.equals("\"NaN\"") ? "<td class=num>–</td>" : "<td class=num>not finite</td>");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"Infinity\"", "\"-Infinity\"", "\"NaN\"", "0"})
    void aComparedSideThatIsNotFiniteOrZeroIsAnUnsettledRowNotAnInfiniteBar(String value) throws Exception {
        List<Result> a = page("primaryMetric/score", "10");
        for (String path : value.equals("0") ? List.of("primaryMetric/score") : List.of("primaryMetric/score", "primaryMetric/rawData/0/0")) {
            List<Result> b = page(path, value);
            for (String html : List.of(HtmlReport.renderComparison(EstimateContext.DEFAULT, a, "a", b, "b"), HtmlReport.renderComparison(EstimateContext.DEFAULT, b, "b", a, "a"))) {
                assertStrictJson(chartData(html));
                assertThat(html).as(path + " = " + value).contains(">not finite</td>").contains("1 not finite</span>")
                        .contains("<p class=not-drawn>Not drawn: B vs A");
            }
        }
        // a throughput of 0 is an infinite time
        JsonObject zero = ForeignFilesTest.result("x.T.run", "thrpt", 1, "ops/s", 5, Map.of(), 1, 1);
        List<Result> t0 = ForeignFilesTest.parse(OddResultsFilesTest.with(OddResultsFilesTest.with(zero, "primaryMetric/score", "0"),
                "primaryMetric/rawData", "[[0,0,0]]"));
        List<Result> t5 = ForeignFilesTest.parse(ForeignFilesTest.result("x.T.run", "thrpt", 1, "ops/s", 5, Map.of(), 1, 2));
        assertThat(Estimate.ratio(EstimateContext.DEFAULT, t0.get(0), t5.get(0)).finite()).isFalse();
        assertStrictJson(chartData(HtmlReport.renderComparison(EstimateContext.DEFAULT, t0, "a", t5, "b")));
    }

    @Test
    void aQuantityThatIsNotFiniteSettlesNothing() {
        Estimate e = Estimate.notFinite(EstimateContext.DEFAULT, 3);
        assertThat(e.finite()).isFalse();
        assertThat(e.judgeAtMost(1)).isEqualTo(Estimate.Outcome.NOT_SETTLED);
        assertThat(e.judgeAtLeast(1)).isEqualTo(Estimate.Outcome.NOT_SETTLED);
        assertThat(e.judgeWithin(0.9, 1.1)).isEqualTo(Estimate.Outcome.NOT_SETTLED);
        assertThat(e.ratioText()).isEqualTo("not finite");
        assertThat(e.inverse().finite()).isFalse();
        assertThat(e.times(2).finite()).isFalse();
        assertThat(Format.score(Double.POSITIVE_INFINITY)).isEqualTo("not finite");
        assertThat(Format.score(Double.NaN)).isEqualTo("not finite");
        assertThat(Format.number(Double.NEGATIVE_INFINITY)).isEqualTo("not finite");
        assertThat(Format.number(Double.NaN)).isEqualTo("–");
    }

    @Test
    void anAllocationOrAPercentileThatIsNotFiniteIsTabledAsSuch() throws Exception {
        JsonObject r = ForeignFilesTest.result("x.A.run", "avgt", 1, "ns/op", 10, Map.of("n", "1"), 1, 1);
        JsonObject alloc = new JsonObject();
        alloc.addProperty("score", "Infinity");
        alloc.addProperty("scoreUnit", "B/op");
        JsonObject sec = new JsonObject();
        sec.add("gc.alloc.rate.norm", alloc);
        r.add("secondaryMetrics", sec);
        List<Result> rs = ForeignFilesTest.parse(r, ForeignFilesTest.result("x.A.run", "avgt", 1, "ns/op", 12, Map.of("n", "2"), 1, 2));
        String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
        assertStrictJson(chartData(html));
        assertThat(html).contains("<td class=num>not finite</td>");
    }
}
