package dev.fastio.report.claims;

import java.util.List;

/**
 * Experiments a project declares for its benchmark classes, found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.fastio.report.claims.ExperimentCatalog}): fastio's live in
 * {@code fastio-bench}, next to the benchmarks they judge. Without one on the class path the
 * report is a general JMH report: every class gets a generic section.
 */
public interface ExperimentCatalog {
    /**
     * Returns the experiments, in the order the report shows them.
     *
     * @return the experiments, in the order the report shows them
     */
    List<Experiment> experiments();
}
