// The regression gate's false-alarm rate on pairs of runs of the same code (fastio report compare,
// issue 45): each pair of consecutive files calibrates the noise (fastio report calibrate), and
// every other pair is gated with it at --fail-on 10%; a benchmark called slower there is a false
// alarm. For each quantile the calibration may read its noise from, and with no calibration, the
// false alarms as a share of the benchmarks compared, per test pair and in all.
// Run from the repository root, with fastio built (mvn -B install -DskipTests):
//   CP=$(ls fastio-report/target/fastio-report-*.jar | grep -v -e sources -e javadoc -e tests):$(find ~/.m2 -name 'gson-2*.jar' | head -1)
//   java -cp $CP docs/measure/GateRates.java RUN1/results.json RUN2/results.json RUN3/results.json ...
// Files are paired as given: 1-2, 3-4, ... (pass a file twice to pair it with both neighbours).
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.stats.NoiseCalibration;
import dev.fastio.report.gate.RegressionGate;
import dev.fastio.report.jmh.Result;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

public class GateRates {
    /** The intervals' context, with the fork noise of -Dfastio.report.forkNoise read once, as the report command reads it. */
    static final EstimateContext ESTIMATES = EstimateContext.forkNoise(System.getProperty(EstimateContext.FORK_NOISE_PROPERTY));

    public static void main(String[] args) throws Exception {
        if (args.length < 4 || args.length % 2 != 0) {
            System.err.println("usage: GateRates A1.json A2.json B1.json B2.json [...]  (pairs of runs of the same code)");
            System.exit(2);
        }
        List<List<List<Result>>> pairs = new ArrayList<>();
        for (int i = 0; i < args.length; i += 2) {
            pairs.add(List.of(JmhResults.read(Path.of(args[i])), JmhResults.read(Path.of(args[i + 1]))));
        }
        double failOn = 0.10;
        System.out.println("| noise from | σ (mean over calibrations) | false alarms / benchmarks compared | share | worst test pair"
                + " | test pairs failing |");
        System.out.println("|---|---|---|---|---|---|");
        for (double q : new double[] {0.5, 0.9, 0.95, 0.99}) {
            long alarms = 0;
            long compared = 0;
            double worst = 0;
            double sigma = 0;
            int failing = 0;
            int tests = 0;
            for (int c = 0; c < pairs.size(); c++) {
                NoiseCalibration cal = NoiseCalibration.measure(pairs.get(c), q);
                sigma += cal.forkNoise() / pairs.size();
                for (int t = 0; t < pairs.size(); t++) {
                    if (t == c) {
                        continue;
                    }
                    RegressionGate g = RegressionGate.compare(ESTIMATES, pairs.get(t).get(0), pairs.get(t).get(1), failOn, cal.forkNoise(), List.of());
                    int n = g.rows().size();
                    int a = g.count(RegressionGate.Verdict.SLOWER);
                    alarms += a;
                    compared += n;
                    worst = Math.max(worst, (double) a / n);
                    failing += a > 0 ? 1 : 0;
                    tests++;
                }
            }
            System.out.printf(Locale.ROOT, "| %.0f%% quantile | %.1f%% | %d / %d | %.2f%% | %.2f%% | %d of %d |%n", q * 100, sigma * 100, alarms,
                    compared, 100.0 * alarms / compared, 100 * worst, failing, tests);
        }
        long alarms = 0;
        long compared = 0;
        double worst = 0;
        int failing = 0;
        for (List<List<Result>> p : pairs) {
            RegressionGate g = RegressionGate.compare(ESTIMATES, p.get(0), p.get(1), failOn, Double.NaN, List.of());
            alarms += g.count(RegressionGate.Verdict.SLOWER);
            compared += g.rows().size();
            worst = Math.max(worst, (double) g.count(RegressionGate.Verdict.SLOWER) / g.rows().size());
            failing += g.count(RegressionGate.Verdict.SLOWER) > 0 ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "| no calibration (each file's own spread) | | %d / %d | %.2f%% | %.2f%% | %d of %d |%n", alarms, compared,
                100.0 * alarms / compared, 100 * worst, failing, pairs.size());
    }
}
