package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
    @TempDir
    Path dir;

    /** A plain JMH result of one benchmark at one size, with its raw samples. */
    private Path run(String name, double... samples) throws Exception {
        double mean = java.util.Arrays.stream(samples).average().orElseThrow();
        String raw = java.util.Arrays.toString(samples);
        return Files.writeString(dir.resolve(name), "[{\"benchmark\":\"org.example.Bench.m\",\"mode\":\"avgt\",\"threads\":1,"
                + "\"params\":{\"size\":\"16\"},\"jdkVersion\":\"17\",\"vmName\":\"vm\",\"vmVersion\":\"1\",\"primaryMetric\":{\"score\":"
                + mean + ",\"scoreError\":0.1,\"scoreUnit\":\"us/op\",\"rawData\":[" + raw + "]}}]");
    }

    @Test
    void twoResultFilesGiveAComparisonPage() throws Exception {
        Path a = run("a.json", 10, 10.1, 9.9, 10, 10.05);
        Path b = run("b.json", 5, 5.05, 4.95, 5, 5.02);
        Path out = dir.resolve("cmp.html");
        Cli r = Cli.run("report", a.toString(), b.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo(out.toAbsolutePath().toString());
        String html = Files.readString(out);
        assertThat(html).contains("two runs compared").contains(">1 B faster<").contains("0.50× [");
    }

    @Test
    void oneResultFileStillGivesTheReport() throws Exception {
        Path a = run("a.json", 10, 10.1, 9.9);
        Cli r = Cli.run("report", a.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(dir.resolve("report.html")).exists();
    }

    /** One line on standard error, exit 1, nothing a terminal would act on, no Java class name. */
    private static String oneLineError(Cli r) {
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).startsWith("fastio: ").doesNotContain("\tat ").doesNotContain("\u001b").doesNotContain("Exception")
                .doesNotContain("JsonNull").doesNotContain("JsonObject").doesNotContain("For input string");
        assertThat(r.out()).isEmpty();
        return r.err();
    }

    private java.util.List<String> files() throws Exception {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theResultsFileIsNeverTheOutputByAnyNameEvenWithForce() throws Exception {
        Path a = run("R.json", 10, 10.1, 9.9);
        Path b = run("B.json", 5, 5.1, 4.9);
        byte[] before = Files.readAllBytes(a);
        Path link = Files.createSymbolicLink(dir.resolve("link.html"), a.getFileName());
        Path hard = Files.createLink(dir.resolve("hard.html"), a);
        for (Path out : java.util.List.of(a, link, hard, dir.resolve("./R.json"))) {
            for (String[] force : new String[][] {{}, {"--force"}, {"-f"}}) {
                java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("report", "-o", out.toString()));
                args.addAll(java.util.List.of(force));
                Cli one = Cli.run(concat(args, a.toString()));
                assertThat(oneLineError(one)).as("%s %s", out, java.util.List.of(force)).contains(a.toString())
                        .contains("the report would replace its results file; it never does, even with --force")
                        .contains("name another output with -o");
                Cli two = Cli.run(concat(args, b.toString(), a.toString()));
                assertThat(oneLineError(two)).contains("the report would replace its results file");
            }
        }
        assertThat(Files.readAllBytes(a)).isEqualTo(before);
        assertThat(files()).containsExactly("B.json", "R.json", "hard.html", "link.html");
    }

    private static String[] concat(java.util.List<String> args, String... more) {
        java.util.List<String> all = new java.util.ArrayList<>(args);
        all.addAll(java.util.List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void anExistingReportOrComparisonIsReplacedOnlyWithForce() throws Exception {
        Path a = run("a.json", 10, 10.1, 9.9);
        Path b = run("b.json", 5, 5.1, 4.9);
        Path report = Files.writeString(dir.resolve("report.html"), "mine");
        assertThat(oneLineError(Cli.run("report", a.toString()))).isEqualTo("fastio: " + report.toAbsolutePath()
                + ": already exists (use --force to replace it)\n");
        assertThat(Files.readString(report)).isEqualTo("mine");
        Path comparison = Files.writeString(dir.resolve("comparison.html"), "mine too");
        assertThat(oneLineError(Cli.run("report", a.toString(), b.toString(), "-o", comparison.toString())))
                .contains(comparison + ": already exists (use --force to replace it)");
        assertThat(Files.readString(comparison)).isEqualTo("mine too");
        assertThat(files()).containsExactly("a.json", "b.json", "comparison.html", "report.html");

        Cli forced = Cli.run("report", "-f", a.toString());
        assertThat(forced.exit()).as(forced.err()).isZero();
        assertThat(Files.readString(report)).contains("fastio benchmark report");
        Cli forcedCmp = Cli.run("report", "--force", a.toString(), b.toString(), "-o", comparison.toString());
        assertThat(forcedCmp.exit()).as(forcedCmp.err()).isZero();
        assertThat(Files.readString(comparison)).contains("two runs compared");
        assertThat(files()).containsExactly("a.json", "b.json", "comparison.html", "report.html");
    }

    @Test
    void anOutputThatIsAFolderIsRefused() throws Exception {
        Path a = run("a.json", 10, 10.1, 9.9);
        Path folder = Files.createDirectory(dir.resolve("out"));
        assertThat(oneLineError(Cli.run("report", "-f", "-o", folder.toString(), a.toString()))).contains(folder + ": is a directory");
        assertThat(folder).isEmptyDirectory();
    }

    /** What a results file holds against what the user is told: one line naming the file and what is wrong. */
    @Test
    void oddResultsFilesAreOneLineNamingTheFileAndTheFault() throws Exception {
        Path good = run("good.json", 10, 10.1, 9.9);
        String json = Files.readString(good);
        java.util.Map<String, String[]> cases = new java.util.LinkedHashMap<>();
        cases.put("nullparam.json", new String[] {json.replace("\"size\":\"16\"", "\"size\":null"),
                "result #1 (org.example.Bench.m): params.size is null, expected a string"});
        cases.put("objparam.json", new String[] {json.replace("\"size\":\"16\"", "\"size\":{\"a\":1}"), "params.size is an object"});
        cases.put("arrparam.json", new String[] {json.replace("\"size\":\"16\"", "\"size\":[1]"), "params.size is an array"});
        cases.put("threads.json", new String[] {json.replace("\"threads\":1", "\"threads\":\"abc\""),
                "threads is the string \"abc\", expected a whole number"});
        cases.put("nullthreads.json", new String[] {json.replace("\"threads\":1", "\"threads\":null"), "threads is null"});
        cases.put("joined.json", new String[] {json + "\n" + json, String.format("holds more after its JSON array, from byte %,d (line 2, column 1)",
                json.length() + 1)});
        cases.put("garbage.json", new String[] {json + "xyz", "holds more after its JSON array"});
        cases.put("empty.json", new String[] {"", "is empty"});
        cases.put("cut.json", new String[] {json.substring(0, json.length() / 2), "ends early"});
        cases.put("hostile.json", new String[] {json.replace("org.example.Bench.m", "org.example.Bench.m\\u001b[31m\\u0007")
                .replace("\"threads\":1", "\"threads\":null"), "(org.example.Bench.m\\x1b[31m\\x07): threads is null"});
        for (java.util.Map.Entry<String, String[]> c : cases.entrySet()) {
            Path f = Files.writeString(dir.resolve(c.getKey()), c.getValue()[0]);
            assertThat(oneLineError(Cli.run("report", f.toString()))).as(c.getKey()).contains(f.toString()).contains(c.getValue()[1]);
        }
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, json.replace("vm", "v\u00e9").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThat(oneLineError(Cli.run("report", latin1.toString()))).contains(latin1 + " is not UTF-8 text: byte 0xe9 at offset "
                + String.format("%,d", json.indexOf("vm") + 1));
        Path folder = Files.createDirectory(dir.resolve("results"));
        // a folder is read as a history of runs (fastio report history): an empty one holds none, and says what it looked for
        assertThat(oneLineError(Cli.run("report", folder.toString()))).contains(folder + " holds no JMH results")
                .contains("results.json");
        assertThat(files()).noneMatch(n -> n.endsWith(".html"));
    }

    @Test
    void aScoreThatIsNotFiniteIsReportedAsSuch() throws Exception {
        Path a = Files.writeString(dir.resolve("inf.json"), Files.readString(run("x.json", 10, 10.1, 9.9))
                .replaceFirst("\"score\":[0-9.]+", "\"score\":\"Infinity\""));
        Cli r = Cli.run("report", a.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<td class=num>not finite</td>").contains("Not drawn: m (not finite)");
    }
}
