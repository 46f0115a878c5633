package dev.fastio.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Writes the report: one self-contained HTML file (Chart.js inlined from its webjar, no network
 * needed) with the environment, the claims of every article against what was measured, and one
 * section per experiment with its charts and a table of every result.
 */
public final class HtmlReport {
    private static final Gson GSON = new GsonBuilder().serializeSpecialFloatingPointValues().create();

    private HtmlReport() {}

    /** Reads {@code resultsFile} and writes the report to {@code out}, atomically. */
    public static void write(Path resultsFile, Path out) throws ReportException {
        List<Result> results = JmhResults.read(resultsFile);
        String html = render(results, Environment.describe(resultsFile, results));
        Path dir = out.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".report.", ".tmp");
            try {
                Files.writeString(tmp, html, StandardCharsets.UTF_8);
                Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (AccessDeniedException e) {
            throw new ReportException("cannot write report " + out + ": permission denied on " + e.getFile(), e);
        } catch (IOException e) {
            throw new ReportException("cannot write report " + out + ": " + e, e);
        }
    }

    public static String render(List<Result> results, Map<String, String> environment) {
        List<ExperimentResults> experiments = Experiments.group(results);
        List<Chart> charts = new ArrayList<>();
        StringBuilder body = new StringBuilder();

        body.append("<h1>fastio benchmark report</h1>\n");
        body.append("<p class=lead>").append(results.size()).append(" results in ").append(experiments.size())
                .append(" experiments. Times are JMH scores with their 99.9% error; lower is faster unless the unit is ops per time.</p>\n");

        body.append("<h2 id=environment>Environment</h2>\n<table class=env>\n");
        environment.forEach((k, v) -> body.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v)).append("</td></tr>\n"));
        body.append("</table>\n");

        body.append("<h2 id=claims>The articles said / measured here</h2>\n");
        claimsTable(body, experiments, true);

        body.append("<nav><h2>Experiments</h2><ol>\n");
        for (int i = 0; i < experiments.size(); i++) {
            body.append("<li><a href=\"#exp").append(i).append("\">").append(esc(experiments.get(i).experiment().title()))
                    .append("</a></li>\n");
        }
        body.append("</ol></nav>\n");

        for (int i = 0; i < experiments.size(); i++) {
            ExperimentResults rs = experiments.get(i);
            Experiment e = rs.experiment();
            body.append("<section id=\"exp").append(i).append("\">\n<h2>").append(esc(e.title())).append("</h2>\n");
            if (!e.article().isEmpty()) {
                body.append("<p class=article>Article ").append(esc(e.article())).append("</p>\n");
            }
            if (!e.question().isEmpty()) {
                body.append("<p class=question><b>Question.</b> ").append(esc(e.question())).append("</p>\n");
            }
            body.append("<p class=bench>Benchmark class <code>").append(esc(rs.all().get(0).className())).append("</code>")
                    .append(e.baseline() == null ? "" : ", baseline <code>" + esc(e.baseline()) + "</code>").append("</p>\n");
            for (Chart c : Chart.of(rs, "c" + i)) {
                charts.add(c);
                body.append("<div class=chart><canvas id=\"").append(c.id()).append("\" role=img aria-label=\"")
                        .append(esc(c.title())).append("\"></canvas></div>\n");
            }
            if (!e.claims().isEmpty()) {
                body.append("<h3>Claims</h3>\n");
                claimsTable(body, List.of(rs), false);
            }
            body.append("<h3>Results</h3>\n");
            resultsTable(body, rs);
            body.append("</section>\n");
        }

        return "<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n"
                + "<meta name=viewport content=\"width=device-width, initial-scale=1\">\n"
                + "<title>fastio benchmark report</title>\n<style>" + CSS + "</style>\n</head>\n<body>\n"
                + body
                + "<footer>Generated by fastio on " + esc(ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME))
                + ". Chart.js " + esc(chartJsVersion()) + " (MIT) is inlined.</footer>\n"
                + "<script type=\"application/json\" id=\"fastio-charts\">" + scriptSafe(GSON.toJson(charts)) + "</script>\n"
                + "<script>" + scriptSafe(chartJs()) + "</script>\n"
                + "<script>" + RENDER_JS + "</script>\n"
                + "</body>\n</html>\n";
    }

    private static void claimsTable(StringBuilder sb, List<ExperimentResults> experiments, boolean withExperiment) {
        sb.append("<table class=claims>\n<tr>").append(withExperiment ? "<th>Experiment</th>" : "")
                .append("<th>Who</th><th>Claim</th><th>Verdict</th><th>Measured here</th></tr>\n");
        int rows = 0;
        for (ExperimentResults rs : experiments) {
            for (Claim c : rs.experiment().claims()) {
                Verdict v = c.evaluate(rs);
                sb.append("<tr>");
                if (withExperiment) {
                    sb.append("<td>").append(esc(rs.experiment().title())).append("</td>");
                }
                sb.append("<td>").append(esc(c.source())).append("</td><td>").append(esc(c.text()))
                        .append("</td><td class=\"verdict ").append(v.status().name().toLowerCase(java.util.Locale.ROOT))
                        .append("\">").append(esc(v.status().label())).append("</td><td class=measured>")
                        .append(esc(v.measured())).append("</td></tr>\n");
                rows++;
            }
        }
        if (rows == 0) {
            sb.append("<tr><td colspan=5>No claims are registered for these benchmark classes.</td></tr>\n");
        }
        sb.append("</table>\n");
    }

    private static void resultsTable(StringBuilder sb, ExperimentResults rs) {
        sb.append("<table class=results>\n<tr><th>Method</th><th>Params</th><th>Mode</th><th>Threads</th>"
                + "<th>Score</th><th>± Error</th><th>Unit</th><th>Alloc B/op</th></tr>\n");
        for (Result r : rs.all()) {
            sb.append("<tr><td><code>").append(esc(r.method())).append("</code></td><td>")
                    .append(esc(Format.paramsLabel(r.params(), rs.experiment().xParam()))).append("</td><td>")
                    .append(esc(r.mode())).append("</td><td class=num>").append(r.threads()).append("</td><td class=num>")
                    .append(Format.number(r.score())).append("</td><td class=num>").append(Format.number(r.error()))
                    .append("</td><td>").append(esc(r.unit())).append("</td><td class=num>")
                    .append(Format.number(r.allocPerOp())).append("</td></tr>\n");
        }
        sb.append("</table>\n");
    }

    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Text inside a script element must not close it early. */
    static String scriptSafe(String js) {
        return js.replace("</", "<\\/");
    }

    static String chartJsVersion() {
        Properties p = new Properties();
        try (InputStream in = HtmlReport.class.getResourceAsStream("report.properties")) {
            if (in == null) {
                throw new IllegalStateException("report.properties missing from the fastio-report jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("chartjs.version");
    }

    static String chartJs() {
        String path = "/META-INF/resources/webjars/chart.js/" + chartJsVersion() + "/dist/chart.umd.js";
        try (InputStream in = HtmlReport.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Chart.js not on the class path at " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final String CSS = """
            body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#222}
            h1{margin-bottom:.2em} h2{margin-top:2em;border-bottom:1px solid #ddd} section{margin-bottom:3em}
            table{border-collapse:collapse;margin:.6em 0;width:100%} th,td{border:1px solid #ddd;padding:.3em .5em;vertical-align:top;text-align:left}
            th{background:#f4f4f4} td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            table.env{width:auto} td.measured{font-size:.85em;color:#444}
            .verdict{font-weight:600;white-space:nowrap} .holds{color:#176b2c} .partly{color:#8a6100} .does_not_hold{color:#a11}
            .not_measured{color:#777} .chart{position:relative;height:340px;margin:1em 0} .lead,.article,.bench{color:#555}
            footer{margin-top:3em;color:#777;font-size:.85em}
            """;

    /**
     * Draws every chart, then records on {@code <body>} how many were drawn and painted and any
     * script error, for people debugging and for the headless-browser test.
     */
    private static final String RENDER_JS = """
            (function () {
              var errors = [];
              function note(msg) { errors.push(String(msg)); document.body.setAttribute('data-errors', errors.join(' | ')); }
              window.addEventListener('error', function (e) { note(e.message); });
              var palette = ['#4e79a7','#f28e2b','#e15759','#76b7b2','#59a14f','#edc948','#b07aa1','#ff9da7','#9c755f','#bab0ac'];
              var specs = JSON.parse(document.getElementById('fastio-charts').textContent);
              var drawn = 0, painted = 0, colours = {}, nextColour = 0;
              function colour(label) {
                if (!(label in colours)) { colours[label] = palette[nextColour++ % palette.length]; }
                return colours[label];
              }
              specs.forEach(function (s) {
                try {
                  var canvas = document.getElementById(s.id);
                  new Chart(canvas, {
                    type: 'bar',
                    data: { labels: s.labels, datasets: s.series.map(function (d, i) {
                      return { label: d.label, data: d.data, backgroundColor: colour(d.label) }; }) },
                    options: { animation: false, maintainAspectRatio: false,
                      plugins: { title: { display: true, text: s.title } },
                      scales: { y: { type: s.log ? 'logarithmic' : 'linear', title: { display: true, text: s.yTitle } } } }
                  });
                  drawn++;
                  var px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                  for (var i = 3; i < px.length; i += 4) { if (px[i] !== 0) { painted++; break; } }
                } catch (e) { note(s.id + ': ' + e); }
              });
              document.body.setAttribute('data-charts', String(specs.length));
              document.body.setAttribute('data-charts-drawn', String(drawn));
              document.body.setAttribute('data-charts-painted', String(painted));
            })();
            """;
}
