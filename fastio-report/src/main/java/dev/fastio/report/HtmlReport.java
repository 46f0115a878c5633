package dev.fastio.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.fastio.copy.AtomicWrite;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    /** No special floating-point values: JSON has none, and the page's script stops at one (Chart#drawable leaves them out). */
    private static final Gson GSON = new GsonBuilder().create();

    private HtmlReport() {}

    /**
     * Reads {@code resultsFile} and writes the report to {@code out}, atomically, replacing a file
     * there; never one of its inputs. As {@link #write(Path, Path, boolean)} with {@code replace}.
     */
    public static void write(Path resultsFile, Path out) throws ReportException {
        write(resultsFile, out, true);
    }

    /**
     * Reads {@code resultsFile} and writes the report to {@code out}. The page is written as it is
     * made into a new file beside {@code out} that takes its name only when complete
     * ({@link AtomicWrite}), so a failure leaves {@code out} as it was and no part of a page.
     *
     * @param replace whether a file at {@code out} may be replaced (never the results file, through
     *     any link: the same device and inode is refused whatever this says)
     * @throws ReportException the results cannot be read or are too large for this heap, {@code out}
     *     is the results file, exists and {@code replace} is false, or cannot be written
     */
    public static void write(Path resultsFile, Path out, boolean replace) throws ReportException {
        refuseInput(out, resultsFile);
        HeapBudget budget = HeapBudget.forThisJvm();
        try {
            List<Result> results = JmhResults.read(resultsFile, budget);
            Map<String, String> environment = Environment.describe(resultsFile, results);
            ForkLog.Read forkLog = ForkLog.read(resultsFile);
            if (!forkLog.status().startsWith("none") || results.stream().anyMatch(r -> r.fastio() && r.forks() > 1)) {
                environment.put(ForkLog.FILE, forkLog.status()); // several forks of fastio's: a planned run's, or not
            }
            ForkLog forks = forkLog.log();
            writePage(out, replace, page -> render(results, environment, forks, page));
        } catch (OutOfMemoryError e) {
            throw JmhResults.tooLarge(Quoted.path(resultsFile), sizeOf(resultsFile), e);
        }
    }

    /**
     * Reads two result files (two JDKs, before and after a change) and writes one page comparing
     * them method by method, atomically, replacing a file at {@code out}: each method's score in
     * both, the ratio of its times with its 99% interval, and whether the difference is settled.
     */
    public static void writeComparison(Path a, Path b, Path out) throws ReportException {
        writeComparison(a, b, out, true);
    }

    /**
     * As {@link #writeComparison(Path, Path, Path)}; {@code out} is replaced only where
     * {@code replace} says so, and never when it is {@code a} or {@code b}.
     */
    public static void writeComparison(Path a, Path b, Path out, boolean replace) throws ReportException {
        refuseInput(out, a, b);
        HeapBudget budget = HeapBudget.forThisJvm(); // one budget for both files: they are in memory together
        try {
            List<Result> ra = JmhResults.read(a, budget);
            List<Result> rb = JmhResults.read(b, budget);
            writePage(out, replace, page -> renderComparison(ra, a.toString(), rb, b.toString(), page));
        } catch (OutOfMemoryError e) {
            throw JmhResults.tooLarge(Quoted.path(a) + " with " + Quoted.path(b), sizeOf(a) + sizeOf(b), e);
        }
    }

    /** The report is never written over one of its inputs, whatever name or link leads there (same device and inode). */
    private static void refuseInput(Path out, Path... inputs) throws ReportException {
        for (Path in : inputs) {
            try {
                if (Files.exists(out) && Files.exists(in) && Files.isSameFile(in, out)) {
                    throw new ReportException(Quoted.path(out) + " is the results file " + Quoted.path(in)
                            + ", an input of this report; a report is never written over its input: name another output");
                }
            } catch (IOException e) {
                throw new ReportException("cannot tell whether " + Quoted.path(out) + " is " + Quoted.path(in) + ": " + e.getMessage(), e);
            }
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /** What writes a page's text. */
    @FunctionalInterface
    private interface PageBody {
        void write(Page page);
    }

    /** Writes the page into a new file beside {@code out}, which takes its name when the page is complete. */
    private static void writePage(Path out, boolean replace, PageBody body) throws ReportException {
        String name = Quoted.path(out);
        Path parent = out.toAbsolutePath().getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new ReportException("cannot write report " + name + ": " + Quoted.path(Path.of(e.getFile())) + " is not a folder", e);
        } catch (IOException e) {
            throw new ReportException("cannot write report " + name + ": cannot make its folder " + Quoted.path(parent) + ": "
                    + (e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage()), e);
        }
        try {
            AtomicWrite.write(out, channel -> {
                java.io.Writer w = new java.io.BufferedWriter(
                        new java.io.OutputStreamWriter(java.nio.channels.Channels.newOutputStream(channel), StandardCharsets.UTF_8), 1 << 16);
                try {
                    body.write(new Page(w));
                    w.flush();
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            }, false, replace, null);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new ReportException(name + " already exists; the report was not written (replace it, or name another output)", e);
        } catch (AccessDeniedException e) {
            throw new ReportException("cannot write report " + name + ": permission denied on " + Quoted.path(Path.of(e.getFile())), e);
        } catch (java.nio.file.FileSystemException e) {
            throw new ReportException("cannot write report " + name + ": " + (e.getReason() != null ? e.getReason() : e.getMessage()), e);
        } catch (IOException e) {
            throw new ReportException("cannot write report " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * The page as it is written: appends chain as a StringBuilder's do; a write error comes out
     * as an {@link UncheckedIOException}, which {@link #writePage} turns back into the
     * {@link IOException} it was.
     */
    static final class Page {
        private final java.io.Writer out;

        Page(java.io.Writer out) {
            this.out = out;
        }

        Page append(CharSequence s) {
            try {
                out.append(s);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Page append(char c) {
            try {
                out.append(c);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Page append(long n) {
            return append(Long.toString(n));
        }

        java.io.Writer writer() {
            return out;
        }
    }

    /** The page {@code body} writes, as a string. */
    private static String asString(PageBody body) {
        java.io.StringWriter w = new java.io.StringWriter();
        body.write(new Page(w));
        return w.toString();
    }

    /** Same benchmark, method, params, mode and threads: the same measurement in two runs. */
    private static String key(Result r) {
        return r.className() + "." + r.method() + " " + r.params() + " " + r.mode() + " " + r.threads();
    }

    public static String renderComparison(List<Result> a, String nameA, List<Result> b, String nameB) {
        return asString(page -> renderComparison(a, nameA, b, nameB, page));
    }

    /** The verdict of one compared row: B faster, B slower, not settled, or not finite. */
    private static String verdict(Estimate ratio) {
        if (!ratio.finite()) {
            return Estimate.NOT_FINITE;
        }
        return ratio.high() < 1 ? "B faster" : ratio.low() > 1 ? "B slower" : "not settled";
    }

    private static void renderComparison(List<Result> a, String nameA, List<Result> b, String nameB, Page page) {
        Map<String, Result> inB = new java.util.LinkedHashMap<>();
        b.forEach(r -> inB.put(key(r), r));
        Map<String, List<Result[]>> byClass = new java.util.LinkedHashMap<>();
        List<String> onlyOne = new ArrayList<>();
        java.util.Set<String> matched = new java.util.HashSet<>();
        for (Result ra : a) {
            Result rb = inB.get(key(ra));
            if (rb == null) {
                onlyOne.add(key(ra) + " (only in A)");
                continue;
            }
            matched.add(key(ra));
            byClass.computeIfAbsent(ra.className(), k -> new ArrayList<>()).add(new Result[] {ra, rb});
        }
        b.stream().filter(r -> !matched.contains(key(r))).forEach(r -> onlyOne.add(key(r) + " (only in B)"));
        Map<String, Long> simpleNames = new java.util.HashMap<>();
        byClass.keySet().forEach(c -> simpleNames.merge(c.substring(c.lastIndexOf('.') + 1), 1L, Long::sum));

        // each class's rows, largest change first; classes by their largest change
        Map<String, List<Object[]>> rowsByClass = new java.util.LinkedHashMap<>();
        Map<String, Integer> tally = new java.util.HashMap<>();
        for (Map.Entry<String, List<Result[]>> e : byClass.entrySet()) {
            List<Object[]> rows = new ArrayList<>();
            for (Result[] pair : e.getValue()) {
                Estimate ratio = Estimate.ratio(pair[1], pair[0]);
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
                        .append("</td><td class=num>").append(scoreCell(ra)).append("</td><td class=num>").append(scoreCell(rb))
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
    private static String scoreCell(Result r) {
        return Format.score(r.score()) + " " + esc(r.unit()) + " " + interval(Estimate.score(r));
    }

    /**
     * A chart's canvas, as tall as its bars need: a chart of a few dozen bars in the default
     * height leaves each a hair, one of hundreds drew in a corner.
     */
    static String chartDiv(Chart c) {
        if (c.omitted() != null) {
            return "<p class=omitted>" + esc(c.omitted()) + "</p>\n";
        }
        int bars = c.labels().size() * Math.max(1, c.series().size());
        String style = bars > 24 ? " style=\"height:" + Math.min(4000, 120 + 14 * bars) + "px\"" : "";
        return "<div class=chart" + style + "><canvas id=\"" + c.id() + "\" role=img aria-label=\"" + esc(c.title())
                + "\"></canvas></div>\n" + notDrawn(c);
    }

    /** The caption under a chart that leaves bars out: which, and why (the table has their values). */
    private static String notDrawn(Chart c) {
        List<String> out = c.notDrawn();
        if (out.isEmpty()) {
            return "";
        }
        int shown = Math.min(out.size(), 20);
        return "<p class=not-drawn>Not drawn: " + esc(String.join(", ", out.subList(0, shown)))
                + (out.size() > shown ? " and " + (out.size() - shown) + " more" : "") + ".</p>\n";
    }

    private static String runJdk(List<Result> rs) {
        return rs.isEmpty() ? "" : Environment.jdk(rs.get(0));
    }

    /** The page's head: its title and styles. */
    private static void head(Page page, String title) {
        page.append("<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n")
                .append("<meta name=viewport content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(esc(title)).append("</title>\n<style>").append(CSS).append("</style>\n</head>\n<body>\n");
    }

    /**
     * The page's end: the footer, the charts' data, Chart.js and the script that draws them. The
     * data is written by Gson as it goes; Gson escapes {@code <} in strings, so no name in it can
     * end the script element.
     */
    private static void tail(Page page, List<Chart> charts) {
        page.append("<footer>Generated by fastio on ").append(esc(ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME)))
                .append(". Chart.js ").append(esc(chartJsVersion())).append(" (MIT) is inlined.</footer>\n")
                .append("<script type=\"application/json\" id=\"fastio-charts\">");
        try {
            GSON.toJson(charts.stream().filter(c -> c.omitted() == null).map(Chart::drawable).toList(), page.writer());
        } catch (com.google.gson.JsonIOException e) {
            throw new UncheckedIOException(e.getCause() instanceof IOException io ? io : new IOException(e));
        }
        page.append("</script>\n<script>").append(scriptSafe(chartJs())).append("</script>\n")
                .append("<script>").append(RENDER_JS).append("</script>\n</body>\n</html>\n");
    }

    public static String render(List<Result> results, Map<String, String> environment) {
        return render(results, environment, ForkLog.NONE);
    }

    /** The page of {@code results}, with what {@code forks} says of their forks (looks, load). */
    public static String render(List<Result> results, Map<String, String> environment, ForkLog forks) {
        return asString(page -> render(results, environment, forks, page));
    }

    private static void render(List<Result> results, Map<String, String> environment, ForkLog forks, Page body) {
        // every interval of the page, charts included, at the confidence of the run's looks
        Estimate.withLooks(forks.looks(), () -> {
            renderPage(results, environment, forks, body);
            return null;
        });
    }

    private static void renderPage(List<Result> results, Map<String, String> environment, ForkLog forks, Page body) {
        List<ExperimentResults> experiments = Experiments.group(results);
        // judged over the page's own groups: a section finds its claims by the very ExperimentResults it shows
        List<Verdicts.Judged> judged = Verdicts.judgeGroups(experiments, forks);
        List<Chart> charts = new ArrayList<>();
        head(body, "fastio benchmark report");

        body.append("<h1>fastio benchmark report</h1>\n");
        body.append("<p class=lead>").append(results.size()).append(results.size() == 1 ? " result in " : " results in ")
                .append(experiments.size()).append(experiments.size() == 1 ? " benchmark class" : " benchmark classes").append(". Times are JMH scores; lower is faster unless the unit is ops per time. Whiskers and")
                .append(" intervals are ").append(Estimate.confidenceText())
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
            body.append("<p class=basis>Intervals: ").append(esc(Estimate.basis(rs.all().get(0)))).append(".</p>\n");
            secondaryTable(body, rs);
            body.append("</section>\n");
        }

        tail(body, charts);
    }

    /** The order of the claim table: what does not hold and what is not settled come first. */
    static final List<Verdict.Status> READING_ORDER = List.of(Verdict.Status.DOES_NOT_HOLD, Verdict.Status.PARTLY,
            Verdict.Status.NOT_SETTLED, Verdict.Status.NOT_MEASURED, Verdict.Status.HOLDS);

    private static void claimsTable(Page sb, List<Verdicts.Judged> judged, ForkLog forks, boolean withExperiment) {
        List<Verdicts.Judged> rows = Verdicts.inReadingOrder(judged);
        if (withExperiment && !rows.isEmpty()) {
            sb.append("<p class=tally>");
            for (Verdict.Status st : READING_ORDER) {
                long n = rows.stream().filter(r -> r.verdict().status() == st).count();
                sb.append("<span class=\"verdict ").append(st.name().toLowerCase(java.util.Locale.ROOT)).append("\">")
                        .append(n).append(' ').append(esc(st.label())).append("</span> ");
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
                    .append("</td><td class=\"verdict ").append(v.status().name().toLowerCase(java.util.Locale.ROOT))
                    .append(Verdicts.loadDiffers(r, forks) ? " load" : "")
                    .append("\">").append(esc(v.status().label())).append("</td><td class=measured>")
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
                + "<th>Score</th><th>± Error (JMH 99.9%)</th><th>" + Estimate.confidenceText() + " interval</th><th>Samples</th><th>Unit</th><th>Alloc B/op</th>")
                .append(sampled ? "<th>p50</th><th>p90</th><th>p99</th><th>max</th>" : "")
                .append(cpu ? "<th>CPU µs/op</th>" : "").append("</tr>\n");
        for (Result r : rs.all()) {
            sb.append("<tr class=r><td><code>").append(esc(r.method())).append("</code></td><td>")
                    .append(esc(Format.paramsColumn(r))).append("</td><td>")
                    .append(esc(r.mode())).append("</td><td class=num>").append(r.threads()).append("</td><td class=num>")
                    .append(Format.score(r.score())).append("</td><td class=num>").append(Format.number(r.error()))
                    .append("</td><td class=num>").append(interval(Estimate.score(r))).append("</td><td class=num>")
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

    /** "[low – high]" with the report's number format; "unbounded" where there are too few samples. */
    static String interval(Estimate e) {
        if (!e.finite()) {
            return Estimate.NOT_FINITE;
        }
        return Double.isFinite(e.high()) ? "[" + Format.number(e.low()) + " – " + Format.number(e.high()) + "]" : "unbounded";
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
            table.env{width:auto} td.measured,td.rests{font-size:.85em;color:#444} td.verdict.load::after{content:" ⚠";color:#b35806}
            .verdict{font-weight:600;white-space:nowrap} .holds{color:#176b2c} .partly{color:#8a6100} .does_not_hold{color:#a11}
            .not_settled{color:#3b4cc0} .not_measured{color:#777} .tally span{margin-right:1.2em} .chart{position:relative;height:340px;margin:1em 0} .lead,.article,.bench{color:#555}
            footer{margin-top:3em;color:#777;font-size:.85em} .scroll{overflow-x:auto;max-width:100%} .basis{color:#555;font-size:.9em}
            .script-error{color:#a11;font-weight:600} .omitted,.not-drawn{color:#555;font-style:italic}
            """;

    /**
     * Draws every chart, then records on {@code <body>} how many were drawn and painted and any
     * script error, for people debugging and for the headless-browser test.
     */
    private static final String RENDER_JS = """
            (function () {
              var errors = [];
              function note(msg) {
                errors.push(String(msg)); document.body.setAttribute('data-errors', errors.join(' | '));
                // on the page too, not only in an attribute: a reader should see that a chart is missing and why
                var p = document.createElement('p'); p.className = 'script-error';
                p.textContent = 'A chart could not be drawn: ' + msg; document.body.insertBefore(p, document.body.firstChild);
              }
              window.addEventListener('error', function (e) { note(e.message); });
              var palette = ['#4e79a7','#f28e2b','#e15759','#76b7b2','#59a14f','#edc948','#b07aa1','#ff9da7','#9c755f','#bab0ac',
                             '#1f1f7a','#8c564b','#17becf','#bcbd22'];
              var specs = JSON.parse(document.getElementById('fastio-charts').textContent);
              var drawn = 0, painted = 0, colours = new Map(), whiskersDrawn = 0;
              // the 14 above, then hues spread by the golden angle: every series of a chart its own colour, however many
              function nth(i) { return i < palette.length ? palette[i] : 'hsl(' + Math.round((i * 137.508) % 360) + ',62%,' + (i % 2 ? 38 : 55) + '%)'; }
              // one colour per method within an experiment (its charts share the id prefix), the same in each of its charts;
              // a Map, not an object: a method named constructor or hasOwnProperty is a key like any other
              function colour(chartId, label) {
                var exp = chartId.split('-')[0];
                var c = colours.get(exp);
                if (!c) { c = new Map(); colours.set(exp, c); }
                if (!c.has(label)) { c.set(label, nth(c.size)); }
                return c.get(label);
              }
              // each bar's confidence interval as a whisker (series lo/hi), clamped to the plot area
              // horizontal charts (many bars) have their values along x: whiskers then run across
              var whiskers = { id: 'whiskers', afterDatasetsDraw: function (chart) {
                var ctx = chart.ctx, across = chart.options.indexAxis === 'y', v = across ? chart.scales.x : chart.scales.y;
                var area = chart.chartArea, whiskersDrawn = 0;
                chart.data.datasets.forEach(function (ds, di) {
                  var meta = chart.getDatasetMeta(di);
                  if (!ds.lo || meta.hidden) { return; }
                  meta.data.forEach(function (bar, i) {
                    var lo = ds.lo[i], hi = ds.hi[i];
                    if (lo == null || hi == null || ds.data[i] == null) { return; }
                    var min = across ? area.left : area.top, max = across ? area.right : area.bottom;
                    var clamp = function (p) { return Math.max(min, Math.min(max, p)); };
                    var a = clamp(v.getPixelForValue(hi));
                    var b = clamp(lo > 0 || v.type !== 'logarithmic' ? v.getPixelForValue(lo) : (across ? area.left : area.bottom));
                    var at = across ? bar.y : bar.x;
                    var w = Math.max(2, Math.min(6, (across ? bar.height : bar.width) / 4));
                    ctx.save(); ctx.strokeStyle = '#222'; ctx.lineWidth = 1.2; ctx.beginPath();
                    if (across) {
                      ctx.moveTo(a, at); ctx.lineTo(b, at);
                      ctx.moveTo(a, at - w); ctx.lineTo(a, at + w);
                      ctx.moveTo(b, at - w); ctx.lineTo(b, at + w);
                    } else {
                      ctx.moveTo(at, a); ctx.lineTo(at, b);
                      ctx.moveTo(at - w, a); ctx.lineTo(at + w, a);
                      ctx.moveTo(at - w, b); ctx.lineTo(at + w, b);
                    }
                    ctx.stroke(); ctx.restore();
                    whiskersDrawn++;
                  });
                });
                chart.$fastioWhiskers = whiskersDrawn; // per draw: a redraw does not count twice
              } };
              function range(series, log) {
                var min = Infinity, max = -Infinity;
                series.forEach(function (d) { (d.lo || []).concat(d.hi || []).forEach(function (v) {
                  if (v != null && (!log || v > 0)) { min = Math.min(min, v); max = Math.max(max, v); } }); });
                return { min: isFinite(min) ? min : undefined, max: isFinite(max) ? max : undefined };
              }
              specs.forEach(function (s) {
                try {
                  var canvas = document.getElementById(s.id);
                  var r = range(s.series, s.log);
                  // more than 24 bars: laid across, one row each with its label (the page made the canvas tall enough)
                  var across = s.labels.length * Math.max(1, s.series.length) > 24;
                  var values = { type: s.log ? 'logarithmic' : 'linear', suggestedMin: r.min, suggestedMax: r.max,
                                 title: { display: true, text: s.yTitle } };
                  var categories = { title: { display: !!s.xTitle, text: s.xTitle }, ticks: { autoSkip: !across } };
                  var chart = new Chart(canvas, {
                    type: 'bar',
                    data: { labels: s.labels, datasets: s.series.map(function (d, i) {
                      return { label: d.label, data: d.data, lo: d.lo, hi: d.hi, backgroundColor: colour(s.id, d.label) }; }) },
                    options: { animation: false, maintainAspectRatio: false, indexAxis: across ? 'y' : 'x',
                      plugins: { title: { display: true, text: s.title }, legend: { display: s.series.length <= 40 } },
                      scales: across ? { x: values, y: categories } : { x: categories, y: values } },
                    plugins: [whiskers]
                  });
                  drawn++;
                  whiskersDrawn += chart.$fastioWhiskers || 0;
                  var seen = new Set(chart.data.datasets.map(function (d) { return d.backgroundColor; }));
                  if (seen.size < chart.data.datasets.length) { note(s.id + ': two series share a colour'); }
                  var px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                  for (var i = 3; i < px.length; i += 4) { if (px[i] !== 0) { painted++; break; } }
                } catch (e) { note(s.id + ': ' + e); }
              });
              document.body.setAttribute('data-charts', String(specs.length));
              document.body.setAttribute('data-charts-drawn', String(drawn));
              document.body.setAttribute('data-charts-painted', String(painted));
              document.body.setAttribute('data-whiskers', String(whiskersDrawn));
            })();
            """;
}
