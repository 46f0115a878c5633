package dev.fastio.report.jmh;

import java.util.Map;
import java.util.TreeMap;

/**
 * Which benchmark a result is, as a string to match results by: one class for the one idea, used
 * by the gate, the history, the comparison page, the noise calibration and the fork log. Two
 * spellings differ on purpose, each kept in its own method: {@link #forkLog} is written into
 * {@code forks.json} in every run folder (without threads, params sorted), so it cannot change
 * without making old logs unreadable; {@link #historyLine} adds the unit where no conversion
 * joins two units.
 */
public final class BenchmarkKey {
    private BenchmarkKey() {}

    /** Same benchmark, method, params, mode and threads: the same measurement in two runs. */
    public static String of(Result r) {
        return r.className() + "." + r.method() + " " + r.params() + " " + r.mode() + " " + r.threads();
    }

    /**
     * A line of a history is one benchmark ({@link #of}); where its unit is not a known time unit,
     * the unit is part of it: scores in two units nothing converts between are two lines, never
     * one line with a jump.
     */
    public static String historyLine(Result r) {
        return of(r) + (Double.isNaN(r.secondsPerTimeUnit()) ? " " + r.unit() : "");
    }

    /** The key of a benchmark at one set of parameters in the fork log: "class.method mode {param=value, …}". */
    public static String forkLog(String benchmark, String mode, Map<String, String> params) {
        return benchmark + " " + mode + " " + new TreeMap<>(params);
    }

    /** {@link #forkLog(String, String, Map)} of {@code r}. */
    public static String forkLog(Result r) {
        return forkLog(r.className() + "." + r.method(), r.mode(), r.params());
    }
}
