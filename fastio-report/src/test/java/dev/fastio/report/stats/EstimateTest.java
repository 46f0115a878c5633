package dev.fastio.report.stats;

import dev.fastio.report.jmh.Fixtures;
import dev.fastio.report.jmh.Result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The interval arithmetic behind every verdict, and its error rates on synthetic data: samples
 * drawn with a known true ratio and a known noise, judged many times, in both directions.
 */
public class EstimateTest {
    /** One of fastio's classes: the fork-to-fork term these tests model is the one measured for fastio's suite. */
    private static final String C = "dev.fastio.bench.x.Bench";

    @Test
    void studentsTQuantilesMatchTheTables() {
        assertThat(StudentT.quantile(0.995, 2)).isCloseTo(9.925, within(1e-3));
        assertThat(StudentT.quantile(0.995, 4)).isCloseTo(4.604, within(1e-3));
        assertThat(StudentT.quantile(0.995, 10)).isCloseTo(3.169, within(1e-3));
        assertThat(StudentT.quantile(0.975, 2)).isCloseTo(4.303, within(1e-3));
        assertThat(StudentT.quantile(0.9995, 2)).isCloseTo(31.599, within(1e-2));
        assertThat(StudentT.quantile(0.995, 1e9)).isCloseTo(2.576, within(1e-3));
    }

    public static Result sampled(String method, String size, List<Double> samples, int forks) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("size", size);
        double mean = samples.stream().mapToDouble(d -> d).average().orElse(Double.NaN);
        return new Result(C, method, "avgt", 1, params, mean, Double.NaN, "us/op", Map.of(), "17", "vm", "1", samples, forks);
    }

    public static Result sampled(String method, String size, List<Double> samples) {
        return sampled(method, size, samples, 1);
    }

    /**
     * {@code n} samples from one fork, as a benchmark gives them: the fork's mean is off the true
     * {@code mean} by the fork-to-fork noise measured here (log-normal, sd {@link Estimate#DEFAULT_FORK_NOISE}),
     * and each iteration by {@code cv} around that (log-normal, as run times are).
     */
    public static List<Double> draw(Random r, int n, double mean, double cv) {
        double f = EstimateContext.DEFAULT_FORK_NOISE;
        double fork = mean * Math.exp(f * r.nextGaussian() - f * f / 2);
        List<Double> s = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            s.add(fork * Math.exp(cv * r.nextGaussian() - cv * cv / 2));
        }
        return s;
    }

    @Test
    void aTimeIntervalNeverReachesBelowZeroAndCoversTheMean() {
        Random r = new Random(1);
        int covered = 0;
        for (int i = 0; i < 2000; i++) {
            Estimate e = Estimate.time(EstimateContext.DEFAULT, sampled("a", "1", draw(r, 3, 100, 0.5)));
            assertThat(e.low()).isGreaterThan(0);
            // the log-normal's median is below its mean by exp(-cv²/2) per level: allow it
            covered += e.low() <= 100 * 1.02 && 100 * 0.85 <= e.high() ? 1 : 0;
        }
        assertThat(covered / 2000.0).as("99%% coverage with 3 samples and fork noise").isGreaterThan(0.97);
    }

    @Test
    void oneSampleAndNoErrorSettlesNothing() {
        Result one = sampled("a", "1", List.of(5.0));
        assertThat(Estimate.time(EstimateContext.DEFAULT, one).high()).isInfinite();
        assertThat(Estimate.ratio(EstimateContext.DEFAULT, one, sampled("b", "1", List.of(9.0, 10.0, 11.0))).judgeAtMost(0.9))
                .isEqualTo(Estimate.Outcome.NOT_SETTLED);
    }

    /** How often each outcome comes out when a = trueRatio × b, with n samples a side at noise cv. */
    public static Map<Estimate.Outcome, Integer> outcomes(double trueRatio, int n, double cv, int rounds,
            Function<Estimate, Estimate.Outcome> judge, long seed) {
        Random r = new Random(seed);
        Map<Estimate.Outcome, Integer> count = new java.util.EnumMap<>(Estimate.Outcome.class);
        for (Estimate.Outcome o : Estimate.Outcome.values()) {
            count.put(o, 0);
        }
        for (int i = 0; i < rounds; i++) {
            Estimate e = Estimate.ratio(EstimateContext.DEFAULT, sampled("a", "1", draw(r, n, 100 * trueRatio, cv)), sampled("b", "1", draw(r, n, 100, cv)));
            count.merge(judge.apply(e), 1, Integer::sum);
        }
        return count;
    }

    /**
     * The false-verdict rates written in docs/VERDICTS.md: a claim whose truth is known is
     * judged 4,000 times; a wrong "holds" or a wrong "does not hold" must stay near the 0.5% each
     * side of a 99% interval (allowing for the delta method's approximation), in both directions.
     */
    @Test
    void wrongVerdictsAreRareInBothDirections() {
        int rounds = 4000;
        for (int n : new int[] {3, 9, 25}) {
            for (double cv : new double[] {0.05, 0.3}) {
                // true ratio exactly at the threshold: neither verdict may be claimed with confidence
                Map<Estimate.Outcome, Integer> atLine = outcomes(0.5, n, cv, rounds, e -> e.judgeAtMost(0.5), n * 31L);
                assertThat(atLine.get(Estimate.Outcome.HOLDS) / (double) rounds).as("false holds n=%d cv=%.2f", n, cv).isLessThan(0.015);
                assertThat(atLine.get(Estimate.Outcome.DOES_NOT_HOLD) / (double) rounds).as("false fails n=%d cv=%.2f", n, cv).isLessThan(0.015);
                // the claim true by a margin: never judged false; false by a margin: never judged true
                Map<Estimate.Outcome, Integer> t = outcomes(0.4, n, cv, rounds, e -> e.judgeAtMost(0.5), n * 37L);
                Map<Estimate.Outcome, Integer> f = outcomes(0.6, n, cv, rounds, e -> e.judgeAtMost(0.5), n * 41L);
                assertThat(t.get(Estimate.Outcome.DOES_NOT_HOLD)).as("a true claim judged false n=%d cv=%.2f", n, cv).isLessThanOrEqualTo(rounds / 200);
                assertThat(f.get(Estimate.Outcome.HOLDS)).as("a false claim judged true n=%d cv=%.2f", n, cv).isLessThanOrEqualTo(rounds / 200);
                // the same, phrased from the other side (B is slower than A): symmetric outcomes
                Map<Estimate.Outcome, Integer> mirrored = outcomes(1 / 0.4, n, cv, rounds, e -> e.judgeAtLeast(2), n * 37L);
                assertThat(mirrored.get(Estimate.Outcome.DOES_NOT_HOLD)).isLessThanOrEqualTo(rounds / 200);
            }
        }
    }

    /**
     * A planned run (fastio bench's planner) judges its open claims at up to {@code looks} looks,
     * adding forks to the sides of those still open and stopping at the first look that decides.
     * Judged at each look with one 99% interval, noise gets several chances to cross the line;
     * with Pocock's boundary for the looks ({@link EstimateContext#withLooks}), a claim whose truth sits
     * exactly on its threshold is decided either way no more often than one look decides it.
     * Returns the outcomes at the last look each run took.
     */
    public static Map<Estimate.Outcome, Integer> sequential(double trueRatio, int n, double cv, int looks, int boundaryLooks, int rounds,
            long seed) {
        Random r = new Random(seed);
        Map<Estimate.Outcome, Integer> count = new java.util.EnumMap<>(Estimate.Outcome.class);
        for (Estimate.Outcome o : Estimate.Outcome.values()) {
            count.put(o, 0);
        }
        for (int i = 0; i < rounds; i++) {
            List<Double> a = new ArrayList<>(draw(r, n, 100 * trueRatio, cv));
            List<Double> b = new ArrayList<>(draw(r, n, 100, cv));
            int forks = 1;
            Estimate.Outcome o = Estimate.Outcome.NOT_SETTLED;
            for (int look = 1; look <= looks; look++) {
                int k = forks;
                o = Estimate.ratio(EstimateContext.DEFAULT.withLooks(boundaryLooks), sampled("a", "1", a, k), sampled("b", "1", b, k))
                        .judgeAtMost(0.5);
                if (o != Estimate.Outcome.NOT_SETTLED) {
                    break;
                }
                for (int f = 0; f < look; f++) { // the planner gives more forks each round: 1, then 2, then 3 a side
                    a.addAll(draw(r, n, 100 * trueRatio, cv));
                    b.addAll(draw(r, n, 100, cv));
                    forks++;
                }
            }
            count.merge(o, 1, Integer::sum);
        }
        return count;
    }

    @Test
    void plannedRunsDecideWronglyNoMoreOftenThanOneLook() {
        int rounds = 4000;
        for (int looks : new int[] {3, 4}) { // a quick run's, a full run's
            for (double cv : new double[] {0.05, 0.3}) {
                Map<Estimate.Outcome, Integer> pocock = sequential(0.5, 4, cv, looks, looks, rounds, 43);
                assertThat(pocock.get(Estimate.Outcome.HOLDS) / (double) rounds).as("false holds over %d looks, cv=%.2f", looks, cv)
                        .isLessThan(0.0075);
                assertThat(pocock.get(Estimate.Outcome.DOES_NOT_HOLD) / (double) rounds)
                        .as("false fails over %d looks, cv=%.2f", looks, cv).isLessThan(0.0075);
            }
        }
        // without the boundary, the same design is wrong more often: what the looks cost
        Map<Estimate.Outcome, Integer> naive = sequential(0.5, 4, 0.05, 4, 1, rounds, 43);
        Map<Estimate.Outcome, Integer> pocock = sequential(0.5, 4, 0.05, 4, 4, rounds, 43);
        assertThat(naive.get(Estimate.Outcome.HOLDS) + naive.get(Estimate.Outcome.DOES_NOT_HOLD))
                .isGreaterThan(pocock.get(Estimate.Outcome.HOLDS) + pocock.get(Estimate.Outcome.DOES_NOT_HOLD));
        // and a true 2x margin is still decided, mostly at the first look
        Map<Estimate.Outcome, Integer> clear = sequential(0.25, 4, 0.05, 4, 4, 1000, 47);
        assertThat(clear.get(Estimate.Outcome.HOLDS)).isGreaterThan(950);
    }

    @Test
    void theConfidenceWidensWithTheLooks() {
        assertThat(EstimateContext.DEFAULT.confidence()).isEqualTo(0.99);
        assertThat(EstimateContext.DEFAULT.withLooks(4).confidence()).isCloseTo(0.9975, within(2e-5));
        assertThat(EstimateContext.DEFAULT.withLooks(4).confidenceText()).isEqualTo("99.75%");
        assertThat(EstimateContext.DEFAULT.withLooks(2).confidenceText()).isEqualTo("99.5%");
        assertThat(EstimateContext.DEFAULT.withLooks(3).confidenceText()).isEqualTo("99.67%");
        assertThat(EstimateContext.DEFAULT.confidenceText()).isEqualTo("99%");
        Result a = sampled("a", "1", List.of(10.0, 11.0, 12.0, 10.5));
        Result b = sampled("b", "1", List.of(20.0, 21.0, 19.0, 20.5));
        Estimate once = Estimate.ratio(EstimateContext.DEFAULT, a, b);
        Estimate four = Estimate.ratio(EstimateContext.DEFAULT.withLooks(4), a, b);
        assertThat(four.value()).isEqualTo(once.value());
        assertThat(four.high()).isGreaterThan(once.high());
        assertThat(four.low()).isLessThan(once.low());
        assertThat(four.inverse().context().looks()).as("what is made from an estimate keeps its looks").isEqualTo(4);
        assertThat(StudentT.normalTail(2.5758)).isCloseTo(0.005, within(1e-5));
    }

    /**
     * The price of honesty is power. With one fork a side (the quick run), fork-to-fork noise
     * dominates: a 2.5× difference against "faster at all" settles nearly every time at 10%
     * iteration noise, 25% against a threshold 25% away mostly does not, and nothing settles the
     * wrong way round.
     */
    @Test
    void powerOfAOneForkRun() {
        Map<Estimate.Outcome, Integer> two = outcomes(0.4, 9, 0.1, 1000, e -> e.judgeAtMost(1), 8);
        assertThat(two.get(Estimate.Outcome.HOLDS)).as("a 2.5x difference").isGreaterThan(980);
        Map<Estimate.Outcome, Integer> close = outcomes(0.4, 9, 0.1, 1000, e -> e.judgeAtMost(0.5), 7);
        assertThat(close.get(Estimate.Outcome.DOES_NOT_HOLD)).isZero();
        assertThat(close.get(Estimate.Outcome.NOT_SETTLED)).as("0.4 against 0.5, one fork").isGreaterThan(500);
        Map<Estimate.Outcome, Integer> few = outcomes(0.9, 3, 0.3, 1000, e -> e.judgeAtMost(1), 9);
        assertThat(few.get(Estimate.Outcome.NOT_SETTLED)).as("10% at 30% noise, 3 samples: mostly open").isGreaterThan(900);
    }

    @Test
    void throughputIsInvertedIntoTime() {
        Result fast = new Result(C, "a", "thrpt", 1, Map.of(), 200, Double.NaN, "ops/s", Map.of(), "", "", "",
                List.of(199.0, 200.0, 201.0), Fixtures.MANY_FORKS);
        Result slow = new Result(C, "b", "thrpt", 1, Map.of(), 100, Double.NaN, "ops/s", Map.of(), "", "", "",
                List.of(99.0, 100.0, 101.0), Fixtures.MANY_FORKS);
        Estimate e = Estimate.ratio(EstimateContext.DEFAULT, fast, slow);
        assertThat(e.value()).isCloseTo(0.5, within(1e-3));
        assertThat(e.high()).isLessThan(0.55);
        assertThat(e.low()).isGreaterThan(0.45);
    }

    @Test
    void tinyRatiosKeepTwoSignificantDigits() {
        assertThat(new Estimate(0.00083, 0.0006, 0.0011, 3).ratioText()).isEqualTo("0.00083× [0.0006–0.0011]");
        assertThat(new Estimate(0.62, 0.55, 0.7, 3).ratioText()).isEqualTo("0.62× [0.55–0.70]");
        assertThat(new Estimate(154, 97, 243, 3).ratioText()).isEqualTo("154× [97–243]");
    }

    @Test
    void theForkNoiseSettingIsReadAsTheCommandFoundIt() {
        assertThat(EstimateContext.forkNoise(null)).as("none set: the measured 12%").isEqualTo(EstimateContext.DEFAULT);
        assertThat(EstimateContext.forkNoise("0.05").forkNoise()).isEqualTo(0.05);
        Result r = sampled("a", "1", List.of(10.0, 11.0, 12.0, 10.5)); // fastio's own: the fork noise widens it
        assertThat(Estimate.time(EstimateContext.forkNoise("0.05"), r).high()).isLessThan(Estimate.time(EstimateContext.DEFAULT, r).high());
        assertThat(Estimate.basis(EstimateContext.forkNoise("0.05"), r)).contains("(5%)");
        for (String bad : new String[] {"12%", "", "NaN", "-1", "Infinity", "1e400", "-0.1"}) {
            assertThatThrownBy(() -> EstimateContext.forkNoise(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Dfastio.report.forkNoise=\"" + bad + "\" is not a fork noise");
        }
        assertThat(EstimateContext.forkNoise("0").forkNoise()).as("a machine without fork noise").isZero();
        assertThatThrownBy(() -> EstimateContext.forkNoise("1\u001b[31m")).message().as("a terminal escape in the value is shown, not sent")
                .doesNotContain("\u001b").contains("\\x1b");

    }
}
