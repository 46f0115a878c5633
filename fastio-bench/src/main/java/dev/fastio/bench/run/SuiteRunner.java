package dev.fastio.bench.run;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import dev.fastio.copy.AtomicWrite;
import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.stats.ForkLog;
import java.util.LinkedHashMap;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs suites through JMH's Java API, forks included, one {@link Runner} per suite (so each
 * suite's quick-scale {@code @Param} overrides stay its own), and merges their JSON into one
 * standard JMH result file. JMH's own console output goes to a log file; progress goes to a
 * {@link Listener}.
 */
public final class SuiteRunner {
    /** Told of progress, iteration by iteration. */
    public interface Listener {
        void start(long totalIterations, int totalBenchmarks);

        void benchmark(String label);

        void iterationDone();

        /** The results and the fork log were written: a JMH run's forks are on disk. */
        default void saved() {}
    }

    /** A suite failed; the message names it and points at the log. */
    public static final class SuiteFailedException extends Exception {
        private static final long serialVersionUID = 1L;

        SuiteFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private SuiteRunner() {}

    /**
     * More forks of one benchmark at one set of parameters: what the planner of a run asks for
     * once the first pass has given every benchmark a first estimate.
     *
     * @param mode   JMH's short label ("avgt", "ss")
     * @param params every {@code @Param} of the result, at its value
     * @param forks   forks of this JMH run
     * @param warmups warm-up iterations, where not the run's (-1): a longer warm-up for a result
     *                whose forks were still warming ({@code dev.fastio.report.stats.Warmup})
     */
    public record Target(Suite suite, String method, String mode, Map<String, String> params, int forks, int warmups) {
        /** One fork: what a round of the planner asks for. */
        public Target(Suite suite, String method, String mode, Map<String, String> params) {
            this(suite, method, mode, params, 1, -1);
        }

        /** {@code forks} forks at the run's warm-up. */
        public Target(Suite suite, String method, String mode, Map<String, String> params, int forks) {
            this(suite, method, mode, params, forks, -1);
        }

        /** {@link BenchmarkKey#forkLog} of this target's result. */
        public String key() {
            return BenchmarkKey.forkLog(suite.benchmark().getName() + "." + method, mode, params);
        }
    }

    /**
     * One run of {@code fastio bench}: the first pass over its suites, then any number of extra
     * forks of chosen benchmarks, all merged per benchmark and parameters into one standard JMH
     * file (a result's forks in the order they ran) and a {@link ForkLog} beside it, both
     * rewritten after every JMH run so an interrupted run keeps what finished. A session
     * {@linkplain #resume resumed} in a later sitting starts from what those files hold.
     */
    public static final class Session implements AutoCloseable {
        private final RunSettings settings;
        private final Path resultsFile;
        private final Path forksFile;
        private final Path log;
        private final Listener listener;
        private final PrintStream logStream;
        private final ProgressFormat format;
        private final Map<String, RunResult> merged = new LinkedHashMap<>();
        private final Map<String, List<ForkLog.Fork>> forks = ForkLog.newForks();
        /** What earlier sittings of a resumed run measured, as JMH's JSON (empty for a new run). */
        private final Map<String, com.google.gson.JsonObject> earlier;
        private int round;

        public Session(RunSettings settings, Path resultsFile, Path log, Listener listener) throws IOException {
            this(settings, resultsFile, log, listener, false);
        }

        /**
         * A session that goes on from {@code resultsFile} and its fork log as an earlier sitting
         * left them: their results are kept, and a benchmark run again gets its forks added to them.
         */
        public static Session resume(RunSettings settings, Path resultsFile, Path log, Listener listener, int sitting)
                throws IOException {
            Session s = new Session(settings, resultsFile, log, listener, true);
            s.sitting = sitting;
            return s;
        }

        /** This sitting's number, from 1: written with each fork it runs. */
        private int sitting = 1;
        /** The looks the earlier sittings took (1 for a new run): a resumed first pass does not take them back. */
        private int looksBefore = 1;

        /** Forks this sitting ran. */
        public int forksRun() {
            int n = 0;
            for (List<ForkLog.Fork> f : forks.values()) {
                for (ForkLog.Fork x : f) {
                    n += x.sitting() == sitting ? 1 : 0;
                }
            }
            return n;
        }

        private Session(RunSettings settings, Path resultsFile, Path log, Listener listener, boolean resume) throws IOException {
            this.settings = settings;
            this.resultsFile = resultsFile;
            this.forksFile = ForkLog.fileOf(resultsFile);
            this.log = log;
            this.listener = listener;
            this.earlier = resume && Files.exists(resultsFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    ? ResultsJson.read(resultsFile) : new LinkedHashMap<>();
            if (resume) {
                ForkLog.Read had = ForkLog.read(resultsFile);
                if (had.ignored()) {
                    throw new IOException("the fork log beside " + resultsFile + " was " + had.status());
                }
                had.log().forks().forEach((k, v) -> v.forEach(f -> ForkLog.add(forks, k, f)));
                looksBefore = had.log().looks();
            }
            // written as the run goes, so not through AtomicWrite; never through a link someone put at its name
            this.logStream = new PrintStream(Files.newOutputStream(log, java.nio.file.StandardOpenOption.CREATE,
                    resume ? java.nio.file.StandardOpenOption.APPEND : java.nio.file.StandardOpenOption.TRUNCATE_EXISTING,
                    java.nio.file.StandardOpenOption.WRITE, java.nio.file.LinkOption.NOFOLLOW_LINKS), true, StandardCharsets.UTF_8);
            this.format = new ProgressFormat(OutputFormatFactory.createFormatInstance(logStream, VerboseMode.NORMAL), listener, this);
        }

        /** Every benchmark of {@code suites} at the run's settings: round 0. */
        public void firstPass(List<Suite> suites) throws IOException, SuiteFailedException {
            int benchmarks = 0;
            long iterations = 0;
            for (Suite s : suites) {
                int n = SuiteOptions.benchmarkCount(s, settings);
                benchmarks += n;
                iterations += n * SuiteOptions.iterationsPerBenchmark(s, settings);
            }
            listener.start(iterations, benchmarks);
            round = 0;
            for (Suite suite : suites) {
                runSuite(suite, List.of(SuiteOptions.options(suite, settings)));
            }
        }

        public RunSettings settings() {
            return settings;
        }

        /** The results measured so far, earlier sittings' included, by {@link BenchmarkKey#forkLog}. */
        public java.util.Set<String> done() {
            java.util.Set<String> out = new java.util.LinkedHashSet<>(earlier.keySet());
            merged.keySet().forEach(out::add);
            return out;
        }

        /**
         * The first pass as single targets, one JMH run each (a full run's: each benchmark's forks
         * are written as soon as it ends), leaving out those already {@link #done}.
         *
         * @return how many targets ran
         */
        public int firstPass(List<Target> targets, java.util.Set<String> skip) throws IOException, SuiteFailedException {
            List<Target> left = targets.stream().filter(t -> !skip.contains(t.key())).toList();
            more(left, 0);
            return left.size();
        }

        /**
         * One more fork of each target, in the order given (the planner interleaves the sides of a
         * comparison, so a drift of the machine hits both), as round {@code round}.
         */
        public void more(List<Target> targets, int round) throws IOException, SuiteFailedException {
            this.round = round;
            long iterations = 0;
            for (Target t : targets) {
                int warm = t.warmups() >= 0 ? t.warmups() : settings.warmupIterations();
                iterations += (long) Math.max(1, t.forks()) * (t.suite().cold() ? 1 : warm + settings.iterations());
            }
            listener.start(iterations, targets.size());
            // a suite's fixture (the shared HDFS) is started once for its targets in a row
            int i = 0;
            while (i < targets.size()) {
                Suite suite = targets.get(i).suite();
                List<ChainedOptionsBuilder> runs = new ArrayList<>();
                while (i < targets.size() && targets.get(i).suite() == suite) {
                    runs.add(targetOptions(targets.get(i)));
                    i++;
                }
                runSuite(suite, runs);
            }
        }

        private ChainedOptionsBuilder targetOptions(Target t) {
            // the suite's settings, but not its include, exclusions or quick-scale values: this one benchmark at its own
            ChainedOptionsBuilder b = SuiteOptions.common(t.suite(), settings)
                    .include("^" + Pattern.quote(t.suite().benchmark().getName() + "." + t.method()) + "$")
                    .mode(org.openjdk.jmh.annotations.Mode.deepValueOf(t.mode()))
                    .forks(settings.forks() == 0 ? 0 : t.forks());
            if (t.warmups() >= 0 && !t.suite().cold()) {
                b.warmupIterations(t.warmups());
            }
            t.params().forEach((k, v) -> b.param(k, v));
            return b;
        }

        private void runSuite(Suite suite, List<ChainedOptionsBuilder> runs) throws IOException, SuiteFailedException {
            try (SuiteFixture.Running fixture = suite.fixture() == null ? null : suite.fixture().start()) {
                for (ChainedOptionsBuilder o : runs) {
                    if (fixture != null) {
                        List<String> jvmArgs = new ArrayList<>(SuiteOptions.forkJvmArgs(settings));
                        jvmArgs.addAll(fixture.jvmArgs());
                        o.jvmArgs(jvmArgs.toArray(String[]::new));
                    }
                    Collection<RunResult> results = new Runner(o.build(), format).run();
                    for (RunResult r : results) {
                        merged.merge(key(r.getParams()), r, (x, y) -> {
                            List<BenchmarkResult> all = new ArrayList<>(x.getBenchmarkResults());
                            all.addAll(y.getBenchmarkResults());
                            return new RunResult(x.getParams(), all);
                        });
                    }
                    write(Math.max(looksBefore, round + 1));
                    listener.saved();
                }
            } catch (RunnerException e) {
                throw new SuiteFailedException("suite " + suite.name() + " failed: " + rootMessage(e)
                        + " (JMH's output: " + log + ")", e);
            }
        }

        /** The results and the fork log as they stand, {@code looks} being the rounds run so far. */
        private void write(int looks) throws IOException {
            java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
            try (PrintStream ps = new PrintStream(json, true, StandardCharsets.UTF_8)) {
                ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(merged.values());
            }
            // JMH writes the forks its options asked for (1 a run); a merged result has one rawData row per fork it ran
            JsonArray current = JsonParser.parseString(json.toString(StandardCharsets.UTF_8)).getAsJsonArray();
            Map<String, com.google.gson.JsonObject> now = new LinkedHashMap<>();
            for (com.google.gson.JsonElement e : current) {
                now.put(ResultsJson.key(e.getAsJsonObject()), e.getAsJsonObject());
            }
            // an earlier sitting's results first, in their order, with this sitting's forks of them added
            JsonArray all = new JsonArray();
            earlier.forEach((k, o) -> all.add(now.containsKey(k) ? ResultsJson.merge(o, now.remove(k)) : o));
            now.values().forEach(all::add);
            for (com.google.gson.JsonElement e : all) {
                com.google.gson.JsonObject o = e.getAsJsonObject();
                com.google.gson.JsonObject primary = o.getAsJsonObject("primaryMetric");
                if (primary != null && primary.has("rawData")) {
                    o.addProperty("forks", primary.getAsJsonArray("rawData").size());
                }
            }
            AtomicWrite.write(resultsFile, new com.google.gson.GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues()
                    .create().toJson(all).getBytes(StandardCharsets.UTF_8), false);
            AtomicWrite.write(forksFile, new ForkLog(looks, settings.finest(), forks).toJson().getBytes(StandardCharsets.UTF_8), false);
        }

        void forkDone(BenchmarkParams p, double seconds, double otherCpu) {
            ForkLog.add(forks, key(p), new ForkLog.Fork(round, seconds, otherCpu, sitting));
        }

        @Override
        public void close() {
            logStream.close();
        }
    }

    /** {@link BenchmarkKey#forkLog} of a JMH run's benchmark and parameters. */
    static String key(BenchmarkParams p) {
        Map<String, String> params = new java.util.TreeMap<>();
        for (String k : p.getParamsKeys()) {
            params.put(k, p.getParam(k));
        }
        return BenchmarkKey.forkLog(p.getBenchmark(), p.getMode().shortLabel(), params);
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        String m = c.getMessage();
        return m == null ? c.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }

    static final OutputFormat SILENT = OutputFormatFactory.createFormatInstance(
            new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT);

    /** JMH's text output to the log, plus progress events. */
    private static final class ProgressFormat implements OutputFormat {
        private final OutputFormat inner;
        private final Listener listener;
        private final Session session;
        /** The benchmark running: its start, and each of its forks' busy-elsewhere figure so far. */
        private long benchmarkStart;
        private final List<Double> forkLoads = new ArrayList<>();
        private double busyCoreNanos;
        private double measuredNanos;
        private ForkMeter.Reading iterationStart;

        ProgressFormat(OutputFormat inner, Listener listener, Session session) {
            this.inner = inner;
            this.listener = listener;
            this.session = session;
        }

        @Override
        public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
            inner.iteration(benchParams, params, iteration);
            boolean firstOfFork = iteration == 1 && (benchParams.getWarmup().getCount() > 0
                    ? params.getType() == org.openjdk.jmh.runner.IterationType.WARMUP
                    : params.getType() == org.openjdk.jmh.runner.IterationType.MEASUREMENT);
            if (firstOfFork) {
                closeFork();
                forkOpen = true;
            }
            iterationStart = params.getType() == org.openjdk.jmh.runner.IterationType.MEASUREMENT ? ForkMeter.read() : null;
        }

        @Override
        public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
            inner.iterationResult(benchParams, params, iteration, data);
            if (iterationStart != null) {
                ForkMeter.Reading end = ForkMeter.read();
                double cores = ForkMeter.otherCores(iterationStart, end);
                if (!Double.isNaN(cores)) {
                    double nanos = end.nanos() - iterationStart.nanos();
                    busyCoreNanos += cores * nanos;
                    measuredNanos += nanos;
                }
                iterationStart = null;
            }
            listener.iterationDone();
        }

        /** The fork that ran since the last one closed: its busy-elsewhere figure, NaN where none was read. */
        private void closeFork() {
            if (forkOpen) {
                forkLoads.add(measuredNanos > 0 ? busyCoreNanos / measuredNanos : Double.NaN);
            }
            forkOpen = false;
            busyCoreNanos = 0;
            measuredNanos = 0;
        }

        private boolean forkOpen;

        @Override
        public void startBenchmark(BenchmarkParams benchParams) {
            benchmarkStart = System.nanoTime();
            forkLoads.clear();
            forkOpen = false;
            busyCoreNanos = 0;
            measuredNanos = 0;
            inner.startBenchmark(benchParams);
            String name = benchParams.getBenchmark();
            String shortName = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1)
                    .replace("Benchmark.", ".");
            StringBuilder label = new StringBuilder(shortName);
            for (String k : benchParams.getParamsKeys()) {
                label.append(' ').append(k).append('=').append(benchParams.getParam(k));
            }
            listener.benchmark(label.toString());
        }

        @Override
        public void endBenchmark(BenchmarkResult result) {
            inner.endBenchmark(result);
            closeFork();
            if (result != null && !forkLoads.isEmpty()) {
                double seconds = (System.nanoTime() - benchmarkStart) / 1e9 / forkLoads.size();
                for (double load : forkLoads) {
                    session.forkDone(result.getParams(), seconds, load);
                }
            }
        }

        @Override
        public void startRun() {
            inner.startRun();
        }

        @Override
        public void endRun(Collection<RunResult> result) {
            inner.endRun(result);
        }

        @Override
        public void print(String s) {
            inner.print(s);
        }

        @Override
        public void println(String s) {
            inner.println(s);
        }

        @Override
        public void flush() {
            inner.flush();
        }

        @Override
        public void close() {
            inner.flush(); // the log stream is closed by Session.close(), after the last round
        }

        @Override
        public void verbosePrintln(String s) {
            inner.verbosePrintln(s);
        }

        @Override
        public void write(int b) {
            inner.write(b);
        }

        @Override
        public void write(byte[] b) throws IOException {
            inner.write(b);
        }
    }
}
