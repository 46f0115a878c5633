package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fastio report compare} and {@code calibrate} as CI runs them: exit 0 with no regression,
 * 1 with one, 2 when the gate cannot judge (a file that is not JMH's, a threshold that is not one,
 * a calibration that is not one), the Markdown on standard output, the JSON where asked, and
 * never an input overwritten.
 */
class ReportCompareCommandTest {
    @TempDir
    Path dir;

    /** A plain JMH file: benchmarks m0..m{n-1}, two forks of 5 iterations, m0 scaled by {@code slowFirst}. */
    private Path run(String name, int n, double slowFirst, long seed) throws Exception {
        Random r = new Random(seed);
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            double mean = (10 + i) * (i == 0 ? slowFirst : 1);
            StringBuilder raw = new StringBuilder();
            double sum = 0;
            for (int f = 0; f < 2; f++) {
                double forkMean = mean * Math.exp(0.01 * r.nextGaussian());
                raw.append(f == 0 ? "[" : ",[");
                for (int k = 0; k < 5; k++) {
                    double x = forkMean * (1 + 0.005 * r.nextGaussian());
                    sum += x;
                    raw.append(k == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.5f", x));
                }
                raw.append("]");
            }
            json.append(i == 0 ? "" : ",").append("{\"jmhVersion\":\"1.37\",\"benchmark\":\"org.example.Bench.m").append(i)
                    .append("\",\"mode\":\"avgt\",\"threads\":1,\"forks\":2,\"jdkVersion\":\"21\",\"vmName\":\"vm\",\"vmVersion\":\"1\",")
                    .append("\"primaryMetric\":{\"score\":").append(String.format(Locale.ROOT, "%.5f", sum / 10))
                    .append(",\"scoreError\":0.1,\"scoreUnit\":\"us/op\",\"rawData\":[").append(raw).append("]}}");
        }
        return Files.writeString(dir.resolve(name), json.append("]").toString());
    }

    @Test
    void noRegressionPassesAndOneFailsWithTheMarkdownOnStandardOutput() throws Exception {
        Path old = run("old.json", 20, 1, 1);
        Path same = run("same.json", 20, 1, 2);
        Path slow = run("slow.json", 20, 1.5, 3);
        Path noise = dir.resolve("noise.json");
        Cli cal = Cli.run("report", "calibrate", old.toString(), same.toString(), "-o", noise.toString());
        assertThat(cal.exit()).as(cal.err()).isZero();
        assertThat(cal.out()).contains("fork-to-fork noise");
        Cli pass = Cli.run("report", "compare", old.toString(), same.toString(), "--noise", noise.toString());
        assertThat(pass.exit()).as(pass.err() + pass.out()).isZero();
        assertThat(pass.out()).startsWith("### fastio report compare: PASS, 0 slower");
        Path json = dir.resolve("gate.json");
        Cli fail = Cli.run("report", "compare", old.toString(), slow.toString(), "--noise", noise.toString(), "--fail-on", "20%",
                "--json", json.toString());
        assertThat(fail.exit()).as(fail.err() + fail.out()).isEqualTo(1);
        assertThat(fail.out()).startsWith("### fastio report compare: FAIL, 1 slower").contains("Bench.m0").contains("more than 20% slower");
        assertThat(Files.readString(json)).contains("\"result\": \"fail\"").contains("\"verdict\": \"slower\"");
        // a 50% slowdown does not fail a gate set at 60%
        assertThat(Cli.run("report", "compare", old.toString(), slow.toString(), "--noise", noise.toString(), "--fail-on", "60%").exit()).isZero();
    }

    @Test
    void theGateThatCannotJudgeExitsTwo() throws Exception {
        Path old = run("old.json", 5, 1, 1);
        Path garbage = Files.writeString(dir.resolve("garbage.json"), "this is not JSON");
        for (String[] args : new String[][] {
                {"report", "compare", old.toString(), garbage.toString()},
                {"report", "compare", old.toString(), dir.resolve("missing.json").toString()},
                {"report", "compare", old.toString(), old.toString(), "--fail-on", "ten"},
                {"report", "compare", old.toString(), old.toString(), "--fail-on", "10"},
                {"report", "compare", old.toString(), old.toString(), "--fail-on", "0%"},
                {"report", "compare", old.toString(), old.toString(), "--noise", old.toString()},
                {"report", "compare", old.toString()},
                {"report", "calibrate", old.toString()}}) {
            Cli r = Cli.run(args);
            assertThat(r.exit()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).startsWith("fastio: ").doesNotContain("\tat ");
        }
    }

    @Test
    void noOutputIsWrittenOverAnInput() throws Exception {
        Path old = run("old.json", 5, 1, 1);
        Path neu = run("new.json", 5, 1, 2);
        String before = Files.readString(neu);
        Cli r = Cli.run("report", "compare", old.toString(), neu.toString(), "--json", neu.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(Files.readString(neu)).isEqualTo(before);
        Cli c = Cli.run("report", "calibrate", old.toString(), neu.toString(), "-o", old.toString());
        assertThat(c.exit()).isEqualTo(2);
        assertThat(Files.readString(neu)).isEqualTo(before);
    }

    /** What a CI engineer must never see pass: nothing compared, a duplicate, a broken time, units that cannot be told apart, the same file twice. */
    @Test
    void filesTheGateCannotTrustExitTwo() throws Exception {
        Path old = run("old.json", 5, 1, 1);
        String one = "{\"benchmark\":\"org.example.Bench.%s\",\"mode\":\"avgt\",\"threads\":1,\"forks\":1,"
                + "\"primaryMetric\":{\"score\":%s,\"scoreError\":0.1,\"scoreUnit\":\"%s\",\"rawData\":[[%s,%s,%s]]}}";
        Path other = Files.writeString(dir.resolve("other.json"), "[" + String.format(Locale.ROOT, one, "zzz", "10", "us/op", "10", "10", "10") + "]");
        Path dup = Files.writeString(dir.resolve("dup.json"), "[" + String.format(Locale.ROOT, one, "m0", "10", "us/op", "10", "10.1", "9.9") + ","
                + String.format(Locale.ROOT, one, "m0", "30", "us/op", "30", "30.1", "29.9") + "]");
        Path zero = Files.writeString(dir.resolve("zero.json"), "[" + String.format(Locale.ROOT, one, "m0", "0", "us/op", "0", "0", "0") + "]");
        Path unknownUnit = Files.writeString(dir.resolve("unit.json"), "[" + String.format(Locale.ROOT, one, "m0", "10000", "NS/OP", "10000", "10001", "9999") + "]");
        Path wrongKind = Files.writeString(dir.resolve("kind.json"), "[" + String.format(Locale.ROOT, one, "m0", "0.1", "ops/us", "0.1", "0.1", "0.1") + "]");
        for (Path neu : new Path[] {other, dup, zero, unknownUnit, wrongKind, old, dir.resolve(".").resolve("old.json")}) {
            Cli r = Cli.run("report", "compare", old.toString(), neu.toString());
            assertThat(r.exit()).as(neu + ": " + r.err() + r.out()).isEqualTo(2);
            assertThat(r.err()).startsWith("fastio: ").contains("could not judge");
        }
        assertThat(Cli.run("report", "calibrate", old.toString(), old.toString()).exit()).isEqualTo(2);
    }

    @Test
    void aBenchmarkMissingFromNewFailsUnlessAllowed() throws Exception {
        Path old = run("old.json", 6, 1, 1);
        Path fewer = run("fewer.json", 5, 1, 2);
        Cli r = Cli.run("report", "compare", old.toString(), fewer.toString());
        assertThat(r.exit()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains("FAIL").contains("1 of OLD's missing from NEW").contains("Bench.m5");
        Cli allowed = Cli.run("report", "compare", old.toString(), fewer.toString(), "--allow-missing");
        assertThat(allowed.exit()).as(allowed.out()).isZero();
        assertThat(allowed.out()).contains("(allowed)");
    }

    @Test
    void outputsThatAreInputsOrSystemLinksAreRefused() throws Exception {
        Path old = run("old.json", 5, 1, 1);
        Path neu = run("new.json", 5, 1, 2);
        Path noise = dir.resolve("noise.json");
        assertThat(Cli.run("report", "calibrate", old.toString(), neu.toString(), "-o", noise.toString()).exit()).isZero();
        String calibration = Files.readString(noise);
        for (String[] out : new String[][] {{"--json", noise.toString()}, {"--html", noise.toString()}, {"--json", "/dev/stdout"},
                {"--html", "/dev/null"}}) {
            Cli r = Cli.run("report", "compare", old.toString(), neu.toString(), "--noise", noise.toString(), out[0], out[1]);
            assertThat(r.exit()).as(String.join(" ", out) + ": " + r.err()).isEqualTo(2);
        }
        assertThat(Files.readString(noise)).isEqualTo(calibration);
        assertThat(Files.isSymbolicLink(Path.of("/dev/stdout")) || !Files.exists(Path.of("/dev/stdout"))).as("/dev/stdout left as it was").isTrue();
        Path same = dir.resolve("both.out");
        assertThat(Cli.run("report", "compare", old.toString(), neu.toString(), "--json", same.toString(), "--html", same.toString()).exit())
                .isEqualTo(2);
    }

    /** A FIFO is read once: the JMH version is not looked for again in it (that waited forever for a writer). */
    @Test
    void aFifoInputIsReadOnce() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", dir.resolve("fifo").toString()).start().waitFor() == 0, "mkfifo");
        Path old = run("old.json", 5, 1, 1);
        Path neu = run("new.json", 5, 1, 2);
        Thread writer = new Thread(() -> {
            try {
                Files.write(dir.resolve("fifo"), Files.readAllBytes(neu));
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        writer.start();
        Cli r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> Cli.run("report", "compare", old.toString(), dir.resolve("fifo").toString()));
        writer.join();
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
    }

    /**
     * {@code fastio report history} and {@code fastio report FOLDER}: the page and the JSON, the
     * folder's runs in their names' order and its other JSON left out with a word, the page never
     * written over a run, and a folder with no run, a bad threshold or standard input refused.
     */
    @Test
    void historyOfAFolderOrOfFilesWritesThePageAndRefusesWhatItCannotRead() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path r9 = run("r9.json", 5, 1, 1);
        Files.move(r9, runs.resolve("run-9.json"));
        Files.move(run("r10.json", 5, 2, 2), runs.resolve("run-10.json"));
        Files.writeString(runs.resolve("environment.json"), "{}");
        Path page = dir.resolve("h.html");
        Path json = dir.resolve("h.json");
        // two forks each: their own spread settles nothing (1 degree of freedom); this machine's noise does
        Path noise = dir.resolve("noise.json");
        assertThat(Cli.run("report", "calibrate", run("a1.json", 5, 1, 3).toString(), run("a2.json", 5, 1, 4).toString(),
                "-o", noise.toString()).exit()).isZero();
        Cli h = Cli.run("report", "history", runs.toString(), "-o", page.toString(), "--json", json.toString(), "--noise", noise.toString());
        assertThat(h.exit()).as(h.err()).isZero();
        assertThat(h.err()).contains("left out, not a run").contains("environment.json");
        assertThat(Files.readString(page)).contains("fastio: 2 runs").contains("▲ slower</span></td>");
        com.google.gson.JsonObject o = com.google.gson.JsonParser.parseString(Files.readString(json)).getAsJsonObject();
        assertThat(o.getAsJsonArray("runs").get(0).getAsJsonObject().get("name").getAsString()).endsWith("run-9.json");
        assertThat(o.getAsJsonArray("benchmarks").get(0).getAsJsonObject().getAsJsonArray("points").get(1).getAsJsonObject()
                .get("step").getAsString()).isEqualTo("slower");

        Cli again = Cli.run("report", "history", runs.toString(), "-o", page.toString());
        assertThat(again.exit()).isNotZero();
        assertThat(again.err()).contains("already exists");
        Cli folder = Cli.run("report", runs.toString(), "-o", page.toString(), "--force");
        assertThat(folder.exit()).as(folder.err()).isZero();

        Path run = runs.resolve("run-9.json");
        String before = Files.readString(run);
        Cli over = Cli.run("report", "history", run.toString(), runs.resolve("run-10.json").toString(), "-o", run.toString(), "--force");
        assertThat(over.exit()).isNotZero();
        assertThat(Files.readString(run)).isEqualTo(before);

        assertThat(Cli.run("report", "history", Files.createDirectories(dir.resolve("empty")).toString()).err())
                .contains("holds no JMH results");
        Cli threshold = Cli.run("report", "history", runs.toString(), "--threshold", "5", "-o", dir.resolve("x.html").toString());
        assertThat(threshold.exit()).isEqualTo(2);
        assertThat(threshold.err()).contains("--threshold");
        Cli stdin = Cli.run("report", "history", "-", run.toString());
        assertThat(stdin.exit()).isEqualTo(2);
        assertThat(Files.exists(dir.resolve("x.html"))).isFalse();
    }

    /**
     * What an attack from outside found in history and compare, each now refused: an output in a
     * system folder through a link (the atomic write replaced /dev/stdout), an output over the
     * --noise input, -o and --json naming one file through a linked folder, a FIFO as --noise or
     * in the folder (a hang), a threshold in hex; and a page that cannot be written leaves the
     * JSON as it was.
     */
    @Test
    void historyAndCompareRefuseWhatAnAttackFound() throws Exception {
        Path a = run("a.json", 6, 1, 11);
        Path b = run("b.json", 6, 1, 12);
        Path sys = Files.createSymbolicLink(dir.resolve("sys-link"), Path.of("/sys"));
        Cli system = Cli.run("report", "history", a.toString(), b.toString(), "-o", sys.resolve("fastio-test.html").toString(), "-f");
        assertThat(system.exit()).isNotZero();
        assertThat(system.err()).contains("is in /sys");
        Cli systemJson = Cli.run("report", "compare", a.toString(), b.toString(), "--json", sys.resolve("fastio-test.json").toString());
        assertThat(systemJson.exit()).isEqualTo(2);
        assertThat(systemJson.err()).contains("is in /sys");

        Path noise = dir.resolve("noise.json");
        assertThat(Cli.run("report", "calibrate", a.toString(), b.toString(), "-o", noise.toString()).exit()).isZero();
        String calibration = Files.readString(noise);
        Cli overNoise = Cli.run("report", "history", a.toString(), b.toString(), "--noise", noise.toString(), "-o", noise.toString(), "-f");
        assertThat(overNoise.exit()).isNotZero();
        Cli jsonOverNoise = Cli.run("report", "history", a.toString(), b.toString(), "--noise", noise.toString(),
                "-o", dir.resolve("h.html").toString(), "--json", noise.toString());
        assertThat(jsonOverNoise.exit()).isNotZero();
        Cli compareOverNoise = Cli.run("report", "compare", a.toString(), b.toString(), "--noise", noise.toString(), "--json", noise.toString());
        assertThat(compareOverNoise.exit()).isEqualTo(2);
        assertThat(Files.readString(noise)).isEqualTo(calibration);

        Path here = Files.createSymbolicLink(dir.resolve("here"), dir);
        Files.writeString(dir.resolve("same.out"), "old");
        Cli same = Cli.run("report", "history", a.toString(), b.toString(), "-o", dir.resolve("same.out").toString(), "-f",
                "--json", here.resolve("same.out").toString());
        assertThat(same.exit()).isNotZero();
        assertThat(same.err()).contains("same file");
        Cli sameCompare = Cli.run("report", "compare", a.toString(), b.toString(), "--json", dir.resolve("same.out").toString(),
                "--html", here.resolve("same.out").toString());
        assertThat(sameCompare.exit()).isEqualTo(2);
        assertThat(Files.readString(dir.resolve("same.out"))).isEqualTo("old");

        Path fifo = dir.resolve("fifo.json");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        long t0 = System.nanoTime();
        Cli fifoNoise = Cli.run("report", "history", a.toString(), b.toString(), "--noise", fifo.toString(), "-o", dir.resolve("f.html").toString());
        assertThat(fifoNoise.exit()).isNotZero();
        assertThat(fifoNoise.err()).contains("not a regular file");
        Path folder = Files.createDirectories(dir.resolve("runs"));
        Files.copy(a, folder.resolve("1.json"));
        Files.copy(b, folder.resolve("2.json"));
        Files.move(fifo, folder.resolve("3.json"));
        Cli withFifo = Cli.run("report", "history", folder.toString(), "-o", dir.resolve("f.html").toString());
        assertThat(withFifo.exit()).as(withFifo.err()).isZero();
        assertThat(withFifo.err()).contains("3.json").contains("not a regular file");
        assertThat(System.nanoTime() - t0).as("no wait for a writer").isLessThan(java.util.concurrent.TimeUnit.SECONDS.toNanos(15));

        Files.writeString(dir.resolve("keep.json"), "old");
        Path blocked = Files.writeString(dir.resolve("blocked"), "a file where a folder should be");
        Cli pageFails = Cli.run("report", "history", a.toString(), b.toString(), "-o", blocked.resolve("h.html").toString(),
                "--json", dir.resolve("keep.json").toString());
        assertThat(pageFails.exit()).isNotZero();
        assertThat(Files.readString(dir.resolve("keep.json"))).as("the JSON after a page that failed").isEqualTo("old");

        for (String bad : new String[] {"0x10p0%", "NaN", "-5%", "1e400%"}) {
            assertThat(Cli.run("report", "compare", a.toString(), b.toString(), "--fail-on", bad).exit()).as(bad).isEqualTo(2);
        }
    }
}
