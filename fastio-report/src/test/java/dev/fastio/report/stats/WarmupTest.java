package dev.fastio.report.stats;

import dev.fastio.report.jmh.Result;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A fork still warming up when measured is left out of the estimates, and a result with no warm
 * fork decides nothing; noise alone seldom looks like a warm-up, and another project's file is
 * read as it is.
 */
public class WarmupTest {
    private static Result result(String cls, List<Double> samples, int forks) {
        double mean = samples.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        return new Result(cls, "copy", "avgt", 1, Map.of("file", "text-5120"), mean, Double.NaN, "us/op", Map.of(), "17", "", "",
                samples, forks);
    }

    private static final String FASTIO = Result.FASTIO_BENCH_PACKAGE + "copy.CopyPeersBenchmark";

    @Test
    void aForkWithAOneTimeCostInItsFirstIterationIsLeftOut() {
        // fork 1: 150 us once (the JIT still compiling), then 42; fork 2: warm throughout
        Result r = result(FASTIO, List.of(150.0, 42.0, 42.5, 41.8, 42.2, 42.1, 42.4, 41.9, 42.0, 42.3), 2);
        assertThat(Warmup.forks(r).get(0)).contains("first measured iteration took 3.6×");
        assertThat(Warmup.forks(r).get(1)).isNull();
        Result warm = Warmup.warmPart(r);
        assertThat(warm.forks()).isEqualTo(1);
        assertThat(warm.score()).isBetween(41.9, 42.3);
        assertThat(Estimate.time(EstimateContext.DEFAULT, r).value()).as("the estimate is the warm fork's").isBetween(41.9, 42.3);
        assertThat(Warmup.describe(List.of(r))).contains("1 of 2 forks of copy [text-5120] still warming").contains("left out");
    }

    @Test
    void aResultThatNeverWarmedDecidesNothing() {
        Result falling = result(FASTIO, List.of(90.0, 70.0, 60.0, 52.0, 45.0), 1);
        assertThat(Warmup.forks(falling).get(0)).contains("fell one after another, 2.0×");
        assertThat(Warmup.warmPart(falling)).isNull();
        Estimate e = Estimate.time(EstimateContext.DEFAULT, falling);
        assertThat(e.low()).isZero();
        assertThat(e.high()).isInfinite();
        Result other = result(FASTIO, List.of(20.0, 20.5, 19.8, 20.1, 20.2), 1);
        // a 3× gap, but one side was still warming: the ratio is unbounded, not "3× slower"
        Estimate ratio = Estimate.ratio(EstimateContext.DEFAULT, falling, other);
        assertThat(ratio.low()).isZero();
        assertThat(ratio.high()).isInfinite();
        assertThat(Warmup.describe(List.of(falling, other))).contains("1 of 1 fork of copy").contains("not decided from it");
    }

    @Test
    void noiseAloneSeldomLooksLikeAWarmUp() {
        Random random = new Random(58);
        for (double cv : new double[] {0.02, 0.05, 0.10, 0.20}) {
            int flagged = 0;
            int forks = 20_000;
            for (int i = 0; i < forks; i++) {
                List<Double> s = new ArrayList<>();
                for (int k = 0; k < 5; k++) {
                    s.add(100 * Math.exp(cv * random.nextGaussian()));
                }
                flagged += Warmup.forks(result(FASTIO, s, 1)).get(0) != null ? 1 : 0;
            }
            assertThat(flagged / (double) forks).as("forks of pure noise flagged at cv %s", cv).isLessThan(0.01);
        }
    }

    @Test
    void anotherProjectsFileIsReadAsItIs() {
        Result r = result("org.example.Bench", List.of(150.0, 42.0, 42.5, 41.8, 42.2), 1);
        assertThat(Warmup.forks(r)).containsOnlyNulls();
        assertThat(Warmup.warmPart(r)).isSameAs(r);
    }

    @Test
    void aThroughputIsReadAsTheTimeItGives() {
        // ops/s rising: time per operation falling
        Result thrpt = new Result(FASTIO, "copy", "thrpt", 1, Map.of(), 50, Double.NaN, "ops/s", Map.of(), "17", "", "",
                List.of(20.0, 30.0, 40.0, 50.0, 60.0), 1);
        assertThat(Warmup.forks(thrpt).get(0)).contains("fell one after another");
    }
}
