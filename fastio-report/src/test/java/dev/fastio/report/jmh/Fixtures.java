package dev.fastio.report.jmh;

import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.claims.Experiments;
import dev.fastio.report.claims.Verdict;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.stats.EstimateContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test inputs: a real plain-JMH result file, and small hand-made results. */
public final class Fixtures {
    private Fixtures() {}

    /**
     * Results "from" this many forks: fork-to-fork noise (Estimate.forkNoise, divided by the fork
     * count) is then negligible, and a test's intervals are its samples' or errors' alone.
     */
    public static final int MANY_FORKS = 10_000;

    /** {@code java -cp ... org.openjdk.jmh.Main OpenStream -prof gc -rf json} output, JDK 17 (raw data trimmed). */
    public static String plainJmhJson() throws IOException {
        try (InputStream in = Fixtures.class.getResourceAsStream("/dev/fastio/report/plain-jmh-openstream.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The same JMH JSON with every primary score, error and raw sample multiplied by {@code f}: a run {@code f}× slower. */
    public static String scaled(String json, double f) {
        com.google.gson.JsonArray all = com.google.gson.JsonParser.parseString(json).getAsJsonArray();
        for (com.google.gson.JsonElement e : all) {
            com.google.gson.JsonObject pm = e.getAsJsonObject().getAsJsonObject("primaryMetric");
            pm.addProperty("score", pm.get("score").getAsDouble() * f);
            pm.addProperty("scoreError", pm.get("scoreError").getAsDouble() * f);
            com.google.gson.JsonArray forks = new com.google.gson.JsonArray();
            for (com.google.gson.JsonElement fork : pm.getAsJsonArray("rawData")) {
                com.google.gson.JsonArray it = new com.google.gson.JsonArray();
                fork.getAsJsonArray().forEach(x -> it.add(x.getAsDouble() * f));
                forks.add(it);
            }
            pm.add("rawData", forks);
        }
        return all.toString();
    }

    public static Path write(Path dir, String name, String content) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f;
    }

    public static Result result(String cls, String method, String size, double score, double error) {
        Map<String, String> params = new LinkedHashMap<>();
        if (size != null) {
            params.put("size", size);
        }
        return new Result(cls, method, "avgt", 1, params, score, error, "us/op", Map.of(), "17", "vm", "1", java.util.List.of(), MANY_FORKS);
    }

    public static Result withAlloc(Result r, double bytesPerOp) {
        return new Result(r.className(), r.method(), r.mode(), r.threads(), r.params(), r.score(), r.error(), r.unit(),
                Map.of("gc.alloc.rate.norm", new Result.Metric(bytesPerOp, 0.1, "B/op")),
                r.jdkVersion(), r.vmName(), r.vmVersion(), r.samples(), r.forks());
    }

    /** The verdict of the one claim of {@code benchmarkClass} whose text contains {@code part}. */
    public static Verdict verdict(java.util.List<Result> all, String benchmarkClass, String part) {
        Map<String, Verdict> v = verdicts(all, benchmarkClass);
        java.util.List<String> texts = v.keySet().stream().filter(t -> t.contains(part)).toList();
        if (texts.size() != 1) {
            throw new AssertionError("expected one claim containing '" + part + "' in " + v.keySet());
        }
        return v.get(texts.get(0));
    }

    /** Each claim of the experiment for {@code benchmarkClass}, evaluated against {@code all}, by claim text. */
    public static Map<String, Verdict> verdicts(java.util.List<Result> all, String benchmarkClass) {
        Map<String, Verdict> out = new LinkedHashMap<>();
        for (ExperimentResults rs : Experiments.group(EstimateContext.DEFAULT, all)) {
            if (rs.experiment().benchmarkClass().equals(benchmarkClass)) {
                rs.experiment().claims().forEach(c -> out.put(c.text(), c.evaluate(rs)));
            }
        }
        return out;
    }
}
