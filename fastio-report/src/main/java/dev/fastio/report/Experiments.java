package dev.fastio.report;

import dev.fastio.report.array.ArrayExperiments;
import dev.fastio.report.cache.CacheExperiments;
import dev.fastio.report.copy.CopyExperiments;
import dev.fastio.report.gzip.GzipExperiments;
import dev.fastio.report.hadoop.HadoopExperiments;
import dev.fastio.report.ipv4.Ipv4Experiments;
import dev.fastio.report.read.ReadExperiments;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry of experiments the report knows, one list per package (mirroring the library).
 * A new experiment is added here; everything else in the report follows from its {@link Experiment}.
 */
public final class Experiments {
    private Experiments() {}

    public static List<Experiment> known() {
        List<Experiment> all = new ArrayList<>();
        all.addAll(ReadExperiments.all());
        all.addAll(ArrayExperiments.all());
        all.addAll(Ipv4Experiments.all());
        all.addAll(CacheExperiments.all());
        all.addAll(GzipExperiments.all());
        all.addAll(CopyExperiments.all());
        all.addAll(HadoopExperiments.all());
        return all;
    }

    /**
     * Groups results by benchmark class, in the order of {@link #known()} and then of first
     * appearance, pairing each with its experiment (or a generic one).
     */
    public static List<ExperimentResults> group(List<Result> results) {
        Map<String, List<Result>> byClass = new LinkedHashMap<>();
        for (Result r : results) {
            byClass.computeIfAbsent(r.className(), k -> new ArrayList<>()).add(r);
        }
        List<ExperimentResults> out = new ArrayList<>();
        for (Experiment e : known()) {
            byClass.entrySet().removeIf(entry -> {
                if (simpleName(entry.getKey()).equals(e.benchmarkClass())) {
                    out.add(new ExperimentResults(e, entry.getValue(), results));
                    return true;
                }
                return false;
            });
        }
        byClass.forEach((cls, rs) -> {
            String firstParam = rs.get(0).params().keySet().stream().findFirst().orElse(null);
            out.add(new ExperimentResults(Experiment.generic(simpleName(cls), firstParam), rs, results));
        });
        return out;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
