package dev.fastio.report.gate;

import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.jmh.HeapBudget;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.jmh.Quoted;
import dev.fastio.report.jmh.RegularOpen;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.jmh.RunEnvironment;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.NoiseCalibration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Each benchmark's score across several JMH runs, in the order of the runs: the history a CI
 * keeps of its main branch. A benchmark is one line (same class, method, params, mode and
 * threads, as {@link RegressionGate} matches them); each run where it was measured is one point
 * with its 99% interval, in the unit of the line's first run, and, from its second point on, the
 * step from the point before judged by the gate's rule ({@link RegressionGate#verdict}): settled
 * slower or faster by more than the threshold, no change, or not settled. A run that lacks the
 * benchmark leaves a gap, never a point made up.
 */
public final class RunHistory {
    /** The most runs one history reads: a history of years of nightly runs is 1,000 files; past that, give a folder of fewer. */
    public static final int MAX_RUNS = 1_000;

    /**
     * One run.
     *
     * @param name how the run is named (its file)
     * @param environment its JDK and JMH version, and machine where known
     * @param results how many results it has
     */
    public record Run(String name, RunEnvironment environment, int results) {}

    /**
     * One benchmark in one run.
     *
     * @param result the run's result
     * @param score the score in the line's unit, with its interval
     * @param step from the line's previous point: null for the first
     * @param change this run's time over the previous point's, with its interval; null for the first
     */
    public record Point(Result result, Estimate score, RegressionGate.Verdict step, Estimate change) {}

    /**
     * One benchmark across the runs.
     *
     * @param first its first result (name, params, mode, unit)
     * @param points one per run, null where the run lacks it
     */
    public record Line(Result first, List<Point> points) {
        /** "Class.method {p=v} avgt": how lists name it. */
        public String label() {
            return RegressionGate.label(first);
        }

        /** The last run's time over the first run's, with its interval; null where it has fewer than two points. */
        public Estimate overall(EstimateContext estimates, double forkNoise) {
            Point a = null;
            Point b = null;
            for (Point p : points) {
                if (p != null) {
                    a = a == null ? p : a;
                    b = p;
                }
            }
            return a == null || a == b ? null : stepRatio(estimates, b.result, a.result, forkNoise);
        }
    }

    private final List<Run> runs;
    private final List<Line> lines;
    private final double threshold;
    private final double forkNoise;
    private final EstimateContext estimates;

    private RunHistory(EstimateContext estimates, List<Run> runs, List<Line> lines, double threshold, double forkNoise) {
        this.estimates = estimates;
        this.runs = List.copyOf(runs);
        this.lines = List.copyOf(lines);
        this.threshold = threshold;
        this.forkNoise = forkNoise;
    }

    public List<Run> runs() {
        return runs;
    }

    public List<Line> lines() {
        return lines;
    }

    /** The step threshold: 0.10 marks a step settled more than 10% slower or faster. */
    public double threshold() {
        return threshold;
    }

    /** The context the history's intervals were made in. */
    public EstimateContext estimates() {
        return estimates;
    }

    /** The calibrated fork-to-fork noise the steps assume, or NaN for none. */
    public double forkNoise() {
        return forkNoise;
    }

    /** How many steps (between consecutive points of a line) have {@code verdict}. */
    public int steps(RegressionGate.Verdict verdict) {
        int n = 0;
        for (Line l : lines) {
            for (Point p : l.points) {
                n += p != null && p.step == verdict ? 1 : 0;
            }
        }
        return n;
    }

    /**
     * The runs in {@code folder}, in the order of their names with numbers compared as numbers
     * ({@code run-9} before {@code run-10}; dates and timestamps sort as they read): each
     * {@code .json} file in it whose text is a JSON array (JMH's results), and each
     * {@code results.json} one folder down ({@code fastio bench}'s {@code fastio-results/<time>/}).
     * JSON objects beside them (fastio's {@code environment.json}, {@code forks.json}, a gate's
     * {@code --json}, a noise calibration) are not runs: they are named in {@code skipped}.
     *
     * @throws ReportException the folder cannot be listed, or holds no run
     */
    public static List<Path> runsIn(Path folder, List<String> skipped) throws ReportException {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if (Files.isDirectory(p)) {
                    Path inner = p.resolve("results.json");
                    if (Files.isRegularFile(inner)) {
                        found.add(inner);
                    } else if (Files.exists(inner, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        skipped.add(Quoted.path(inner) + " (not a regular file: a FIFO, a device, or a link to none)");
                    }
                } else if (name.toLowerCase(Locale.ROOT).endsWith(".json")) {
                    if (!Files.isRegularFile(p)) {
                        skipped.add(Quoted.path(p) + " (not a regular file: a FIFO, a device, or a link to none)");
                    } else if (startsWithArray(p)) {
                        found.add(p);
                    } else {
                        skipped.add(Quoted.path(p) + " (a JSON object or other text, not JMH's results array)");
                    }
                }
            }
        } catch (IOException e) {
            throw new ReportException("cannot list " + Quoted.path(folder) + ": "
                    + (e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage()), e);
        }
        if (found.isEmpty()) {
            throw new ReportException(Quoted.path(folder) + " holds no JMH results: expected .json files (JMH's -rf json), or"
                    + " folders with a results.json (as fastio bench writes into fastio-results/)");
        }
        found.sort(Comparator.comparing((Path p) -> folder.relativize(p).toString(), RunHistory::naturalOrder));
        return found;
    }

    /**
     * Whether the file's first character after white space (and a UTF-8 byte order mark) is
     * {@code [}. Only that is looked at: a file that starts as an array and is not JMH's JSON is
     * then read, and its error named; an empty file is read too, and refused as empty.
     */
    private static boolean startsWithArray(Path p) throws IOException {
        try (InputStream in = RegularOpen.open(p)) {
            byte[] head = in.readNBytes(4096);
            int i = head.length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB && (head[2] & 0xff) == 0xBF ? 3 : 0;
            while (i < head.length && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r' || head[i] == '\t')) {
                i++;
            }
            return i == head.length || head[i] == '[';
        }
    }

    /** Names compared with their runs of digits as numbers: "run-9" &lt; "run-10"; otherwise as text. */
    static int naturalOrder(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (digit(x) && digit(y)) {
                int ei = i;
                int ej = j;
                while (ei < a.length() && digit(a.charAt(ei))) {
                    ei++;
                }
                while (ej < b.length() && digit(b.charAt(ej))) {
                    ej++;
                }
                String da = strip(a.substring(i, ei));
                String db = strip(b.substring(j, ej));
                int c = da.length() != db.length() ? Integer.compare(da.length(), db.length()) : da.compareTo(db);
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b); // "007" and "7": equal as numbers, still one order
    }

    /**
     * ASCII 0–9 only: {@link Character#isDigit} takes other scripts' digits too, which then compare
     * as numbers against ASCII ones and as characters against letters, an order that loops
     * ("r٢" &lt; "r10" &lt; "rz" &lt; "r٢") and that the sort refuses.
     */
    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String strip(String digits) {
        int k = 0;
        while (k < digits.length() - 1 && digits.charAt(k) == '0') {
            k++;
        }
        return digits.substring(k);
    }

    /**
     * Reads the runs, in the order given, with one heap budget for all (they are in memory together).
     *
     * @param threshold the step threshold (0.10: 10%)
     * @param forkNoise a calibrated fork-to-fork noise ({@link NoiseCalibration}), or NaN
     * @throws ReportException a file cannot be read or is not JMH's JSON (named), one run holds a
     *     benchmark twice, fewer than two runs, more than {@link #MAX_RUNS}, or the same file twice
     */
    public static RunHistory read(EstimateContext estimates, List<Path> files, double threshold, double forkNoise) throws ReportException {
        if (files.size() < 2) {
            throw new ReportException("a history needs two runs or more; " + files.size() + " given (fastio report RUN.json writes one run's page)");
        }
        if (files.size() > MAX_RUNS) {
            throw new ReportException(files.size() + " runs are more than one history shows (" + MAX_RUNS + " at most): give the latest ones");
        }
        refuseRepeats(files);
        HeapBudget budget = HeapBudget.forThisJvm();
        List<String> names = new ArrayList<>();
        List<List<Result>> results = new ArrayList<>();
        List<RunEnvironment> environments = new ArrayList<>();
        for (Path f : files) {
            try {
                List<Result> rs = JmhResults.read(f, budget);
                names.add(f.toString());
                results.add(rs);
                environments.add(RunEnvironment.of(f, rs));
            } catch (OutOfMemoryError e) {
                throw JmhResults.tooLarge(Quoted.path(f) + " with the runs before it", -1, e);
            }
        }
        return of(estimates, names, results, environments, threshold, forkNoise);
    }

    private static void refuseRepeats(List<Path> files) throws ReportException {
        Map<Object, Path> seen = new java.util.HashMap<>();
        for (Path f : files) {
            Object id;
            try {
                Object key = Files.readAttributes(f, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
                id = key != null ? key : f.toRealPath();
            } catch (IOException e) {
                continue; // reading it names the fault
            }
            Path before = seen.putIfAbsent(id, f);
            if (before != null) {
                throw new ReportException(Quoted.path(f) + " is " + Quoted.path(before) + " again: each run is given once");
            }
        }
    }

    /** The history of runs already read; {@code names}, {@code results} and {@code environments} in the runs' order. */
    static RunHistory of(EstimateContext estimates, List<String> names, List<List<Result>> results, List<RunEnvironment> environments, double threshold,
            double forkNoise) throws ReportException {
        if (!(threshold > 0) || !Double.isFinite(threshold)) {
            throw new IllegalArgumentException("the threshold must be above 0%, not " + threshold);
        }
        int n = results.size();
        Map<String, Point[]> byKey = new LinkedHashMap<>();
        Map<String, Result> firstOf = new LinkedHashMap<>();
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Map<String, Result> seen = new java.util.HashMap<>();
            for (Result r : results.get(i)) {
                String k = BenchmarkKey.historyLine(r);
                if (seen.putIfAbsent(k, r) != null) {
                    throw new ReportException(Quoted.text(names.get(i)) + " holds " + RegressionGate.label(r)
                            + " twice: a run measures each benchmark once (two files joined?)");
                }
                firstOf.putIfAbsent(k, r);
                byKey.computeIfAbsent(k, x -> new Point[n])[i] = new Point(r, null, null, null);
            }
            runs.add(new Run(names.get(i), environments.get(i), results.get(i).size()));
        }
        List<Line> lines = new ArrayList<>(byKey.size());
        for (Map.Entry<String, Point[]> e : byKey.entrySet()) {
            Result first = firstOf.get(e.getKey());
            Point[] pts = e.getValue();
            Result previous = null;
            for (int i = 0; i < n; i++) {
                if (pts[i] == null) {
                    continue;
                }
                Result r = pts[i].result;
                Estimate score = inUnitOf(estimates, first, r);
                Estimate change = previous == null ? null : stepRatio(estimates, r, previous, forkNoise);
                RegressionGate.Verdict step = change == null ? null
                        : change.finite() ? RegressionGate.verdict(change, threshold) : RegressionGate.Verdict.NOT_SETTLED;
                pts[i] = new Point(r, score, step, change);
                previous = r;
            }
            lines.add(new Line(first, Collections.unmodifiableList(Arrays.asList(pts))));
        }
        return new RunHistory(estimates, runs, lines, threshold, forkNoise);
    }

    /** {@code a}'s time over {@code b}'s, with the calibrated noise where there is one. */
    private static Estimate stepRatio(EstimateContext c, Result a, Result b, double forkNoise) {
        return Double.isNaN(forkNoise) ? Estimate.ratio(c, a, b) : Estimate.ratio(c, a, b, forkNoise);
    }

    /** {@code r}'s score and interval in {@code line}'s unit (us/op and ns/op, ops/s and ops/ms convert). */
    private static Estimate inUnitOf(EstimateContext c, Result line, Result r) {
        Estimate s = Estimate.score(c, r);
        if (r.unit().equals(line.unit())) {
            return s;
        }
        double f = r.timeFactorTo(line); // the time unit of r in the line's: a time scales by it, a rate by its inverse
        return s.times(r.lowerIsBetter() ? f : 1 / f);
    }

    /**
     * Writes the history as JSON to {@code out}, as it goes (1,000 runs of 400 benchmarks are
     * 400,000 points: no tree of them is built in memory), for a CI to keep or chart: the runs,
     * then per benchmark one entry per run (null where the run lacks it) with its score and
     * interval in the line's unit and the step from the point before.
     */
    public void writeJson(java.io.Writer out) throws IOException {
        com.google.gson.stream.JsonWriter w = new com.google.gson.stream.JsonWriter(out);
        w.setIndent(" ");
        w.setSerializeNulls(true);
        w.beginObject();
        w.name("threshold").value(threshold);
        w.name("forkNoise");
        if (Double.isNaN(forkNoise)) {
            w.nullValue();
        } else {
            w.value(forkNoise);
        }
        w.name("runs").beginArray();
        for (Run r : runs) {
            w.beginObject().name("name").value(r.name()).name("results").value(r.results()).name("jdk").value(r.environment().jdk())
                    .name("jmh").value(r.environment().jmh()).endObject();
        }
        w.endArray();
        w.name("benchmarks").beginArray();
        for (Line l : lines) {
            Result f = l.first();
            w.beginObject().name("benchmark").value(f.className() + "." + f.method());
            w.name("params").beginObject();
            for (Map.Entry<String, String> p : f.params().entrySet()) {
                w.name(p.getKey()).value(p.getValue());
            }
            w.endObject();
            w.name("mode").value(f.mode()).name("threads").value(f.threads()).name("unit").value(f.unit());
            w.name("points").beginArray();
            for (Point p : l.points()) {
                if (p == null) {
                    w.nullValue();
                    continue;
                }
                w.beginObject();
                number(w.name("score"), p.score().value());
                number(w.name("low"), p.score().low());
                number(w.name("high"), p.score().high());
                w.name("step");
                if (p.step() == null) {
                    w.nullValue();
                } else {
                    w.value(p.step().text());
                }
                w.endObject();
            }
            w.endArray().endObject();
        }
        w.endArray().endObject();
        w.flush();
        out.write('\n');
    }

    /** The history's JSON as a string (tests; {@link #writeJson} for files). */
    public String toJson() {
        java.io.StringWriter s = new java.io.StringWriter();
        try {
            writeJson(s);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return s.toString();
    }

    /** JSON has no NaN or infinity: those are written as strings. */
    private static void number(com.google.gson.stream.JsonWriter w, double d) throws IOException {
        if (Double.isFinite(d)) {
            w.value(d);
        } else {
            w.value(Double.toString(d));
        }
    }
}
