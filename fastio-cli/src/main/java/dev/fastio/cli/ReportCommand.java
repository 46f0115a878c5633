package dev.fastio.cli;

import dev.fastio.report.HtmlReport;
import dev.fastio.report.ReportException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write the HTML report for a JMH JSON result file, or compare two.",
                "Any JMH JSON file will do (fastio bench's, or plain JMH's -rf json). Given two, the page compares them",
                "method by method (two JDKs, before and after a change), with each ratio's 99%% interval."})
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RESULTS.json", description = "JMH result file (A, when comparing).")
    Path results;

    @Parameters(index = "1", arity = "0..1", paramLabel = "OTHER.json", description = "A second result file (B) to compare with the first.")
    Path other;

    @Option(names = {"-o", "--output"}, paramLabel = "REPORT.html",
            description = "Where to write the report (default: report.html beside the results).")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws ReportException {
        if (other != null) {
            Path out = output != null ? output : Path.of("comparison.html").toAbsolutePath();
            HtmlReport.writeComparison(results, other, out);
            spec.commandLine().getOut().println(out.toAbsolutePath());
            return 0;
        }
        Path out = output != null ? output : results.toAbsolutePath().resolveSibling("report.html");
        HtmlReport.write(results, out);
        spec.commandLine().getOut().println(out.toAbsolutePath());
        return 0;
    }
}
