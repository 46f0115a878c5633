import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.ForkLog;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.claims.Verdict;
import dev.fastio.report.claims.Verdicts;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The claims' tally of one or more `fastio bench` results files, each judged as the report judges
 * it (its forks.json: looks and the run's finest line), and every claim decided one way in the
 * first file and the other way in a later one. A file without forks.json (a run before the
 * planner) is judged at one look; give --finest 1.25 to judge it as a quick run is judged now.
 * Run from the repository root after building the jar:
 *
 *   java -cp fastio-cli/target/fastio.jar docs/measure/RunVerdicts.java [--finest 1.25] A/results.json B/results.json ...
 */
public class RunVerdicts {
    /** The intervals' context, with the fork noise of -Dfastio.report.forkNoise read once, as the report command reads it. */
    static final EstimateContext ESTIMATES = EstimateContext.forkNoise(System.getProperty(EstimateContext.FORK_NOISE_PROPERTY));

    public static void main(String[] args) throws Exception {
        double finest = Double.NaN;
        Map<String, Verdict.Status> first = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--finest")) {
                finest = Double.parseDouble(args[++i]);
                continue;
            }
            Path file = Path.of(args[i]);
            ForkLog log = ForkLog.beside(file);
            if (!Double.isNaN(finest) && log.finest() == 1) {
                log = new ForkLog(log.looks(), finest, log.forks());
            }
            List<Verdicts.Judged> judged = Verdicts.judge(ESTIMATES, JmhResults.read(file), log);
            System.out.println(file + ": " + Verdicts.Tally.of(judged).text());
            Map<String, Verdict.Status> now = new LinkedHashMap<>();
            judged.forEach(j -> now.put(j.results().experiment().title() + " | " + j.claim().text(), j.verdict().status()));
            if (first == null) {
                first = now;
                continue;
            }
            int both = 0;
            int differ = 0;
            for (Map.Entry<String, Verdict.Status> e : now.entrySet()) {
                Verdict.Status was = first.get(e.getKey());
                if (decided(was) && decided(e.getValue())) {
                    both++;
                    if (was != e.getValue()) {
                        differ++;
                        System.out.println("  differs: " + was + " / " + e.getValue() + ": " + e.getKey());
                    }
                }
            }
            System.out.println("  against the first: " + both + " claims decided in both, " + differ + " decided differently");
        }
    }

    private static boolean decided(Verdict.Status s) {
        return s == Verdict.Status.HOLDS || s == Verdict.Status.DOES_NOT_HOLD || s == Verdict.Status.PARTLY;
    }
}
