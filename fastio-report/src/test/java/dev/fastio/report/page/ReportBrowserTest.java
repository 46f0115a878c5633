package dev.fastio.report.page;

import dev.fastio.report.jmh.Fixtures;
import dev.fastio.report.jmh.RealFilesTest;
import dev.fastio.report.stats.NotFiniteTest;
import dev.fastio.report.gate.RunHistory;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens a rendered report in headless Chromium and checks that every chart was drawn and painted
 * and that the page logged no error. Skipped where no Chromium is installed, unless
 * {@code FASTIO_REQUIRE_BROWSER=1} (CI sets it, after installing Debian's {@code chromium}).
 */
public class ReportBrowserTest {
    @TempDir
    Path dir;

    @Test
    void chartsAndTheirErrorBarsAreDrawnAndTheConsoleHasNoErrors() throws Exception {
        Path results = Fixtures.write(dir, "results.json", Fixtures.plainJmhJson());
        Path report = dir.resolve("report.html");
        HtmlReport.write(EstimateContext.DEFAULT, results, report);
        String attrs = renderedBody(report);
        // one whisker per bar that has an interval, as the charts' data says; and there are some
        int expected = barsWithIntervals(Files.readString(report, StandardCharsets.UTF_8));
        assertThat(expected).isGreaterThanOrEqualTo(25);
        assertThat(attr(attrs, "data-whiskers")).isEqualTo(expected);
    }

    @Test
    void aTwoRunComparisonPageRenders() throws Exception {
        Path a = Fixtures.write(dir, "a.json", Fixtures.plainJmhJson());
        Path b = Fixtures.write(dir, "b.json", Fixtures.scaled(Fixtures.plainJmhJson(), 1.5));
        Path page = dir.resolve("comparison.html");
        HtmlReport.writeComparison(EstimateContext.DEFAULT, a, b, page);
        String attrs = renderedBody(page);
        assertThat(barsWithIntervals(Files.readString(page, StandardCharsets.UTF_8))).isEqualTo(30);
        assertThat(attr(attrs, "data-whiskers")).isEqualTo(30);
    }

    /** The history of three runs: a line chart per class, a whisker per point, no script error. */
    @Test
    void aHistoryOfRunsRendersItsLinesAndWhiskers() throws Exception {
        String jmh = Fixtures.plainJmhJson();
        List<Path> runs = List.of(Fixtures.write(dir, "1.json", jmh), Fixtures.write(dir, "2.json", Fixtures.scaled(jmh, 1.5)),
                Fixtures.write(dir, "3.json", Fixtures.scaled(jmh, 0.8)));
        Path page = dir.resolve("history.html");
        HtmlReport.writeHistory(RunHistory.read(EstimateContext.DEFAULT, runs, 0.10, Double.NaN), runs, List.of(), page, false);
        String attrs = renderedBody(page);
        int points = 3 * JmhResults.read(runs.get(0)).size();
        assertThat(barsWithIntervals(Files.readString(page, StandardCharsets.UTF_8))).isEqualTo(points);
        assertThat(attr(attrs, "data-whiskers")).isEqualTo(points);
    }

    /** Every real file of other projects renders: every chart drawn and painted, every series its own colour, no script error. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.MethodSource("dev.fastio.report.jmh.RealFilesTest#files")
    void everyRealFileRenders(Path file) throws Exception {
        Path report = dir.resolve("report.html");
        HtmlReport.write(EstimateContext.DEFAULT, file, report);
        renderedBody(report);
        assertThat(RealFilesTest.count(lastDom, "<tr class=\"r\">") + RealFilesTest.count(lastDom, "<tr class=r>"))
                .as("result rows in the rendered page").isEqualTo(JmhResults.read(file).size());
    }

    /** The DOM Chromium dumped for the last page rendered. */
    private String lastDom = "";

    /** The same suite run years apart, in ops/ms and ops/s, compared: one section and chart per class. */
    @Test
    void twoRealRunsYearsApartCompare() throws Exception {
        Path page = dir.resolve("comparison.html");
        HtmlReport.writeComparison(EstimateContext.DEFAULT, RealFilesTest.dir().resolve("chrisgleissner-java-benchmarks-2019.json"),
                RealFilesTest.dir().resolve("chrisgleissner-java-benchmarks-2024.json"), page);
        renderedBody(page);
    }

    /**
     * Methods named like the properties of a JavaScript object ({@code constructor},
     * {@code valueOf}, {@code hasOwnProperty}, {@code toString}, {@code next}) and 30 methods in
     * one class: every chart draws, each series in a colour of its own. Names were looked up in a
     * plain object: a chart with {@code constructor} did not draw, and colours repeated after 14.
     */
    @Test
    void methodNamesOfObjectPropertiesAndThirtySeriesDraw() throws Exception {
        com.google.gson.JsonArray all = new com.google.gson.JsonArray();
        long seed = 1;
        for (String m : List.of("constructor", "valueOf", "hasOwnProperty", "toString", "next", "__proto__")) {
            all.add(ForeignFilesTest.result("x.Names." + m, "avgt", 1, "ns/op", 10 + seed, java.util.Map.of(), 1, seed++));
        }
        for (int i = 0; i < 30; i++) {
            all.add(ForeignFilesTest.result("x.Thirty.method" + i, "avgt", 1, "ns/op", 10 + i, java.util.Map.of("n", "1"), 1, seed++));
            all.add(ForeignFilesTest.result("x.Thirty.method" + i, "avgt", 1, "ns/op", 20 + i, java.util.Map.of("n", "2"), 1, seed++));
        }
        Path results = Fixtures.write(dir, "names.json", all.toString());
        Path report = dir.resolve("names.html");
        HtmlReport.write(EstimateContext.DEFAULT, results, report);
        String html = Files.readString(report, StandardCharsets.UTF_8);
        assertThat(html).contains("hasOwnProperty").contains("method29");
        renderedBody(report);
    }

    /**
     * A score that is infinite or NaN in one class: every other chart on the page draws (one
     * {@code Infinity} in the charts' data stopped the script, and every chart with it), and the
     * bar left out is named under its chart.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"\"Infinity\"", "\"-Infinity\"", "\"NaN\""})
    void aScoreThatIsNotFiniteLeavesEveryOtherChartDrawn(String value) throws Exception {
        Path report = dir.resolve("report.html");
        Files.writeString(report, HtmlReport.render(EstimateContext.DEFAULT, NotFiniteTest.page("primaryMetric/score", value), java.util.Map.of()));
        String attrs = renderedBody(report);
        assertThat(attr(attrs, "data-charts")).isEqualTo(2);
        assertThat(lastDom).contains("Not drawn: a at 1 (not finite)");
    }

    /** Two runs where one side's score is 0 or not finite: the ratio is not finite, and the page draws the rest. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"\"Infinity\"", "\"NaN\"", "0"})
    void aComparisonWithAScoreOfZeroOrNotFiniteDraws(String value) throws Exception {
        Path page = dir.resolve("comparison.html");
        Files.writeString(page, HtmlReport.renderComparison(EstimateContext.DEFAULT, NotFiniteTest.page("primaryMetric/score", "10"), "a",
                NotFiniteTest.page("primaryMetric/score", value), "b"));
        String attrs = renderedBody(page);
        assertThat(attr(attrs, "data-charts")).isEqualTo(2);
        assertThat(lastDom).contains("1 not finite");
    }

    /** Renders {@code html} in headless Chromium; checks every chart was drawn and painted and nothing logged; returns the body's attributes. */
    private String renderedBody(Path html) throws Exception {
        String chromium = findChromium();
        boolean required = "1".equals(System.getenv("FASTIO_REQUIRE_BROWSER"));
        if (chromium == null) {
            assertThat(required).as("FASTIO_REQUIRE_BROWSER=1 but no chromium on PATH").isFalse();
            Assumptions.abort("no chromium installed");
        }
        Path profile = Files.createTempDirectory(dir, "profile");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000", "--dump-dom", html.toUri().toString()));
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        lastDom = dom;
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        String stderr = Files.readString(err, StandardCharsets.UTF_8);

        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertThat(body.find()).as("dumped DOM has a body; chromium stderr:%n%s", stderr).isTrue();
        String attrs = body.group(1);
        int charts = attr(attrs, "data-charts");
        assertThat(charts).isEqualTo(countCanvases(dom)).isGreaterThanOrEqualTo(1);
        assertThat(attr(attrs, "data-charts-drawn")).isEqualTo(charts);
        assertThat(attr(attrs, "data-charts-painted")).isEqualTo(charts);
        assertThat(attrs).doesNotContain("data-errors");
        // Chromium echoes page console messages to stderr as CONSOLE(...) lines
        assertThat(stderr.lines().filter(l -> l.contains("CONSOLE") || l.contains("Uncaught")))
                .as("console output").isEmpty();
        return attrs;
    }

    /** Bars with a value and both ends of an interval, in the page's chart data. */
    public static int barsWithIntervals(String html) {
        String start = "id=\"fastio-charts\">";
        int from = html.indexOf(start) + start.length();
        String json = html.substring(from, html.indexOf("</script>", from));
        int n = 0;
        for (com.google.gson.JsonElement chart : com.google.gson.JsonParser.parseString(json).getAsJsonArray()) {
            for (com.google.gson.JsonElement series : chart.getAsJsonObject().getAsJsonArray("series")) {
                com.google.gson.JsonObject o = series.getAsJsonObject();
                if (!o.has("lo") || o.get("lo").isJsonNull()) {
                    continue;
                }
                com.google.gson.JsonArray d = o.getAsJsonArray("data");
                for (int i = 0; i < d.size(); i++) {
                    if (!d.get(i).isJsonNull() && !o.getAsJsonArray("lo").get(i).isJsonNull() && !o.getAsJsonArray("hi").get(i).isJsonNull()) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    private static int countCanvases(String dom) {
        return dom.split("<canvas ", -1).length - 1;
    }

    private static int attr(String attrs, String name) {
        Matcher m = Pattern.compile(name + "=\"(\\d+)\"").matcher(attrs);
        assertThat(m.find()).as("attribute %s in <body%s>", name, attrs).isTrue();
        return Integer.parseInt(m.group(1));
    }

    public static String findChromium() throws IOException {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
                Path exe = Path.of(d, name);
                if (Files.isExecutable(exe)) {
                    return exe.toString();
                }
            }
        }
        return null;
    }
}
