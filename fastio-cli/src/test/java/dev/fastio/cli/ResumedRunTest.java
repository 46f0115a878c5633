package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.fastio.bench.run.RunRecord;
import dev.fastio.report.stats.ForkLog;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full run killed in the middle of a fork ({@code kill -9} of the command and of the JMH fork it
 * runs: what a reboot does) goes on with {@code --resume}: every benchmark ends with one result,
 * those finished before the kill keep their forks and are not run again, and the report says which
 * sitting ran what. A resume on another JDK, machine or jar is refused, as is one of a run that
 * finished.
 */
class ResumedRunTest {
    @TempDir
    Path dir;

    /** GrowingRead at the full run's sizes (its files are in the quick data too): 15 benchmarks. */
    private static final int BENCHMARKS = 15;

    @Test
    void aRunKilledMidForkResumesWhereItStopped() throws Exception {
        Path data = dir.resolve("data");
        assertThat(Cli.run("gen", "--dir", data.toString()).exit()).isZero();
        Path results = dir.resolve("results");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), "dev.fastio.cli.Main",
                "bench", "--full", "--suite", "GrowingRead", "--no-gen", "--dir", data.toString(), "--results", results.toString(),
                "--warmups", "1", "--iterations", "2", "--time", "50ms", "--prof", "none", "--budget", "0"));
        Process p = new ProcessBuilder(cmd).redirectInput(new File("/dev/null"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(dir.resolve("first.err").toFile()).start();
        Path runDir = null;
        int before;
        try {
            // wait until a few benchmarks are on disk and the next one's fork is running, then kill both
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            before = 0;
            while (p.isAlive() && System.nanoTime() < deadline) {
                runDir = onlyRunDir(results);
                before = runDir == null ? 0 : resultCount(runDir.resolve("results.json"));
                if (before >= 3 && p.descendants().anyMatch(ProcessHandle::isAlive)) {
                    break;
                }
                Thread.sleep(20);
            }
            assertThat(p.isAlive()).as("the run was still going: %s", Files.readString(dir.resolve("first.err"))).isTrue();
            assertThat(before).isBetween(3, BENCHMARKS - 1);
            List<ProcessHandle> forks = p.descendants().toList();
            assertThat(forks).as("a JMH fork is running").isNotEmpty();
            p.destroyForcibly();
            forks.forEach(ProcessHandle::destroyForcibly);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
            p.descendants().forEach(ProcessHandle::destroyForcibly);
        }
        before = resultCount(runDir.resolve("results.json"));
        Set<String> kept = keys(runDir.resolve("results.json"));
        assertThat(RunRecord.read(runDir).sittings).hasSize(1);
        assertThat(RunRecord.read(runDir).current().finished).isFalse();
        assertThat(runDir.resolve("report.html")).doesNotExist();

        // another JVM of the same JDK, machine and jar: resumed
        Cli r = Cli.run("bench", "--resume", runDir.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("resuming").contains("sitting 2").contains("[" + (BENCHMARKS - before) + "/" + (BENCHMARKS - before) + "]");
        JsonArray json = JsonParser.parseString(Files.readString(runDir.resolve("results.json"))).getAsJsonArray();
        assertThat(json).as("one result per benchmark").hasSize(BENCHMARKS);
        assertThat(keys(runDir.resolve("results.json"))).containsAll(kept);
        ForkLog log = ForkLog.beside(runDir.resolve("results.json"));
        int fromFirst = 0;
        for (var e : json) {
            JsonObject o = e.getAsJsonObject();
            assertThat(o.get("forks").getAsInt()).as(o.get("benchmark").getAsString()).isEqualTo(1);
        }
        for (List<ForkLog.Fork> f : log.forks().values()) {
            assertThat(f).hasSize(1);
            fromFirst += f.get(0).sitting() == 1 ? 1 : 0;
            assertThat(f.get(0).sitting()).isIn(1, 2);
        }
        assertThat(fromFirst).as("the benchmarks finished before the kill were not run again").isEqualTo(before);
        RunRecord record = RunRecord.read(runDir);
        assertThat(record.sittings).hasSize(2);
        assertThat(record.sittings.get(0).firstPass).isEqualTo(before);
        assertThat(record.sittings.get(1).firstPass).isEqualTo(BENCHMARKS - before);
        assertThat(record.current().finished).isTrue();
        assertThat(Files.readString(runDir.resolve("environment.json"))).contains("\"sittings\"").contains("interrupted");
        assertThat(Files.readString(runDir.resolve("report.html"))).contains("sittings").contains("interrupted");
        assertThat(r.out()).contains("in 2 sittings");
        assertThat(Files.readString(runDir.resolve("jmh.log"))).as("both sittings' JMH output").contains("# Run complete");

        // a finished run is not resumed again
        Cli again = Cli.run("bench", "--resume", runDir.toString());
        assertThat(again.exit()).isNotZero();
        assertThat(again.err()).contains("that run finished");
    }

    @Test
    void aResumeOnAnotherJdkMachineOrBuildIsRefused() throws Exception {
        Path runDir = Files.createDirectories(dir.resolve("run"));
        RunRecord record = RunRecord.start("full", "fastio bench --full", List.of("GrowingRead"), 3600,
                dev.fastio.bench.run.RunSettings.full(dir.resolve("data")), 4);
        record.identity.put("JDK", "11.0.2 (somewhere else)");
        record.write(runDir);
        Cli r = Cli.run("bench", "--resume", runDir.toString());
        assertThat(r.exit()).isNotZero();
        assertThat(r.err()).contains("cannot resume").contains("another JDK").contains("11.0.2")
                .as("one line, as the CLI prints errors: no escaped newline in it").doesNotContain("\\x0a");
        assertThat(runDir.resolve("results.json")).doesNotExist();

        // settings of its own are refused: the run's are used
        Cli s = Cli.run("bench", "--resume", runDir.toString(), "--forks", "3");
        assertThat(s.exit()).isEqualTo(2);
        assertThat(s.err()).contains("drop --forks");

        // a record in a folder another user can write is not trusted: it names where data is generated
        Files.setPosixFilePermissions(runDir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Cli open = Cli.run("bench", "--resume", runDir.toString());
        assertThat(open.exit()).isNotZero();
        assertThat(open.err()).contains("cannot resume").contains("others can write");
        Files.setPosixFilePermissions(runDir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));

        // a run folder inside a folder others can write: its name could be swapped for a link after a check (found from outside)
        Path shared = Files.createDirectories(dir.resolve("shared"));
        Path inShared = Files.createDirectories(shared.resolve("run"));
        record.identity.putAll(RunRecord.start("full", "x", List.of("GrowingRead"), 3600,
                dev.fastio.bench.run.RunSettings.full(dir.resolve("data")), 4).identity);
        record.write(inShared);
        Files.setPosixFilePermissions(shared, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Cli swapped = Cli.run("bench", "--resume", inShared.toString());
        assertThat(swapped.exit()).isNotZero();
        assertThat(swapped.err()).contains("cannot resume").contains("reached through").contains("others can write");
        Files.setPosixFilePermissions(shared, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));

        // a data folder another user could write to: refused before any data is generated into it
        RunRecord elsewhere = RunRecord.start("full", "x", List.of("GrowingRead"), 3600,
                dev.fastio.bench.run.RunSettings.full(shared.resolve("data")), 4);
        Path own = Files.createDirectories(dir.resolve("own"));
        elsewhere.write(own);
        Files.setPosixFilePermissions(shared, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Cli data = Cli.run("bench", "--resume", own.toString());
        assertThat(data.exit()).isNotZero();
        assertThat(data.err()).contains("cannot resume").contains("data folder").contains("others can write");
        assertThat(shared.resolve("data")).doesNotExist();
        Files.setPosixFilePermissions(shared, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));

        // numbers past any run's are not a record (a budget of 2^63 s would never end)
        String json = Files.readString(own.resolve(RunRecord.FILE)).replaceFirst("\"budgetSeconds\": *\\d+", "\"budgetSeconds\": 9223372036854775807");
        Files.writeString(own.resolve(RunRecord.FILE), json);
        Cli huge = Cli.run("bench", "--resume", own.toString());
        assertThat(huge.exit()).isNotZero();
        assertThat(huge.err()).contains("not a run record");

        // a folder with no record, or a record that is not one
        Cli none = Cli.run("bench", "--resume", dir.resolve("nothing").toString());
        assertThat(none.exit()).isNotZero();
        assertThat(none.err()).contains("cannot resume").contains("run.json");
        Files.writeString(runDir.resolve(RunRecord.FILE), "{\"mode\": \"full\"}");
        Cli bad = Cli.run("bench", "--resume", runDir.toString());
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("not a run record");
        Files.writeString(runDir.resolve(RunRecord.FILE), "this is not json");
        Cli text = Cli.run("bench", "--resume", runDir.toString());
        assertThat(text.exit()).isNotZero();
        assertThat(text.err()).contains("not a run record").contains("line 1 column 1").doesNotContain("\\x0a").doesNotContain("gson");
    }

    private static Path onlyRunDir(Path results) throws Exception {
        if (!Files.isDirectory(results)) {
            return null;
        }
        try (Stream<Path> s = Files.list(results)) {
            return s.findFirst().orElse(null);
        }
    }

    private static int resultCount(Path file) {
        try {
            return JsonParser.parseString(Files.readString(file)).getAsJsonArray().size();
        } catch (Exception e) {
            return 0;
        }
    }

    private static Set<String> keys(Path file) throws Exception {
        Set<String> out = new HashSet<>();
        for (var e : JsonParser.parseString(Files.readString(file)).getAsJsonArray()) {
            JsonObject o = e.getAsJsonObject();
            out.add(o.get("benchmark").getAsString() + " " + o.get("params"));
        }
        return out;
    }
}
