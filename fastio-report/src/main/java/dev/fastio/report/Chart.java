package dev.fastio.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One chart, fully computed: the page's script only hands it to Chart.js.
 *
 * @param log logarithmic y axis (allocation spans 16 B to megabytes)
 */
public record Chart(String id, String title, String yTitle, List<String> labels, List<Series> series, boolean log) {

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
     * The charts for one experiment, per parameter group: the time of each strategy relative to
     * the baseline, in % (the articles' manner), or raw scores when there is no baseline; and the
     * bytes allocated per operation when the gc profiler ran.
     */
    public static List<Chart> of(ExperimentResults rs, String idPrefix) {
        List<Chart> charts = new ArrayList<>();
        Experiment e = rs.experiment();
        List<String> xs = rs.xValues();
        List<String> labels = xs.stream().map(x -> e.xParam() == null ? "" : Format.param(e.xParam(), x)).toList();
        int n = 0;
        for (Map<String, String> group : rs.groups()) {
            String groupLabel = group.isEmpty() ? "" : " (" + Format.paramsLabel(group, null) + ")";
            String baseline = e.baseline() != null && rs.methods().contains(e.baseline()) ? e.baseline() : null;
            List<Series> time = new ArrayList<>();
            List<Series> alloc = new ArrayList<>();
            String unit = "";
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
                    }
                    if (r == null || (baseline != null && base == null)) {
                        t.add(null);
                        lo.add(null);
                        hi.add(null);
                    } else if (base == null) {
                        Estimate est = Estimate.time(r);
                        t.add(r.score());
                        lo.add(bounded(est.low()));
                        hi.add(bounded(est.high()));
                    } else {
                        Estimate est = Estimate.ratio(r, base);
                        t.add((r.timeRatioTo(base) - 1) * 100);
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
            if (baseline != null && spansOrders(time)) {
                // one method 10x the baseline or more flattens every other bar to zero: show times, log scale
                List<Series> raw = new ArrayList<>();
                for (String method : rs.methods()) {
                    List<Double> t = new ArrayList<>();
                    List<Double> lo = new ArrayList<>();
                    List<Double> hi = new ArrayList<>();
                    for (String x : xs) {
                        Result r = find(rs, method, group, e.xParam(), x);
                        Estimate est = r == null ? null : Estimate.time(r);
                        t.add(r == null ? null : r.score());
                        lo.add(est == null ? null : bounded(est.low()));
                        hi.add(est == null ? null : bounded(est.high()));
                    }
                    raw.add(new Series(method, t, lo, hi));
                }
                charts.add(new Chart(idPrefix + "-t" + n, e.title() + groupLabel, unit + " (log scale, lower is faster)",
                        labels, raw, true));
            } else {
                String yTime = baseline == null ? unit : "time vs " + baseline + ", % (below 0 = faster)";
                String title = (baseline == null ? e.title() : e.title() + ": difference from " + baseline) + groupLabel;
                charts.add(new Chart(idPrefix + "-t" + n, title, yTime, labels, time, false));
            }
            if (alloc.stream().anyMatch(s -> s.data().stream().anyMatch(v -> v != null))) {
                charts.add(new Chart(idPrefix + "-a" + n, "Allocation per operation" + groupLabel,
                        "bytes / op (log scale)", labels, alloc, true));
            }
            n++;
        }
        return charts;
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
