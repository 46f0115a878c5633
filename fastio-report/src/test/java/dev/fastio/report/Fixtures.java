package dev.fastio.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test inputs: a real plain-JMH result file, and small hand-made results. */
final class Fixtures {
    private Fixtures() {}

    /** {@code java -cp ... org.openjdk.jmh.Main OpenStream -prof gc -rf json} output, JDK 17 (raw data trimmed). */
    static String plainJmhJson() throws IOException {
        try (InputStream in = Fixtures.class.getResourceAsStream("plain-jmh-openstream.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Path write(Path dir, String name, String content) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f;
    }

    static Result result(String cls, String method, String size, double score, double error) {
        Map<String, String> params = new LinkedHashMap<>();
        if (size != null) {
            params.put("size", size);
        }
        return new Result(cls, method, "avgt", 1, params, score, error, "us/op", Map.of(), "17", "vm", "1");
    }

    static Result withAlloc(Result r, double bytesPerOp) {
        return new Result(r.className(), r.method(), r.mode(), r.threads(), r.params(), r.score(), r.error(), r.unit(),
                Map.of("gc.alloc.rate.norm", new Result.Metric(bytesPerOp, 0.1, "B/op")),
                r.jdkVersion(), r.vmName(), r.vmVersion());
    }

    /** Each claim of the experiment for {@code benchmarkClass}, evaluated against {@code all}, by claim text. */
    static Map<String, Verdict> verdicts(java.util.List<Result> all, String benchmarkClass) {
        Map<String, Verdict> out = new LinkedHashMap<>();
        for (ExperimentResults rs : Experiments.group(all)) {
            if (rs.experiment().benchmarkClass().equals(benchmarkClass)) {
                rs.experiment().claims().forEach(c -> out.put(c.text(), c.evaluate(rs)));
            }
        }
        return out;
    }
}
