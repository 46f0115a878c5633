package dev.fastio.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One chart, fully computed: the page's script only hands it to Chart.js.
 *
 * @param xTitle what the x axis shows (a parameter's name), or "" where there is no parameter
 * @param log logarithmic y axis (allocation spans 16 B to megabytes; scores spanning over 100×)
 */
public record Chart(String id, String title, String xTitle, String yTitle, List<String> labels, List<Series> series, boolean log) {

    /** Scores spanning more than this factor are drawn on a log axis: on a linear one most bars would be invisible. */
    static final double LOG_RANGE = 100;

    /** A chart with no x-axis title. */
    public Chart(String id, String title, String yTitle, List<String> labels, List<Series> series, boolean log) {
        this(id, title, "", yTitle, labels, series, log);
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
            charts.addAll(of(new ExperimentResults(rs.experiment(), run, rs.everything()), idPrefix + "m" + k++, suffix));
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

    private static List<Chart> of(ExperimentResults rs, String idPrefix, String runLabel) {
        List<Chart> charts = new ArrayList<>();
        Experiment e = rs.experiment();
        boolean fastio = rs.all().stream().allMatch(Result::fastio);
        List<String> xs = rs.xValues();
        List<String> labels = xs.stream().map(x -> e.xParam() == null ? "" : Format.param(fastio, e.xParam(), x)).toList();
        String xTitle = e.xParam() == null ? "" : e.xParam() + (fastio && e.xParam().toLowerCase(java.util.Locale.ROOT).contains("size") ? " (bytes)" : "");
        int n = 0;
        for (Map<String, String> group : rs.groups()) {
            String groupLabel = (group.isEmpty() ? "" : " (" + Format.paramsLabel(group, null, fastio) + ")") + runLabel;
            String baseline = e.baseline() != null && rs.methods().contains(e.baseline()) ? e.baseline() : null;
            List<Series> time = new ArrayList<>();
            List<Series> alloc = new ArrayList<>();
            String unit = "";
            boolean lowerIsBetter = true;
            for (String method : rs.methods()) {
                List<Double> t = new ArrayList<>();
                List<Double> lo = new ArrayList<>();
                List<Double> hi = new ArrayList<>();
                List<Double> a = new ArrayList<>();
                for (String x : xs) {
                    Result r = find(rs, method, group, e.xParam(), x);
                    Result base = baseline == null || r == null ? null : find(rs, baseline, group, e.xParam(), x);
                    if (r != null) {
                        unit = r.unit();
                        lowerIsBetter = r.lowerIsBetter();
                    }
                    if (r == null || (baseline != null && base == null)) {
                        t.add(null);
                        lo.add(null);
                        hi.add(null);
                    } else if (base == null) {
                        Estimate est = Estimate.score(r); // in the score's own unit: a rate's interval for throughput
                        t.add(r.score());
                        lo.add(bounded(est.low()));
                        hi.add(bounded(est.high()));
                    } else {
                        Estimate est = Estimate.ratio(r, base);
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
                for (String method : rs.methods()) {
                    List<Double> t = new ArrayList<>();
                    List<Double> lo = new ArrayList<>();
                    List<Double> hi = new ArrayList<>();
                    for (String x : xs) {
                        Result r = find(rs, method, group, e.xParam(), x);
                        Estimate est = r == null ? null : Estimate.score(r);
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

    /** Positive scores whose largest is more than {@link #LOG_RANGE} times the smallest. */
    static boolean spansRange(List<Series> series) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Series s : series) {
            for (Double v : s.data()) {
                if (v != null && v > 0) {
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
        return percentDifferences.stream().flatMap(x -> x.data().stream()).anyMatch(v -> v != null && v >= 900);
    }

    private static Result find(ExperimentResults rs, String method, Map<String, String> group, String xParam, String x) {
        for (Result r : rs.of(method)) {
            boolean inGroup = group.entrySet().stream().allMatch(g -> g.getValue().equals(r.param(g.getKey())));
            boolean atX = xParam == null || x.equals(r.param(xParam));
            if (inGroup && atX) {
                return r;
            }
        }
        return null;
    }
}
