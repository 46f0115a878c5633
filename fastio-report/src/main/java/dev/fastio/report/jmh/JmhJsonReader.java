package dev.fastio.report.jmh;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import java.io.EOFException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads JMH's JSON results one result at a time from a streaming {@link JsonReader}, keeping of
 * each only what the report uses: no tree of the whole file is built, a sample-mode histogram
 * ({@code rawDataHistogram}, which grows with the run's length) is counted as it streams past, a
 * secondary metric's raw data is skipped, and the strings that repeat from result to result
 * (class, method, unit, parameter names and values) are held once. What is kept is counted
 * against a {@link HeapBudget}, so that a file too big for the heap is a "too large" error.
 *
 * <p>Every field the report reads is either absent or of its JSON type; anything else (a
 * parameter that is null, an object or an array, {@code "threads": "abc"}, a score that is not a
 * number) is a {@link ReportException} naming the file, the result and the field. A number may
 * be written as a JSON number or, as JMH writes its missing errors, the string {@code "NaN"}
 * (also {@code "Infinity"}, {@code "-Infinity"}, or a number in a string); a non-finite score is
 * kept, and the page shows it as not finite.
 */
final class JmhJsonReader {
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    private final JsonReader json;
    private final String file;
    private final long fileSize;
    private final Utf8Input input;
    private final HeapBudget budget;
    private final Map<String, String> strings = new HashMap<>();
    /** Characters of the strings first seen in the result being read (kept once, counted once). */
    private long newChars;
    /** 1-based number of the result being read. */
    private int index;
    /** The name of the result being read, once seen: for messages. */
    private String benchmark;

    /**
     * @param file     the file's name as messages show it ({@link Quoted#path})
     * @param fileSize its size in bytes, or -1 where it has none (a pipe)
     */
    /** What the budget held before this file (the files read before it into the same report). */
    private long before;

    JmhJsonReader(JsonReader json, String file, long fileSize, Utf8Input input, HeapBudget budget) {
        this.json = json;
        this.file = file;
        this.fileSize = fileSize;
        this.input = input;
        this.budget = budget;
        this.before = budget.used();
    }

    /** Every result of the file's one JSON array, in order; the reader is then just past the array. */
    List<Result> readAll() throws IOException, ReportException {
        List<Result> results = new ArrayList<>();
        try {
            JsonToken first;
            try {
                first = json.peek();
            } catch (EOFException e) {
                throw new ReportException(file + " is empty (or only whitespace): expected JMH's JSON results (-rf json), a JSON array", e);
            }
            if (first != JsonToken.BEGIN_ARRAY) {
                throw new ReportException(file + " is not a JMH result file: it holds " + describe(first)
                        + ", expected a JSON array of benchmark results");
            }
            json.beginArray();
            while (json.hasNext()) {
                index++;
                benchmark = null;
                newChars = 0;
                Result r = result();
                results.add(r);
                if (!budget.take(HeapBudget.of(r, newChars))) {
                    throw tooLarge(results.size());
                }
            }
            json.endArray();
        } catch (EOFException e) {
            throw endsEarly(results.size(), e);
        } catch (MalformedJsonException e) {
            if (cutShort(e)) {
                throw endsEarly(results.size(), e);
            }
            throw new ReportException(file + " is not valid JSON: " + Quoted.text(syntaxError(e))
                    + (index == 0 ? "" : " (in result #" + index + named() + ")"), e);
        }
        if (results.isEmpty()) {
            throw new ReportException(file + " holds no benchmark results (an empty JSON array)");
        }
        return results;
    }

    private ReportException endsEarly(int complete, IOException e) {
        return new ReportException(file + " ends early" + (fileSize >= 0 ? String.format(Locale.ROOT, " (at byte %,d)", fileSize) : "")
                + ", inside " + (index == 0 ? "its array" : "result #" + index + named())
                + ": the file is cut short (a run that was stopped, or a copy not finished); " + complete + " complete results before it", e);
    }

    /**
     * A syntax error that is the end of the input arriving inside a value: a string or an escape
     * not closed (Gson says so only at the end), or a word or number cut off ({@code tr},
     * {@code 1e}), which Gson reports as something JSON does not allow.
     */
    private boolean cutShort(MalformedJsonException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        if (m.startsWith("Unterminated string") || m.startsWith("Unterminated escape sequence")) {
            return true;
        }
        int c = input.lastChar();
        boolean inWord = c >= 0 && (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '+');
        return input.ended() && inWord && m.startsWith("Use JsonReader.setStrictness");
    }

    private Result result() throws IOException, ReportException {
        if (json.peek() != JsonToken.BEGIN_OBJECT) {
            throw new ReportException(where() + " is " + describe(json.peek()) + ", expected a JSON object");
        }
        json.beginObject();
        String mode = "";
        String jdk = "";
        String vmName = "";
        String vmVersion = "";
        int threads = 1;
        Map<String, String> params = Map.of();
        Metric primary = null;
        Map<String, Result.Metric> secondary = Map.of();
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (json.hasNext()) {
            String name = json.nextName();
            if (!seen.add(name) && READ_FIELDS.contains(name)) {
                throw new ReportException(where() + " names '" + Quoted.text(name) + "' twice: which one JMH meant cannot be told");
            }
            switch (name) {
                case "benchmark" -> benchmark = string("benchmark");
                case "mode" -> mode = string("mode");
                case "threads" -> threads = threads();
                case "jdkVersion" -> jdk = string("jdkVersion");
                case "vmName" -> vmName = string("vmName");
                case "vmVersion" -> vmVersion = string("vmVersion");
                case "params" -> params = params();
                case "primaryMetric" -> primary = metric("primaryMetric", true);
                case "secondaryMetrics" -> secondary = secondary();
                default -> json.skipValue();
            }
        }
        json.endObject();
        if (benchmark == null) {
            throw new ReportException(where() + " has no 'benchmark' name");
        }
        int dot = benchmark.lastIndexOf('.');
        if (dot <= 0 || dot == benchmark.length() - 1) {
            throw new ReportException(where() + " has benchmark name '" + Quoted.text(benchmark) + "', expected Class.method");
        }
        if (primary == null) {
            throw new ReportException(where() + " has no 'primaryMetric' object");
        }
        if (!primary.hasScore) {
            throw new ReportException(where() + " has no primaryMetric.score");
        }
        return new Result(intern(benchmark.substring(0, dot)), intern(benchmark.substring(dot + 1)), mode, threads,
                Collections.unmodifiableMap(params), primary.score, primary.error, primary.unit, Collections.unmodifiableMap(secondary),
                jdk, vmName, vmVersion, DoubleList.wrap(primary.samples()), primary.forks, primary.percentiles, primary.histogramCount);
    }

    /** The fields of a result and of a metric that the report reads: named twice, the file is refused. */
    private static final java.util.Set<String> READ_FIELDS = java.util.Set.of("benchmark", "mode", "threads", "jdkVersion", "vmName",
            "vmVersion", "params", "primaryMetric", "secondaryMetrics", "score", "scoreError", "scoreUnit", "scorePercentiles", "rawData",
            "rawDataHistogram");

    /** What a metric object holds that the report reads. */
    private static final class Metric {
        boolean hasScore;
        double score = Double.NaN;
        double error = Double.NaN;
        String unit = "";
        Map<String, Double> percentiles = Map.of();
        double[] samples = new double[0];
        int sampleCount;
        int forks = 1;
        long histogramCount;

        double[] samples() {
            return sampleCount == samples.length ? samples : java.util.Arrays.copyOf(samples, sampleCount);
        }
    }

    /** A metric object: the primary one (with its raw data) or a secondary one (its raw data skipped). */
    private Metric metric(String field, boolean primary) throws IOException, ReportException {
        expect(field, JsonToken.BEGIN_OBJECT, "an object");
        json.beginObject();
        Metric m = new Metric();
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (json.hasNext()) {
            String name = json.nextName();
            if (!seen.add(name) && READ_FIELDS.contains(name)) {
                throw new ReportException(where() + ": " + field + " names '" + Quoted.text(name) + "' twice: which one JMH meant cannot be told");
            }
            switch (name) {
                case "score" -> {
                    m.score = number(field + ".score");
                    m.hasScore = true;
                }
                case "scoreError" -> m.error = number(field + ".scoreError");
                case "scoreUnit" -> m.unit = string(field + ".scoreUnit");
                default -> {
                    if (!primary) {
                        json.skipValue();
                    } else if (name.equals("scorePercentiles")) {
                        m.percentiles = percentiles(field + ".scorePercentiles");
                    } else if (name.equals("rawData")) {
                        rawData(field + ".rawData", m);
                    } else if (name.equals("rawDataHistogram")) {
                        histogram(field + ".rawDataHistogram", m);
                    } else {
                        json.skipValue();
                    }
                }
            }
        }
        json.endObject();
        return m;
    }

    /** {@code "0.0"} … {@code "100.0"} → value; NaN values left out, as "not measured". */
    private Map<String, Double> percentiles(String field) throws IOException, ReportException {
        expect(field, JsonToken.BEGIN_OBJECT, "an object of percentiles");
        json.beginObject();
        Map<String, Double> out = new LinkedHashMap<>();
        while (json.hasNext()) {
            String key = intern(json.nextName());
            double v = number(field + "." + Quoted.text(key));
            if (!Double.isNaN(v)) {
                out.put(key, v);
            }
        }
        json.endObject();
        return out;
    }

    /** {@code rawData}: [fork][iteration] scores; every one kept, 8 bytes each, counted against the budget as it grows. */
    private void rawData(String field, Metric m) throws IOException, ReportException {
        expect(field, JsonToken.BEGIN_ARRAY, "an array of forks");
        json.beginArray();
        int forks = 0;
        while (json.hasNext()) {
            expect(field + "[" + forks + "]", JsonToken.BEGIN_ARRAY, "an array of iterations");
            json.beginArray();
            while (json.hasNext()) {
                if (m.sampleCount == m.samples.length) {
                    int grown = Math.max(16, m.samples.length * 2);
                    if (grown < 0 || !budget.fits(8L * grown)) {
                        throw tooLarge(index - 1);
                    }
                    m.samples = java.util.Arrays.copyOf(m.samples, grown);
                }
                m.samples[m.sampleCount++] = number(field + "[" + forks + "]");
            }
            json.endArray();
            forks++;
        }
        json.endArray();
        m.forks = Math.max(1, forks);
    }

    /**
     * {@code rawDataHistogram} (sample mode): [fork][iteration][[value, count], …]. Only the
     * count of operations and of forks is kept; the pairs stream past.
     */
    private void histogram(String field, Metric m) throws IOException, ReportException {
        expect(field, JsonToken.BEGIN_ARRAY, "an array of forks");
        json.beginArray();
        int forks = 0;
        long n = 0;
        while (json.hasNext()) {
            String fork = field + "[" + forks + "]";
            expect(fork, JsonToken.BEGIN_ARRAY, "an array of iterations");
            json.beginArray();
            while (json.hasNext()) {
                expect(fork, JsonToken.BEGIN_ARRAY, "an array of [value, count] pairs");
                json.beginArray();
                while (json.hasNext()) {
                    expect(fork, JsonToken.BEGIN_ARRAY, "a [value, count] pair");
                    json.beginArray();
                    double count = Double.NaN;
                    if (json.hasNext()) {
                        number(fork + " value");
                        count = json.hasNext() ? number(fork + " count") : Double.NaN;
                    }
                    if (Double.isNaN(count) || json.hasNext()) {
                        throw new ReportException(where() + ": " + fork + " is an array that is not a [value, count] pair");
                    }
                    json.endArray();
                    n = count >= Long.MAX_VALUE - n ? Long.MAX_VALUE : n + (long) Math.max(0, count);
                }
                json.endArray();
            }
            json.endArray();
            forks++;
        }
        json.endArray();
        m.histogramCount = n;
        if (m.sampleCount == 0) {
            m.forks = Math.max(1, forks); // sample mode: one histogram list per fork
        }
    }

    private Map<String, Result.Metric> secondary() throws IOException, ReportException {
        expect("secondaryMetrics", JsonToken.BEGIN_OBJECT, "an object of metrics");
        json.beginObject();
        Map<String, Result.Metric> out = new LinkedHashMap<>();
        while (json.hasNext()) {
            String key = intern(json.nextName());
            Metric m = metric("secondaryMetrics." + Quoted.text(key), false);
            out.put(key, new Result.Metric(m.score, m.error, m.unit));
        }
        json.endObject();
        return out;
    }

    /** JMH's @Param values: strings (a number or a boolean is taken as written). */
    private Map<String, String> params() throws IOException, ReportException {
        expect("params", JsonToken.BEGIN_OBJECT, "an object of parameter values");
        json.beginObject();
        Map<String, String> out = new LinkedHashMap<>();
        while (json.hasNext()) {
            String key = intern(json.nextName());
            String field = "params." + Quoted.text(key);
            JsonToken t = json.peek();
            String value = switch (t) {
                case STRING, NUMBER -> json.nextString();
                case BOOLEAN -> Boolean.toString(json.nextBoolean());
                default -> throw wrongType(field, t, "a string");
            };
            if (out.put(key, intern(value)) != null) {
                throw new ReportException(where() + ": " + field + " is named twice: which value JMH meant cannot be told");
            }
        }
        json.endObject();
        return out;
    }

    /** A whole number of threads, 1 or more. */
    private int threads() throws IOException, ReportException {
        JsonToken t = json.peek();
        if (t != JsonToken.NUMBER && t != JsonToken.STRING) {
            throw wrongType("threads", t, "a whole number");
        }
        String s = json.nextString();
        if (JSON_NUMBER.matcher(s).matches()) {
            BigDecimal d = new BigDecimal(s);
            if (d.signum() > 0 && d.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0 && d.stripTrailingZeros().scale() <= 0) {
                return d.intValueExact();
            }
        }
        throw new ReportException(where() + ": threads is " + (t == JsonToken.STRING ? "the string \"" + Quoted.text(s) + "\"" : s)
                + ", expected a whole number of threads, 1 or more");
    }

    /** A number; NaN and the infinities as JMH writes them, in strings. */
    private double number(String field) throws IOException, ReportException {
        JsonToken t = json.peek();
        if (t == JsonToken.NUMBER) {
            return Double.parseDouble(json.nextString()); // the reader checked the syntax; 1e999 is infinite
        }
        if (t != JsonToken.STRING) {
            throw wrongType(field, t, "a number");
        }
        String s = json.nextString();
        switch (s) {
            case "NaN":
                return Double.NaN;
            case "Infinity", "+Infinity":
                return Double.POSITIVE_INFINITY;
            case "-Infinity":
                return Double.NEGATIVE_INFINITY;
            default:
                if (JSON_NUMBER.matcher(s).matches()) {
                    return Double.parseDouble(s);
                }
                throw new ReportException(where() + ": " + field + " is the string \"" + Quoted.text(s) + "\", expected a number");
        }
    }

    private String string(String field) throws IOException, ReportException {
        JsonToken t = json.peek();
        if (t != JsonToken.STRING) {
            throw wrongType(field, t, "a string");
        }
        return intern(json.nextString());
    }

    private void expect(String field, JsonToken token, String what) throws IOException, ReportException {
        JsonToken t = json.peek();
        if (t != token) {
            throw wrongType(field, t, what);
        }
    }

    /** "result #3 (org.example.Bench.run): threads is null, expected a whole number". */
    private ReportException wrongType(String field, JsonToken t, String expected) throws IOException {
        return new ReportException(where() + ": " + field + " is " + describe(t) + ", expected " + expected);
    }

    /** The token the reader is at, in words, with its value where it is short (a string, a number). */
    private String describe(JsonToken t) throws IOException {
        return switch (t) {
            case BEGIN_ARRAY -> "an array";
            case BEGIN_OBJECT -> "an object";
            case NULL -> "null";
            case BOOLEAN -> Boolean.toString(json.nextBoolean());
            case NUMBER -> "the number " + Quoted.text(json.nextString());
            case STRING -> "the string \"" + Quoted.text(json.nextString()) + "\"";
            default -> t.name().toLowerCase(Locale.ROOT);
        };
    }

    private String where() {
        return file + ": result #" + index + named();
    }

    private String named() {
        return benchmark == null ? "" : " (" + Quoted.text(benchmark) + ")";
    }

    private ReportException tooLarge(int results) {
        long read = input.bytesRead();
        String size = fileSize >= 0 ? " (" + mb(fileSize) + ")" : "";
        String need = "";
        if (before > 0) { // several files in one report: together they do not fit, not this one alone
            return new ReportException(String.format(Locale.ROOT,
                    "%s%s does not fit in this JVM's heap with the files read before it: they take about %s, its first %,d results"
                            + " %s more, over the %s (%d%% of the %s heap) the results may use; give Java more heap, e.g."
                            + " JAVA_TOOL_OPTIONS=-Xmx4g, or give fewer files",
                    file, size, mb(before), results, mb(budget.used() - before), mb(budget.limit()), Math.round(HeapBudget.SHARE * 100),
                    mb(Runtime.getRuntime().maxMemory())));
        }
        if (fileSize > 0 && read > 0) {
            double heap = budget.used() * ((double) fileSize / read) / HeapBudget.SHARE * 1.25;
            need = String.format(Locale.ROOT, " (about -Xmx%dg for this file)", Math.max(1, (long) Math.ceil(heap / (1L << 30))));
        }
        return new ReportException(String.format(Locale.ROOT,
                "%s%s is too large to report in this JVM's heap: the %,d results read by byte %,d already take about %s,"
                        + " more than the %s (%d%% of the %s heap) the results may use; give Java more heap%s,"
                        + " e.g. JAVA_TOOL_OPTIONS=-Xmx4g, or report a part of the file",
                file, size, results, read, mb(budget.used()), mb(budget.limit()), Math.round(HeapBudget.SHARE * 100), mb(Runtime.getRuntime().maxMemory()), need));
    }

    static String mb(long bytes) {
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30))
                : String.format(Locale.ROOT, "%,d MB", Math.max(1, Math.round(bytes / (double) (1L << 20))));
    }

    private String intern(String s) {
        String known = strings.putIfAbsent(s, s);
        if (known != null) {
            return known;
        }
        newChars += s.length() + 24; // the string and its entry in the map
        return s;
    }

    /** Gson's description of a syntax error, in words for a reader of JMH files. */
    static String syntaxError(MalformedJsonException e) {
        return firstLine(e.getMessage()).replace("Use JsonReader.setStrictness(Strictness.LENIENT) to accept malformed JSON",
                "found what JSON does not allow");
    }

    static String firstLine(String s) {
        if (s == null) {
            return "malformed JSON";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
