package dev.fastio.report.page;

import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.jmh.Environment;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import static dev.fastio.report.page.PageParts.chartDiv;
import static dev.fastio.report.page.PageParts.esc;
import static dev.fastio.report.page.PageParts.head;
import static dev.fastio.report.page.PageParts.interval;
import static dev.fastio.report.page.PageParts.tail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The comparison page: run B against run A, benchmark by benchmark in one unit, with a chart per
 * benchmark class and a verdict per row (faster, slower, not settled).
 */
final class ComparisonPage {
    private ComparisonPage() {}

    /** The verdict of one compared row: B faster, B slower, not settled, or not finite. */
    private static String verdict(Estimate ratio) {
        if (!ratio.finite()) {
            return Estimate.NOT_FINITE;
        }
        return ratio.high() < 1 ? "B faster" : ratio.low() > 1 ? "B slower" : "not settled";
    }

    /** Writes the comparison of run A with run B into {@code page}. */
    static void write(EstimateContext estimates, List<Result> a, String nameA, List<Result> b, String nameB, Page page) {
        Map<String, Result> inB = new java.util.LinkedHashMap<>();
        b.forEach(r -> inB.put(BenchmarkKey.of(r), r));
        Map<String, List<Result[]>> byClass = new java.util.LinkedHashMap<>();
        List<String> onlyOne = new ArrayList<>();
        java.util.Set<String> matched = new java.util.HashSet<>();
        for (Result ra : a) {
            Result rb = inB.get(BenchmarkKey.of(ra));
            if (rb == null) {
                onlyOne.add(BenchmarkKey.of(ra) + " (only in A)");
                continue;
            }
            matched.add(BenchmarkKey.of(ra));
            byClass.computeIfAbsent(ra.className(), k -> new ArrayList<>()).add(new Result[] {ra, rb});
        }
        b.stream().filter(r -> !matched.contains(BenchmarkKey.of(r))).forEach(r -> onlyOne.add(BenchmarkKey.of(r) + " (only in B)"));
        Map<String, Long> simpleNames = new java.util.HashMap<>();
        byClass.keySet().forEach(c -> simpleNames.merge(c.substring(c.lastIndexOf('.') + 1), 1L, Long::sum));

        // each class's rows, largest change first; classes by their largest change
        Map<String, List<Object[]>> rowsByClass = new java.util.LinkedHashMap<>();
        Map<String, Integer> tally = new java.util.HashMap<>();
        for (Map.Entry<String, List<Result[]>> e : byClass.entrySet()) {
            List<Object[]> rows = new ArrayList<>();
            for (Result[] pair : e.getValue()) {
                Estimate ratio = Estimate.ratio(estimates, pair[1], pair[0]);
                rows.add(new Object[] {pair[0], pair[1], ratio});
                tally.merge(verdict(ratio), 1, Integer::sum);
            }
            rows.sort(java.util.Comparator.comparingDouble(r -> -change((Estimate) r[2])));
            rowsByClass.put(e.getKey(), rows);
        }
        List<String> classOrder = new ArrayList<>(rowsByClass.keySet());
        classOrder.sort(java.util.Comparator.comparingDouble(c -> -change((Estimate) rowsByClass.get(c).get(0)[2])));

        head(page, "fastio: two runs compared");
        page.append("<h1>fastio: two runs compared</h1>\n");
        page.append("<table class=env>\n<tr><th>A</th><td>").append(esc(nameA)).append(" · ").append(esc(runJdk(a)))
                .append("</td></tr>\n<tr><th>B</th><td>").append(esc(nameB)).append(" · ").append(esc(runJdk(b)))
                .append("</td></tr>\n</table>\n");
        page.append("<p class=lead>Each row is one benchmark at one parameter combination, mode and thread count in both runs.")
                .append(" Scores are shown in each run's own unit; the ratio is B's mean time per operation over A's, both in one")
                .append(" unit of time (a throughput is turned into a time per operation), with its 99% confidence interval; the")
                .append(" difference is settled when the interval lies wholly below 1 (B faster) or above 1 (B slower).")
                .append(" Intervals use each file's forks' spread where it has several, its iterations' where it has one.</p>\n");
        int notFinite = tally.getOrDefault(Estimate.NOT_FINITE, 0);
        page.append("<p class=tally><span class=\"verdict holds\">").append(tally.getOrDefault("B faster", 0))
                .append(" B faster</span> <span class=\"verdict does_not_hold\">").append(tally.getOrDefault("B slower", 0))
                .append(" B slower</span> <span class=\"verdict not_settled\">").append(tally.getOrDefault("not settled", 0))
                .append(" not settled</span> ").append(notFinite == 0 ? "" : "<span class=\"verdict not_settled\">" + notFinite
                        + " not finite</span> ").append("<span class=\"verdict not_measured\">").append(onlyOne.size())
                .append(" in one run only</span></p>\n");
        List<String> headings = new ArrayList<>();
        page.append("<nav><h2>Classes, largest change first</h2><ol>\n");
        for (int i = 0; i < classOrder.size(); i++) {
            String cls = classOrder.get(i);
            String simple = cls.substring(cls.lastIndexOf('.') + 1);
            headings.add(simpleNames.get(simple) > 1 ? cls : simple);
            page.append("<li><a href=\"#cmp").append(i).append("\">").append(esc(headings.get(i))).append("</a> (")
                    .append(esc(largest(((Estimate) rowsByClass.get(cls).get(0)[2])))).append(")</li>\n");
        }
        page.append("</ol></nav>\n");

        List<Chart> charts = new ArrayList<>();
        for (int i = 0; i < classOrder.size(); i++) {
            List<Object[]> rows = rowsByClass.get(classOrder.get(i));
            String heading = headings.get(i);
            boolean multiRun = rows.stream().map(r -> ((Result) r[0]).mode() + ((Result) r[0]).threads()).distinct().count() > 1;
            Chart c = comparisonChart("k" + i, heading, rows, multiRun);
            charts.add(c);
            page.append("<section id=\"cmp").append(i).append("\">\n<h2>").append(esc(heading)).append("</h2>\n").append(chartDiv(c));
            page.append("<div class=scroll><table class=results>\n<tr><th>Method</th><th>Params</th>"
                    + "<th>Mode</th><th>Threads</th><th>A</th><th>B</th><th>B time / A time (99% interval)</th><th>Difference</th></tr>\n");
            for (Object[] row : rows) {
                Result ra = (Result) row[0];
                Result rb = (Result) row[1];
                Estimate ratio = (Estimate) row[2];
                String verdict = verdict(ratio);
                page.append("<tr class=r><td><code>").append(esc(ra.method())).append("</code></td><td>").append(esc(Format.paramsColumn(ra)))
                        .append("</td><td>").append(esc(ra.mode())).append("</td><td class=num>").append(ra.threads())
                        .append("</td><td class=num>").append(scoreCell(estimates, ra)).append("</td><td class=num>").append(scoreCell(estimates, rb))
                        .append("</td><td class=num>").append(esc(ratio.ratioText())).append("</td><td class=\"verdict ")
                        .append(verdict.equals("B faster") ? "holds" : verdict.equals("B slower") ? "does_not_hold" : "not_settled")
                        .append("\">").append(verdict).append("</td></tr>\n");
            }
            page.append("</table></div>\n</section>\n");
        }
        if (!onlyOne.isEmpty()) {
            page.append("<h2>In one run only</h2>\n<ul>\n");
            onlyOne.forEach(k -> page.append("<li><code>").append(esc(k)).append("</code></li>\n"));
            page.append("</ul>\n");
        }
        tail(page, charts);
    }

    /** A class's chart of B's time against A's, one bar per row; a log axis where a change is 10× or more. */
    private static Chart comparisonChart(String id, String heading, List<Object[]> rows, boolean multiRun) {
        if (rows.size() > Chart.MAX_BARS) {
            return Chart.omitted(id, heading + ": B's time vs A's", rows.size());
        }
        List<String> labels = new ArrayList<>();
        List<Double> data = new ArrayList<>();
        List<Double> lo = new ArrayList<>();
        List<Double> hi = new ArrayList<>();
        for (Object[] row : rows) {
            Result ra = (Result) row[0];
            Estimate ratio = (Estimate) row[2];
            labels.add(ra.method() + (ra.params().isEmpty() ? "" : " " + Format.paramsColumn(ra))
                    + (multiRun ? " [" + ra.mode() + ", " + ra.threads() + "t]" : ""));
            data.add((ratio.value() - 1) * 100);
            lo.add(Chart.bounded((ratio.low() - 1) * 100));
            hi.add(Chart.bounded((ratio.high() - 1) * 100));
        }
        if (data.stream().anyMatch(v -> v != null && (v >= 900 || v <= -90))) {
            // a change of 10x or more either way flattens every other bar: ratios on a log axis instead
            return new Chart(id, heading + ": B's time / A's", "", "B time / A time (log scale, below 1 = B faster)", labels,
                    List.of(new Chart.Series("B / A", ratios(data), ratios(lo), ratios(hi))), true);
        }
        return new Chart(id, heading + ": B's time vs A's", "", "B time vs A time, % (below 0 = B faster)", labels,
                List.of(new Chart.Series("B vs A", data, lo, hi)), false);
    }

    /** Percent differences back to ratios (+50 % → 1.5); null stays null. */
    private static List<Double> ratios(List<Double> percent) {
        List<Double> out = new ArrayList<>();
        percent.forEach(p -> out.add(p == null ? null : 1 + p / 100));
        return out;
    }

    /** A class's largest change, for the contents: "2.0× [1.9–2.1] at most"; "not finite" where its ratios are. */
    private static String largest(Estimate ratio) {
        return ratio.finite() ? ratio.ratioText() + " at most" : Estimate.NOT_FINITE;
    }

    /** How far a ratio is from no change, either way: |log ratio|. */
    private static double change(Estimate ratio) {
        double v = ratio.value();
        return v > 0 && Double.isFinite(v) ? Math.abs(Math.log(v)) : 0;
    }

    /** A score in its own unit with its interval: "2,070,486 ops/s [1,990,000 – 2,150,000]". */
    private static String scoreCell(EstimateContext c, Result r) {
        return Format.score(r.score()) + " " + esc(r.unit()) + " " + interval(Estimate.score(c, r));
    }

    private static String runJdk(List<Result> rs) {
        return rs.isEmpty() ? "" : Environment.jdk(rs.get(0));
    }
}
