import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.jmh.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * How often the report's verdict is wrong, on synthetic data whose truth is known: each side is
 * one fork whose mean is off by the fork-to-fork noise measured on this machine (log-normal, 12%),
 * with n iterations around it (log-normal, cv), at a set true ratio, judged against the claim
 * "A's time is at most 0.5× B's" 4,000 times per row. Run from the repository root after building
 * the jar:
 *
 *   java -cp fastio-cli/target/fastio.jar docs/measure/VerdictRates.java
 */
public class VerdictRates {
    /** The intervals' context, with the fork noise of -Dfastio.report.forkNoise read once, as the report command reads it. */
    static final EstimateContext ESTIMATES = EstimateContext.forkNoise(System.getProperty(EstimateContext.FORK_NOISE_PROPERTY));

    public static void main(String[] args) {
        int rounds = 4000;
        System.out.println("| samples a side | noise (cv) | true ratio | holds | does not hold | not settled |");
        System.out.println("|---|---|---|---|---|---|");
        for (int n : new int[] {3, 9, 25}) {
            for (double cv : new double[] {0.05, 0.3}) {
                for (double truth : new double[] {0.25, 0.4, 0.5, 0.6, 1.0}) {
                    Random r = new Random(n * 1000L + Math.round(cv * 100) * 10 + Math.round(truth * 100));
                    int[] c = new int[3];
                    for (int i = 0; i < rounds; i++) {
                        Estimate e = Estimate.ratio(ESTIMATES, sampled(draw(r, n, 100 * truth, cv)), sampled(draw(r, n, 100, cv)));
                        c[e.judgeAtMost(0.5).ordinal()]++;
                    }
                    System.out.printf(Locale.ROOT, "| %d | %.2f | %.2f | %.2f %% | %.2f %% | %.2f %% |%n", n, cv, truth,
                            100.0 * c[0] / rounds, 100.0 * c[1] / rounds, 100.0 * c[2] / rounds);
                }
            }
        }
        sequential();
        if (args.length > 0 && args[0].equals("--cold")) {
            coldJit();
        }
    }

    /**
     * A cold JIT: each fork of side A is, with probability {@code p}, measured before its warm-up
     * finished: its iterations fall from 3× its steady time by half the excess each iteration
     * (3, 2, 1.5, 1.25, 1.125×), or only its first carries a one-time cost (3×), one kind or the
     * other at even odds. Side B is warm. The claim "A's time ≤ 0.5× B's" at true steady ratios
     * 0.4 (holds), 0.5 (on the line) and 0.6 (does not hold), 5 iterations a fork (the full
     * run's), 1 to 4 forks a side. The engine of a commit before the warm-up rule and the one
     * after are run with the same seeds (the jar on the class path decides which):
     *
     *   java -cp fastio-cli/target/fastio.jar docs/measure/VerdictRates.java --cold
     */
    static void coldJit() {
        int rounds = 4000;
        System.out.println();
        System.out.println("| cold forks of A (p) | forks a side | true ratio | holds | does not hold | not settled |");
        System.out.println("|---|---|---|---|---|---|");
        for (double p : new double[] {0.0, 0.25, 0.5, 1.0}) {
            for (int forks : new int[] {1, 2, 4}) {
                for (double truth : new double[] {0.4, 0.5, 0.6}) {
                    Random r = new Random(Math.round(p * 100) * 1000 + forks * 10L + Math.round(truth * 10));
                    int[] c = new int[3];
                    for (int i = 0; i < rounds; i++) {
                        List<Double> a = new ArrayList<>();
                        List<Double> b = new ArrayList<>();
                        for (int k = 0; k < forks; k++) {
                            List<Double> fork = draw(r, 5, 100 * truth, 0.05);
                            if (r.nextDouble() < p) {
                                boolean trend = r.nextBoolean();
                                for (int j = 0; j < fork.size(); j++) {
                                    double excess = trend ? 2 * Math.pow(0.5, j) : j == 0 ? 2 : 0;
                                    fork.set(j, fork.get(j) * (1 + excess));
                                }
                            }
                            a.addAll(fork);
                            b.addAll(draw(r, 5, 100, 0.05));
                        }
                        c[Estimate.ratio(ESTIMATES, sampled(a, forks), sampled(b, forks)).judgeAtMost(0.5).ordinal()]++;
                    }
                    System.out.printf(Locale.ROOT, "| %.2f | %d | %.2f | %.2f %% | %.2f %% | %.2f %% |%n", p, forks, truth,
                            100.0 * c[0] / rounds, 100.0 * c[1] / rounds, 100.0 * c[2] / rounds);
                }
            }
        }
    }

    /**
     * Planned runs: a claim on its line (true ratio 0.5 against "at most 0.5×") judged at each of
     * {@code looks} looks, with more forks a side after each look that does not decide it (the
     * planner's rounds: +1, +2, +3 forks), stopping at the first that does. With one 99% interval
     * at every look (boundary 1) noise gets several chances; with the run's boundary it does not.
     */
    static void sequential() {
        int rounds = 4000;
        System.out.println();
        System.out.println("| looks | boundary | samples a fork | noise (cv) | wrong holds | wrong does not hold | not settled |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int looks : new int[] {2, 3, 4}) {
            for (int boundary : new int[] {1, looks}) {
                for (double cv : new double[] {0.05, 0.3}) {
                    Random r = new Random(looks * 100L + boundary * 10L + Math.round(cv * 100));
                    int[] c = new int[3];
                    for (int i = 0; i < rounds; i++) {
                        List<Double> a = new ArrayList<>(draw(r, 4, 50, cv));
                        List<Double> b = new ArrayList<>(draw(r, 4, 100, cv));
                        int forks = 1;
                        Estimate.Outcome o = Estimate.Outcome.NOT_SETTLED;
                        for (int look = 1; look <= looks; look++) {
                            int k = forks;
                            o = Estimate.ratio(ESTIMATES.withLooks(boundary), sampled(a, k), sampled(b, k)).judgeAtMost(0.5);
                            if (o != Estimate.Outcome.NOT_SETTLED) {
                                break;
                            }
                            for (int f = 0; f < look; f++) {
                                a.addAll(draw(r, 4, 50, cv));
                                b.addAll(draw(r, 4, 100, cv));
                                forks++;
                            }
                        }
                        c[o.ordinal()]++;
                    }
                    System.out.printf(Locale.ROOT, "| %d | %s | 4 | %.2f | %.2f %% | %.2f %% | %.2f %% |%n", looks,
                            boundary == 1 ? "one 99% interval" : "the run's (" + ESTIMATES.withLooks(boundary).confidenceText() + ")",
                            cv, 100.0 * c[0] / rounds, 100.0 * c[1] / rounds, 100.0 * c[2] / rounds);
                }
            }
        }
    }

    static List<Double> draw(Random r, int n, double mean, double cv) {
        double f = 0.12;
        double fork = mean * Math.exp(f * r.nextGaussian() - f * f / 2);
        List<Double> s = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            s.add(fork * Math.exp(cv * r.nextGaussian() - cv * cv / 2));
        }
        return s;
    }

    static Result sampled(List<Double> samples) {
        double mean = samples.stream().mapToDouble(d -> d).average().orElse(Double.NaN);
        return new Result("dev.fastio.bench.x.Bench", "m", "avgt", 1, Map.of(), mean, Double.NaN, "us/op", Map.of(), "", "", "", samples);
    }

    static Result sampled(List<Double> samples, int forks) {
        double mean = samples.stream().mapToDouble(d -> d).average().orElse(Double.NaN);
        return new Result("dev.fastio.bench.x.Bench", "m", "avgt", 1, Map.of(), mean, Double.NaN, "us/op", Map.of(), "", "", "", samples, forks);
    }
}
