package dev.fastio.report;

import static dev.fastio.report.Fixtures.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CompareTest {
    private static final String C = "x.Bench";

    private static ExperimentResults rs(Result... results) {
        return new ExperimentResults(new Experiment("Bench", "t", "", "", "base", "size", List.of()), List.of(results));
    }

    @Test
    void fasterHoldsOnlyWhenEveryPairIsSeparatedAndBigEnough() {
        ExperimentResults all = rs(result(C, "a", "1", 6, 0.1), result(C, "base", "1", 10, 0.1),
                result(C, "a", "2", 6, 0.1), result(C, "base", "2", 10, 0.1));
        assertThat(Compare.faster("a", "base", r -> true, 0.3).apply(all).status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(Compare.faster("a", "base", r -> true, 0.5).apply(all).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);

        ExperimentResults mixed = rs(result(C, "a", "1", 6, 0.1), result(C, "base", "1", 10, 0.1),
                result(C, "a", "2", 10, 0.1), result(C, "base", "2", 10, 0.1));
        Verdict v = Compare.faster("a", "base", r -> true, 0.3).apply(mixed);
        assertThat(v.status()).isEqualTo(Verdict.Status.PARTLY);
        assertThat(v.measured()).contains("0.60×").contains("1.00× (within error)");
    }

    @Test
    void overlappingErrorBarsAreNotADifference() {
        ExperimentResults noisy = rs(result(C, "a", "1", 6, 3), result(C, "base", "1", 10, 3));
        assertThat(Compare.faster("a", "base", r -> true, 0.1).apply(noisy).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(Compare.notSlower("base", "a", r -> true, 0).apply(noisy).status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(Compare.similar("a", "base", r -> true, 0.05).apply(noisy).status()).isEqualTo(Verdict.Status.HOLDS);
    }

    @Test
    void notSlowerFailsOnASeparatedSlowdownBeyondTolerance() {
        ExperimentResults slow = rs(result(C, "a", "1", 12, 0.1), result(C, "base", "1", 10, 0.1));
        assertThat(Compare.notSlower("a", "base", r -> true, 0.05).apply(slow).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(Compare.notSlower("a", "base", r -> true, 0.25).apply(slow).status()).isEqualTo(Verdict.Status.HOLDS);
    }

    @Test
    void throughputScoresAreInvertedIntoTimeRatios() {
        Result fast = new Result(C, "a", "thrpt", 1, java.util.Map.of(), 200, 1, "ops/s", java.util.Map.of(), "", "", "");
        Result slow = new Result(C, "base", "thrpt", 1, java.util.Map.of(), 100, 1, "ops/s", java.util.Map.of(), "", "", "");
        assertThat(fast.timeRatioTo(slow)).isEqualTo(0.5);
    }

    @Test
    void missingMethodsAreNotMeasured() {
        ExperimentResults only = rs(result(C, "a", "1", 6, 0.1));
        assertThat(Compare.faster("a", "base", r -> true, 0.1).apply(only).status()).isEqualTo(Verdict.Status.NOT_MEASURED);
    }

    @Test
    void paramBetweenSelectsNumericRanges() {
        assertThat(Compare.paramBetween("size", 0, 100).test(result(C, "a", "16", 1, 0))).isTrue();
        assertThat(Compare.paramBetween("size", 0, 100).test(result(C, "a", "500", 1, 0))).isFalse();
        assertThat(Compare.paramBetween("size", 0, 100).test(result(C, "a", null, 1, 0))).isFalse();
    }

    @Test
    void sizesAreFormattedTheWayTheArticlesWriteThem() {
        assertThat(Format.size("16")).isEqualTo("16 B");
        assertThat(Format.size("4096")).isEqualTo("4 KiB");
        assertThat(Format.size("500000")).isEqualTo("500 kB");
        assertThat(Format.size("5000000")).isEqualTo("5 MB");
        assertThat(Format.size("5242880")).isEqualTo("5 MiB");
        assertThat(Format.size("1363148800")).isEqualTo("1300 MiB");
        assertThat(Format.size("3221225472")).isEqualTo("3 GiB");
        assertThat(Format.size("latin1")).isEqualTo("latin1");
    }
}
