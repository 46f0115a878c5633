package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
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
        oneLineError(Cli.run("frobnicate"), 2, "frobnicate");
        oneLineError(Cli.run(), 2, "missing command");
        oneLineError(Cli.run("bench", "--quick", "--full"), 2, "mutually exclusive");
    }

    @Test
    void unknownSuiteListsTheKnownOnes() {
        oneLineError(Cli.run("bench", "--suite", "nope", "--results", dir.toString()), 1, "OpenStream");
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
        oneLineError(Cli.run("gen", "--scale", "huge", "--dir", dir.toString()), 1, "--scale must be quick or full");
    }
}
