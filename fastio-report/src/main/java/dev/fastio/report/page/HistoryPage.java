package dev.fastio.report.page;

import dev.fastio.report.gate.GateSummary;
import dev.fastio.report.gate.RegressionGate;
import dev.fastio.report.gate.RunHistory;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.jmh.RunEnvironment;
import dev.fastio.report.stats.Estimate;
import static dev.fastio.report.page.PageParts.chartDiv;
import static dev.fastio.report.page.PageParts.esc;
import static dev.fastio.report.page.PageParts.head;
import static dev.fastio.report.page.PageParts.interval;
import static dev.fastio.report.page.PageParts.tail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history page: each benchmark's score across N runs as a line with its intervals, a chart
 * per benchmark class (and mode and unit), a table per class whose cells mark each settled step
 * from the run before, and the runs themselves with what changed in their environment.
 */
final class HistoryPage {
    private HistoryPage() {}

    /** The most runs a table shows as columns (the latest); the charts and the JSON have every run. */
    static final int TABLE_RUNS = 30;

    static void write(RunHistory h, List<String> skipped, Page page) {
        List<RunHistory.Run> runs = h.runs();
        int n = runs.size();
        head(page, "fastio: " + n + " runs");
        page.append("<h1>fastio: ").append(n).append(" runs</h1>\n");
        page.append("<p class=lead>Each benchmark (one class, method, parameter combination, mode and thread count) is a line")
                .append(" through the runs, in their order: its score in each run in the unit of its first, with the 99% interval")
                .append(" as a whisker. A run without the benchmark leaves a gap. In the tables, a score marked ")
                .append("<span class=does_not_hold>▲ slower</span> or <span class=holds>▼ faster</span> is settled so from the")
                .append(" benchmark's run before by more than ").append(esc(GateSummary.percent(h.threshold())))
                .append(", by the rule of <code>fastio report compare</code>: the interval of the time ratio wholly beyond 1")
                .append(" and its estimate beyond the threshold; a throughput is turned into a time first.")
                .append(Double.isNaN(h.forkNoise()) ? "" : " Every interval includes the calibrated fork-to-fork noise, "
                        + esc(GateSummary.percent(h.forkNoise())) + ".")
                .append("</p>\n");
        page.append("<p class=tally><span class=\"verdict not_measured\">").append(h.lines().size()).append(" benchmarks</span> ")
                .append("<span class=\"verdict does_not_hold\">").append(h.steps(RegressionGate.Verdict.SLOWER))
                .append(" steps slower</span> <span class=\"verdict holds\">").append(h.steps(RegressionGate.Verdict.FASTER))
                .append(" steps faster</span> <span class=\"verdict not_settled\">").append(h.steps(RegressionGate.Verdict.NOT_SETTLED))
                .append(" steps not settled</span></p>\n");

        page.append("<h2>Runs</h2>\n<div class=scroll><table class=results>\n<tr><th>#</th><th>Run</th><th>Results</th><th>JDK</th>"
                + "<th>JMH</th><th>Changed from the run before</th></tr>\n");
        for (int i = 0; i < n; i++) {
            RunHistory.Run r = runs.get(i);
            List<String> diff = i == 0 ? List.of() : RunEnvironment.differences(runs.get(i - 1).environment(), r.environment());
            page.append("<tr><td class=num>").append(i + 1).append("</td><td><code>").append(esc(r.name())).append("</code></td><td class=num>")
                    .append(r.results()).append("</td><td>").append(esc(r.environment().jdk())).append("</td><td>")
                    .append(esc(r.environment().jmh())).append("</td><td>").append(esc(String.join("; ", diff))).append("</td></tr>\n");
        }
        page.append("</table></div>\n");
        if (!skipped.isEmpty()) {
            page.append("<p class=basis>Not runs, left out: ").append(esc(String.join(", ", skipped))).append(".</p>\n");
        }

        Map<String, List<RunHistory.Line>> byClass = new LinkedHashMap<>();
        h.lines().forEach(l -> byClass.computeIfAbsent(l.first().className(), k -> new ArrayList<>()).add(l));
        Map<String, Long> simpleNames = new java.util.HashMap<>();
        byClass.keySet().forEach(c -> simpleNames.merge(simple(c), 1L, Long::sum));
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            labels.add("#" + (i + 1));
        }
        page.append("<nav><h2>Classes</h2><ol>\n");
        List<String> headings = new ArrayList<>();
        int k = 0;
        for (String cls : byClass.keySet()) {
            String heading = simpleNames.get(simple(cls)) > 1 ? cls : simple(cls);
            headings.add(heading);
            page.append("<li><a href=\"#h").append(k++).append("\">").append(esc(heading)).append("</a></li>\n");
        }
        page.append("</ol></nav>\n");

        List<Chart> charts = new ArrayList<>();
        int from = Math.max(0, n - TABLE_RUNS);
        k = 0;
        for (Map.Entry<String, List<RunHistory.Line>> e : byClass.entrySet()) {
            String heading = headings.get(k);
            page.append("<section id=\"h").append(k).append("\">\n<h2>").append(esc(heading)).append("</h2>\n");
            // one chart per mode and unit: scores in two units share no axis
            Map<String, List<RunHistory.Line>> byUnit = new LinkedHashMap<>();
            e.getValue().forEach(l -> byUnit.computeIfAbsent(l.first().mode() + " " + l.first().unit(), x -> new ArrayList<>()).add(l));
            int c = 0;
            for (List<RunHistory.Line> group : byUnit.values()) {
                Chart chart = chart("h" + k + "-" + c++, heading, group, labels, byUnit.size() > 1);
                charts.add(chart);
                page.append(chartDiv(chart));
            }
            page.append("<div class=scroll><table class=results>\n<tr><th>Method</th><th>Params</th><th>Mode</th><th>Threads</th>"
                    + "<th>Unit</th>");
            for (int i = from; i < n; i++) {
                page.append("<th>#").append(i + 1).append("</th>");
            }
            page.append("<th>Last / first time (99% interval)</th></tr>\n");
            for (RunHistory.Line l : e.getValue()) {
                Result f = l.first();
                page.append("<tr class=r><td><code>").append(esc(f.method())).append("</code></td><td>").append(esc(Format.paramsColumn(f)))
                        .append("</td><td>").append(esc(f.mode())).append("</td><td class=num>").append(f.threads()).append("</td><td>")
                        .append(esc(f.unit())).append("</td>");
                for (int i = from; i < n; i++) {
                    page.append(cell(l.points().get(i)));
                }
                Estimate overall = l.overall(h.estimates(), h.forkNoise());
                page.append("<td class=num>").append(overall == null ? "" : esc(overall.ratioText())).append("</td></tr>\n");
            }
            page.append("</table></div>\n");
            if (from > 0) {
                page.append("<p class=basis>The table shows the latest ").append(TABLE_RUNS).append(" of the ").append(n)
                        .append(" runs; the chart has every run.</p>\n");
            }
            page.append("</section>\n");
            k++;
        }
        tail(page, charts);
    }

    private static String simple(String cls) {
        return cls.substring(cls.lastIndexOf('.') + 1);
    }

    /** A score with its interval, marked where the step from the run before settles a change. */
    private static String cell(RunHistory.Point p) {
        if (p == null) {
            return "<td class=num>—</td>";
        }
        String mark = p.step() == RegressionGate.Verdict.SLOWER ? " <span class=\"verdict does_not_hold\">▲ slower</span>"
                : p.step() == RegressionGate.Verdict.FASTER ? " <span class=\"verdict holds\">▼ faster</span>" : "";
        String title = p.change() == null ? "" : " title=\"time / the run before: " + esc(p.change().ratioText()) + "\"";
        return "<td class=num" + title + ">" + Format.score(p.score().value()) + " " + interval(p.score()) + mark + "</td>";
    }

    /** One line per benchmark, a point per run in the group's unit; a log axis where the scores span over 100×. */
    private static Chart chart(String id, String heading, List<RunHistory.Line> group, List<String> labels, boolean unitInTitle) {
        Result first = group.get(0).first();
        String title = heading + (unitInTitle ? " [" + Chart.modeName(first.mode()) + ", " + first.unit() + "]" : "");
        long points = (long) group.size() * labels.size();
        if (points > Chart.MAX_BARS) {
            return Chart.omitted(id, title, points, "points");
        }
        List<Chart.Series> series = new ArrayList<>();
        for (RunHistory.Line l : group) {
            List<Double> data = new ArrayList<>();
            List<Double> lo = new ArrayList<>();
            List<Double> hi = new ArrayList<>();
            for (RunHistory.Point p : l.points()) {
                data.add(p == null ? null : p.score().value());
                lo.add(p == null ? null : Chart.bounded(p.score().low()));
                hi.add(p == null ? null : Chart.bounded(p.score().high()));
            }
            Result f = l.first();
            String label = f.method() + (f.params().isEmpty() ? "" : " " + Format.paramsColumn(f))
                    + (f.threads() == 1 ? "" : " [" + f.threads() + "t]");
            series.add(new Chart.Series(label, data, lo, hi));
        }
        boolean log = Chart.spansRange(series);
        String better = first.lowerIsBetter() ? "lower is faster" : "higher is faster";
        return Chart.lines(id, title, "run", first.unit() + (log ? " (log scale, " : " (") + better + ")", labels, series, log);
    }
}
