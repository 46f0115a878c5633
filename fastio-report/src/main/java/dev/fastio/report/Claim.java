package dev.fastio.report;

import java.util.function.Function;

/**
 * A statement an article (or fastio itself) makes, and how to check it against one experiment's
 * results.
 *
 * @param source who says it: "article 000", "fastio"
 */
public record Claim(String source, String text, Function<ExperimentResults, Verdict> check) {
    public Verdict evaluate(ExperimentResults results) {
        try {
            return check.apply(results);
        } catch (RuntimeException e) {
            return Verdict.notMeasured("could not evaluate: " + e.getMessage());
        }
    }
}
