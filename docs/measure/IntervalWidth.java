import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.jmh.Result;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How wide a run's intervals are: for every result of a JMH JSON file, JMH's own 99.9% half-width
 * and fastio's 99% interval (docs/VERDICTS.md), both relative to the score, and
 * their medians. Run from the repository root after building the jar:
 *
 *   java -cp fastio-cli/target/fastio.jar docs/measure/IntervalWidth.java fastio-results/DATE/results.json
 */
public class IntervalWidth {
    /** The intervals' context, with the fork noise of -Dfastio.report.forkNoise read once, as the report command reads it. */
    static final EstimateContext ESTIMATES = EstimateContext.forkNoise(System.getProperty(EstimateContext.FORK_NOISE_PROPERTY));

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -cp fastio-cli/target/fastio.jar docs/measure/IntervalWidth.java RESULTS.json");
            System.exit(2);
        }
        List<Result> results = JmhResults.read(Path.of(args[0]));
        List<Double> jmh = new ArrayList<>();
        List<Double> ours = new ArrayList<>();
        int unbounded = 0;
        int samples = 0;
        for (Result r : results) {
            samples += r.samples().size();
            if (Double.isFinite(r.error()) && r.score() > 0) {
                jmh.add(r.error() / r.score());
            }
            Estimate e = Estimate.time(ESTIMATES, r);
            if (Double.isFinite(e.high())) {
                ours.add((e.high() - e.low()) / 2 / e.value());
            } else {
                unbounded++;
            }
        }
        System.out.printf(Locale.ROOT, "%d results, %.1f samples each on average%n", results.size(), samples / (double) results.size());
        System.out.printf(Locale.ROOT, "median JMH 99.9%% half-width / score:          %5.1f %%  (of %d)%n", 100 * median(jmh), jmh.size());
        System.out.printf(Locale.ROOT, "median fastio 99%% interval half-width / mean:  %5.1f %%  (of %d; %d unbounded)%n",
                100 * median(ours), ours.size(), unbounded);
        System.out.printf(Locale.ROOT, "results whose JMH interval reaches below zero: %d%n",
                results.stream().filter(r -> r.score() - r.error() < 0).count());
    }

    static double median(List<Double> xs) {
        if (xs.isEmpty()) {
            return Double.NaN;
        }
        List<Double> s = new ArrayList<>(xs);
        s.sort(null);
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
