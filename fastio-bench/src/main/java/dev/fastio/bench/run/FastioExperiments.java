package dev.fastio.bench.run;

import dev.fastio.bench.array.ArrayExperiments;
import dev.fastio.bench.cache.CacheExperiments;
import dev.fastio.bench.copy.CopyExperiments;
import dev.fastio.bench.gzip.GzipExperiments;
import dev.fastio.bench.hadoop.HadoopExperiments;
import dev.fastio.bench.ipv4.Ipv4Experiments;
import dev.fastio.bench.read.ReadExperiments;
import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.ExperimentCatalog;
import java.util.ArrayList;
import java.util.List;

/**
 * fastio's experiments, each declared in its job's package next to the benchmarks it judges (by
 * class literal and method reference, so that a rename without its claim fails compilation); the
 * report finds this catalog through {@code META-INF/services}. The order is the report's.
 */
public final class FastioExperiments implements ExperimentCatalog {
    @Override
    public List<Experiment> experiments() {
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
}
