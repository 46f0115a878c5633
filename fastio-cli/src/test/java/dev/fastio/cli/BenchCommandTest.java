package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
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
                "--results", results.toString(), "--warmups", "1", "--iterations", "1", "--time", "20ms", "--forks", "1");
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
    }

    @Test
    void listShowsEverySuite() {
        Cli r = Cli.run("bench", "--list");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("OpenStream").contains("OpenReader").contains("ReadWholeFile");
    }
}
