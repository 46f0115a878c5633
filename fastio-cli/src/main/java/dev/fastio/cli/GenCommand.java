package dev.fastio.cli;

import dev.fastio.bench.data.DataGenerator;
import dev.fastio.bench.data.Scale;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "gen", mixinStandardHelpOptions = true,
        description = {"Generate every input file the seed articles use, deterministically.",
                "Files already present with the size in the manifest are skipped."})
final class GenCommand implements Callable<Integer> {
    @Option(names = "--dir", defaultValue = "fastio-data", description = "Data folder (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(names = "--scale", defaultValue = "quick",
            description = "quick (sizes capped, minutes) or full (the articles' sizes: 1.3 GB, 26 M IPv4 lines). Default: ${DEFAULT-VALUE}.")
    String scale;

    @Option(names = "--verify", description = "Re-check every file's CRC32C against the manifest, not just its size.")
    boolean verify;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        DataGenerator.Outcome o = generate(dir, parseScale(scale), verify, err);
        spec.commandLine().getOut().printf("%s%n", Quoted.of(String.format(java.util.Locale.ROOT,
                "data set (%s) in %s: %d files generated (%,d bytes), %d already there",
                scale, dir.toAbsolutePath(), o.generated(), o.bytesWritten(), o.skipped())));
        return 0;
    }

    static Scale parseScale(String s) {
        return switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case "quick" -> Scale.QUICK;
            case "full" -> Scale.FULL;
            default -> throw new UsageError("--scale must be quick or full, not '" + s + "'");
        };
    }

    /** Shared with {@code bench}: generate with progress. */
    static DataGenerator.Outcome generate(Path dir, Scale scale, boolean verify, PrintWriter err) throws IOException {
        Progress[] progress = new Progress[1];
        try {
            return DataGenerator.generate(dir, scale, verify, new DataGenerator.Listener() {
                @Override
                public void start(long totalBytes, int files) {
                    progress[0] = Progress.create("gen", totalBytes, "B", err);
                }

                @Override
                public void file(String name, boolean skipped) {
                    if (!skipped) { // files already there are counted in the summary line, not listed
                        progress[0].message("writing: " + name);
                    }
                }

                @Override
                public void bytes(long n) {
                    progress[0].step(n);
                }
            });
        } finally {
            if (progress[0] != null) {
                progress[0].close();
            }
        }
    }
}
