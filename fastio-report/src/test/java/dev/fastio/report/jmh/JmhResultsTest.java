package dev.fastio.report.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class JmhResultsTest {
    @TempDir
    Path dir;

    @Test
    void readsPlainJmhJsonWithParamsAndGcMetrics() throws Exception {
        List<Result> rs = JmhResults.read(Fixtures.write(dir, "r.json", Fixtures.plainJmhJson()));
        assertThat(rs).hasSize(30);
        Result first = rs.get(0);
        assertThat(first.className()).isEqualTo("dev.fastio.bench.read.OpenStreamBenchmark");
        assertThat(first.method()).isEqualTo("fastio");
        assertThat(first.params()).containsEntry("size", "16");
        assertThat(first.unit()).isEqualTo("us/op");
        assertThat(first.score()).isPositive();
        assertThat(first.allocPerOp()).isBetween(100.0, 10_000.0);
        // every measured iteration, all forks, from rawData: the intervals are built from them
        assertThat(first.samples()).containsExactly(4.626040780797436, 4.781490277269035, 6.395991650514388);
        assertThat(rs).extracting(Result::method).contains("fileInputStream", "fileChannel", "filesNewInputStream");
    }

    @Test
    void nanErrorAndMissingParamsAreAccepted() throws Exception {
        String json = """
                [{"benchmark":"org.example.Bench.run","mode":"thrpt","threads":2,
                  "primaryMetric":{"score":1234.5,"scoreError":"NaN","scoreUnit":"ops/s"}}]
                """;
        List<Result> rs = JmhResults.read(Fixtures.write(dir, "r.json", json));
        assertThat(rs).singleElement().satisfies(r -> {
            assertThat(r.error()).isNaN();
            assertThat(r.params()).isEmpty();
            assertThat(r.threads()).isEqualTo(2);
            assertThat(r.lowerIsBetter()).isFalse();
            assertThat(r.allocPerOp()).isNaN();
        });
    }

    @Test
    void corruptFilesGiveOneLineErrorsNamingTheFile() throws IOException {
        Path truncated = Fixtures.write(dir, "truncated.json", Fixtures.plainJmhJson().substring(0, 500));
        assertThatThrownBy(() -> JmhResults.read(truncated)).isInstanceOf(ReportException.class)
                .hasMessageContaining(truncated.toString()).hasMessageNotContaining("\n");
        Path object = Fixtures.write(dir, "object.json", "{\"a\":1}");
        assertThatThrownBy(() -> JmhResults.read(object)).hasMessageContaining("expected a JSON array");
        Path empty = Fixtures.write(dir, "empty.json", "[]");
        assertThatThrownBy(() -> JmhResults.read(empty)).hasMessageContaining("no benchmark results");
        Path noMetric = Fixtures.write(dir, "nometric.json", "[{\"benchmark\":\"a.B.c\"}]");
        assertThatThrownBy(() -> JmhResults.read(noMetric)).hasMessageContaining("primaryMetric");
        Path badName = Fixtures.write(dir, "badname.json", "[{\"benchmark\":\"noDot\",\"primaryMetric\":{\"score\":1}}]");
        assertThatThrownBy(() -> JmhResults.read(badName)).hasMessageContaining("Class.method");
        Path binary = dir.resolve("binary.json");
        java.nio.file.Files.write(binary, new byte[] {(byte) 0xFF, 0, 1, 2});
        assertThatThrownBy(() -> JmhResults.read(binary)).isInstanceOf(ReportException.class);
        assertThatThrownBy(() -> JmhResults.read(dir.resolve("missing.json"))).hasMessageContaining("no such results file");
    }

    /** A field the report reads, named twice in one object: JMH never writes that, and which one to believe is not for the report to guess. */
    @org.junit.jupiter.api.Test
    void aFieldNamedTwiceIsRefused(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException, ReportException {
        String one = "{\"benchmark\":\"a.B.m\",%s\"mode\":\"avgt\",\"threads\":1,\"params\":{\"p\":\"1\"%s},"
                + "\"primaryMetric\":{\"score\":1.0,%s\"scoreError\":0.1,\"scoreUnit\":\"us/op\",\"rawData\":[[1.0,1.0]]}}";
        String[][] cases = {
            {"\"benchmark\":\"z.Z.z\",", "", "", "'benchmark' twice"},
            {"", ",\"p\":\"2\"", "", "params.p is named twice"},
            {"", "", "\"score\":2.0,", "'score' twice"},
        };
        for (String[] c : cases) {
            Path f = dir.resolve("dup.json");
            java.nio.file.Files.writeString(f, "[" + String.format(one, c[0], c[1], c[2]) + "]");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> JmhResults.read(f)).isInstanceOf(ReportException.class)
                    .hasMessageContaining("dup.json").hasMessageContaining(c[3]);
        }
        java.nio.file.Files.writeString(dir.resolve("ok.json"), "[" + String.format(one, "\"unknownField\":1,\"unknownField\":2,", "", "") + "]");
        org.assertj.core.api.Assertions.assertThat(JmhResults.read(dir.resolve("ok.json"))).hasSize(1);
    }
}
