package dev.fastio.report;

import dev.fastio.report.claims.Verdicts;
import dev.fastio.report.jmh.Fixtures;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.claims.Verdict;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.page.PageParts;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.bench.read.ReadExperiments;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
    @TempDir
    Path dir;

    @Test
    void rendersTheArticleExperimentWithChartsClaimsAndResults() throws Exception {
        Path results = Fixtures.write(dir, "results.json", Fixtures.plainJmhJson());
        Path out = dir.resolve("sub/report.html");
        HtmlReport.write(EstimateContext.DEFAULT, results, out);
        String html = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(html).contains("Opening a file as an InputStream")
                .contains("The articles said / measured here")
                .contains("FastRead.openInputStream is never slower than Files.newInputStream")
                .contains("<canvas id=\"c0-t0\"").contains("<canvas id=\"c0-a0\"")
                .contains("Chart.js " + PageParts.chartJsVersion())
                .doesNotContain("src=\"http").doesNotContain("href=\"http"); // self-contained
        // every result row is in the table
        assertThat(html.split("<tr class=r>", -1)).hasSize(30 + 1);
        // the experiment's own section lists its claims too (a new user found every section saying there were none)
        String section = html.substring(html.indexOf("<section id=\"exp0\">"), html.indexOf("</section>", html.indexOf("<section id=\"exp0\">")));
        assertThat(section).contains("<h3>Claims</h3>").contains("FastRead.openInputStream is never slower than Files.newInputStream")
                .doesNotContain("No claims are registered");
        assertThat(html).contains("<th>Rests on</th>").contains("samples a result");
        // the inlined library is really there (a known global it defines)
        assertThat(html).contains("Chart.js v" + PageParts.chartJsVersion());
        // no temporary file left beside the report
        try (var s = Files.list(out.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("report.html");
        }
    }

    @Test
    void theClaimTableShowsWhatDoesNotHoldAndWhatIsNotSettledFirst() throws Exception {
        String html = HtmlReport.render(EstimateContext.DEFAULT, JmhResults.read(Fixtures.write(dir, "r.json", Fixtures.plainJmhJson())), Map.of());
        String table = html.substring(html.indexOf("<table class=claims>"), html.indexOf("</table>", html.indexOf("<table class=claims>")));
        java.util.List<Integer> order = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<td class=\"verdict ([a-z_]+)\">").matcher(table);
        while (m.find()) {
            order.add(Verdicts.READING_ORDER.indexOf(Verdict.Status.valueOf(m.group(1).toUpperCase(java.util.Locale.ROOT))));
        }
        assertThat(order).hasSizeGreaterThan(3).isSorted();
        assertThat(html).contains("<p class=tally>").contains("not settled</span>");
        // the results table gives each result's interval and its sample count
        assertThat(html).contains("99% interval").contains("<th>Samples</th>");
    }

    @Test
    void twoRunsAreComparedMethodByMethod() throws Exception {
        Path a = Fixtures.write(dir, "a.json", Fixtures.plainJmhJson());
        Path b = Fixtures.write(dir, "b.json", Fixtures.scaled(Fixtures.plainJmhJson(), 3));
        Path out = dir.resolve("cmp.html");
        HtmlReport.writeComparison(EstimateContext.DEFAULT, a, b, out);
        String html = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(html).contains("two runs compared").contains(a.toString()).contains(b.toString())
                .contains("OpenStreamBenchmark").contains("<canvas id=\"k0\"");
        assertThat(html.split("<tr class=r>", -1)).hasSize(30 + 1);
        assertThat(html).contains("3.00× [");
        // the same run against itself: no settled difference anywhere
        Path same = dir.resolve("same.html");
        HtmlReport.writeComparison(EstimateContext.DEFAULT, a, a, same);
        String self = Files.readString(same, StandardCharsets.UTF_8);
        assertThat(self).contains(">0 B faster<").contains(">0 B slower<").contains(">30 not settled<");
    }

    @Test
    void unknownBenchmarkClassesGetAGenericSectionGroupedByClassAndParams() throws Exception {
        String renamed = Fixtures.plainJmhJson().replace("dev.fastio.bench.read.OpenStreamBenchmark", "org.example.MyBench");
        Path results = Fixtures.write(dir, "results.json", renamed);
        String html = HtmlReport.render(EstimateContext.DEFAULT, JmhResults.read(results), Map.of());
        assertThat(html).contains("<h2>MyBench</h2>").contains("org.example.MyBench")
                .contains("No claims are registered");
        assertThat(html).doesNotContain("Opening a file as an InputStream");
    }

    @Test
    void namesAreEscapedAndCannotCloseTheScript() {
        Result evil = Fixtures.result("x.Evil", "m</script><b>", "1", 1, 0.1);
        String html = HtmlReport.render(EstimateContext.DEFAULT, List.of(evil), Map.of("k", "<i>"));
        assertThat(html).contains("m&lt;/script&gt;&lt;b&gt;").contains("&lt;i&gt;");
        String json = html.substring(html.indexOf("id=\"fastio-charts\">"), html.indexOf("</script>", html.indexOf("id=\"fastio-charts\">")));
        assertThat(json).doesNotContain("</script").contains("m\\u003c/script");
    }

    @Test
    void theGcQuestionIsAnsweredFromAllocationFigures() {
        String c = "dev.fastio.bench.read.OpenStreamBenchmark";
        ExperimentResults rs = new ExperimentResults(EstimateContext.DEFAULT, ReadExperiments.all().get(0), List.of(
                Fixtures.withAlloc(Fixtures.result(c, "fileInputStream", "16", 4, 0.1), 176),
                Fixtures.withAlloc(Fixtures.result(c, "fileChannel", "16", 4, 0.1), 424)));
        Verdict v = ReadExperiments.all().get(0).claims().stream()
                .filter(cl -> cl.text().startsWith("Open question")).findFirst().orElseThrow().evaluate(rs);
        assertThat(v.status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(v.measured()).contains("FileInputStream 176 B/op vs FileChannel 424 B/op");
    }

    @Test
    void anUnwritableDestinationIsAReportException() throws Exception {
        Path results = Fixtures.write(dir, "results.json", Fixtures.plainJmhJson());
        Path aFile = Fixtures.write(dir, "plainfile", "x");
        assertThatThrownBy(() -> HtmlReport.write(EstimateContext.DEFAULT, results, aFile.resolve("report.html")))
                .isInstanceOf(ReportException.class).hasMessageContaining("cannot write report");
    }
}
