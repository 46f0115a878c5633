package dev.fastio.report.page;

import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.EstimateContext;
import static dev.fastio.report.jmh.Fixtures.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

public class ChartTest {
    private static final String C = "dev.fastio.bench.x.SomeBenchmark";
    private static final Experiment E = new Experiment("SomeBenchmark", C, "Some", "", "", "base", "size", List.of());

    private static Chart timeChart(List<Result> results) {
        return Chart.of(new ExperimentResults(EstimateContext.DEFAULT, E, results), "c").get(0);
    }

    @Test
    void timeIsShownAsPercentOfTheBaselineWhenDifferencesAreModest() {
        Chart c = timeChart(List.of(result(C, "base", "1", 10, 0.1), result(C, "a", "1", 15, 0.1)));
        assertThat(c.log()).isFalse();
        assertThat(c.yTitle()).startsWith("time vs base, %");
        assertThat(c.series()).extracting(Chart.Series::label).containsExactly("a");
        assertThat(c.series().get(0).data()).containsExactly(50.0);
    }

    @Test
    void aStrategyTenTimesSlowerSwitchesToRawTimesOnALogAxis() {
        Chart c = timeChart(List.of(result(C, "base", "1", 10, 0.1), result(C, "a", "1", 15, 0.1),
                result(C, "slow", "1", 100, 1)));
        assertThat(c.log()).isTrue();
        assertThat(c.yTitle()).isEqualTo("us/op (log scale, lower is faster)");
        assertThat(c.series()).extracting(Chart.Series::label).containsExactly("base", "a", "slow");
        assertThat(c.series().get(2).data()).containsExactly(100.0);
    }
}
