package dev.fastio.report;

import java.util.List;

/**
 * What the report knows about one benchmark class: which article it reproduces, the question, the
 * baseline strategy its chart compares against, the parameter on the x axis, and the claims to
 * check. Results of a class with no Experiment get {@link #generic}.
 *
 * @param benchmarkClass simple name of the JMH class
 * @param baseline       method the others are compared with; null for raw scores
 * @param xParam         the {@code @Param} on the chart's x axis; null for none
 */
public record Experiment(
        String benchmarkClass,
        String title,
        String article,
        String question,
        String baseline,
        String xParam,
        List<Claim> claims) {

    public static Experiment generic(String benchmarkClass, String firstParam) {
        return new Experiment(benchmarkClass, benchmarkClass, "", "", null, firstParam, List.of());
    }
}
