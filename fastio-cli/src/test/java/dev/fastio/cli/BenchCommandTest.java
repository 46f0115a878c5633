package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import dev.fastio.bench.run.RunSettings;
import dev.fastio.bench.run.Suite;
import dev.fastio.bench.run.SuiteRunner;
import dev.fastio.bench.run.Suites;
import dev.fastio.report.stats.ForkLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job end to end at smoke scale: data generated, one suite run through JMH in forked
 * JVMs, standard JSON and the report written. Timing is not checked here (JMH measures; a unit
 * test cannot).
 */
class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void runsASuiteInForkedJvmsAndWritesResultsEnvironmentAndReport() throws Exception {
        Path results = dir.resolve("results");
        Cli r = Cli.run("bench", "--quick", "--suite", "ReadWholeFile", "--dir", dir.resolve("data").toString(),
                "--results", results.toString(), "--warmups", "1", "--iterations", "1", "--time", "20ms", "--forks", "1",
                "--budget", "0");
        assertThat(r.exit()).as(r.err()).isZero();

        Path runDir;
        try (Stream<Path> s = Files.list(results)) {
            runDir = s.findFirst().orElseThrow();
        }
        JsonArray json = JsonParser.parseString(Files.readString(runDir.resolve("results.json"))).getAsJsonArray();
        // quick scale: 7 methods (the C yardstick among them) x 3 sizes
        assertThat(json).hasSize(21);
        // the JDK-path twin of a native-layer benchmark keeps its own fork flag under fastio bench's options
        for (var e : json) {
            String name = e.getAsJsonObject().get("benchmark").getAsString();
            assertThat(e.getAsJsonObject().get("jvmArgs").toString()).as(name)
                    .contains("--enable-native-access=ALL-UNNAMED")
                    .matches(a -> a.contains("-Dfastio.native=false") == name.endsWith("JdkPath"), "native off exactly in the JdkPath forks");
        }
        assertThat(json.get(0).getAsJsonObject().get("benchmark").getAsString())
                .startsWith("dev.fastio.bench.read.ReadWholeFileBenchmark.");
        assertThat(json.get(0).getAsJsonObject().get("forks").getAsInt()).isEqualTo(1);
        // the gc profiler is on by default
        assertThat(json.get(0).getAsJsonObject().getAsJsonObject("secondaryMetrics").has("gc.alloc.rate.norm")).isTrue();
        assertThat(Files.readString(runDir.resolve("environment.json"))).contains("\"data filesystem\"").contains("\"CPU\"");
        assertThat(Files.readString(runDir.resolve("jmh.log"))).contains("# Fork: 1 of 1")
                .contains("# Warmup: 1 iterations, 20 ms each").contains("# Measurement: 1 iterations, 20 ms each");
        assertThat(Files.readString(runDir.resolve("environment.json"))).contains("--iterations 1 --time 20ms");
        String html = Files.readString(runDir.resolve("report.html"));
        assertThat(html).contains("Reading a whole file into byte[] or String").contains("data filesystem");
        assertThat(r.out()).contains("report:  " + runDir.resolve("report.html").toAbsolutePath());
        assertThat(r.err()).contains("[21/21]");
        assertThat(r.out()).contains("claims:  ").containsPattern("time:    \\d+m\\d\\ds");
        // one look: the planner did not run (--budget 0), and the fork log says so
        assertThat(ForkLog.beside(runDir.resolve("results.json")).looks()).isEqualTo(1);
        assertThat(ForkLog.beside(runDir.resolve("results.json")).forks()).hasSize(21);

        plannedForksMergeIntoOneResultEach(dir.resolve("data"), dir.resolve("planned"));
    }

    /**
     * The planner's extra forks of a benchmark join its first-pass fork in one result of the JMH
     * file (one rawData row a fork, in the order they ran), and the fork log records each fork's
     * round and the run's looks.
     */
    private static void plannedForksMergeIntoOneResultEach(Path data, Path out) throws Exception {
        Files.createDirectories(out);
        Path results = out.resolve("results.json");
        RunSettings settings = RunSettings.quick(data).withForks(1).withIterations(1, 20, 2, 20).withGcProfiler(false);
        Suite suite = Suites.select(List.of("ReadWholeFile")).get(0);
        List<String> rounds = new ArrayList<>();
        SuiteRunner.Listener listener = new SuiteRunner.Listener() {
            @Override
            public void start(long totalIterations, int totalBenchmarks) {
                rounds.add(totalBenchmarks + " benchmarks");
            }

            @Override
            public void benchmark(String label) {}

            @Override
            public void iterationDone() {}
        };
        try (SuiteRunner.Session session = new SuiteRunner.Session(settings, results, out.resolve("jmh.log"), listener)) {
            session.firstPass(List.of(suite));
            Map<String, String> small = Map.of("size", "16");
            session.more(List.of(new SuiteRunner.Target(suite, "fastioReadAllBytes", "avgt", small),
                    new SuiteRunner.Target(suite, "filesReadAllBytes", "avgt", small),
                    new SuiteRunner.Target(suite, "fastioReadAllBytes", "avgt", small)), 1);
        }
        assertThat(rounds).containsExactly("21 benchmarks", "3 benchmarks");
        JsonArray json = JsonParser.parseString(Files.readString(results)).getAsJsonArray();
        assertThat(json).as("one result per benchmark and parameters, whatever the rounds").hasSize(21);
        Map<String, Integer> forkRows = new java.util.HashMap<>();
        for (var e : json) {
            var o = e.getAsJsonObject();
            String key = o.get("benchmark").getAsString().replaceAll(".*\\.", "") + " " + o.getAsJsonObject("params").get("size").getAsString();
            forkRows.put(key, o.getAsJsonObject("primaryMetric").getAsJsonArray("rawData").size());
        }
        assertThat(forkRows).containsEntry("fastioReadAllBytes 16", 3).containsEntry("filesReadAllBytes 16", 2)
                .containsEntry("fastioReadAllBytes 32768", 1).containsEntry("filesReadString 16", 1);
        List<dev.fastio.report.jmh.Result> read = dev.fastio.report.jmh.JmhResults.read(results);
        dev.fastio.report.jmh.Result fastio16 = read.stream()
                .filter(x -> x.method().equals("fastioReadAllBytes") && x.param("size").equals("16")).findFirst().orElseThrow();
        assertThat(fastio16.forks()).isEqualTo(3);
        assertThat(fastio16.samples()).hasSize(6);
        ForkLog log = ForkLog.beside(results);
        assertThat(log.looks()).isEqualTo(2);
        assertThat(log.of(fastio16)).extracting(ForkLog.Fork::round).containsExactly(0, 1, 1);
        assertThat(log.of(fastio16)).allMatch(f -> f.seconds() > 0);
        if (Files.isReadable(Path.of("/proc/stat"))) {
            assertThat(log.of(fastio16)).allMatch(f -> f.otherCpu() >= 0 && f.otherCpu() <= Runtime.getRuntime().availableProcessors() + 1);
        }
    }

    @Test
    void badRunSettingsAreRefusedBeforeAnyWork() {
        for (String[] bad : new String[][] {{"--time", "fast"}, {"--time", "0ms"}, {"--time", "20"}, {"--iterations", "0"},
                {"--warmups", "-1"}, {"--forks", "-2"}}) {
            Cli r = Cli.run("bench", "--suite", "ReadWholeFile", "--dir", dir.resolve("data").toString(),
                    "--results", dir.resolve("results").toString(), bad[0], bad[1]);
            assertThat(r.exit()).as(String.join(" ", bad)).isNotZero();
            assertThat(r.err()).as(String.join(" ", bad)).contains(bad[0]);
            assertThat(dir.resolve("data")).as("no data generated for %s", String.join(" ", bad)).doesNotExist();
            assertThat(dir.resolve("results")).doesNotExist();
        }
        assertThat(BenchCommand.millis("1.5s")).isEqualTo(1500);
        assertThat(BenchCommand.millis("250ms")).isEqualTo(250);
        assertThat(BenchCommand.seconds("13m")).isEqualTo(780);
        assertThat(BenchCommand.seconds("90s")).isEqualTo(90);
        assertThat(BenchCommand.seconds("4h")).isEqualTo(14400);
        assertThat(BenchCommand.seconds("0")).isZero();
        assertThat(BenchCommand.seconds("1.5h")).isEqualTo(5400);
        assertThat(BenchCommand.seconds("168h")).isEqualTo(168 * 3600);
        // plain digits and a unit only: no Java float forms (5d is a double literal), nothing that rounds to no time
        for (String bad : new String[] {"soon", "13", "-1m", "", "m", "9999h", "169h", "5dm", "0x1p3s", "2fh", "1e2m", "0.4s",
                "1e-400s", "NaNs", "Infinitys", "500ms", "7d"}) {
            Cli r = Cli.run("bench", "--suite", "ReadWholeFile", "--dir", dir.resolve("data").toString(),
                    "--results", dir.resolve("results").toString(), "--budget", bad);
            assertThat(r.exit()).as(bad).isNotZero();
            assertThat(r.err()).as(bad).contains("--budget");
            assertThat(dir.resolve("data")).doesNotExist();
        }
    }

    @Test
    void listShowsEverySuite() {
        Cli r = Cli.run("bench", "--list");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("OpenStream").contains("OpenReader").contains("ReadWholeFile");
    }
}
