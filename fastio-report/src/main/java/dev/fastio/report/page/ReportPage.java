package dev.fastio.report.page;

import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.claims.Experiments;
import dev.fastio.report.claims.Verdict;
import dev.fastio.report.claims.Verdicts;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.ForkLog;
import static dev.fastio.report.page.PageParts.chartDiv;
import static dev.fastio.report.page.PageParts.esc;
import static dev.fastio.report.page.PageParts.head;
import static dev.fastio.report.page.PageParts.interval;
import static dev.fastio.report.page.PageParts.tail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report page of one run: the environment, the claims of every article against what was
 * measured, and one section per experiment with its charts and a table of every result.
 */
public final class ReportPage {
    private ReportPage() {}

    /** Writes the report of {@code results} into {@code body}. */
    static void write(EstimateContext estimates, List<Result> results, Map<String, String> environment, ForkLog forks, Page body) {
        // every interval of the page, charts included, at the confidence of the run's looks
        renderPage(estimates.withLooks(forks.looks()), results, environment, forks, body);
    }

    private static void renderPage(EstimateContext estimates, List<Result> results, Map<String, String> environment, ForkLog forks,
            Page body) {
        List<ExperimentResults> experiments = Experiments.group(estimates, results);
        // judged over the page's own groups: a section finds its claims by the very ExperimentResults it shows
        List<Verdicts.Judged> judged = Verdicts.judgeGroups(experiments, forks);
        List<Chart> charts = new ArrayList<>();
        head(body, "fastio benchmark report");

        body.append("<h1>fastio benchmark report</h1>\n");
        body.append("<p class=lead>").append(results.size()).append(results.size() == 1 ? " result in " : " results in ")
                .append(experiments.size()).append(experiments.size() == 1 ? " benchmark class" : " benchmark classes").append(". Times are JMH scores; lower is faster unless the unit is ops per time. Whiskers and")
                .append(" intervals are ").append(estimates.confidenceText())
                .append(" confidence intervals of the mean (log-scale t intervals; a ratio's from both")
                .append(" sides), in the score's own unit; what each section's intervals rest on is said under its results.")
                .append(forks.looks() > 1 ? " The run judged its claims " + forks.looks() + " times as it went, giving more forks to"
                        + " those still open, so every interval is wider than 99% (each look spends 1/" + forks.looks()
                        + " of the error): deciding at the first look that settles is then wrong no more often than one 99%"
                        + " interval judged once." : "")
                .append(" A claim holds when its whole interval is on the claim's side, does not")
                .append(" hold when it is wholly on the other side, and is not settled otherwise.</p>\n");

        body.append("<h2 id=environment>Environment</h2>\n<table class=env>\n");
        environment.forEach((k, v) -> body.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v)).append("</td></tr>\n"));
        body.append("</table>\n");

        if (experiments.stream().anyMatch(x -> !x.experiment().claims().isEmpty())) {
            body.append("<h2 id=claims>The articles said / measured here</h2>\n");
            claimsTable(body, judged, forks, true);
        } else {
            body.append("<p class=lead>No claims are registered for these benchmark classes: fastio judges the articles'")
                    .append(" claims on its own benchmarks (<code>dev.fastio.bench</code>) only.</p>\n");
        }

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
                body.append(chartDiv(c));
            }
            if (!e.claims().isEmpty()) {
                body.append("<h3>Claims</h3>\n");
                claimsTable(body, judged.stream().filter(j -> j.results() == rs).toList(), forks, false);
            }
            body.append("<h3>Results</h3>\n");
            resultsTable(body, rs);
            body.append("<p class=basis>Intervals: ").append(esc(Estimate.basis(rs.estimates(), rs.all().get(0)))).append(".</p>\n");
            secondaryTable(body, rs);
            body.append("</section>\n");
        }

        tail(body, charts);
    }

    private static void claimsTable(Page sb, List<Verdicts.Judged> judged, ForkLog forks, boolean withExperiment) {
        List<Verdicts.Judged> rows = Verdicts.inReadingOrder(judged);
        if (withExperiment && !rows.isEmpty()) {
            sb.append("<p class=tally>");
            for (Verdict.Status st : Verdicts.READING_ORDER) {
                long n = rows.stream().filter(r -> r.verdict().status() == st && !r.withinMargin()).count();
                sb.append("<span class=\"verdict ").append(st.name().toLowerCase(java.util.Locale.ROOT)).append("\">")
                        .append(n).append(' ').append(esc(st.label())).append("</span> ");
                if (st == Verdict.Status.NOT_SETTLED) {
                    sb.append("<span class=\"verdict within\">").append(rows.stream().filter(Verdicts.Judged::withinMargin).count())
                            .append(" within a margin</span> ");
                }
            }
            sb.append("</p>\n<p class=decided>").append(esc(Verdicts.Tally.of(judged).text())).append(".</p>\n");
        }
        sb.append("<table class=claims>\n<tr>").append(withExperiment ? "<th>Experiment</th>" : "")
                .append("<th>Who</th><th>Claim</th><th>Verdict</th><th>Measured here</th><th>Rests on</th></tr>\n");
        for (Verdicts.Judged r : rows) {
            Verdict v = r.verdict();
            sb.append("<tr>");
            if (withExperiment) {
                sb.append("<td>").append(esc(r.results().experiment().title())).append("</td>");
            }
            sb.append("<td>").append(esc(r.claim().source())).append("</td><td>").append(esc(r.claim().text()))
                    .append("</td><td class=\"verdict ").append(r.withinMargin() ? "within" : v.status().name().toLowerCase(java.util.Locale.ROOT))
                    .append(Verdicts.loadDiffers(r, forks) ? " load" : "")
                    .append("\">").append(esc(r.label())).append("</td><td class=measured>")
                    .append(esc(v.measured())).append("</td><td class=rests>").append(esc(Verdicts.restsOn(r, forks)))
                    .append("</td></tr>\n");
        }
        if (rows.isEmpty()) {
            sb.append("<tr><td colspan=6>No claims are registered for these benchmark classes.</td></tr>\n");
        }
        sb.append("</table>\n");
    }

    private static void resultsTable(Page sb, ExperimentResults rs) {
        boolean cpu = rs.all().stream().anyMatch(r -> !Double.isNaN(r.cpuMicrosPerOp()));
        boolean sampled = rs.all().stream().anyMatch(r -> !r.percentiles().isEmpty() && r.histogramCount() > 0);
        sb.append("<div class=scroll><table class=results>\n<tr><th>Method</th><th>Params</th><th>Mode</th><th>Threads</th>"
                + "<th>Score</th><th>± Error (JMH 99.9%)</th><th>" + rs.estimates().confidenceText() + " interval</th><th>Samples</th><th>Unit</th><th>Alloc B/op</th>")
                .append(sampled ? "<th>p50</th><th>p90</th><th>p99</th><th>max</th>" : "")
                .append(cpu ? "<th>CPU µs/op</th>" : "").append("</tr>\n");
        for (Result r : rs.all()) {
            sb.append("<tr class=r><td><code>").append(esc(r.method())).append("</code></td><td>")
                    .append(esc(Format.paramsColumn(r))).append("</td><td>")
                    .append(esc(r.mode())).append("</td><td class=num>").append(r.threads()).append("</td><td class=num>")
                    .append(Format.score(r.score())).append("</td><td class=num>").append(Format.number(r.error()))
                    .append("</td><td class=num>").append(interval(Estimate.score(rs.estimates(), r))).append("</td><td class=num>")
                    .append(r.sampleCount()).append("</td><td>").append(esc(r.unit())).append("</td><td class=num>")
                    .append(Format.number(r.allocPerOp())).append("</td>");
            if (sampled) {
                for (String p : new String[] {"50.0", "90.0", "99.0", "100.0"}) {
                    Double v = r.percentiles().get(p);
                    sb.append("<td class=num>").append(v == null ? "–" : Format.number(v)).append("</td>");
                }
            }
            if (cpu) {
                sb.append("<td class=num>").append(Format.number(r.cpuMicrosPerOp())).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</table></div>\n");
    }

    /**
     * The secondary results that are results of their own: an {@code @Group}'s members (and
     * {@code @AuxCounters}), which JMH writes under the group's result by method name in the
     * primary score's unit. Profilers' metrics ({@code gc.*}, {@code ·gc.*}) and sample mode's
     * percentiles ({@code method·p0.50}) are not among them.
     */
    private static void secondaryTable(Page sb, ExperimentResults rs) {
        StringBuilder rows = new StringBuilder();
        for (Result r : rs.all()) {
            for (Map.Entry<String, Result.Metric> m : r.secondary().entrySet()) {
                if (!m.getKey().matches("[A-Za-z_$][A-Za-z0-9_$]*") || !m.getValue().unit().equals(r.unit())) {
                    continue;
                }
                rows.append("<tr><td><code>").append(esc(r.method())).append("</code></td><td><code>").append(esc(m.getKey()))
                        .append("</code></td><td>").append(esc(Format.paramsColumn(r))).append("</td><td>").append(esc(r.mode()))
                        .append("</td><td class=num>").append(r.threads()).append("</td><td class=num>")
                        .append(Format.number(m.getValue().score())).append("</td><td class=num>")
                        .append(Format.number(m.getValue().error())).append("</td><td>").append(esc(m.getValue().unit()))
                        .append("</td></tr>\n");
            }
        }
        if (rows.length() > 0) {
            sb.append("<h3>Members of groups and counters</h3>\n<p class=basis>Results JMH reports under another: the methods")
                    .append(" of an <code>@Group</code> (each thread group's own score), or <code>@AuxCounters</code>.</p>\n")
                    .append("<div class=scroll><table class=results>\n<tr><th>Benchmark</th><th>Member</th><th>Params</th>")
                    .append("<th>Mode</th><th>Threads (all)</th><th>Score</th><th>± Error (JMH 99.9%)</th><th>Unit</th></tr>\n")
                    .append(rows).append("</table></div>\n");
        }
    }
}
