package dev.fastio.report.claims;

import dev.fastio.report.stats.Estimate;

/**
 * What the measurements say of one claim, with the figures that decided it. Decided from
 * confidence intervals ({@link Estimate}), the same way in both directions: see {@link Compare}.
 */
public record Verdict(Status status, String measured) {
    public enum Status {
        HOLDS("holds"),
        PARTLY("partly holds"),
        DOES_NOT_HOLD("does not hold"),
        /** The data cannot tell: the interval spans the claim's threshold. */
        NOT_SETTLED("not settled"),
        NOT_MEASURED("not measured");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public static Verdict notMeasured(String why) {
        return new Verdict(Status.NOT_MEASURED, why);
    }
}
