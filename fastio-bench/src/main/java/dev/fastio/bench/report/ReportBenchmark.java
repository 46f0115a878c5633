package dev.fastio.bench.report;

import com.google.gson.stream.JsonWriter;
import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the report costs as the number of results grows: {@code page} renders the HTML page of
 * {@code results} results of one benchmark class (4 methods × 250 sizes × results / 1,000
 * groups: a chart of 1,000 bars per group, and a row per result), {@code read} reads the same
 * results from a JMH JSON file written once in set-up. Issue 40: every chart cell looked through
 * every result, so 20,000 results took 6 s and 100,000 did not finish in 120; the page is now
 * built in time linear in its results, which this shows as a time per result that stays put
 * from 20,000 to 100,000.
 *
 * <p>Reading: average time per operation (one whole page, or one whole file), lower is better;
 * divide by {@code results} for the time per result. Each operation takes from a fraction of a
 * second to seconds, so JMH's one-second iterations run one or a few each. Guards: the page and the
 * results are returned to JMH, so neither can be removed; the results are made once per trial,
 * from a fixed seed. Not in a suite: run it by name ({@code ReportBenchmark}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReportBenchmark extends FastioBenchmark {
    @Param({"20000", "100000"})
    public int results;

    private List<Result> rows;
    private Path file;
    private EstimateContext estimates;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        estimates = EstimateContext.forkNoise(System.getProperty(EstimateContext.FORK_NOISE_PROPERTY)); // as the report command reads it
        rows = grid(results);
        file = Files.createTempFile("report-benchmark", ".json");
        write(rows, file);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public String page() {
        return HtmlReport.render(estimates, rows, Map.of());
    }

    @Benchmark
    public List<Result> read() throws ReportException {
        return JmhResults.read(file);
    }

    /** {@code n} results of one class: 4 methods at 250 sizes in n / 1,000 groups, 3 iterations each. */
    static List<Result> grid(int n) {
        Random r = new Random(n);
        List<Result> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("size", Integer.toString(16 * ((i / 4) % 250)));
            params.put("group", Integer.toString(i / 1_000));
            double score = 10 + (i % 4) + r.nextDouble();
            out.add(new Result("org.example.ManyResults", "method" + (i % 4), "avgt", 1, params, score, 0.3, "ns/op", Map.of(),
                    "21.0.2", "OpenJDK 64-Bit Server VM", "21.0.2+13", List.of(score - 0.1, score, score + 0.1), 1));
        }
        return out;
    }

    /** The results as JMH writes them (-rf json), with the fields the report reads. */
    static void write(List<Result> rows, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8); JsonWriter json = new JsonWriter(w)) {
            json.beginArray();
            for (Result r : rows) {
                json.beginObject();
                json.name("jmhVersion").value("1.37");
                json.name("benchmark").value(r.className() + "." + r.method());
                json.name("mode").value(r.mode());
                json.name("threads").value(r.threads());
                json.name("forks").value(r.forks());
                json.name("jdkVersion").value(r.jdkVersion());
                json.name("vmName").value(r.vmName());
                json.name("vmVersion").value(r.vmVersion());
                json.name("params").beginObject();
                for (Map.Entry<String, String> p : r.params().entrySet()) {
                    json.name(p.getKey()).value(p.getValue());
                }
                json.endObject();
                json.name("primaryMetric").beginObject();
                json.name("score").value(r.score());
                json.name("scoreError").value(r.error());
                json.name("scoreUnit").value(r.unit());
                json.name("rawData").beginArray().beginArray();
                for (double s : r.samples()) {
                    json.value(s);
                }
                json.endArray().endArray();
                json.endObject();
                json.name("secondaryMetrics").beginObject().endObject();
                json.endObject();
            }
            json.endArray();
        }
    }
}
