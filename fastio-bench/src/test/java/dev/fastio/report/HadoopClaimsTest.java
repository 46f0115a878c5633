package dev.fastio.report;

import dev.fastio.report.jmh.Fixtures;
import dev.fastio.report.claims.Verdict;
import dev.fastio.report.jmh.Result;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** fastio-hadoop's claims on the HDFS suite: ratios at the full scale, and "needs --full" at the quick one. */
class HadoopClaimsTest {
    private static final String CLS = "HdfsLoadBenchmark";

    private static Result ms(String method, int lines, double ms) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("lines", Integer.toString(lines));
        return new Result("dev.fastio.bench.hadoop." + CLS, method, "avgt", 1, p, ms, 0.01 * ms, "ms/op", Map.of(), "", "", "",
                List.of(), Fixtures.MANY_FORKS);
    }

    private static List<Result> run(int lines, double fastio, double floor, double rawLocal, double textFastio, double cachedGet) {
        return new ArrayList<>(List.of(ms("hdfsReadFloor", lines, floor), ms("hdfsFastio", lines, fastio), ms("hdfsCachedGet", lines, cachedGet),
                ms("hdfsDataInputStream", lines, 600), ms("hdfsByteBufferIntBuffer", lines, 150),
                ms("rawLocalFastio", lines, rawLocal), ms("localArrayFiles", lines, 40),
                ms("hdfsTextFastio", lines, textFastio), ms("hdfsTextReadLineSplit", lines, 3000)));
    }

    @Test
    void fullScaleRatiosDecide() {
        List<Result> good = run(26_000_000, 110, 100, 50, 400, 4);
        Map<String, Verdict> v = Fixtures.verdicts(good, CLS);
        assertThat(v).hasSize(6);
        v.forEach((t, verdict) -> assertThat(verdict.status()).as(t).isEqualTo(Verdict.Status.HOLDS));

        List<Result> bad = run(26_000_000, 140, 100, 60, 700, 8); // 1.4× the floor, 1.5× ArrayFiles, 4.3× the article, 1/17.5 of a load
        assertThat(Fixtures.verdict(bad, CLS, "1.25× the time of the HDFS read").status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(Fixtures.verdict(bad, CLS, "1.3× the time of ArrayFiles").status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(Fixtures.verdict(bad, CLS, "at least 5× faster").status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(Fixtures.verdict(bad, CLS, "at least 3× faster").status()).isEqualTo(Verdict.Status.HOLDS); // 600 / 140
        assertThat(Fixtures.verdict(bad, CLS, "at most 1/20").status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
    }

    @Test
    void theQuickScaleSettlesOnlyTheArticlesClaim() {
        Map<String, Verdict> v = Fixtures.verdicts(run(2_000_000, 10, 9, 4, 30, 0.1), CLS);
        v.forEach((t, verdict) -> {
            if (t.startsWith("Over HDFS too")) {
                assertThat(verdict.status()).as(t).isEqualTo(Verdict.Status.HOLDS);
            } else {
                assertThat(verdict.status()).as(t).isEqualTo(Verdict.Status.NOT_SETTLED);
                assertThat(verdict.measured()).as(t).contains("needs fastio bench --full");
            }
        });
    }
}
