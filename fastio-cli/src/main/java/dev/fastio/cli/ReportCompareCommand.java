package dev.fastio.cli;

import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.gate.GateSummary;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.stats.NoiseCalibration;
import dev.fastio.report.gate.RegressionGate;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.jmh.RunEnvironment;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code fastio report compare OLD.json NEW.json}: the JMH regression gate for CI. Exit status
 * 0 when no benchmark is settled slower than the threshold, 1 when one is, 2 on bad input or
 * usage (a file that is not JMH's JSON, a threshold that is not a percentage): a broken gate is
 * never taken for a pass or for a regression.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Gate a change on its JMH results: fail when a benchmark is settled slower than the baseline by more than --fail-on.",
                "Prints a Markdown summary (regressions first) to standard output, for $GITHUB_STEP_SUMMARY or a pull request comment.",
                "Exit status: 0 none slower; 1 one or more settled slower, or one of OLD's missing from NEW (see --allow-missing);",
                "2 the gate could not judge (bad input or usage).",
                "A benchmark is slower when the 99%% interval of NEW's time over OLD's lies above 1 and its estimate above",
                "1 + the threshold; throughput is turned into time first. Give --noise (fastio report calibrate) for this machine's",
                "fork-to-fork noise, and run 3 forks or more: one shifted fork is then outvoted."})
final class ReportCompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "OLD.json", description = "The baseline's JMH results (JSON, -rf json); - reads standard input.")
    Path old;

    @Parameters(index = "1", paramLabel = "NEW.json", description = "The change's JMH results; - reads standard input.")
    Path neu;

    @Option(names = "--fail-on", paramLabel = "PERCENT", defaultValue = "10%",
            description = "Fail on a benchmark settled slower by more than this (default: ${DEFAULT-VALUE}).")
    String failOn;

    @Option(names = "--noise", paramLabel = "NOISE.json",
            description = "This machine's fork-to-fork noise, from fastio report calibrate.")
    Path noise;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write every verdict as JSON to FILE (replaced).")
    Path json;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison page to FILE (replaced).")
    Path html;

    @Option(names = "--allow-missing",
            description = "Do not fail when a benchmark of OLD is missing from NEW (JMH leaves out one that failed; allow it when benchmarks were removed).")
    boolean allowMissing;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            double threshold = threshold(failOn);
            if (old.toString().equals("-") && neu.toString().equals("-")) {
                throw new IllegalArgumentException("only one of OLD and NEW can be standard input (-)");
            }
            old = FileTool.input(old); // - : standard input, read once
            neu = FileTool.input(neu);
            checkInputs();
            NoiseCalibration calibration = noise == null ? null : NoiseCalibration.read(noise);
            List<List<Result>> both = JmhResults.readEach(List.of(old, neu)); // one heap budget: they are in memory together
            List<Result> a = both.get(0);
            List<Result> b = both.get(1);
            List<String> differences = RunEnvironment.differences(RunEnvironment.of(old, a), RunEnvironment.of(neu, b));
            EstimateContext estimates = ReportCommand.estimates();
            RegressionGate gate = RegressionGate.compare(estimates, a, b, threshold,
                    calibration == null ? Double.NaN : calibration.forkNoise(), differences);
            if (allowMissing) {
                gate.allowMissing();
            }
            // everything made before anything is written: a gate that fails writing says nothing it did not finish
            String markdown = GateSummary.markdown(gate, old.toString(), neu.toString(), noise == null ? null : noise.toString());
            String jsonText = json == null ? null : GateSummary.json(gate, old.toString(), neu.toString());
            String page = html == null ? null : HtmlReport.renderComparison(estimates, a, old.toString(), b, neu.toString());
            Path[] inputs = noise == null ? new Path[] {old, neu} : new Path[] {old, neu, noise};
            if (jsonText != null) {
                HtmlReport.writeText(json, true, jsonText, inputs);
            }
            if (page != null) {
                try {
                    HtmlReport.writeText(html, true, page, inputs);
                } catch (ReportException e) { // each output is whole or untouched; say which one is new
                    throw new ReportException(e.getMessage() + (json == null ? "" : " (--json " + json + " was written)"), e);
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            out.print(markdown);
            out.flush();
            if (out.checkError()) {
                err.println("fastio: cannot write the summary to standard output (exit status 2: the gate could not report)");
                return 2;
            }
            return gate.exitStatus();
        } catch (ReportException | IllegalArgumentException | java.io.IOException e) {
            err.println("fastio: " + Quoted.of(e.getMessage()) + " (exit status 2: the gate could not judge)");
            return 2;
        } catch (RuntimeException e) { // never exit 1, which means a regression: whatever broke, the gate did not judge
            err.println("fastio: " + Quoted.of(e.toString()) + " (exit status 2: the gate could not judge)");
            return 2;
        } catch (OutOfMemoryError e) {
            err.println("fastio: the runs are too large for this JVM's heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB); give Java more heap, e.g. JAVA_TOOL_OPTIONS=-Xmx4g (exit status 2: the gate could not judge)");
            return 2;
        }
    }

    /**
     * OLD and NEW two different files; the outputs none of the inputs, not each other, and, where
     * they exist, regular files (a link to a device such as {@code /dev/stdout} would be replaced
     * by the atomic write, not written through: standard output is where the summary goes).
     */
    private void checkInputs() throws java.io.IOException {
        if (java.nio.file.Files.exists(old) && java.nio.file.Files.exists(neu) && java.nio.file.Files.isSameFile(old, neu)) {
            throw new IllegalArgumentException("OLD and NEW are the same file: comparing a run with itself judges nothing");
        }
        if (noise != null && java.nio.file.Files.exists(noise) && !java.nio.file.Files.isRegularFile(noise)) {
            throw new IllegalArgumentException(noise + " is not a regular file: --noise takes the file fastio report calibrate wrote");
        }
        if (json != null && html != null && FileTool.sameTarget(json, html)) {
            throw new IllegalArgumentException("--json and --html name the same file");
        }
        for (Path out : new Path[] {json, html}) {
            if (out != null && noise != null && FileTool.sameTarget(out, noise)) {
                throw new IllegalArgumentException(out + " is the --noise file, an input: name another output");
            }
        }
        for (Path out : new Path[] {json, html}) {
            checkOutput(out);
        }
    }

    /** An output that exists, through any links, must be a regular file: fastio writes regular files only. */
    static void checkOutput(Path out) {
        if (out == null) {
            return;
        }
        try { // an atomic write would replace the system's link (/dev/stdout), not write through it
            FileTool.refuseSystemFolder(out);
        } catch (java.nio.file.FileSystemException e) {
            throw new IllegalArgumentException(out + " " + e.getReason());
        }
        if (java.nio.file.Files.exists(out) && !java.nio.file.Files.isRegularFile(out)) {
            throw new IllegalArgumentException(out + " exists and is not a regular file (a device, FIFO, folder or a link to one);"
                    + " fastio writes regular files only");
        }
    }

    /** "10%", "2.5%" or a fraction below 1 ("0.1"). */
    static double threshold(String text) {
        String t = text.trim();
        if (!t.matches("[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?\\s*%?")) { // no hex floats (0x10p0), no NaN, no signs
            throw new IllegalArgumentException("--fail-on " + text + " is not a percentage (10%) or a fraction (0.1)");
        }
        double v;
        try {
            v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).trim()) / 100 : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--fail-on " + text + " is not a percentage (10%) or a fraction (0.1)");
        }
        if (!t.endsWith("%") && v >= 1) {
            throw new IllegalArgumentException("--fail-on " + text + " is ambiguous: write " + String.format(Locale.ROOT, "%s%%", t)
                    + " for a percentage, or a fraction below 1");
        }
        if (!(v > 0) || !Double.isFinite(v) || v > 100) {
            throw new IllegalArgumentException("--fail-on " + text + " must be above 0% and at most 10000%");
        }
        return v;
    }
}
