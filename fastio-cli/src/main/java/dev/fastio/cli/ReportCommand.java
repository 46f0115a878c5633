package dev.fastio.cli;

import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.jmh.ReportException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "report", mixinStandardHelpOptions = true,
        subcommands = {ReportCompareCommand.class, ReportCalibrateCommand.class, ReportHistoryCommand.class},
        description = {"Write the HTML report for a JMH JSON result file, or compare two.",
                "fastio report compare OLD.json NEW.json gates a change in CI (exit 1 on a regression); fastio report calibrate",
                "measures this machine's noise for it; fastio report history RUN... (or fastio report FOLDER) draws each benchmark",
                "across many runs.",
                "Any JMH JSON file will do (fastio bench's, or plain JMH's -rf json). Given two, the page compares them",
                "method by method (two JDKs, before and after a change), with each ratio's 99%% interval.",
                "An existing report is replaced only with --force; a results file never is, by any name."})
final class ReportCommand implements Callable<Integer> {
    // optional to picocli, so that it does not ask for it before a subcommand (compare, calibrate); required by call()
    @Parameters(index = "0", arity = "0..1", paramLabel = "RESULTS.json", description = "JMH result file (A, when comparing); - reads standard input; a folder of runs: their history.")
    Path results;

    @Parameters(index = "1", arity = "0..1", paramLabel = "OTHER.json", description = "A second result file (B) to compare with the first.")
    Path other;

    @Option(names = {"-o", "--output"}, paramLabel = "REPORT.html",
            description = "Where to write the report (default: report.html beside the results; comparison.html here when comparing).")
    Path output;

    @Option(names = {"-f", "--force"}, description = "Replace an existing report file (never one of the results files).")
    boolean force;

    @Spec
    CommandSpec spec;

    /**
     * The context of every interval a command makes: judged once, with the fork noise of
     * {@code -Dfastio.report.forkNoise} (the measured 12% where it is not set), read here, once a
     * command, and given down to the report.
     */
    static EstimateContext estimates() {
        return EstimateContext.forkNoise(System.getProperty(EstimateContext.FORK_NOISE_PROPERTY));
    }

    @Override
    public Integer call() throws ReportException, IOException {
        if (results == null) {
            throw new UsageError("missing RESULTS.json (or a subcommand: compare, calibrate, history)");
        }
        if (other == null && java.nio.file.Files.isDirectory(results)) { // a folder of runs: their history
            return ReportHistoryCommand.write(spec, List.of(results), output, force, null, "10%", null);
        }
        if (output == null && other == null && results.toString().equals("-")) {
            throw new UsageError("reading the results from standard input (-), name the report with -o");
        }
        results = FileTool.input(results); // - : standard input, read once, as a stream
        other = other == null ? null : FileTool.input(other);
        if (other != null && results.equals(FileTool.STDIN) && other.equals(FileTool.STDIN)) {
            throw new UsageError("only one of the two results files can be standard input (-)");
        }
        Path out = output != null ? output
                : other != null ? Path.of("comparison.html").toAbsolutePath() : results.toAbsolutePath().resolveSibling("report.html");
        List<Path> inputs = other == null ? List.of(results) : List.of(results, other);
        // before anything is read, as copy and gunzip do: the output is never an input, and replaced only with --force
        FileTool.checkOutput(inputs, out, force, "--force",
                "the report would replace its results file; it never does, even with --force (name another output with -o); nothing was written");
        if (other != null) {
            HtmlReport.writeComparison(estimates(), results, other, out, force);
        } else {
            HtmlReport.write(estimates(), results, out, force);
            dev.fastio.report.stats.ForkLog.Read forks = dev.fastio.report.stats.ForkLog.read(results);
            if (forks.ignored()) { // the page says so too; a narrower page than the run's must not pass unseen
                spec.commandLine().getErr().println("fastio: " + Quoted.of(dev.fastio.report.stats.ForkLog.fileOf(results).toString())
                        + " " + forks.status());
            }
        }
        spec.commandLine().getOut().println(Quoted.of(out.toAbsolutePath().toString()));
        return 0;
    }
}
