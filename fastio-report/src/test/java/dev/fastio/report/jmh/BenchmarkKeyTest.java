package dev.fastio.report.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keys are matched across files other runs wrote (forks.json, a history's runs): their spelling is pinned here. */
public class BenchmarkKeyTest {
    private static Result result(String unit, int threads) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("size", "4096");
        params.put("layout", "heap"); // not in name order: the fork log sorts, the others keep the file's order
        return new Result("dev.fastio.bench.read.ReadBenchmark", "fastio", "avgt", threads, params, 1.5, 0.1, unit, Map.of(),
                "17", "vm", "1");
    }

    @Test
    void eachSpellingIsTheOneItsFilesHold() {
        Result r = result("us/op", 2);
        assertThat(BenchmarkKey.of(r)).isEqualTo("dev.fastio.bench.read.ReadBenchmark.fastio {size=4096, layout=heap} avgt 2");
        assertThat(BenchmarkKey.historyLine(r)).as("a time unit: the line converts between them").isEqualTo(BenchmarkKey.of(r));
        assertThat(BenchmarkKey.historyLine(result("B/op", 2))).isEqualTo(BenchmarkKey.of(r) + " B/op");
        assertThat(BenchmarkKey.forkLog(r)).isEqualTo("dev.fastio.bench.read.ReadBenchmark.fastio avgt {layout=heap, size=4096}");
        assertThat(BenchmarkKey.forkLog(r)).as("no threads in the fork log's key").isEqualTo(BenchmarkKey.forkLog(result("us/op", 1)));
        assertThat(BenchmarkKey.of(r)).isNotEqualTo(BenchmarkKey.of(result("us/op", 1)));
    }
}
