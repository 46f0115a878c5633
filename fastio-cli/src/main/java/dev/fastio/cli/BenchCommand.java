package dev.fastio.cli;

import dev.fastio.bench.data.Scale;
import dev.fastio.bench.run.Planner;
import dev.fastio.bench.run.RunPlan;
import dev.fastio.bench.run.RunRecord;
import dev.fastio.bench.run.RunSettings;
import dev.fastio.bench.run.SuiteOptions;
import dev.fastio.bench.run.Suite;
import dev.fastio.bench.run.SuiteRunner;
import dev.fastio.bench.run.Suites;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.jmh.Environment;
import dev.fastio.report.stats.ForkLog;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.claims.Verdicts;
import dev.fastio.report.jmh.ReportException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Run the JMH suites and write the report.",
                "Generates the data set if needed, runs the suites (forked, with progress), spends the rest of the budget "
                        + "on the claims still open, and writes results.json (JMH's standard JSON), forks.json and "
                        + "report.html into fastio-results/<timestamp>/."})
final class BenchCommand implements Callable<Integer> {
    static final class Mode {
        @Option(names = "--quick", description = "Quick-scale data; every benchmark once (1 fork, short iterations), then more forks "
                + "of the ones behind open claims until the budget (13m) is spent (the default).")
        boolean quick;

        @Option(names = "--full", description = "The articles' file sizes; every benchmark once (1 fork, 3 x 1 s warm-up, "
                + "5 x 500 ms measured, each kept as it ends: --resume goes on from there), then more forks of the ones behind "
                + "open claims until the budget (2h) is spent. --list shows the plan.")
        boolean full;
    }

    @ArgGroup(exclusive = true)
    Mode mode;

    @Option(names = "--suite", paramLabel = "NAME", split = ",",
            description = "Run only these suites or packages (repeatable; see --list).")
    List<String> suites = new ArrayList<>();

    @Option(names = "--list", description = "List the suites and exit; with --full, the plan too: each suite's benchmarks and forks and the time they take.")
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
            description = "JVM forks per benchmark (quick: 1, full: 1). More forks narrow the intervals most: "
                    + "fork-to-fork noise dominates them.")
    Integer forks;

    @Option(names = "--warmups", paramLabel = "N", description = "Warm-up iterations per fork (quick: 2, full: 3).")
    Integer warmups;

    @Option(names = "--iterations", paramLabel = "N", description = "Measured iterations per fork (quick: 4, full: 5).")
    Integer iterations;

    @Option(names = "--time", paramLabel = "TIME",
            description = "Length of each iteration, warm-up and measured, as 500ms or 2s (quick: 200ms warm-up "
                    + "and 125ms measured, full: 1s warm-up and 500ms measured).")
    String time;

    @Option(names = "--budget", paramLabel = "TIME",
            description = "Time for the command from its start, data included (not ./fastio's jar build before it), as 13m, 90s or "
                    + "1.5h, up to 168h (quick: 13m, full: 2h). Every "
                    + "benchmark runs once; what time is left goes, in rounds, to more forks of the benchmarks behind claims "
                    + "still open, cheapest to decide first. 0 runs each benchmark once and plans nothing.")
    String budget;

    /** The quick run's time, data generation included: with the jar build, about 15 minutes from a fresh clone. */
    static final long QUICK_BUDGET_SECONDS = 13 * 60;

    /**
     * The full run's: its first pass is some 600 benchmarks of one warm fork each (about 80
     * minutes on 2 cores, {@link RunPlan}), and the rest goes to the rounds.
     */
    static final long FULL_BUDGET_SECONDS = 2 * 3600;

    @Spec
    CommandSpec spec;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Go on with the run in DIR (a folder under fastio-results) where it stopped: its benchmarks not yet "
                    + "run, then its rounds, in what is left of its budget, with its own settings and data. The JDK, machine and "
                    + "benchmark jar must be the ones it began on.")
    Path resume;

    /** The context of the run's intervals (the planner's and the report's), from {@link ReportCommand#estimates}: read once. */
    private EstimateContext estimates;

    @Override
    public Integer call() throws IOException, SuiteRunner.SuiteFailedException, ReportException {
        long started = System.nanoTime();
        estimates = ReportCommand.estimates();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (resume != null) {
            return resume(started, out, err);
        }
        boolean full = mode != null && mode.full;
        long budgetSeconds = budget == null ? (full ? FULL_BUDGET_SECONDS : QUICK_BUDGET_SECONDS) : seconds(budget);
        List<Suite> picked;
        try {
            picked = Suites.select(suites);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        if (!profiler.equals("gc") && !profiler.equals("none")) {
            throw new UsageError("--prof must be gc or none, not '" + profiler + "'");
        }
        RunSettings settings = tuned((full ? RunSettings.full(dataDir) : RunSettings.quick(dataDir)).withGcProfiler(profiler.equals("gc")));
        if (list) {
            for (Suite s : Suites.all()) {
                out.printf("%-20s %-6s %s%n", s.name(), s.pkg(), s.benchmark().getName());
            }
            if (full) {
                out.println();
                out.print(RunPlan.of(picked, settings, budgetSeconds).text());
            }
            return 0;
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
        String modeName = full ? "full" : "quick";
        String command = "fastio bench --" + modeName + (suites.isEmpty() ? "" : " --suite " + String.join(",", suites))
                + (forks == null ? "" : " --forks " + forks) + (warmups == null ? "" : " --warmups " + warmups)
                + (iterations == null ? "" : " --iterations " + iterations) + (time == null ? "" : " --time " + time)
                + (budget == null ? "" : " --budget " + budget);
        RunRecord record = RunRecord.start(modeName, command, suites, budgetSeconds, settings, Planner.looks(settings));
        record.generate = !noGen;
        if (full) {
            err.print(RunPlan.of(picked, settings, budgetSeconds).text());
        }
        return run(record, runDir, picked, started, false, out, err);
    }

    /** {@code --resume DIR}: the run in DIR goes on, in a new sitting, with its own settings. */
    private Integer resume(long started, PrintWriter out, PrintWriter err) throws IOException, SuiteRunner.SuiteFailedException,
            ReportException {
        List<String> given = new ArrayList<>();
        if (mode != null) {
            given.add(mode.full ? "--full" : "--quick");
        }
        if (!suites.isEmpty()) {
            given.add("--suite");
        }
        for (Object[] o : new Object[][] {{forks, "--forks"}, {warmups, "--warmups"}, {iterations, "--iterations"}, {time, "--time"},
                {budget, "--budget"}}) {
            if (o[0] != null) {
                given.add((String) o[1]);
            }
        }
        if (list || noGen || !dataDir.equals(Path.of("fastio-data")) || !resultsRoot.equals(Path.of("fastio-results"))
                || !profiler.equals("gc")) {
            given.add(list ? "--list" : noGen ? "--no-gen" : "--dir, --results or --prof");
        }
        if (!given.isEmpty()) {
            throw new UsageError("--resume goes on with the run's own settings, data and budget: drop " + String.join(", ", given));
        }
        RunRecord record;
        try {
            resume = RunRecord.trustedFolder(resume); // the real path, checked from the root down: used from here on
            record = RunRecord.read(resume);
        } catch (IOException e) {
            throw new UserError("cannot resume " + resume.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        // a finished run first: that is the answer whatever else differs (errors are one line: the CLI prints them so)
        if (record.sittings.stream().anyMatch(x -> x.finished)) {
            throw new UserError("cannot resume " + resume.toAbsolutePath() + ": that run finished (its report is "
                    + resume.resolve("report.html").toAbsolutePath() + ")");
        }
        List<String> differences = record.differences();
        if (!differences.isEmpty()) {
            throw new UserError("cannot resume " + resume.toAbsolutePath() + ": it began on another "
                    + String.join(" and ", differences.stream().map(d -> d.substring(0, d.indexOf(':'))).toList())
                    + ", and one run's figures must come from one; start a new run instead (" + String.join("; ", differences) + ")");
        }
        List<Suite> picked;
        try {
            picked = Suites.select(record.suites);
        } catch (IllegalArgumentException e) {
            throw new UserError("cannot resume " + resume.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        Path data;
        try {
            // the data folder too: data is written there, never into or through another user's folder
            data = RunRecord.trustedFolder(Path.of(record.dataDir));
        } catch (IOException | java.nio.file.InvalidPathException e) {
            throw new UserError("cannot resume " + resume + ": its data folder " + record.dataDir + ": " + e.getMessage(), e);
        }
        if (record.generate) {
            GenCommand.generate(data, record.mode.equals("full") ? Scale.FULL : Scale.QUICK, false, err);
        } else if (!Files.isDirectory(data)) {
            throw new UserError("cannot resume " + resume.toAbsolutePath() + ": its data folder " + data + " is gone (the run "
                    + "was started with --no-gen)");
        }
        int sitting = record.newSitting();
        err.printf("resuming %s (sitting %d; %s of its %s budget spent)%n", resume, sitting,
                Progress.minutesSeconds(Math.round(record.spentBefore())), Progress.minutesSeconds(record.budgetSeconds));
        return run(record, resume, picked, started, true, out, err);
    }

    /** The run itself, new or resumed: the first pass (what is left of it), the rounds, the report. */
    private Integer run(RunRecord record, Path runDir, List<Suite> picked, long started, boolean resumed, PrintWriter out,
            PrintWriter err) throws IOException, SuiteRunner.SuiteFailedException, ReportException {
        RunSettings settings = record.settings();
        boolean full = record.mode.equals("full");
        Path dataFolder = Path.of(record.dataDir);
        long deadline = started + Math.round((record.budgetSeconds - record.spentBefore()) * 1e9);
        Map<String, String> environment = EnvironmentProbe.probe(dataFolder, record.mode, record.command);
        Path results = runDir.resolve("results.json");
        Path log = runDir.resolve("jmh.log");
        err.println((resumed ? "going on with " : "running ") + picked.size() + " suites (" + record.mode + "); JMH output: " + log);
        Progress[] progress = new Progress[1];
        int[] index = {0};
        int[] total = {0};
        int[] round = {0};
        SuiteRunner.Session[] running = new SuiteRunner.Session[1];
        // the record follows the run, so that whatever stops it, a resume knows where it was
        Runnable save = () -> {
            synchronized (record) {
                record.touch((System.nanoTime() - started) / 1e9);
                if (running[0] != null) {
                    record.current().forks = running[0].forksRun();
                }
                try {
                    record.write(runDir);
                } catch (IOException e) {
                    err.println("warning: cannot write " + runDir.resolve(RunRecord.FILE) + ": " + Main.describe(e));
                }
            }
        };
        save.run();
        EnvironmentProbe.write(runDir.resolve(Environment.FILE), withSittings(environment, record));
        Thread onStop = new Thread(save, "fastio-bench-record");
        Runtime.getRuntime().addShutdownHook(onStop);
        SuiteRunner.Listener listener = new SuiteRunner.Listener() {
            @Override
            public void start(long totalIterations, int totalBenchmarks) {
                if (progress[0] != null) {
                    progress[0].close();
                }
                total[0] = totalBenchmarks;
                index[0] = 0;
                progress[0] = Progress.create(round[0] == 0 ? "bench" : "round " + round[0], totalIterations, "", err);
            }

            @Override
            public void benchmark(String label) {
                progress[0].message("[" + ++index[0] + "/" + total[0] + "] " + label);
            }

            @Override
            public void iterationDone() {
                progress[0].step(1);
            }

            @Override
            public void saved() {
                if (round[0] == 0) {
                    record.current().firstPass++;
                }
                save.run();
            }
        };
        try (SuiteRunner.Session session = resumed ? SuiteRunner.Session.resume(settings, results, log, listener, record.sittings.size())
                : new SuiteRunner.Session(settings, results, log, listener)) {
            running[0] = session;
            if (full || resumed) {
                List<SuiteRunner.Target> targets = new ArrayList<>();
                picked.forEach(s -> targets.addAll(SuiteOptions.firstPassTargets(s, settings)));
                record.firstPassTotal = targets.size();
                if (record.roundsPlanned == 0) {
                    session.firstPass(targets, session.done());
                }
            } else {
                session.firstPass(picked);
                record.firstPassTotal = session.done().size();
            }
            if (record.budgetSeconds > 0) {
                Planner.plan(estimates, session, picked, results, deadline, record.looks, record.roundsPlanned + 1, new Planner.Progress() {
                    @Override
                    public void round(int r, int open, int forkCount, double seconds) {
                        round[0] = r;
                        if (progress[0] != null) {
                            progress[0].close();
                            progress[0] = null;
                        }
                        if (forkCount > 0) {
                            synchronized (record) {
                                record.roundsPlanned = r;
                                record.current().rounds.add(r);
                            }
                            save.run();
                            err.printf("round %d: %d open %s the time left could decide: %d more forks (about %.0f s)%n",
                                    r, open, open == 1 ? "claim" : "claims", forkCount, seconds);
                        } else {
                            err.println("no more rounds: no open claim that the time left could decide");
                        }
                    }

                    @Override
                    public void done(int rounds, String why) {
                        if (why.startsWith("a fork")) {
                            err.println(why);
                        }
                    }
                });
            }
            synchronized (record) {
                record.current().finished = true;
            }
        } finally {
            if (progress[0] != null) {
                progress[0].close();
            }
            save.run();
            try {
                Runtime.getRuntime().removeShutdownHook(onStop);
            } catch (IllegalStateException e) {
                // the JVM is already stopping: the hook saves the record once more
            }
        }
        EnvironmentProbe.write(runDir.resolve(Environment.FILE), withSittings(environment, record));
        Path report = runDir.resolve("report.html");
        HtmlReport.write(estimates, results, report);
        out.println("claims:  " + tally(estimates, results));
        out.println("results: " + results.toAbsolutePath());
        out.println("report:  " + report.toAbsolutePath());
        long took = (System.nanoTime() - started) / 1_000_000_000L;
        if (record.sittings.size() > 1) {
            out.println("sittings: " + record.sittingsText());
        }
        long spent = Math.round(record.spentBefore()) + took;
        out.println("time:    " + Progress.minutesSeconds(spent) + (record.budgetSeconds > 0
                ? " of a " + Progress.minutesSeconds(record.budgetSeconds) + " budget (data generation included; not the jar build before it)" : "")
                + (record.sittings.size() > 1 ? " in " + record.sittings.size() + " sittings" : ""));
        return 0;
    }

    /** The environment with the run's sittings, where it had more than one. */
    private static Map<String, String> withSittings(Map<String, String> environment, RunRecord record) {
        Map<String, String> env = new java.util.LinkedHashMap<>(environment);
        if (record.sittings.size() > 1) {
            env.put("sittings", record.sittingsText());
        }
        return env;
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

    /** The claims' tally, as the report's claim table heads it ({@link Verdicts.Tally#text}). */
    static String tally(EstimateContext estimates, Path results) throws ReportException {
        return Verdicts.Tally.of(Verdicts.judge(estimates, JmhResults.read(results), ForkLog.beside(results))).text();
    }

    private static final java.util.regex.Pattern BUDGET = java.util.regex.Pattern.compile("([0-9]{1,7}(?:\\.[0-9]{1,3})?)(s|m|h)");

    /** "13m", "90s", "1.5h", "0" → seconds: plain decimal digits and a unit; 1 s to 168 h, or 0 for no rounds. */
    static long seconds(String time) {
        String t = time.strip().toLowerCase(java.util.Locale.ROOT);
        if (t.equals("0")) {
            return 0;
        }
        java.util.regex.Matcher m = BUDGET.matcher(t);
        double v = !m.matches() ? Double.NaN
                : Double.parseDouble(m.group(1)) * switch (m.group(2)) {
                    case "s" -> 1;
                    case "m" -> 60;
                    default -> 3600;
                };
        if (!(v >= 1 && v <= 168 * 3600)) {
            throw new UsageError("--budget must be a time such as 13m, 90s or 1.5h, from 1s to 168h (or 0 for no rounds), not '"
                    + time + "'");
        }
        return Math.round(v);
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
