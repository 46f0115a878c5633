package dev.fastio.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.stream.JsonReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads JMH's standard JSON result format ({@code -rf json}), from fastio or from plain JMH. */
public final class JmhResults {
    private JmhResults() {}

    public static List<Result> read(Path file) throws ReportException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            JsonReader json = new JsonReader(r);
            JsonElement root = JsonParser.parseReader(json);
            return parse(root, file);
        } catch (NoSuchFileException e) {
            throw new ReportException("no such results file: " + file);
        } catch (IOException e) {
            throw new ReportException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (JsonParseException | IllegalStateException e) {
            throw new ReportException(file + " is not valid JMH JSON: " + firstLine(e.getMessage()), e);
        }
    }

    static List<Result> parse(JsonElement root, Path file) throws ReportException {
        if (root == null || !root.isJsonArray()) {
            throw new ReportException(file + " is not a JMH result file: expected a JSON array of benchmark results");
        }
        JsonArray array = root.getAsJsonArray();
        if (array.isEmpty()) {
            throw new ReportException(file + " holds no benchmark results");
        }
        List<Result> results = new ArrayList<>();
        int index = 0;
        for (JsonElement e : array) {
            results.add(parseOne(e, file, index++));
        }
        return Collections.unmodifiableList(results);
    }

    private static Result parseOne(JsonElement e, Path file, int index) throws ReportException {
        if (!e.isJsonObject()) {
            throw new ReportException(file + ": result #" + index + " is not a JSON object");
        }
        JsonObject o = e.getAsJsonObject();
        String benchmark = string(o, "benchmark", file, index);
        int dot = benchmark.lastIndexOf('.');
        if (dot <= 0) {
            throw new ReportException(file + ": result #" + index + " has benchmark name '" + benchmark
                    + "', expected Class.method");
        }
        JsonObject primary = object(o, "primaryMetric", file, index);
        Map<String, String> params = new LinkedHashMap<>();
        if (o.has("params") && o.get("params").isJsonObject()) {
            for (Map.Entry<String, JsonElement> p : o.getAsJsonObject("params").entrySet()) {
                params.put(p.getKey(), p.getValue().getAsString());
            }
        }
        Map<String, Result.Metric> secondary = new LinkedHashMap<>();
        if (o.has("secondaryMetrics") && o.get("secondaryMetrics").isJsonObject()) {
            for (Map.Entry<String, JsonElement> m : o.getAsJsonObject("secondaryMetrics").entrySet()) {
                if (m.getValue().isJsonObject()) {
                    JsonObject mo = m.getValue().getAsJsonObject();
                    secondary.put(m.getKey(), new Result.Metric(number(mo.get("score")),
                            number(mo.get("scoreError")), optString(mo, "scoreUnit")));
                }
            }
        }
        double score = number(primary.get("score"));
        if (Double.isNaN(score)) {
            throw new ReportException(file + ": result #" + index + " (" + benchmark + ") has no numeric score");
        }
        return new Result(benchmark.substring(0, dot), benchmark.substring(dot + 1),
                optString(o, "mode"), o.has("threads") ? o.get("threads").getAsInt() : 1,
                Collections.unmodifiableMap(params), score, number(primary.get("scoreError")),
                optString(primary, "scoreUnit"), Collections.unmodifiableMap(secondary),
                optString(o, "jdkVersion"), optString(o, "vmName"), optString(o, "vmVersion"), rawData(primary), forks(primary),
                percentiles(primary), histogramCount(primary));
    }

    /** {@code scorePercentiles}: "0.0" … "100.0" → value; empty where absent or not numbers. */
    private static Map<String, Double> percentiles(JsonObject primary) {
        Map<String, Double> out = new LinkedHashMap<>();
        JsonElement p = primary.get("scorePercentiles");
        if (p != null && p.isJsonObject()) {
            for (Map.Entry<String, JsonElement> e : p.getAsJsonObject().entrySet()) {
                double v = number(e.getValue());
                if (!Double.isNaN(v)) {
                    out.put(e.getKey(), v);
                }
            }
        }
        return out;
    }

    /**
     * Sample mode keeps no per-iteration scores but histograms ({@code rawDataHistogram}:
     * [fork][iteration][[value, count], …]): the operations they count.
     */
    private static long histogramCount(JsonObject primary) {
        JsonElement h = primary.get("rawDataHistogram");
        long n = 0;
        if (h == null || !h.isJsonArray()) {
            return 0;
        }
        for (JsonElement fork : h.getAsJsonArray()) {
            if (!fork.isJsonArray()) {
                continue;
            }
            for (JsonElement iteration : fork.getAsJsonArray()) {
                if (!iteration.isJsonArray()) {
                    continue;
                }
                for (JsonElement pair : iteration.getAsJsonArray()) {
                    if (pair.isJsonArray() && pair.getAsJsonArray().size() == 2) {
                        double c = number(pair.getAsJsonArray().get(1));
                        n += Double.isNaN(c) ? 0 : (long) c;
                    }
                }
            }
        }
        return n;
    }

    /** How many forks {@code rawData} holds; 1 if absent. */
    private static int forks(JsonObject primary) {
        JsonElement raw = primary.get("rawData");
        if (raw == null || !raw.isJsonArray()) {
            raw = primary.get("rawDataHistogram"); // sample mode: one histogram list per fork
        }
        return raw == null || !raw.isJsonArray() ? 1 : Math.max(1, raw.getAsJsonArray().size());
    }

    /** Every iteration's score, all forks in order, from {@code rawData} ([fork][iteration]); empty if absent. */
    private static List<Double> rawData(JsonObject primary) {
        List<Double> out = new ArrayList<>();
        JsonElement raw = primary.get("rawData");
        if (raw == null || !raw.isJsonArray()) {
            return out;
        }
        for (JsonElement fork : raw.getAsJsonArray()) {
            if (fork.isJsonArray()) {
                for (JsonElement it : fork.getAsJsonArray()) {
                    double d = number(it);
                    if (!Double.isNaN(d)) {
                        out.add(d);
                    }
                }
            }
        }
        return out;
    }

    /** JMH writes "NaN" (a string) where it has no error estimate. */
    private static double number(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return Double.NaN;
        }
        try {
            return e.getAsJsonPrimitive().isNumber() ? e.getAsDouble() : Double.parseDouble(e.getAsString());
        } catch (NumberFormatException | IllegalStateException | UnsupportedOperationException ex) {
            return Double.NaN;
        }
    }

    private static String string(JsonObject o, String key, Path file, int index) throws ReportException {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive()) {
            throw new ReportException(file + ": result #" + index + " has no '" + key + "'");
        }
        return e.getAsString();
    }

    private static JsonObject object(JsonObject o, String key, Path file, int index) throws ReportException {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonObject()) {
            throw new ReportException(file + ": result #" + index + " has no '" + key + "' object");
        }
        return e.getAsJsonObject();
    }

    private static String optString(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || !e.isJsonPrimitive() ? "" : e.getAsString();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "malformed JSON";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
