package dev.fastio.bench.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The C yardsticks of {@code docs/measure/readfloor.c} (bundled in this jar), run as processes
 * so the report can show what the same work costs with no JVM around it: a small file's
 * open/fstat/read/close, a {@code stat}, a whole-file load straight into a resident buffer and
 * the same load staged through a 256 KiB buffer. Each run times its loop best-of-rounds and
 * prints nanoseconds per operation, which go into a {@link CYardstick}'s counters. The
 * benchmark's own score is the whole process, start-up included, and is not the yardstick.
 *
 * <p>The program is compiled once per JVM with {@code cc -O2}. Where there is no C compiler it
 * does not run: the counters stay 0 and the report says the yardstick was not measured (the
 * README says how to install one).
 */
public final class ReadFloor {
    /** readfloor's line: "small fastio-data/binary-16.bin: 4367 ns (best of the rounds)". */
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
        Path program = Compiled.PROGRAM;
        if (program == null) {
            return -1;
        }
        Process p = new ProcessBuilder(program.toString(), "-n", Integer.toString(ops), "-r", Integer.toString(rounds),
                mode, file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = p.waitFor();
        Matcher m = NS.matcher(out);
        if (status != 0 || !m.find()) {
            throw new IOException("readfloor " + mode + " on " + file + " failed (exit " + status + "): " + out.strip());
        }
        long ns = Long.parseLong(m.group(1));
        into.cNs += ns;
        into.cRuns++;
        return ns;
    }

    /** The program, compiled on first use; null where that is impossible (said once on stderr). */
    private static final class Compiled {
        static final Path PROGRAM = compile();

        private static Path compile() {
            try (InputStream src = ReadFloor.class.getResourceAsStream("readfloor.c")) {
                if (src == null) {
                    throw new IOException("readfloor.c is not in the jar");
                }
                Path dir = Files.createTempDirectory("fastio-readfloor");
                Path c = dir.resolve("readfloor.c");
                Path exe = dir.resolve("readfloor");
                Files.copy(src, c);
                Process cc = new ProcessBuilder("cc", "-O2", "-o", exe.toString(), c.toString()).redirectErrorStream(true).start();
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
                System.err.println("fastio-bench: the C yardsticks do not run (" + e.getMessage()
                        + "); install a C compiler (Debian: apt-get install gcc) to see them");
                return null;
            }
        }
    }
}
