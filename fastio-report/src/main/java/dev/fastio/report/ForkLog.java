package dev.fastio.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code fastio bench} knows of each fork that JMH's file does not say: the planner's round
 * it ran in, its wall time, and how busy the machine was with other work while it measured. It
 * is written as {@value #FILE} beside {@code results.json}; a plain JMH file has none, and its
 * forks are then unknown (one look, no load record).
 *
 * @param looks  how many times the run judged its claims to plan more forks (1: a plain run);
 *               the report's intervals widen to match ({@link Estimate#withLooks})
 * @param finest the closest to equal a claim's line may be for this run to decide it (1.25 for a
 *               quick run: a line within 25% of equal, such as "never slower, 5% margin", needs
 *               more forks than its budget gives when the two sides are close); 1 where the run
 *               does not say (every line is the run's to decide)
 * @param forks  per result ({@link #key}), its forks in the order they ran
 */
public record ForkLog(int looks, double finest, Map<String, List<Fork>> forks) {
    public static final String FILE = "forks.json";

    /**
     * One fork of one benchmark.
     *
     * @param round    the planner's round (0: the first pass over every benchmark)
     * @param seconds  the fork's wall time, JVM start to exit
     * @param otherCpu cores busy with other work while it measured (CPU time the machine spent
     *                 outside this run's processes, steal included, over the measured
     *                 iterations' wall time); NaN where it could not be read
     */
    public record Fork(int round, double seconds, double otherCpu) {}

    /** A log with no forks: a plain JMH file. */
    public static final ForkLog NONE = new ForkLog(1, 1, Map.of());

    public ForkLog {
        if (looks < 1) {
            looks = 1;
        }
        if (!(finest >= 1) || Double.isInfinite(finest)) {
            finest = 1;
        }
        forks = forks == null ? Map.of() : forks;
        Map<String, List<Fork>> copy = new TreeMap<>();
        forks.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        forks = java.util.Collections.unmodifiableMap(copy);
    }

    /** The key of a benchmark at one set of parameters: "class.method mode {param=value, …}". */
    public static String key(String benchmark, String mode, Map<String, String> params) {
        return benchmark + " " + mode + " " + new TreeMap<>(params);
    }

    public static String key(Result r) {
        return key(r.className() + "." + r.method(), r.mode(), r.params());
    }

    /** The forks of {@code r}, empty where the log does not have them. */
    public List<Fork> of(Result r) {
        return forks.getOrDefault(key(r), List.of());
    }

    /** Mean cores busy elsewhere over {@code r}'s forks; NaN where none were recorded. */
    public double otherCpu(Result r) {
        return of(r).stream().mapToDouble(Fork::otherCpu).filter(Double::isFinite).average().orElse(Double.NaN);
    }

    /**
     * The most a log may hold: a full run's is some 100 KB (a few hundred results, a few forks
     * each); a bigger file beside someone's results is not read, so that it cannot exhaust the heap.
     */
    static final long MAX_BYTES = 16L << 20;

    /**
     * The log beside {@code resultsFile}, or {@link #NONE} where there is none, it is not a
     * regular file, it is larger than {@value #MAX_BYTES} bytes, or it cannot be read: a file
     * nobody here wrote may be beside the results, and a bad one only costs what it would have
     * added (the looks, the load).
     */
    public static ForkLog beside(Path resultsFile) {
        Path file = resultsFile.toAbsolutePath().resolveSibling(FILE);
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return NONE;
            }
        } catch (IOException e) {
            return NONE;
        }
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            ForkLog log = GSON.fromJson(r, ForkLog.class);
            if (log == null || log.forks() == null) {
                return NONE;
            }
            return new ForkLog(Math.min(log.looks(), Estimate.MAX_LOOKS), log.finest(), log.forks());
        } catch (IOException | RuntimeException e) {
            return NONE; // JsonParseException, a number where a list was, a record it cannot build
        }
    }

    /** The same log with {@code looks}. */
    public ForkLog withLooks(int looks) {
        return new ForkLog(looks, finest, forks);
    }

    /** Whether a claim's line at {@code bound} (a ratio) is closer to equal than this run resolves. */
    public boolean tooFine(double bound) {
        return bound > 0 && Math.abs(Math.log(bound)) < Math.log(finest) - 1e-12;
    }

    /** The log as JSON, for {@link #FILE}. */
    public String toJson() {
        return GSON.toJson(this);
    }

    /** Adds forks to a mutable map of fork lists. */
    public static void add(Map<String, List<Fork>> into, String key, Fork fork) {
        into.computeIfAbsent(key, k -> new ArrayList<>()).add(fork);
    }

    /** A mutable map for {@link #add}, in insertion order. */
    public static Map<String, List<Fork>> newForks() {
        return new LinkedHashMap<>();
    }

    private static final Gson GSON = new GsonBuilder().serializeSpecialFloatingPointValues().setPrettyPrinting().create();
}
