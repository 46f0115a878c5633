package dev.fastio.cli;

import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.stats.NoiseCalibration;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.gate.RunHistory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code fastio report history RUN.json… | FOLDER}: each benchmark's score across the runs, as a
 * line with its intervals, the history a CI keeps. {@code fastio report FOLDER} is the same.
 */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Write a page of each benchmark's score across several JMH runs.",
                "Each benchmark is a line with its 99%% intervals, a chart per class, each settled step from the run before",
                "marked by the rule of fastio report compare.",
                "Give the runs in order, or one folder: its .json files holding JMH results, and each results.json one folder",
                "down (fastio bench's fastio-results/), in the order of their names (numbers as numbers: run-9 before run-10).",
                "An existing page is replaced only with --force; a results file never is."})
final class ReportHistoryCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "RUN", description = "JMH result files in order (two or more), or one folder of them.")
    List<Path> runs;

    @Option(names = {"-o", "--output"}, paramLabel = "HISTORY.html", description = "Where to write the page (default: history.html here).")
    Path output;

    @Option(names = {"-f", "--force"}, description = "Replace an existing page (never one of the runs).")
    boolean force;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the history as JSON to FILE (replaced).")
    Path json;

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "10%",
            description = "Mark a step settled slower or faster by more than this (default: ${DEFAULT-VALUE}).")
    String threshold;

    @Option(names = "--noise", paramLabel = "NOISE.json", description = "This machine's fork-to-fork noise, from fastio report calibrate.")
    Path noise;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws ReportException, IOException {
        return write(spec, runs, output, force, json, threshold, noise);
    }

    /** The history of {@code inputs} (files in order, or one folder), as {@code fastio report history} and {@code fastio report FOLDER} write it. */
    static int write(CommandSpec spec, List<Path> inputs, Path output, boolean force, Path json, String threshold, Path noise)
            throws ReportException, IOException {
        double step;
        try {
            step = ReportCompareCommand.threshold(threshold);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage().replace("--fail-on", "--threshold"));
        }
        List<String> skipped = new ArrayList<>();
        List<Path> files;
        if (inputs.size() == 1 && Files.isDirectory(inputs.get(0))) {
            files = RunHistory.runsIn(inputs.get(0), skipped);
        } else {
            for (Path p : inputs) {
                if (Files.isDirectory(p)) {
                    throw new UsageError(p + " is a folder: give one folder of runs, or the runs' files, not both");
                }
                if (p.toString().equals("-")) {
                    throw new UsageError("a history reads files by name: standard input (-) is not one of its runs");
                }
            }
            files = inputs;
        }
        Path out = output != null ? output : Path.of("history.html").toAbsolutePath();
        List<Path> reads = new ArrayList<>(files);
        if (noise != null) {
            reads.add(noise); // an input like the runs: no output may replace it
        }
        FileTool.checkOutput(reads, out, force, "--force",
                "the page would replace one of its inputs; it never does, even with --force (name another output with -o); nothing was written");
        if (json != null) {
            try {
                ReportCompareCommand.checkOutput(json); // the gate's rule for its --json: no system folder, a regular file
            } catch (IllegalArgumentException e) {
                throw new UsageError("--json " + e.getMessage());
            }
            if (FileTool.sameTarget(out, json)) {
                throw new UsageError("--json and the page (-o) name the same file");
            }
        }
        NoiseCalibration calibration = noise == null ? null : NoiseCalibration.read(noise);
        RunHistory history = RunHistory.read(ReportCommand.estimates(), files, step, calibration == null ? Double.NaN : calibration.forkNoise());
        for (String s : skipped) {
            spec.commandLine().getErr().println("fastio: left out, not a run: " + Quoted.of(s));
        }
        try {
            // the page first: where it cannot be written, neither is the JSON, and both old files stay as they were
            HtmlReport.writeHistory(history, reads, skipped, out, force);
            if (json != null) {
                try {
                    HtmlReport.writeHistoryJson(history, reads, json);
                } catch (ReportException e) {
                    throw new ReportException(e.getMessage() + " (the page " + out + " was written)", e);
                }
            }
        } catch (OutOfMemoryError e) { // the runs fit the heap budget, their page did not: say so, in one line
            throw new ReportException("the history of " + files.size() + " runs is too large to write in this JVM's heap ("
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MB): give Java more heap (JAVA_TOOL_OPTIONS=-Xmx4g) or fewer runs", e);
        }
        spec.commandLine().getOut().println(Quoted.of(out.toAbsolutePath().toString()));
        return 0;
    }
}
