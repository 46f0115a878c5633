package dev.fastio.cli;

import dev.fastio.bench.data.Scale;
import dev.fastio.bench.run.RunSettings;
import dev.fastio.bench.run.Suite;
import dev.fastio.bench.run.SuiteRunner;
import dev.fastio.bench.run.Suites;
import dev.fastio.report.Environment;
import dev.fastio.report.HtmlReport;
import dev.fastio.report.ReportException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Run the JMH suites and write the report.",
                "Generates the data set if needed, runs the suites (forked, with progress), and writes results.json "
                        + "(JMH's standard JSON) and report.html into fastio-results/<timestamp>/."})
final class BenchCommand implements Callable<Integer> {
    static final class Mode {
        @Option(names = "--quick", description = "1 fork, short iterations, quick-scale data (the default).")
        boolean quick;

        @Option(names = "--full", description = "2 forks, 1 s iterations, the articles' file sizes.")
        boolean full;
    }

    @ArgGroup(exclusive = true)
    Mode mode;

    @Option(names = "--suite", paramLabel = "NAME", split = ",",
            description = "Run only these suites or packages (repeatable; see --list).")
    List<String> suites = new ArrayList<>();

    @Option(names = "--list", description = "List the suites and exit.")
    boolean list;

    @Option(names = "--dir", defaultValue = "fastio-data", description = "Data folder (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--no-gen", description = "Use the data folder as it is; do not generate missing files.")
    boolean noGen;

    @Option(names = "--results", defaultValue = "fastio-results",
            description = "Folder for the timestamped result folders (default: ${DEFAULT-VALUE}).")
    Path resultsRoot;

    @Option(names = "--prof", defaultValue = "gc", paramLabel = "gc|none",
            description = "JMH profiler: gc records allocation per operation (default: ${DEFAULT-VALUE}).")
    String profiler;

    @Option(names = "--forks", hidden = true, description = "Override the fork count (0 runs in-process; for tests).")
    Integer forks;

    @Option(names = "--iteration-ms", hidden = true,
            description = "One warm-up and one measured iteration of this many ms (smoke tests).")
    Integer iterationMillis;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, SuiteRunner.SuiteFailedException, ReportException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean full = mode != null && mode.full;
        List<Suite> picked;
        try {
            picked = Suites.select(suites);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if (list) {
            for (Suite s : Suites.all()) {
                out.printf("%-16s %-6s %s%n", s.name(), s.pkg(), s.benchmark().getName());
            }
            return 0;
        }
        if (!profiler.equals("gc") && !profiler.equals("none")) {
            throw new UserError("--prof must be gc or none, not '" + profiler + "'");
        }

        checkResultsRoot();
        Scale scale = full ? Scale.FULL : Scale.QUICK;
        if (noGen) {
            if (!Files.isDirectory(dataDir)) {
                throw new UserError("data folder " + dataDir.toAbsolutePath() + " does not exist: run `fastio gen --dir "
                        + dataDir + (full ? " --scale full" : "") + "` or drop --no-gen");
            }
        } else {
            GenCommand.generate(dataDir, scale, false, err);
        }

        // created only now: a run that fails before it starts leaves no empty result folder behind
        Path runDir = createRunDir();
        RunSettings settings = (full ? RunSettings.full(dataDir) : RunSettings.quick(dataDir))
                .withGcProfiler(profiler.equals("gc"));
        if (forks != null) {
            settings = settings.withForks(forks);
        }
        if (iterationMillis != null) {
            settings = settings.withIterations(1, iterationMillis, 1, iterationMillis);
        }
        String modeName = full ? "full" : "quick";
        EnvironmentProbe.write(runDir.resolve(Environment.FILE), EnvironmentProbe.probe(dataDir, modeName,
                "fastio bench --" + modeName + (suites.isEmpty() ? "" : " --suite " + String.join(",", suites))));

        Path results = runDir.resolve("results.json");
        Path log = runDir.resolve("jmh.log");
        err.println("running " + picked.size() + " suites (" + modeName + "); JMH output: " + log);
        Progress[] progress = new Progress[1];
        int[] index = {0};
        int[] total = {0};
        try {
            SuiteRunner.run(picked, settings, results, log, new SuiteRunner.Listener() {
                @Override
                public void start(long totalIterations, int totalBenchmarks) {
                    total[0] = totalBenchmarks;
                    progress[0] = Progress.create("bench", totalIterations, "", err);
                }

                @Override
                public void benchmark(String label) {
                    progress[0].message("[" + ++index[0] + "/" + total[0] + "] " + label);
                }

                @Override
                public void iterationDone() {
                    progress[0].step(1);
                }
            });
        } finally {
            if (progress[0] != null) {
                progress[0].close();
            }
        }
        Path report = runDir.resolve("report.html");
        HtmlReport.write(results, report);
        out.println("results: " + results.toAbsolutePath());
        out.println("report:  " + report.toAbsolutePath());
        return 0;
    }

    /** Fails early, before data generation, if results cannot be written. */
    private void checkResultsRoot() {
        try {
            Files.createDirectories(resultsRoot);
        } catch (IOException e) {
            throw new UserError("cannot create results folder " + resultsRoot.toAbsolutePath() + ": " + Main.describe(e), e);
        }
        if (!Files.isWritable(resultsRoot)) {
            throw new UserError("results folder " + resultsRoot.toAbsolutePath() + " is not writable");
        }
    }

    private Path createRunDir() {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path dir = resultsRoot.resolve(stamp);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserError("cannot create results folder " + dir.toAbsolutePath() + ": " + Main.describe(e), e);
        }
        if (!Files.isWritable(dir)) {
            throw new UserError("results folder " + dir.toAbsolutePath() + " is not writable");
        }
        return dir;
    }
}
