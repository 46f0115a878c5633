package dev.fastio.report.claims;

import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.EstimateContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The experiments the report knows: those of every {@link ExperimentCatalog} on the class path,
 * found once. A new experiment is declared next to its benchmark, in its project's catalog;
 * everything else in the report follows from its {@link Experiment}.
 */
public final class Experiments {
    private Experiments() {}

    private static final List<Experiment> KNOWN = load();

    private static List<Experiment> load() {
        List<Experiment> all = new ArrayList<>();
        for (ExperimentCatalog c : java.util.ServiceLoader.load(ExperimentCatalog.class, Experiments.class.getClassLoader())) {
            all.addAll(c.experiments());
        }
        return List.copyOf(all);
    }

    /** The experiments of every catalog on the class path. */
    public static List<Experiment> known() {
        return KNOWN;
    }

    /**
     * Groups results by benchmark class, in the order of {@link #known()} and then of first
     * appearance, pairing each with its experiment (or a generic one).
     */
    public static List<ExperimentResults> group(EstimateContext estimates, List<Result> results) {
        Map<String, List<Result>> byClass = new LinkedHashMap<>();
        for (Result r : results) {
            byClass.computeIfAbsent(r.className(), k -> new ArrayList<>()).add(r);
        }
        List<ExperimentResults> out = new ArrayList<>();
        for (Experiment e : known()) {
            // by fully qualified name only: another project's GzipBenchmark is not fastio's
            byClass.entrySet().removeIf(entry -> {
                if (entry.getKey().equals(e.benchmarkName())) {
                    out.add(new ExperimentResults(estimates, e, entry.getValue(), results));
                    return true;
                }
                return false;
            });
        }
        Map<String, Long> simpleNames = new LinkedHashMap<>();
        byClass.keySet().forEach(cls -> simpleNames.merge(simpleName(cls), 1L, Long::sum));
        byClass.forEach((cls, rs) -> {
            // two classes of one simple name in different packages: each is titled by its full name
            String title = simpleNames.get(simpleName(cls)) > 1 ? cls : simpleName(cls);
            out.add(new ExperimentResults(estimates, Experiment.generic(title, xParam(rs)), rs, results));
        });
        return out;
    }

    /**
     * The parameter for a chart's x axis: the one with the most distinct values, numbers before
     * text; none where no parameter takes two values (a lone value, such as a URI, says nothing
     * along an axis).
     */
    static String xParam(List<Result> rs) {
        Map<String, java.util.Set<String>> values = new LinkedHashMap<>();
        for (Result r : rs) {
            r.params().forEach((k, v) -> values.computeIfAbsent(k, x -> new java.util.LinkedHashSet<>()).add(v));
        }
        String best = null;
        int bestScore = 1;
        for (Map.Entry<String, java.util.Set<String>> e : values.entrySet()) {
            int n = e.getValue().size();
            boolean numeric = e.getValue().stream().allMatch(Format::isNumber);
            int score = n * 2 + (numeric ? 1 : 0);
            if (n > 1 && score > bestScore) {
                best = e.getKey();
                bestScore = score;
            }
        }
        return best;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
