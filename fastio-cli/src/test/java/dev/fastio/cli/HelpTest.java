package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Each command's help starts with one whole sentence, which is also what `fastio --help` lists. */
class HelpTest {
    private static List<CommandLine> all(CommandLine c) {
        List<CommandLine> out = new ArrayList<>(List.of(c));
        c.getSubcommands().values().stream().filter(s -> !s.getCommandName().equals("help")).forEach(s -> out.addAll(all(s)));
        return out;
    }

    /** The whole command tree, as Main builds it for help. */
    private static CommandLine root() {
        return Main.tree(System.out, Main.COMMANDS);
    }

    @Test
    void everyCommandsFirstLineIsAWholeSentenceAndTheListShowsIt() {
        CommandLine root = root();
        String listing = Cli.run("--help").out();
        for (CommandLine c : all(root)) {
            String[] d = c.getCommandSpec().usageMessage().description();
            assertThat(d).as(c.getCommandName()).isNotEmpty();
            assertThat(d[0]).as("first line of %s", c.getCommandName()).endsWith(".").doesNotContain(";");
            if (c.getParent() == root) {
                assertThat(listing.replaceAll("\\s+", " ")).as("fastio --help lists %s", c.getCommandName()).contains(d[0]);
            }
            String help = Cli.run(path(c).toArray(String[]::new)).out();
            assertThat(help.replaceAll("\\s+", " ")).as("help of %s", c.getCommandName()).contains(d[0]);
        }
    }

    /** picocli formats descriptions with String.format: a lone '%' made it print a warning and raw text. */
    @Test
    void everyHelpFormatsWithoutWarnings() {
        CommandLine root = root();
        java.io.PrintStream before = System.err;
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        try {
            System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
            for (CommandLine c : all(root)) {
                Cli r = Cli.run(path(c).toArray(String[]::new));
                assertThat(r.out() + r.err()).as("help of %s", c.getCommandName()).doesNotContain("%n").doesNotContain("WARN");
            }
        } finally {
            System.setErr(before);
        }
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
        assertThat(Cli.run("report", "--help").out().replaceAll("\\s+", " ")).contains("each ratio's 99% interval.");
    }

    private static List<String> path(CommandLine c) {
        List<String> p = new ArrayList<>();
        for (CommandLine x = c; x.getParent() != null; x = x.getParent()) {
            p.add(0, x.getCommandName());
        }
        p.add("--help");
        return p;
    }

    @Test
    void aCommandLineBuildsTheCommandItRunsAndHelpBuildsAll() {
        assertThat(Main.invoked(new String[] {"--verbose", "copy", "a", "b"})).containsExactly("copy");
        assertThat(Main.invoked(new String[] {"gunzip", "-c", "report"})).containsExactly("gunzip");
        assertThat(Main.invoked(new String[] {"help", "copy"})).isEqualTo(Main.COMMANDS);
        assertThat(Main.invoked(new String[] {"-h"})).isEqualTo(Main.COMMANDS);
        assertThat(Main.invoked(new String[] {"cpoy"})).isEqualTo(Main.COMMANDS); // so that picocli can suggest the right one
        assertThat(Main.invoked(new String[] {"--", "copy"})).isEmpty();
        assertThat(Main.invoked(new String[] {})).isEmpty();
        Cli typo = Cli.run("gunzp", "a.gz");
        assertThat(typo.exit()).isEqualTo(2);
        assertThat(typo.err()).contains("did you mean").contains("gunzip");
        Cli bare = Cli.run();
        assertThat(bare.exit()).isEqualTo(2);
        assertThat(bare.err()).contains("missing command");
    }

    @Test
    void versionWithoutPicocliPrintsWhatPicocliPrints() {
        Cli fast = Cli.run("--version");
        Cli viaPicocli = Cli.run("--verbose", "--version"); // two arguments: the model is built
        assertThat(fast.exit()).isZero();
        assertThat(viaPicocli.exit()).isZero();
        assertThat(fast.out()).startsWith("fastio ").isEqualTo(viaPicocli.out());
        assertThat(Cli.run("-V").out()).isEqualTo(fast.out());
    }
}
