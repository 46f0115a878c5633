// The regression gate's false alarms on real third-party JMH files paired with themselves
// re-sampled (fastio report compare, issue 45): REPS times per file, each result's measurements
// are split at random into two disjoint halves, two "runs" of the same code made of real,
// independent measurements: its forks, where it has two or more (each half keeps its forks'
// iterations, so a half of a 2-fork result is a one-fork run), else its iterations. The halves are
// gated against each other at --fail-on 10% on the files' own spread (no calibration: a
// third-party project has none), and again with a calibration (fastio report calibrate) made from
// another random split of the same file, as the README has a user calibrate from two runs of the
// same code. A benchmark called slower is a false alarm.
// (A bootstrap, drawing with replacement, was tried first and is wrong here: a result of 2
// iterations draws the same one twice half the time, a spread of 0, and every such pair "settles".)
// A split shares the run's day and machine, so this measures the gate's statistics on real shapes
// of data (1 to 5 forks, 2 to 200 iterations, skewed and heavy-tailed samples), not a machine's
// drift between runs. Results with fewer than 2 measurements a half (a 1-fork, 2-iteration
// result makes halves of one; sample mode's histograms have none) are left out and counted.
// Run from the repository root, with fastio built (mvn -B install -DskipTests):
//   CP=$(ls fastio-report/target/fastio-report-*.jar | grep -v -e sources -e javadoc -e tests):$(find ~/.m2 -name 'gson-2*.jar' | head -1)
//   java -cp $CP docs/measure/GateResampled.java 200 fastio-report/src/test/resources/dev/fastio/report/real/*.json
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.stats.NoiseCalibration;
import dev.fastio.report.gate.RegressionGate;
import dev.fastio.report.jmh.Result;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

public class GateResampled {
    /** The intervals' context, with the fork noise of -Dfastio.report.forkNoise read once, as the report command reads it. */
    static final EstimateContext ESTIMATES = EstimateContext.forkNoise(System.getProperty(EstimateContext.FORK_NOISE_PROPERTY));

    public static void main(String[] args) throws Exception {
        int reps = Integer.parseInt(args[0]);
        Random rnd = new Random(45);
        long alarms = 0;
        long compared = 0;
        long pairsFailed = 0;
        long pairs = 0;
        long calAlarms = 0;
        long calCompared = 0;
        long calFailed = 0;
        System.out.println("| file | results split (left out) | forks | false alarms / rows, own spread | share | pairs failing"
                + " | false alarms / rows, calibrated | share | pairs failing |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (int a = 1; a < args.length; a++) {
            List<Result> all = JmhResults.read(Path.of(args[a]));
            List<Result> usable = all.stream().filter(GateResampled::splits).toList();
            if (usable.isEmpty()) {
                System.out.printf(Locale.ROOT, "| %s | 0 (%d) | | | | | | | |%n", Path.of(args[a]).getFileName(), all.size());
                continue;
            }
            long fileAlarms = 0;
            long fileRows = 0;
            int fileFailed = 0;
            long fileCalAlarms = 0;
            long fileCalRows = 0;
            int fileCalFailed = 0;
            boolean calibrates = usable.size() >= 5;
            for (int k = 0; k < reps; k++) {
                List<List<Result>> halves = split(usable, rnd);
                RegressionGate g = RegressionGate.compare(ESTIMATES, halves.get(0), halves.get(1), 0.10, Double.NaN, List.of());
                int s = g.count(RegressionGate.Verdict.SLOWER);
                fileAlarms += s;
                fileRows += g.rows().size();
                fileFailed += s > 0 ? 1 : 0;
                if (calibrates) {
                    double sigma = NoiseCalibration.measure(split(usable, rnd)).forkNoise();
                    RegressionGate c = RegressionGate.compare(ESTIMATES, halves.get(0), halves.get(1), 0.10, sigma, List.of());
                    int cs = c.count(RegressionGate.Verdict.SLOWER);
                    fileCalAlarms += cs;
                    fileCalRows += c.rows().size();
                    fileCalFailed += cs > 0 ? 1 : 0;
                }
            }
            calAlarms += fileCalAlarms;
            calCompared += fileCalRows;
            calFailed += fileCalFailed;
            alarms += fileAlarms;
            compared += fileRows;
            pairsFailed += fileFailed;
            pairs += reps;
            String forks = usable.stream().mapToInt(Result::forks).min().getAsInt() + "–"
                    + usable.stream().mapToInt(Result::forks).max().getAsInt();
            String cal = calibrates ? String.format(Locale.ROOT, "%d / %d | %.2f%% | %d of %d", fileCalAlarms, fileCalRows,
                    100.0 * fileCalAlarms / fileCalRows, fileCalFailed, reps) : "(under 5 benchmarks: no calibration) | |";
            System.out.printf(Locale.ROOT, "| %s | %d (%d) | %s | %d / %d | %.2f%% | %d of %d | %s |%n", Path.of(args[a]).getFileName(),
                    usable.size(), all.size() - usable.size(), forks, fileAlarms, fileRows, 100.0 * fileAlarms / fileRows, fileFailed, reps,
                    cal);
        }
        System.out.printf(Locale.ROOT, "| all | | | %d / %d | %.2f%% | %d of %d | %d / %d | %.2f%% | %d of %d |%n", alarms, compared,
                100.0 * alarms / compared, pairsFailed, pairs, calAlarms, calCompared, 100.0 * calAlarms / calCompared, calFailed, pairs);
    }

    /** Whether a result's measurements make two halves of two or more each: forks, or one fork's iterations. */
    static boolean splits(Result r) {
        int n = r.samples().size();
        return n >= 4 && n % r.forks() == 0;
    }

    /** Two disjoint halves of each result, at random: its forks where it has two or more, else its iterations. */
    static List<List<Result>> split(List<Result> run, Random rnd) {
        List<Result> a = new ArrayList<>(run.size());
        List<Result> b = new ArrayList<>(run.size());
        for (Result r : run) {
            int forks = r.forks();
            int per = r.samples().size() / forks;
            List<List<Double>> units = new ArrayList<>(); // forks, or (one fork) single iterations
            if (forks >= 2) {
                for (int f = 0; f < forks; f++) {
                    units.add(r.samples().subList(f * per, (f + 1) * per));
                }
            } else {
                r.samples().forEach(x -> units.add(List.of(x)));
            }
            java.util.Collections.shuffle(units, rnd);
            int half = units.size() / 2;
            a.add(of(r, units.subList(0, half), forks >= 2 ? half : 1));
            b.add(of(r, units.subList(half, units.size()), forks >= 2 ? units.size() - half : 1));
        }
        return List.of(a, b);
    }

    private static Result of(Result r, List<List<Double>> units, int forks) {
        List<Double> samples = new ArrayList<>();
        units.forEach(samples::addAll);
        double mean = samples.stream().mapToDouble(d -> d).average().orElseThrow();
        return new Result(r.className(), r.method(), r.mode(), r.threads(), r.params(), mean, r.error(), r.unit(), r.secondary(),
                r.jdkVersion(), r.vmName(), r.vmVersion(), samples, forks);
    }
}
