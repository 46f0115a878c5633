package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bad input: one line on stderr, a non-zero exit, no stack trace unless --verbose. */
class CliErrorsTest {
    @TempDir
    Path dir;

    private static void oneLineError(Cli r, int exit, String contains) {
        assertThat(r.exit()).isEqualTo(exit);
        assertThat(r.err().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).startsWith("fastio: ").contains(contains).doesNotContain("\tat ");
    }

    @Test
    void unknownOptionsAndCommandsAreUsageErrors() {
        oneLineError(Cli.run("bench", "--bogus"), 2, "Unknown option: '--bogus'");
        oneLineError(Cli.run("frobnicate"), 2, "'frobnicate' is not a command of fastio: use ");
        oneLineError(Cli.run(), 2, "missing command");
        oneLineError(Cli.run("bench", "--quick", "--full"), 2, "mutually exclusive");
        oneLineError(Cli.run("ips", "frob"), 2, "'frob' is not a command of fastio ips: use pack or unpack");
    }

    /** A folder where a gzip file was expected says so, not that its name lacks .gz. */
    @Test
    void aFolderToGunzipIsNamedAsOne() throws Exception {
        Path folder = java.nio.file.Files.createDirectories(dir.resolve("logs"));
        oneLineError(Cli.run("gunzip", folder.toString()), 2, folder + " is a folder, not a gzip file");
        oneLineError(Cli.run("gunzip", "-c", folder.toString()), 2, folder + " is a folder, not a gzip file");
        Path named = java.nio.file.Files.createDirectories(dir.resolve("logs.gz"));
        oneLineError(Cli.run("gunzip", named.toString()), 2, named + " is a folder, not a gzip file");
        assertThat(dir.resolve("logs")).isEmptyDirectory();
    }

    @Test
    void unknownSuiteListsTheKnownOnes() {
        oneLineError(Cli.run("bench", "--suite", "nope", "--results", dir.toString()), 2, "OpenStream");
    }

    /**
     * Every bad option value is a usage error, exit 2, whether picocli or the command finds it,
     * with the help of the command it belongs to (the whole path: "fastio ips pack --help").
     */
    @Test
    void everyBadOptionValueIsAUsageError() throws Exception {
        Path in = Files.writeString(dir.resolve("in.txt"), "1.2.3.4\n");
        Path gz = Files.write(dir.resolve("in.txt.gz"), new byte[0]);
        String[][] lines = {
            {"fastio ips pack --help", "ips", "pack", "--order", "middle", in.toString(), dir.resolve("o").toString()},
            {"fastio ips pack --help", "ips", "pack", "--encoding", "odd", in.toString(), dir.resolve("o").toString()},
            {"fastio ips unpack --help", "ips", "unpack", "--order", "x", in.toString(), dir.resolve("o").toString()},
            {"fastio ips pack --help", "ips", "pack", in.toString()},
            {"fastio ips pack --help", "ips", "pack", "--bogus", in.toString(), dir.resolve("o").toString()},
            {"fastio gunzip --help", "gunzip", "--threads", "0", gz.toString()},
            {"fastio gunzip --help", "gunzip", "--threads", "-1", gz.toString()},
            {"fastio gunzip --help", "gunzip", "--threads", "abc", gz.toString()},
            {"fastio gunzip --help", "gunzip", "-c", "--threads", "536870912", gz.toString()},
            {"fastio gunzip --help", "gunzip", "-c", "--threads", "2147483647", gz.toString()},
            {"fastio gunzip --help", "gunzip", "/"},
            {"fastio gunzip --help", "gunzip", in.toString()},
            {"fastio gen --help", "gen", "--scale", "huge", "--dir", dir.toString()},
            {"fastio bench --help", "bench", "--prof", "stack", "--results", dir.toString(), "--dir", dir.toString()},
            {"fastio bench --help", "bench", "--forks", "-1", "--results", dir.toString(), "--dir", dir.toString()},
            {"fastio bench --help", "bench", "--time", "soon", "--results", dir.toString(), "--dir", dir.toString()},
            {"fastio bench --help", "bench", "--iterations", "0", "--results", dir.toString(), "--dir", dir.toString()},
            {"fastio copy --help", "copy", "--sparse", "maybe", in.toString(), dir.resolve("o").toString()},
        };
        for (String[] line : lines) {
            Cli r = Cli.run(java.util.Arrays.copyOfRange(line, 1, line.length));
            assertThat(r.exit()).as(String.join(" ", line) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().lines()).as(r.err()).hasSize(1);
            assertThat(r.err()).startsWith("fastio: ").endsWith("(try: " + line[0] + ")\n");
        }
        assertThat(dir.resolve("o")).doesNotExist();
    }

    /**
     * Text from the input or the command line never reaches the terminal raw: escapes that would
     * set the title, clear the screen or hide text, a newline that would make one message two,
     * DEL, C1 controls and direction overrides are all quoted, in errors and in summaries.
     */
    @Test
    void controlCharactersFromOutsideAreQuoted() throws Exception {
        String nasty = "\u001b]0;owned\u0007\u001b[2J\u001b[8m\r\nfastio: fake\u007f\u009b31m\u202e";
        Path list = Files.writeString(dir.resolve("ips.txt"), "1.2.3.4\n" + nasty + "\n", java.nio.charset.StandardCharsets.UTF_8);
        List<Cli> runs = List.of(
                Cli.run("ips", "pack", list.toString(), dir.resolve("a.bin").toString()),
                Cli.run("ips", "pack", "--lenient", list.toString(), dir.resolve("b.bin").toString()),
                Cli.run("gunzip", "-c", dir.resolve("x" + nasty + ".gz").toString()),
                Cli.run(nasty),
                Cli.run("ips", "pack", "--order", nasty, list.toString(), dir.resolve("c.bin").toString()));
        for (Cli r : runs) {
            String all = r.out() + r.err();
            assertThat(all.chars().filter(c -> c < 0x20 && c != '\n' || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0x202e))
                    .as(all).isEmpty();
            assertThat(r.err().lines()).as(r.err()).hasSizeLessThanOrEqualTo(1);
            assertThat(all).contains("\\x1b]0;owned\\x07\\x1b[2J");
        }
        assertThat(runs.get(1).exit()).isZero();
        assertThat(runs.get(1).out()).contains("skipped 2 malformed lines"); // the CR LF inside ends a line
        // trailing garbage after a member, in a file whose name holds the escapes: the warning line too
        Path gz = dir.resolve("t" + nasty + ".gz");
        try (var o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write("data\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        Files.write(gz, "junk".getBytes(java.nio.charset.StandardCharsets.US_ASCII), java.nio.file.StandardOpenOption.APPEND);
        for (Cli r : List.of(Cli.run("gunzip", "-c", gz.toString()), Cli.run("gunzip", "--verbose", "-c", dir.resolve("none" + nasty).toString()))) {
            String all = r.out() + r.err();
            assertThat(all.chars().filter(c -> c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0x202e))
                    .as(all).isEmpty();
            assertThat(r.err()).contains("\\x1b]0;owned");
        }
    }

    /** Copies that cannot be: a name-less source into a folder (usage), and a FIFO as the destination, whose message names what would work. */
    @Test
    void copiesThatCannotBeSayWhatWould() throws Exception {
        oneLineError(Cli.run("copy", "/", dir.toString()), 2, "has no name to give the copy in it");
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        Path src = Files.writeString(dir.resolve("src"), "data");
        oneLineError(Cli.run("copy", src.toString(), fifo.toString()), 1, "is not a regular file");
        assertThat(Cli.run("copy", src.toString(), fifo.toString()).err()).doesNotContain("--replace");
    }

    /** A file name with a newline keeps the rest of its message: one line, the newline quoted. */
    @Test
    void aNewlineInANameKeepsTheWholeMessage() throws Exception {
        Path corrupt = Files.write(dir.resolve("cor\nrupt.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 1, 2});
        Cli r = Cli.run("gunzip", "-c", corrupt.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains("cor\\x0arupt.gz").contains("rupt.gz: ");
    }

    @Test
    void aMissingDataFolderWithNoGen() {
        Path missing = dir.resolve("no-data");
        oneLineError(Cli.run("bench", "--no-gen", "--dir", missing.toString(), "--results", dir.resolve("r").toString()),
                1, "data folder " + missing.toAbsolutePath() + " does not exist");
        assertThat(dir.resolve("r")).isEmptyDirectory(); // no empty run folder left behind
    }

    @Test
    void anUnwritableResultsFolder() throws Exception {
        // root ignores permission bits, so make the folder impossible: its parent is a regular file
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        oneLineError(Cli.run("bench", "--results", file.resolve("results").toString(), "--dir", dir.toString()),
                1, "cannot create results folder");
    }

    @Test
    void aCorruptOrMissingResultsFile() throws Exception {
        Path corrupt = Files.writeString(dir.resolve("results.json"), "[{\"benchmark\": ");
        oneLineError(Cli.run("report", corrupt.toString()), 1, corrupt + " ends early (at byte 15), inside result #1");
        Path invalid = Files.writeString(dir.resolve("invalid.json"), "[{\"benchmark\" 1}]");
        oneLineError(Cli.run("report", invalid.toString()), 1, invalid + " is not valid JSON: Expected ':' at line 1 column 16");
        oneLineError(Cli.run("report", dir.resolve("none.json").toString()), 1, "no such results file");
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void verbosePrintsTheStackTrace() throws Exception {
        Path corrupt = Files.writeString(dir.resolve("results.json"), "nonsense{");
        Cli r = Cli.run("report", "--verbose", corrupt.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("\tat ");
    }

    @Test
    void aBadScaleIsNamed() {
        oneLineError(Cli.run("gen", "--scale", "huge", "--dir", dir.toString()), 2, "--scale must be quick or full");
    }
}
