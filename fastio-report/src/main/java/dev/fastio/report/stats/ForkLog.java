package dev.fastio.report.stats;

import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.jmh.Quoted;
import dev.fastio.report.jmh.Result;
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
 *               the report's intervals widen to match ({@link EstimateContext#withLooks})
 * @param finest the closest to equal a claim's line may be for this run to decide it (1.25 for a
 *               quick run: a line within 25% of equal, such as "never slower, 5% margin", needs
 *               more forks than its budget gives when the two sides are close); 1 where the run
 *               does not say (every line is the run's to decide)
 * @param forks  per result ({@link BenchmarkKey#forkLog}), its forks in the order they ran
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
     * @param sitting  which sitting of a resumed run measured it, from 1 (0: a log written
     *                 before sittings were recorded, which had one)
     */
    public record Fork(int round, double seconds, double otherCpu, int sitting) {
        /** A fork of a run's first sitting. */
        public Fork(int round, double seconds, double otherCpu) {
            this(round, seconds, otherCpu, 1);
        }
    }

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

    /** The forks of {@code r}, empty where the log does not have them. */
    public List<Fork> of(Result r) {
        return forks.getOrDefault(BenchmarkKey.forkLog(r), List.of());
    }

    /** Mean cores busy elsewhere over {@code r}'s forks; NaN where none were recorded. */
    public double otherCpu(Result r) {
        return of(r).stream().mapToDouble(Fork::otherCpu).filter(Double::isFinite).average().orElse(Double.NaN);
    }

    /**
     * The most a log may hold: a quick run's is some 90 KB, a full run's a few hundred (605
     * results, a few forks each); a bigger file beside someone's results is not read, so that it
     * cannot exhaust the heap.
     */
    public static final long MAX_BYTES = 2L << 20;

    /** The most cores a fork's load figure may claim; a figure outside [0, this] is not one. */
    static final double MAX_CORES = 4096;

    /** A fork's wall time no run writes: a day (a cold fork of the full suite takes seconds, JMH's own time-out is 10 minutes). */
    static final double MAX_FORK_SECONDS = 86_400;

    /** A log and what became of the file: read, absent, or why it was not used. */
    public record Read(ForkLog log, String status) {
        /** True where a log file was there but could not be used. */
        public boolean ignored() {
            return status.startsWith("ignored");
        }
    }

    /**
     * The log file that belongs to {@code resultsFile}: {@value #FILE} beside {@code results.json}
     * (what {@code fastio bench} writes), {@code NAME.forks.json} beside any other {@code NAME.json},
     * so that one log is never lent to another results file in the same folder.
     */
    public static Path fileOf(Path resultsFile) {
        Path abs = resultsFile.toAbsolutePath();
        String name = abs.getFileName() == null ? "" : abs.getFileName().toString();
        if (name.equals("results.json")) {
            return abs.resolveSibling(FILE);
        }
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return abs.resolveSibling(stem + "." + FILE);
    }

    /** The log of {@code resultsFile} ({@link #fileOf}), or {@link #NONE}; {@link #read} says why. */
    public static ForkLog beside(Path resultsFile) {
        return read(resultsFile).log();
    }

    /**
     * Reads the log of {@code resultsFile}: {@link #NONE} where there is none, where it is not a
     * regular file (a link is not followed: a FIFO or {@code /dev/zero} behind one is never
     * opened), larger than {@value #MAX_BYTES} bytes, or not a log (bad JSON, wrong types,
     * numbers out of range); a file nobody here wrote may be there, and a bad one only costs what
     * it would have added. Its status says which, for the page and the command.
     */
    public static Read read(Path resultsFile) {
        Path file = fileOf(resultsFile);
        String none = "none beside the results: intervals at 99%, as for a run that judged its claims once";
        java.nio.file.attribute.BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return new Read(NONE, none);
        }
        String ignored = "ignored (%s): intervals at 99%%, as for a run that judged its claims once; a planned run's were wider";
        if (!attributes.isRegularFile()) {
            return new Read(NONE, String.format(ignored, attributes.isSymbolicLink() ? "a link" : "not a regular file"));
        }
        // one open, through no link; what it reads is capped whatever the file turns into after the check
        try (java.io.InputStream in = Files.newInputStream(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                return new Read(NONE, String.format(ignored, "larger than " + (MAX_BYTES >> 20) + " MiB"));
            }
            ForkLog log = GSON.fromJson(new String(bytes, StandardCharsets.UTF_8), ForkLog.class);
            String wrong = log == null ? "empty" : log.wrong();
            if (wrong != null) {
                return new Read(NONE, String.format(ignored, wrong));
            }
            ForkLog clamped = new ForkLog(Math.min(log.looks(), EstimateContext.MAX_LOOKS), log.finest(), log.forks());
            return new Read(clamped, "read: " + clamped.looks() + (clamped.looks() == 1 ? " look" : " looks") + ", "
                    + clamped.forks().values().stream().mapToInt(List::size).sum() + " forks");
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            return new Read(NONE, String.format(ignored, "not a log: " + Quoted.text(String.valueOf(e.getMessage()).lines().findFirst().orElse(""))));
        }
    }

    /** What makes a parsed log not one a run writes; null where it is one. */
    private String wrong() {
        if (!(finest >= 1 && finest <= 2)) {
            return "its finest line is " + finest + ", not from 1 to 2";
        }
        for (Map.Entry<String, List<Fork>> e : forks.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                return "a result without forks";
            }
            for (Fork f : e.getValue()) {
                if (f == null || f.round() < 0 || f.sitting() < 0 || !(f.seconds() >= 0 && f.seconds() <= MAX_FORK_SECONDS)
                        || !(Double.isNaN(f.otherCpu()) || f.otherCpu() >= 0 && f.otherCpu() <= MAX_CORES)) {
                    return "a fork whose round, seconds or load no run writes";
                }
            }
        }
        return null;
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
