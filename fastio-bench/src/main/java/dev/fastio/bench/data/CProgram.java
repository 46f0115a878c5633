package dev.fastio.bench.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A C program of {@code docs/measure} bundled in this jar, compiled with {@code cc} on first use
 * and run as a process whose line "MODE FILE: N ns (best of the rounds)" goes into a
 * {@link CYardstick}'s counters. What {@link ReadFloor} and {@link IpParseFloor} share. Where
 * there is no C compiler it does not run: the counters stay 0 and the report says the yardstick
 * was not measured (the README says how to install one).
 */
final class CProgram {
    /** The programs' line: "small fastio-data/binary-16.bin: 4367 ns (best of the rounds)". */
    private static final Pattern NS = Pattern.compile(": ([0-9]+) ns");

    private final String name;
    private final Path program;

    /**
     * Compiles {@code name.c} from this package's resources; said once on stderr where that is
     * impossible.
     */
    CProgram(String name, List<String> flags) {
        this.name = name;
        this.program = compile(name, flags);
    }

    /**
     * Runs {@code program OPTIONS MODE FILE} and adds the nanoseconds it reported to
     * {@code into}'s counters.
     *
     * @return the nanoseconds it reported, or -1 where no C compiler is available
     * @throws IOException it failed or printed no time; the message names the mode, the file and its output
     */
    long run(CYardstick into, List<String> options, String mode, Path file) throws IOException, InterruptedException {
        if (program == null) {
            return -1;
        }
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(options);
        command.add(mode);
        command.add(file.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = p.waitFor();
        Matcher m = NS.matcher(out);
        if (status != 0 || !m.find()) {
            throw new IOException(name + " " + mode + " on " + file + " failed (exit " + status + "): " + out.strip());
        }
        long ns = Long.parseLong(m.group(1));
        into.cNs += ns;
        into.cRuns++;
        return ns;
    }

    private static Path compile(String name, List<String> flags) {
        try (InputStream src = CProgram.class.getResourceAsStream(name + ".c")) {
            if (src == null) {
                throw new IOException(name + ".c is not in the jar");
            }
            Path dir = Files.createTempDirectory("fastio-" + name);
            Path c = dir.resolve(name + ".c");
            Path exe = dir.resolve(name);
            Files.copy(src, c);
            List<String> command = new ArrayList<>(List.of("cc"));
            command.addAll(flags);
            command.addAll(List.of("-o", exe.toString(), c.toString()));
            Process cc = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!cc.waitFor(60, TimeUnit.SECONDS) || cc.exitValue() != 0) {
                throw new IOException("cc failed: " + out.strip());
            }
            for (Path f : new Path[] {dir, c, exe}) {
                f.toFile().deleteOnExit(); // deleted in the reverse order: the folder last
            }
            return exe;
        } catch (IOException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            System.err.println("fastio-bench: the C yardstick " + name + " does not run (" + e.getMessage()
                    + "); install a C compiler (Debian: apt-get install gcc) to see it");
            return null;
        }
    }
}
