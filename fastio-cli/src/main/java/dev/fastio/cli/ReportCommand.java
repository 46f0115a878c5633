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
        description = "Write the HTML report for a JMH JSON result file (from fastio bench or from plain JMH -rf json).")
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RESULTS.json", description = "JMH result file.")
    Path results;

    @Option(names = {"-o", "--output"}, paramLabel = "REPORT.html",
            description = "Where to write the report (default: report.html beside the results).")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws ReportException {
        Path out = output != null ? output : results.toAbsolutePath().resolveSibling("report.html");
        HtmlReport.write(results, out);
        spec.commandLine().getOut().println(out.toAbsolutePath());
        return 0;
    }
}
