package dev.fastio.report.page;

import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One chart, fully computed: the page's script only hands it to Chart.js.
 *
 * @param xTitle what the x axis shows (a parameter's name), or "" where there is no parameter
 * @param log logarithmic y axis (allocation spans 16 B to megabytes; scores spanning over 100×)
 * @param omitted why the chart is not drawn (more than {@link #MAX_BARS} bars); null for a chart that is
 * @param lines each series a line across the labels (runs, in the history page) rather than bars
 */
public record Chart(String id, String title, String xTitle, String yTitle, List<String> labels, List<Series> series, boolean log,
        String omitted, boolean lines) {

    /** Scores spanning more than this factor are drawn on a log axis: on a linear one most bars would be invisible. */
    static final double LOG_RANGE = 100;

    /**
     * The most bars one chart draws: the page draws a chart at most 4,000 pixels tall, 2 pixels
     * a bar, and a browser given a hundred thousand bars stops. A larger chart is left out, saying
     * so; its results are in the table. It also bounds the work: no chart's grid of methods by x
     * values is filled where it would be larger than this.
     */
    public static final int MAX_BARS = 2_000;

    /** A chart that is drawn. */
    public Chart(String id, String title, String xTitle, String yTitle, List<String> labels, List<Series> series, boolean log) {
        this(id, title, xTitle, yTitle, labels, series, log, null, false);
    }

    /** A line chart: each series a line across {@code labels}, with its intervals as whiskers. */
    static Chart lines(String id, String title, String xTitle, String yTitle, List<String> labels, List<Series> series, boolean log) {
        return new Chart(id, title, xTitle, yTitle, labels, series, log, null, true);
    }

    /** A chart with no x-axis title. */
    public Chart(String id, String title, String yTitle, List<String> labels, List<Series> series, boolean log) {
        this(id, title, "", yTitle, labels, series, log);
    }

    /** The place of a chart of {@code bars} bars, more than {@link #MAX_BARS}: not drawn, and why. */
    static Chart omitted(String id, String title, long bars) {
        return omitted(id, title, bars, "bars");
    }

    /** As {@link #omitted(String, String, long)}, counting {@code what} ("bars", "points"). */
    static Chart omitted(String id, String title, long count, String what) {
        return new Chart(id, title, "", "", List.of(), List.of(), false, String.format(java.util.Locale.ROOT,
                "%s: not charted, %,d %s are more than one chart can show (%,d at most); the table below has every result",
                title, count, what, MAX_BARS), false);
    }

    /**
     * One method's bars, with the {@link Estimate#CONFIDENCE} interval of each bar in
     * {@code lo}/{@code hi} (null where it is unbounded or not measured): the page draws them as whiskers.
     */
    public record Series(String label, List<Double> data, List<Double> lo, List<Double> hi) {
        public Series(String label, List<Double> data) {
            this(label, data, null, null);
        }
    }

    /**
     * The charts for one experiment: for each mode and thread count it has (a file run with
     * {@code Mode.All}, or at 1, 4 and 8 threads, gets a set for each, so that every result is in
     * a chart), and per parameter group within it, the time of each strategy relative to the
     * baseline, in % (the articles' manner), or raw scores when there is no baseline; and the
     * bytes allocated per operation when the gc profiler ran.
     */
    public static List<Chart> of(ExperimentResults rs, String idPrefix) {
        Map<String, List<Result>> runs = new LinkedHashMap<>();
        for (Result r : rs.all()) {
            runs.computeIfAbsent(r.mode() + "\u0000" + r.threads(), k -> new ArrayList<>()).add(r);
        }
        if (runs.size() == 1) {
            return of(rs, idPrefix, "");
        }
        List<Chart> charts = new ArrayList<>();
        int k = 0;
        for (List<Result> run : runs.values()) {
            Result first = run.get(0);
            String suffix = " [" + modeName(first.mode()) + ", " + first.threads() + (first.threads() == 1 ? " thread]" : " threads]");
            charts.addAll(of(rs.restricted(run, rs.everything()), idPrefix + "m" + k++, suffix));
        }
        return charts;
    }

    /** JMH's mode as a reader knows it. */
    static String modeName(String mode) {
        return switch (mode) {
            case "thrpt" -> "throughput";
            case "avgt" -> "average time";
            case "sample" -> "sampled time";
            case "ss" -> "single shot";
            default -> mode;
        };
    }

    /** One chart's results: by method, then by x value (the first result of each, in the file's order). */
    private static final class Group {
        final Map<String, Map<String, Result>> cells = new LinkedHashMap<>();
        final Set<String> xs = new LinkedHashSet<>();

        void add(Result r, String x) {
            cells.computeIfAbsent(r.method(), k -> new LinkedHashMap<>()).putIfAbsent(x, r);
            xs.add(x);
        }

        Result find(String method, String x) {
            Map<String, Result> byX = method == null ? null : cells.get(method);
            return byX == null ? null : byX.get(x);
        }
    }

    private static List<Chart> of(ExperimentResults rs, String idPrefix, String runLabel) {
        List<Chart> charts = new ArrayList<>();
        Experiment e = rs.experiment();
        boolean fastio = rs.all().stream().allMatch(Result::fastio);
        String xTitle = e.xParam() == null ? "" : e.xParam() + (fastio && e.xParam().toLowerCase(java.util.Locale.ROOT).contains("size") ? " (bytes)" : "");
        // one pass over the results: each chart's cells, so that no cell looks through the results
        Map<Map<String, String>, Group> groups = new LinkedHashMap<>();
        for (Result r : rs.all()) {
            groups.computeIfAbsent(rs.group(r), k -> new Group()).add(r, rs.x(r));
        }
        Map<String, Integer> xOrder = order(rs.xValues());
        Map<String, Integer> methodOrder = order(rs.methods());
        String baseline = e.baseline() != null && rs.methods().contains(e.baseline()) ? e.baseline() : null;
        int n = 0;
        for (Map.Entry<Map<String, String>, Group> entry : groups.entrySet()) {
            Group g = entry.getValue();
            String groupLabel = (entry.getKey().isEmpty() ? "" : " (" + Format.paramsLabel(entry.getKey(), null, fastio) + ")") + runLabel;
            List<String> xs = sorted(g.xs, xOrder);
            List<String> methods = sorted(g.cells.keySet(), methodOrder);
            List<String> labels = xs.stream().map(x -> e.xParam() == null ? "" : Format.param(fastio, e.xParam(), x)).toList();
            long bars = (long) xs.size() * methods.size();
            if (bars > MAX_BARS) {
                charts.add(omitted(idPrefix + "-t" + n++, e.title() + groupLabel, bars));
                continue;
            }
            List<Series> time = new ArrayList<>();
            List<Series> alloc = new ArrayList<>();
            String unit = "";
            boolean lowerIsBetter = true;
            for (String method : methods) {
                List<Double> t = new ArrayList<>();
                List<Double> lo = new ArrayList<>();
                List<Double> hi = new ArrayList<>();
                List<Double> a = new ArrayList<>();
                for (String x : xs) {
                    Result r = g.find(method, x);
                    Result base = r == null ? null : g.find(baseline, x);
                    if (r != null) {
                        unit = r.unit();
                        lowerIsBetter = r.lowerIsBetter();
                    }
                    if (r == null || (baseline != null && base == null)) {
                        t.add(null);
                        lo.add(null);
                        hi.add(null);
                    } else if (base == null) {
                        Estimate est = Estimate.score(rs.estimates(), r); // in the score's own unit: a rate's interval for throughput
                        t.add(r.score());
                        lo.add(bounded(est.low()));
                        hi.add(bounded(est.high()));
                    } else {
                        Estimate est = Estimate.ratio(rs.estimates(), r, base);
                        t.add((r.timeRatioTo(base) * r.timeFactorTo(base) - 1) * 100); // the scores' ratio, in one unit of time
                        lo.add(bounded((est.low() - 1) * 100));
                        hi.add(bounded((est.high() - 1) * 100));
                    }
                    double alloc1 = r == null ? Double.NaN : r.allocPerOp();
                    a.add(Double.isNaN(alloc1) || alloc1 <= 0 ? null : alloc1);
                }
                if (!method.equals(baseline)) {
                    time.add(new Series(method, t, lo, hi));
                }
                alloc.add(new Series(method, a));
            }
            String better = lowerIsBetter ? "lower is faster" : "higher is faster";
            if (baseline != null && spansOrders(time)) {
                // one method 10x the baseline or more flattens every other bar to zero: show times, log scale
                List<Series> raw = new ArrayList<>();
                for (String method : methods) {
                    List<Double> t = new ArrayList<>();
                    List<Double> lo = new ArrayList<>();
                    List<Double> hi = new ArrayList<>();
                    for (String x : xs) {
                        Result r = g.find(method, x);
                        Estimate est = r == null ? null : Estimate.score(rs.estimates(), r);
                        t.add(r == null ? null : r.score());
                        lo.add(est == null ? null : bounded(est.low()));
                        hi.add(est == null ? null : bounded(est.high()));
                    }
                    raw.add(new Series(method, t, lo, hi));
                }
                charts.add(new Chart(idPrefix + "-t" + n, e.title() + groupLabel, xTitle, unit + " (log scale, " + better + ")",
                        labels, raw, true));
            } else if (baseline == null) {
                boolean log = spansRange(time);
                charts.add(new Chart(idPrefix + "-t" + n, e.title() + groupLabel, xTitle,
                        unit + (log ? " (log scale, " : " (") + better + ")", labels, time, log));
            } else {
                String yTime = "time vs " + baseline + ", % (below 0 = faster)";
                charts.add(new Chart(idPrefix + "-t" + n, e.title() + ": difference from " + baseline + groupLabel, xTitle, yTime,
                        labels, time, false));
            }
            if (alloc.stream().anyMatch(s -> s.data().stream().anyMatch(v -> v != null))) {
                charts.add(new Chart(idPrefix + "-a" + n, "Allocation per operation" + groupLabel, xTitle,
                        "bytes / op (log scale, lower is less)", labels, alloc, true));
            }
            n++;
        }
        return charts;
    }

    /** Each value's place in {@code ordered}. */
    private static Map<String, Integer> order(java.util.Collection<String> ordered) {
        Map<String, Integer> at = new java.util.HashMap<>();
        for (String v : ordered) {
            at.putIfAbsent(v, at.size());
        }
        return at;
    }

    private static List<String> sorted(java.util.Collection<String> values, Map<String, Integer> order) {
        List<String> out = new ArrayList<>(values);
        out.sort(java.util.Comparator.comparingInt(order::get));
        return out;
    }

    /** Positive finite scores whose largest is more than {@link #LOG_RANGE} times the smallest. */
    static boolean spansRange(List<Series> series) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Series s : series) {
            for (Double v : s.data()) {
                if (drawable(v, false) && v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        return max > 0 && max / min > LOG_RANGE;
    }

    /** A whisker end, or null where the interval is unbounded (JSON has no infinity). */
    static Double bounded(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** Some strategy takes at least 10× the baseline's time (+900 %). */
    static boolean spansOrders(List<Series> percentDifferences) {
        return percentDifferences.stream().flatMap(x -> x.data().stream()).anyMatch(v -> drawable(v, false) && v >= 900);
    }

    /** A bar this chart can draw: a finite number, and on a log axis above 0. */
    private static boolean drawable(Double v, boolean log) {
        return v != null && Double.isFinite(v) && (!log || v > 0);
    }

    /**
     * This chart as the page's script gets it: every value it cannot draw (infinite, NaN, and 0
     * or less on a log axis) is null, a gap, as is its whisker. JSON has no infinity: one
     * {@code Infinity} in the charts' data stopped the script, and every chart on the page with it.
     */
    public Chart drawable() {
        List<Series> out = new ArrayList<>(series.size());
        for (Series s : series) {
            List<Double> data = new ArrayList<>(s.data().size());
            List<Double> lo = s.lo() == null ? null : new ArrayList<>(s.data().size());
            List<Double> hi = s.hi() == null ? null : new ArrayList<>(s.data().size());
            for (int i = 0; i < s.data().size(); i++) {
                boolean ok = drawable(s.data().get(i), log);
                data.add(ok ? s.data().get(i) : null);
                if (lo != null) {
                    lo.add(ok && drawable(s.lo().get(i), false) ? s.lo().get(i) : null);
                    hi.add(ok && drawable(s.hi().get(i), false) ? s.hi().get(i) : null);
                }
            }
            out.add(new Series(s.label(), data, lo, hi));
        }
        return new Chart(id, title, xTitle, yTitle, labels, out, log, omitted, lines);
    }

    /** The bars {@link #drawable()} leaves out, for the caption: "fastio at 16 KiB (not finite)". */
    List<String> notDrawn() {
        List<String> out = new ArrayList<>();
        for (Series s : series) {
            for (int i = 0; i < s.data().size(); i++) {
                Double v = s.data().get(i);
                if (v != null && !drawable(v, log)) {
                    String at = i < labels.size() && !labels.get(i).isEmpty() ? " at " + labels.get(i) : "";
                    out.add(s.label() + at + (Double.isFinite(v) ? " (0 or less, on a log scale)" : " (" + Estimate.NOT_FINITE + ")"));
                }
            }
        }
        return out;
    }
}
