package dev.fastio.report.claims;

import dev.fastio.report.jmh.BenchmarkNamesProcessor;
import java.util.List;

/**
 * What the report knows about one benchmark class: which article it reproduces, the question, the
 * baseline strategy its chart compares against, the parameter on the x axis, and the claims to
 * check. Results of a class with no Experiment get {@link #generic}.
 *
 * @param benchmarkClass the JMH class's simple name ({@link #benchmarkName()} is the full one)
 * @param baseline       method the others are compared with; null for raw scores
 * @param xParam         the {@code @Param} on the chart's x axis; null for none
 */
public record Experiment(
        String benchmarkClass,
        String benchmarkName,
        String title,
        String article,
        String question,
        String baseline,
        String xParam,
        List<Claim> claims) {

    /**
     * The experiment of a benchmark class, named by its full name as {@link BenchmarkNamesProcessor}
     * writes it ({@code OpenStreamBenchmark_.CLASS}), so that a rename or a move of the class
     * without its experiment fails compilation; its methods are named by the same class's
     * constants, for the same reason.
     */
    public Experiment(String benchmarkName, String title, String article, String question, String baseline, String xParam,
            List<Claim> claims) {
        this(benchmarkName.substring(benchmarkName.lastIndexOf('.') + 1), benchmarkName, title, article, question, baseline,
                xParam, claims);
    }

    /** Results of a class no catalog describes: titled by {@code benchmarkClass}, with no claims. */
    public static Experiment generic(String benchmarkClass, String firstParam) {
        return new Experiment(benchmarkClass, null, benchmarkClass, "", "", null, firstParam, List.of());
    }
}
