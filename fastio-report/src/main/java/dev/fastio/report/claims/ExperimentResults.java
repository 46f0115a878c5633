package dev.fastio.report.claims;

import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The results of one benchmark class, with the look-ups claims and charts need, and the context
 * their intervals are made in ({@link #estimates}). A claim's check gets results that carry its
 * trace ({@link Claim#trace}): what it reads from them, and the intervals it makes in their
 * context, are recorded there.
 */
public final class ExperimentResults {
    private static final java.util.regex.Pattern MAGNITUDE =
            java.util.regex.Pattern.compile("(?i)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([kmgt]?)(?:i?b)?\\s*");

    private final Experiment experiment;
    private final List<Result> results;
    private final List<Result> everything;
    /** The results of each method, in order; and each method's first result at each set of params: look-ups in constant time. */
    private final Map<String, List<Result>> byMethod = new java.util.LinkedHashMap<>();
    private final Map<String, Map<Map<String, String>, Result>> byParams;
    private final EstimateContext estimates;
    /** What records a claim's check on these results; null outside a check. */
    private final ClaimTrace trace;

    public ExperimentResults(EstimateContext estimates, Experiment experiment, List<Result> results) {
        this(estimates, experiment, results, results);
    }

    /** {@code everything}: the whole run, for claims that compare with another benchmark class. */
    public ExperimentResults(EstimateContext estimates, Experiment experiment, List<Result> results, List<Result> everything) {
        this(estimates.withRecorder(EstimateContext.Recorder.NONE), null, experiment, results, everything);
    }

    private ExperimentResults(EstimateContext estimates, ClaimTrace trace, Experiment experiment, List<Result> results,
            List<Result> everything) {
        this.experiment = experiment;
        this.results = List.copyOf(results);
        this.everything = List.copyOf(everything);
        this.byParams = new java.util.HashMap<>();
        for (Result r : this.results) {
            byMethod.computeIfAbsent(r.method(), k -> new ArrayList<>()).add(r);
            byParams.computeIfAbsent(r.method(), k -> new java.util.HashMap<>()).putIfAbsent(r.params(), r);
        }
        this.estimates = estimates;
        this.trace = trace;
    }

    /** The same results for a claim's check: what it reads and the intervals it makes are recorded in {@code t}. */
    ExperimentResults tracedBy(ClaimTrace t) {
        return new ExperimentResults(estimates.withRecorder(t), t, experiment, results, everything);
    }

    /** The same results, their intervals at {@code looks} looks (a run that judged its claims that many times). */
    ExperimentResults withLooks(int looks) {
        return new ExperimentResults(estimates.withLooks(looks), trace, experiment, results, everything);
    }

    /** Some of these results (and of the run), in the same context and trace. */
    public ExperimentResults restricted(List<Result> results, List<Result> everything) {
        return new ExperimentResults(estimates, trace, experiment, results, everything);
    }

    /**
     * The context to make intervals of these results in ({@link Estimate#ratio(EstimateContext, Result, Result)}):
     * the run's looks, the fork noise, and, in a claim's check, its trace.
     */
    public EstimateContext estimates() {
        return estimates;
    }

    /** The check found no results at the scale its claim is about ({@link Compare#atScale}). */
    void otherScaleOnly() {
        if (trace != null) {
            trace.otherScaleOnly();
        }
    }

    private void read(List<Result> of) {
        if (trace != null) {
            trace.read(of);
        }
    }

    /**
     * The run's results of another benchmark class.
     *
     * @param benchmarkName the class's full name ({@code Foo_.CLASS})
     * @return its results, in the run's order
     */
    public List<Result> ofClass(String benchmarkName) {
        List<Result> of = everything.stream().filter(r -> r.className().equals(benchmarkName)).toList();
        read(of);
        return of;
    }

    /** The whole run this experiment's results came from. */
    public List<Result> everything() {
        return everything;
    }

    public Experiment experiment() {
        return experiment;
    }

    public List<Result> all() {
        return results;
    }

    /** The methods, in the order of their first result. */
    public Set<String> methods() {
        return java.util.Collections.unmodifiableSet(byMethod.keySet());
    }

    public List<Result> of(String method) {
        List<Result> of = byMethod.getOrDefault(method, List.of());
        read(of);
        return java.util.Collections.unmodifiableList(of);
    }

    public List<Result> of(String method, Predicate<Result> where) {
        List<Result> of = byMethod.getOrDefault(method, List.of()).stream().filter(where).toList();
        read(of);
        return of;
    }

    /** The result of {@code method} at exactly the same parameters as {@code like}. */
    public Optional<Result> peer(String method, Result like) {
        Result r = byParams.getOrDefault(method, Map.of()).get(like.params());
        if (r != null) {
            estimates.recorder().read(r);
        }
        return Optional.ofNullable(r);
    }

    /** The parameter values other than the x axis: each distinct combination gets its own chart. */
    public List<Map<String, String>> groups() {
        Set<Map<String, String>> groups = new LinkedHashSet<>();
        for (Result r : results) {
            groups.add(group(r));
        }
        return List.copyOf(groups);
    }

    /** {@code r}'s parameters other than the x axis: the chart it is drawn in. */
    public Map<String, String> group(Result r) {
        if (experiment.xParam() == null || !r.params().containsKey(experiment.xParam())) {
            return r.params();
        }
        Map<String, String> g = new java.util.LinkedHashMap<>(r.params());
        g.remove(experiment.xParam());
        return g;
    }

    /** {@code r}'s value of the x-axis parameter; "" where there is none. */
    public String x(Result r) {
        return experiment.xParam() == null ? "" : Objects.toString(r.param(experiment.xParam()), "");
    }

    /** Distinct x-axis values in first-seen order, numerically sorted when they are numbers. */
    public List<String> xValues() {
        Set<String> seen = new LinkedHashSet<>();
        for (Result r : results) {
            seen.add(x(r));
        }
        List<String> values = new ArrayList<>(seen);
        if (values.stream().allMatch(Format::isNumber)) {
            values.sort((a, b) -> Double.compare(Double.parseDouble(a), Double.parseDouble(b)));
        } else if (values.stream().allMatch(v -> magnitude(v) != null)) {
            values.sort((a, b) -> Double.compare(magnitude(a), magnitude(b))); // "1k", "64k", "1M": by value, not as text
        }
        return values;
    }

    /** "64k" → 65,536 or 64,000 alike for ordering ("k", "m", "g" with an optional "b" or "ib"); null if not such a value. */
    static Double magnitude(String v) {
        java.util.regex.Matcher m = MAGNITUDE.matcher(v);
        if (!m.matches()) {
            return null;
        }
        double n = Double.parseDouble(m.group(1));
        return switch (m.group(2).toLowerCase(java.util.Locale.ROOT)) {
            case "k" -> n * 1e3;
            case "m" -> n * 1e6;
            case "g" -> n * 1e9;
            case "t" -> n * 1e12;
            default -> n;
        };
    }

}
