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

    @Option(names = "--forks", paramLabel = "N",
            description = "JVM forks per benchmark (quick: 1, full: 2). More forks narrow the intervals most: "
                    + "fork-to-fork noise dominates them.")
    Integer forks;

    @Option(names = "--warmups", paramLabel = "N", description = "Warm-up iterations per fork (quick: 2, full: 3).")
    Integer warmups;

    @Option(names = "--iterations", paramLabel = "N", description = "Measured iterations per fork (quick: 4, full: 5).")
    Integer iterations;

    @Option(names = "--time", paramLabel = "TIME",
            description = "Length of each iteration, warm-up and measured, as 500ms or 2s (quick: 200ms warm-up "
                    + "and 125ms measured, full: 1s).")
    String time;

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
            throw new UsageError(e.getMessage());
        }
        if (list) {
            for (Suite s : Suites.all()) {
                out.printf("%-16s %-6s %s%n", s.name(), s.pkg(), s.benchmark().getName());
            }
            return 0;
        }
        if (!profiler.equals("gc") && !profiler.equals("none")) {
            throw new UsageError("--prof must be gc or none, not '" + profiler + "'");
        }

        tuned(RunSettings.quick(dataDir)); // a bad --forks, --iterations or --time fails before any work
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
        settings = tuned(settings);
        String modeName = full ? "full" : "quick";
        EnvironmentProbe.write(runDir.resolve(Environment.FILE), EnvironmentProbe.probe(dataDir, modeName,
                "fastio bench --" + modeName + (suites.isEmpty() ? "" : " --suite " + String.join(",", suites))
                        + (forks == null ? "" : " --forks " + forks) + (warmups == null ? "" : " --warmups " + warmups)
                        + (iterations == null ? "" : " --iterations " + iterations) + (time == null ? "" : " --time " + time)));

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
    /** The settings with --forks, --warmups, --iterations and --time applied. */
    private RunSettings tuned(RunSettings s) {
        if (forks != null) {
            if (forks < 0) {
                throw new UsageError("--forks must be 0 or more, not " + forks + " (0 runs in this JVM: for tests only)");
            }
            s = s.withForks(forks);
        }
        int w = warmups != null ? warmups : s.warmupIterations();
        int n = iterations != null ? iterations : s.iterations();
        if (w < 0 || n < 1) {
            throw new UsageError("--warmups must be 0 or more and --iterations 1 or more, not " + w + " and " + n);
        }
        int ms = time == null ? -1 : millis(time);
        return s.withIterations(w, ms < 0 ? s.warmupMillis() : ms, n, ms < 0 ? s.iterationMillis() : ms);
    }

    /** "500ms", "2s", "1.5s" → milliseconds. */
    static int millis(String time) {
        String t = time.strip().toLowerCase(java.util.Locale.ROOT);
        try {
            double v;
            if (t.endsWith("ms")) {
                v = Double.parseDouble(t.substring(0, t.length() - 2));
            } else if (t.endsWith("s")) {
                v = Double.parseDouble(t.substring(0, t.length() - 1)) * 1000;
            } else {
                throw new NumberFormatException();
            }
            if (!(v >= 1 && v <= 600_000)) {
                throw new NumberFormatException();
            }
            return (int) Math.round(v);
        } catch (NumberFormatException e) {
            throw new UsageError("--time must be a length such as 500ms or 2s, from 1ms to 600s, not '" + time + "'");
        }
    }

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
