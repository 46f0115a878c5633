package dev.fastio.report.jmh;

import dev.fastio.report.page.HtmlReport;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results file twice the size of the heap, read in a JVM of its own: 200 MB in a 96 MB heap
 * stands for the 1 GB in 512 MB of issue 40 (measured at full size: docs/PERFORMANCE.md, "The
 * report's heap budget: half the heap"). Ordinary results that do not fit are a "too large" error naming
 * the file's size and the heap it needs, soon; a sample-mode file whose size is its histograms is
 * reported, since the histograms are counted as they stream past. Never an OutOfMemoryError
 * turned into "not valid JMH JSON", and never a part of a page left behind.
 */
public class LargeResultsFileTest {
    public static final int HEAP_MB = 96;
    public static final int FILE_MB = 200;

    @TempDir
    Path dir;

    /** Writes HtmlReport.write(EstimateContext.DEFAULT, args[0], args[1]) in a child JVM: exit 0 and "ok", or exit 1 and the error's message. */
    public static void main(String[] args) {
        try {
            HtmlReport.write(EstimateContext.DEFAULT, Path.of(args[0]), Path.of(args[1]));
            System.out.println("ok");
        } catch (ReportException e) {
            System.out.println(e.getMessage());
            System.exit(1);
        }
    }

    /**
     * About {@code megabytes} of JMH JSON: "plain", average-time results with params, raw data,
     * percentiles and gc profiler metrics, as fastio bench -prof gc writes them (1.7 KB each); or
     * "sample", sample-mode results of 2 forks × 5 iterations × 40,000 histogram pairs (4.8 MB each).
     */
    public static Path generate(Path file, String kind, long megabytes) throws IOException {
        Random r = new Random(1);
        long target = megabytes << 20;
        try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8), 1 << 20)) {
            w.write("[\n");
            long written = 2;
            for (int i = 0; written < target; i++) {
                StringBuilder sb = new StringBuilder(4096);
                sb.append(i > 0 ? ",\n" : "").append("{\"jmhVersion\":\"1.37\",\"benchmark\":\"org.example.bench.Bench").append(i % 50)
                        .append(".method").append(i % 7).append("\",\"mode\":\"").append(kind.equals("sample") ? "sample" : "avgt")
                        .append("\",\"threads\":1,\"forks\":2,\"jvm\":\"/usr/lib/jvm/java-21/bin/java\",\"jvmArgs\":[\"-Xms2g\",\"-Xmx2g\"],")
                        .append("\"jdkVersion\":\"21.0.2\",\"vmName\":\"OpenJDK 64-Bit Server VM\",\"vmVersion\":\"21.0.2+13\",")
                        .append("\"warmupIterations\":3,\"warmupTime\":\"1 s\",\"measurementIterations\":5,\"measurementTime\":\"1 s\",")
                        .append("\"params\":{\"size\":\"").append(i).append("\",\"layout\":\"heap\"},\"primaryMetric\":{\"score\":")
                        .append(10 + r.nextDouble()).append(",\"scoreError\":0.5,\"scoreConfidence\":[9.5,10.5],\"scorePercentiles\":")
                        .append("{\"0.0\":9.1,\"50.0\":10.0,\"90.0\":10.9,\"95.0\":11.0,\"99.0\":11.1,\"99.9\":11.2,\"99.99\":11.2,")
                        .append("\"99.999\":11.2,\"99.9999\":11.2,\"100.0\":11.3},\"scoreUnit\":\"us/op\",");
                if (kind.equals("sample")) {
                    sb.append("\"rawDataHistogram\":[");
                    for (int f = 0; f < 2; f++) {
                        sb.append(f > 0 ? ",[" : "[");
                        for (int it = 0; it < 5; it++) {
                            sb.append(it > 0 ? ",[" : "[");
                            for (int p = 0; p < 40_000; p++) {
                                sb.append(p > 0 ? ",[" : "[").append(1000 + p * 3).append(".0,").append(1 + r.nextInt(9)).append(']');
                            }
                            sb.append(']');
                        }
                        sb.append(']');
                    }
                    sb.append("]},");
                } else {
                    sb.append("\"rawData\":[[");
                    for (int k = 0; k < 10; k++) {
                        sb.append(k == 0 ? "" : k == 5 ? "],[" : ",").append(10 + r.nextDouble());
                    }
                    sb.append("]]},");
                }
                sb.append("\"secondaryMetrics\":{");
                String[] names = {"gc.alloc.rate", "gc.alloc.rate.norm", "gc.count", "gc.time"};
                for (int k = 0; k < names.length; k++) {
                    sb.append(k > 0 ? "," : "").append('"').append(names[k]).append("\":{\"score\":").append(r.nextDouble() * 100)
                            .append(",\"scoreError\":\"NaN\",\"scoreConfidence\":[0,1],\"scoreUnit\":\"MB/sec\",")
                            .append("\"rawData\":[[1.0,2.0,3.0,4.0,5.0],[1.0,2.0,3.0,4.0,5.0]]}");
                }
                sb.append("}}");
                w.write(sb.toString());
                written += sb.length();
            }
            w.write("\n]\n");
        }
        return file;
    }

    private record Run(int exit, String out) {}

    private Run report(Path results, Path page) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + HEAP_MB + "m", "-cp", System.getProperty("java.class.path"), LargeResultsFileTest.class.getName(),
                results.toString(), page.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new Run(p.exitValue(), out);
    }

    private List<String> leftInFolder() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).filter(n -> !n.endsWith(".json")).toList();
        }
    }

    @Test
    void ordinaryResultsTwiceTheHeapAreTooLargeSayingHowMuchHeapTheyNeed() throws Exception {
        Path results = generate(dir.resolve("plain.json"), "plain", FILE_MB);
        Run r = report(results, dir.resolve("report.html"));
        assertThat(r.exit()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains(results + " (200 MB) is too large to report in this JVM's heap").contains("-Xmx")
                .doesNotContain("not valid").doesNotContain("OutOfMemoryError").doesNotContain("ran out of memory");
        assertThat(r.out().lines()).hasSize(1);
        assertThat(leftInFolder()).as("no page, no part of one").isEmpty();
    }

    @Test
    void aSampleModeFileTwiceTheHeapIsReported() throws Exception {
        Path results = generate(dir.resolve("sample.json"), "sample", FILE_MB);
        Path page = dir.resolve("report.html");
        Run r = report(results, page);
        assertThat(r.exit()).as(r.out()).isZero();
        assertThat(RealFilesTest.count(Files.readString(page, StandardCharsets.UTF_8), "<tr class=r>")).isEqualTo(JmhResults.read(results).size());
    }
}
