package dev.fastio.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;

/** A result measured in two sittings becomes one, as JMH writes the forks of one run. */
class ResultsJsonTest {
    private static JsonObject result(String rows, double score, String gcRows, double gcScore) {
        return JsonParser.parseString("""
                {"benchmark": "a.B.m", "mode": "avgt", "forks": 1, "params": {"size": "16"},
                 "primaryMetric": {"score": %s, "scoreError": 0.1, "scoreConfidence": [0, 1],
                   "scorePercentiles": {"0.0": 0, "50.0": 0, "100.0": 0}, "scoreUnit": "us/op", "rawData": %s},
                 "secondaryMetrics": {"gc.count": {"score": %s, "scoreError": "NaN", "scoreUnit": "counts", "rawData": %s}}}
                """.formatted(score, rows, gcScore, gcRows)).getAsJsonObject();
    }

    @Test
    void forksAreJoinedInTheOrderTheyRanAndTheScoreIsComputedAgain() {
        JsonObject earlier = result("[[1.0, 2.0, 3.0]]", 2.0, "[[1.0, 1.0, 1.0]]", 3.0);
        JsonObject later = result("[[5.0, 6.0, 7.0]]", 6.0, "[[2.0, 0.0, 0.0]]", 2.0);
        JsonObject merged = ResultsJson.merge(earlier, later);
        assertThat(merged.get("forks").getAsInt()).isEqualTo(2);
        JsonObject primary = merged.getAsJsonObject("primaryMetric");
        assertThat(primary.get("rawData").toString()).isEqualTo("[[1.0,2.0,3.0],[5.0,6.0,7.0]]");
        assertThat(primary.get("score").getAsDouble()).isCloseTo(4.0, within(1e-12));
        assertThat(primary.get("scoreError").getAsDouble()).isGreaterThan(0);
        assertThat(primary.getAsJsonArray("scoreConfidence").get(0).getAsDouble()).isLessThan(4.0);
        assertThat(primary.getAsJsonObject("scorePercentiles").get("100.0").getAsDouble()).isEqualTo(7.0);
        assertThat(primary.getAsJsonObject("scorePercentiles").get("0.0").getAsDouble()).isEqualTo(1.0);
        // the GC profiler's count is a sum over iterations in JMH's file, and stays one
        assertThat(merged.getAsJsonObject("secondaryMetrics").getAsJsonObject("gc.count").get("score").getAsDouble()).isEqualTo(5.0);
        // neither input is changed
        assertThat(earlier.get("forks").getAsInt()).isEqualTo(1);
        assertThat(ResultsJson.key(merged)).isEqualTo(ResultsJson.key(earlier)).isEqualTo("a.B.m avgt {size=16}");
    }
}
