package dev.fastio.report.claims;

import java.util.function.Function;

/**
 * A statement an article (or fastio itself) makes, and how to check it against one experiment's
 * results.
 *
 * @param source who says it: "article 000", "fastio"
 * @param text the statement, as the report shows it
 * @param scope the results it is about ({@link Scope#ALL} unless made by {@link #scoped})
 * @param check the judgement of the experiment's results
 */
public record Claim(String source, String text, Scope scope, Function<ExperimentResults, Verdict> check) {
    /** A claim about every result of its experiment, or one whose check picks its results itself. */
    public Claim(String source, String text, Function<ExperimentResults, Verdict> check) {
        this(source, text, Scope.ALL, check);
    }

    /**
     * A claim about the results in {@code scope}: {@code {scope}} in {@code template} becomes the
     * scope's phrase, and the check is made for that same scope, so text and check cannot name
     * different sizes.
     */
    public static Claim scoped(String source, String template, Scope scope, Function<Scope, Function<ExperimentResults, Verdict>> check) {
        if (!template.contains("{scope}")) {
            throw new IllegalArgumentException("a scoped claim's text says its scope with {scope}: " + template);
        }
        return new Claim(source, template.replace("{scope}", scope.phrase()), scope, check.apply(scope));
    }

    /** The verdict, and what the check read and could not settle ({@link ClaimTrace}). */
    public record Traced(Claim claim, Verdict verdict, ClaimTrace trace) {}

    /** {@link #evaluate}, recording what the check looks at. */
    public Traced trace(ExperimentResults results) {
        ClaimTrace t = new ClaimTrace();
        return new Traced(this, evaluate(results.tracedBy(t)), t);
    }

    public Verdict evaluate(ExperimentResults results) {
        try {
            return check.apply(results);
        } catch (RuntimeException e) {
            return Verdict.notMeasured("could not evaluate: " + e.getMessage());
        }
    }
}
