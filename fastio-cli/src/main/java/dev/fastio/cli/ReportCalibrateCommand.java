package dev.fastio.cli;

import dev.fastio.report.gate.GateSummary;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.stats.NoiseCalibration;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code fastio report calibrate RUN1.json RUN2.json …}: this machine's fork-to-fork noise, for the gate's {@code --noise}. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Measure this machine's fork-to-fork noise from two or more JMH runs of the same code, for compare's --noise.",
                "Run the main branch's suite twice on the CI machine and give both files.",
                "Writes a small JSON file (default noise.json here; replaced)."})
final class ReportCalibrateCommand implements Callable<Integer> {
    @Parameters(arity = "2..*", paramLabel = "RUN.json", description = "JMH results of the same code, run on this machine.")
    List<Path> runs;

    @Option(names = {"-o", "--output"}, paramLabel = "NOISE.json", description = "Where to write the calibration (default: noise.json).")
    Path output = Path.of("noise.json");

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try {
            ReportCompareCommand.checkOutput(output);
            for (int i = 0; i < runs.size(); i++) {
                for (int j = i + 1; j < runs.size(); j++) {
                    if (java.nio.file.Files.exists(runs.get(i)) && java.nio.file.Files.exists(runs.get(j))
                            && java.nio.file.Files.isSameFile(runs.get(i), runs.get(j))) {
                        throw new IllegalArgumentException(runs.get(i) + " is given twice: a run compared with itself measures no noise");
                    }
                }
            }
            List<List<Result>> results = JmhResults.readEach(runs); // one heap budget: they are in memory together
            List<String> names = new ArrayList<>();
            for (Path p : runs) {
                names.add(p.toString());
            }
            NoiseCalibration c = NoiseCalibration.measure(results);
            HtmlReport.writeText(output, true, c.toJson(names), runs.toArray(Path[]::new));
            spec.commandLine().getOut().println("fork-to-fork noise " + GateSummary.percent(c.forkNoise()) + " (from the "
                    + Math.round(c.quantile() * 100) + "th percentile; from the median "
                    + GateSummary.percent(c.medianForkNoise()) + ") from " + c.benchmarks() + " benchmark comparisons in " + c.pairs()
                    + " pair(s) of runs: " + Quoted.of(output.toAbsolutePath().toString()));
            return 0;
        } catch (ReportException | IllegalArgumentException | java.io.IOException e) {
            spec.commandLine().getErr().println("fastio: " + Quoted.of(String.valueOf(e.getMessage())));
            return 2;
        } catch (RuntimeException e) {
            spec.commandLine().getErr().println("fastio: " + Quoted.of(e.toString()));
            return 2;
        } catch (OutOfMemoryError e) {
            spec.commandLine().getErr().println("fastio: the runs are too large for this JVM's heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB); give Java more heap, e.g. JAVA_TOOL_OPTIONS=-Xmx4g");
            return 2;
        }
    }
}
