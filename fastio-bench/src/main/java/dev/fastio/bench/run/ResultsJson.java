package dev.fastio.bench.run;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.stats.ForkLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.util.ListStatistics;

/**
 * A run's results as JMH's JSON, one object per benchmark and parameters, for a run resumed in a
 * later sitting: what the earlier sittings measured is only JSON by then (JMH cannot read its own
 * file back), so a result measured in two sittings is merged here, as JMH merges the forks of one
 * run: the rows of {@code rawData} (one per fork) joined, in the order they ran, and the score,
 * its error, interval and percentiles computed again over every iteration, with JMH's own
 * statistics at its 99.9% level.
 */
final class ResultsJson {
    private ResultsJson() {}

    /** JMH's level for {@code scoreError} and {@code scoreConfidence}. */
    private static final double JMH_CONFIDENCE = 0.999;

    /**
     * The results of {@code file} by {@link BenchmarkKey#forkLog}, in the file's order.
     *
     * @throws IOException not readable, or not a JSON array of JMH results
     */
    static Map<String, JsonObject> read(Path file) throws IOException {
        Map<String, JsonObject> out = new LinkedHashMap<>();
        JsonElement root;
        try (java.io.Reader r = new java.io.InputStreamReader(Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS),
                StandardCharsets.UTF_8)) {
            root = JsonParser.parseReader(r);
        } catch (RuntimeException e) {
            throw new IOException(file + " is not JMH's JSON: " + e.getMessage(), e);
        }
        if (!root.isJsonArray()) {
            throw new IOException(file + " is not JMH's JSON: not an array");
        }
        for (JsonElement e : root.getAsJsonArray()) {
            if (!e.isJsonObject()) {
                throw new IOException(file + " is not JMH's JSON: an element that is not an object");
            }
            out.put(key(e.getAsJsonObject()), e.getAsJsonObject());
        }
        return out;
    }

    /** {@link BenchmarkKey#forkLog} of one JMH result object. */
    static String key(JsonObject o) {
        Map<String, String> params = new TreeMap<>();
        JsonObject p = o.has("params") && o.get("params").isJsonObject() ? o.getAsJsonObject("params") : new JsonObject();
        p.entrySet().forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
        return BenchmarkKey.forkLog(o.get("benchmark").getAsString(), o.get("mode").getAsString(), params);
    }

    /** {@code earlier}'s forks, then {@code later}'s, in one result (a new object; neither is changed). */
    static JsonObject merge(JsonObject earlier, JsonObject later) {
        JsonObject out = later.deepCopy();
        out.add("primaryMetric", metric(earlier.getAsJsonObject("primaryMetric"), later.getAsJsonObject("primaryMetric")));
        JsonObject secondaries = new JsonObject();
        JsonObject a = earlier.has("secondaryMetrics") ? earlier.getAsJsonObject("secondaryMetrics") : new JsonObject();
        JsonObject b = later.has("secondaryMetrics") ? later.getAsJsonObject("secondaryMetrics") : new JsonObject();
        for (Map.Entry<String, JsonElement> e : b.entrySet()) {
            secondaries.add(e.getKey(), a.has(e.getKey()) ? metric(a.getAsJsonObject(e.getKey()), e.getValue().getAsJsonObject())
                    : e.getValue().deepCopy());
        }
        out.add("secondaryMetrics", secondaries);
        out.addProperty("forks", out.getAsJsonObject("primaryMetric").getAsJsonArray("rawData").size());
        return out;
    }

    private static JsonObject metric(JsonObject earlier, JsonObject later) {
        JsonObject out = later.deepCopy();
        if (!earlier.has("rawData") || !later.has("rawData")) {
            return out;
        }
        JsonArray rows = earlier.getAsJsonArray("rawData").deepCopy();
        rows.addAll(later.getAsJsonArray("rawData").deepCopy());
        out.add("rawData", rows);
        ListStatistics all = new ListStatistics();
        for (JsonElement row : rows) {
            for (JsonElement v : row.getAsJsonArray()) {
                all.addValue(v.getAsDouble());
            }
        }
        // a metric JMH sums over iterations (the GC profiler's gc.count, gc.time) stays a sum
        if (isSum(earlier) && isSum(later)) {
            out.addProperty("score", all.getSum());
            out.addProperty("scoreError", Double.NaN);
            return out;
        }
        out.addProperty("score", all.getMean());
        out.addProperty("scoreError", all.getN() > 2 ? all.getMeanErrorAt(JMH_CONFIDENCE) : Double.NaN);
        JsonArray interval = new JsonArray();
        double[] ci = all.getConfidenceIntervalAt(JMH_CONFIDENCE);
        interval.add(ci[0]);
        interval.add(ci[1]);
        out.add("scoreConfidence", interval);
        if (later.has("scorePercentiles")) {
            JsonObject percentiles = new JsonObject();
            for (String p : later.getAsJsonObject("scorePercentiles").keySet()) {
                percentiles.addProperty(p, all.getPercentile(Double.parseDouble(p)));
            }
            out.add("scorePercentiles", percentiles);
        }
        return out;
    }

    /** Whether {@code m}'s score is the sum of its raw data rather than their mean. */
    private static boolean isSum(JsonObject m) {
        double sum = 0;
        int n = 0;
        for (JsonElement row : m.getAsJsonArray("rawData")) {
            for (JsonElement v : row.getAsJsonArray()) {
                sum += v.getAsDouble();
                n++;
            }
        }
        double score = m.get("score").getAsDouble();
        return n > 1 && Math.abs(score - sum) <= 1e-9 * Math.max(1, Math.abs(sum)) && Math.abs(score - sum / n) > 1e-9 * Math.max(1, Math.abs(sum));
    }
}
