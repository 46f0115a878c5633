package dev.fastio.report;

import dev.fastio.report.claims.Claim;
import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.claims.Experiments;
import dev.fastio.report.claims.Verdict;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.bench.run.Suite;
import dev.fastio.bench.run.Suites;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.State;

/**
 * The report cannot silently lose a claim: claims name benchmark classes, methods and params by
 * string, so this test builds a result for every {@code @Benchmark} method of every suite at
 * every {@code @Param} value (the full scale's, as declared in the classes) and evaluates every
 * claim against them. A claim that names a method, a class or a param value that no benchmark
 * has comes out "not measured", and fails here.
 */
class ClaimsExistTest {
    /** Every @Param of the benchmark class and of the @State classes its methods take, with its declared values. */
    static Map<String, String[]> params(Class<?> bench) {
        Map<String, String[]> out = new LinkedHashMap<>();
        List<Class<?>> states = new ArrayList<>(List.of(bench));
        for (Method m : bench.getMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                for (Parameter p : m.getParameters()) {
                    if (p.getType().isAnnotationPresent(State.class)) {
                        states.add(p.getType());
                    }
                }
            }
        }
        for (Class<?> s : states) {
            for (Class<?> c = s; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    Param p = f.getAnnotation(Param.class);
                    if (p != null) {
                        out.putIfAbsent(f.getName(), p.value());
                    }
                }
            }
        }
        return out;
    }

    static List<Map<String, String>> combinations(Map<String, String[]> params) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Map.Entry<String, String[]> p : params.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String v : p.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    m.put(p.getKey(), v);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }

    /** One made-up result per method and param combination, with every counter a claim may read. */
    static List<Result> everyResult() {
        List<Result> all = new ArrayList<>();
        int k = 0;
        for (Suite s : Suites.all()) {
            Map<String, String[]> params = params(s.benchmark());
            for (Method m : s.benchmark().getMethods()) {
                if (!m.isAnnotationPresent(Benchmark.class)) {
                    continue;
                }
                for (Map<String, String> combo : combinations(params)) {
                    double t = 10 + (k++ % 7);
                    Map<String, Result.Metric> secondary = Map.of(
                            "gc.alloc.rate.norm", new Result.Metric(100 + k % 5, 1, "B/op"),
                            "cpuNs", new Result.Metric(1e6, 0, "#"), "copies", new Result.Metric(10, 0, "#"),
                            "ddNs", new Result.Metric(3e6, 0, "#"), "ddRuns", new Result.Metric(3, 0, "#"),
                            "cNs", new Result.Metric(3e6, 0, "#"), "cRuns", new Result.Metric(3, 0, "#"));
                    // JDK 25: the native layer's claims are judged only on JDK 22+ results
                    all.add(new Result(s.benchmark().getName(), m.getName(), "avgt", 1, combo, t, 0.1, "ms/op", secondary,
                            "25.0.3", "vm", "1", List.of(t - 0.1, t, t + 0.1), 2));
                }
            }
        }
        return all;
    }

    @Test
    void everyExperimentNamesASuiteItsBaselineAndItsAxis() {
        Set<String> suites = Suites.all().stream().map(s -> s.benchmark().getSimpleName()).collect(Collectors.toSet());
        for (Experiment e : Experiments.known()) {
            assertThat(suites).as("the benchmark class of '%s'", e.title()).contains(e.benchmarkClass());
            Class<?> bench = Suites.all().stream().filter(s -> s.benchmark().getSimpleName().equals(e.benchmarkClass()))
                    .findFirst().orElseThrow().benchmark();
            Set<String> methods = java.util.Arrays.stream(bench.getMethods()).filter(m -> m.isAnnotationPresent(Benchmark.class))
                    .map(Method::getName).collect(Collectors.toSet());
            if (e.baseline() != null) {
                assertThat(methods).as("the baseline of '%s'", e.title()).contains(e.baseline());
            }
            if (e.xParam() != null) {
                assertThat(params(bench)).as("the x axis of '%s'", e.title()).containsKey(e.xParam());
            }
        }
    }

    @Test
    void everyClaimFindsTheResultsItNames() {
        List<Result> all = everyResult();
        List<String> lost = new ArrayList<>();
        int claims = 0;
        for (ExperimentResults rs : Experiments.group(EstimateContext.DEFAULT, all)) {
            for (Claim c : rs.experiment().claims()) {
                claims++;
                Verdict v = c.evaluate(rs);
                if (v.status() == Verdict.Status.NOT_MEASURED) {
                    lost.add(rs.experiment().benchmarkClass() + ": \"" + c.text() + "\" -> " + v.measured());
                }
            }
        }
        assertThat(claims).isGreaterThan(50);
        assertThat(lost).as("claims that name methods, classes or params no benchmark has").isEmpty();
    }
}
