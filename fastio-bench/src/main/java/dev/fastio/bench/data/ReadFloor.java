package dev.fastio.bench.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The C yardsticks of {@code docs/measure/readfloor.c} (bundled in this jar, a {@link CProgram}),
 * run as processes so the report can show what the same work costs with no JVM around it: a
 * small file's open/fstat/read/close, a {@code stat}, a whole-file load straight into a resident
 * buffer and the same load staged through a 256 KiB buffer. Each run times its loop
 * best-of-rounds and prints nanoseconds per operation, which go into a {@link CYardstick}'s
 * counters. The benchmark's own score is the whole process, start-up included, and is not the
 * yardstick. Compiled once per JVM with {@code cc -O2}.
 */
public final class ReadFloor {
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
        return Program.READFLOOR.run(into, List.of("-n", Integer.toString(ops), "-r", Integer.toString(rounds)), mode, file);
    }

    /** Compiled on first use. */
    private static final class Program {
        static final CProgram READFLOOR = new CProgram("readfloor", List.of("-O2"));
    }
}
