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
 * The C yardsticks of {@code docs/measure} (bundled in this jar), run as processes so the report
 * can show what the same work costs with no JVM around it. {@code readfloor.c}: a small file's
 * open/fstat/read/close, a {@code stat}, a whole-file load straight into a resident buffer and
 * the same load staged through a 256 KiB buffer. {@code ipparse.c}: the single-threaded IPv4
 * parsers (issue 18). Each run times its loop best-of-rounds and prints nanoseconds per
 * operation, which go into a {@link CYardstick}'s counters. The benchmark's own score is the
 * whole process, start-up included, and is not the yardstick.
 *
 * <p>Each program is compiled once per JVM with {@code cc -O2} ({@code ipparse.c} also with
 * {@code -march=native}, as docs/BENCHMARKS.md's figures were taken: its bit tricks need the
 * CPU's {@code popcnt} and {@code tzcnt}). Where there is no C compiler it does not run: the
 * counters stay 0 and the report says the yardstick was not measured (the README says how to
 * install one).
 */
public final class ReadFloor {
    /** The programs' line: "small fastio-data/binary-16.bin: 4367 ns (best of the rounds)". */
    private static final Pattern NS = Pattern.compile(": ([0-9]+) ns");

    private ReadFloor() {}

    /**
     * Runs one readfloor mode on {@code file} and adds its nanoseconds per operation to
     * {@code into}'s counters.
     *
     * @param into the benchmark's counters
     * @param mode small, stat, load or staged
     * @param ops calls per round (small, stat)
     * @param rounds rounds, of which the best counts
     * @return the nanoseconds it reported, or -1 where no C compiler is available
     */
    public static long run(CYardstick into, String mode, Path file, int ops, int rounds) throws IOException, InterruptedException {
        return run(into, ReadFloorProgram.PATH, "readfloor", List.of("-n", Integer.toString(ops), "-r", Integer.toString(rounds)), mode, file);
    }

    /**
     * Runs one ipparse parser on {@code file} (a whole parse per operation) and adds its
     * nanoseconds to {@code into}'s counters.
     *
     * @param into the benchmark's counters
     * @param mode bytewise, swar, block, shape or newlines
     * @param rounds whole parses, of which the best counts
     * @return the nanoseconds it reported, or -1 where no C compiler is available
     */
    public static long runIpParse(CYardstick into, String mode, Path file, int rounds) throws IOException, InterruptedException {
        return run(into, IpParseProgram.PATH, "ipparse", List.of("-r", Integer.toString(rounds)), mode, file);
    }

    private static long run(CYardstick into, Path program, String name, List<String> options, String mode, Path file)
            throws IOException, InterruptedException {
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

    /** readfloor, compiled on first use; null where that is impossible (said once on stderr). */
    private static final class ReadFloorProgram {
        static final Path PATH = compile("readfloor", List.of("-O2"));
    }

    /** ipparse, compiled on first use; null where that is impossible (said once on stderr). */
    private static final class IpParseProgram {
        static final Path PATH = compile("ipparse", List.of("-O2", "-march=native"));
    }

    private static Path compile(String name, List<String> flags) {
        try (InputStream src = ReadFloor.class.getResourceAsStream(name + ".c")) {
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
