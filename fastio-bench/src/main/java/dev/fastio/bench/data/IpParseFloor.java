package dev.fastio.bench.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The single-threaded C IPv4 parsers of {@code docs/measure/ipparse.c} (bundled in this jar, a
 * {@link CProgram}): the yardsticks for fastio's parse on one thread. Each call parses the
 * whole file {@code rounds} times in one process and reports the best, which goes into a
 * {@link CYardstick}'s counters. Compiled once per JVM with {@code cc -O2 -march=native}, as the
 * C figures in docs/PERFORMANCE.md ("IPv4 parse with the Vector API") were taken: the bit tricks
 * want the CPU's {@code popcnt} and {@code tzcnt}.
 */
public final class IpParseFloor {
    private IpParseFloor() {}

    /**
     * Runs one parser on {@code file} and adds its nanoseconds per whole parse to {@code into}'s
     * counters.
     *
     * @param into the benchmark's counters
     * @param parser bytewise, swar, block, shape or newlines
     * @param rounds whole parses, of which the best counts
     * @return the nanoseconds it reported, or -1 where no C compiler is available
     * @throws IOException the program failed: a malformed line (exit 2), an unknown parser, an unreadable file
     */
    public static long run(CYardstick into, String parser, Path file, int rounds) throws IOException, InterruptedException {
        return Program.IPPARSE.run(into, List.of("-r", Integer.toString(rounds)), parser, file);
    }

    /** Compiled on first use. */
    private static final class Program {
        static final CProgram IPPARSE = new CProgram("ipparse", List.of("-O2", "-march=native"));
    }
}
