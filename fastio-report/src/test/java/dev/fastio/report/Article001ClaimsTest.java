package dev.fastio.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Article001ClaimsTest {
    private static Result ms(String cls, String method, int lines, double ms) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("lines", Integer.toString(lines));
        return new Result("dev.fastio.bench.x." + cls, method, "avgt", 1, p, ms, 0.01 * ms, "ms/op", Map.of(), "", "", "");
    }

    @Test
    void loadClaimsComputeGigabytesPerSecondAndRatios() {
        List<Result> all = new ArrayList<>(List.of(
                ms("IpLoadBenchmark", "nioDirect64k", 26_000_000, 80),
                ms("IpLoadBenchmark", "dataInputStreamBuffered64k", 26_000_000, 570),
                ms("IpLoadBenchmark", "fastio", 26_000_000, 19), // 104 MB / 19 ms = 5.47 GB/s
                ms("IpLoadBenchmark", "pageCacheRead", 26_000_000, 13),
                ms("IpLoadUnbufferedBenchmark", "dataInputStreamUnbuffered", 2_000_000, 3000)));
        Map<String, Verdict> v = Fixtures.verdicts(all, "IpLoadBenchmark");
        assertThat(v).hasSize(5);
        assertThat(v.values()).extracting(Verdict::status).containsOnly(Verdict.Status.HOLDS);
        assertThat(v.get("ArrayFiles.readInts loads at least 5 GB/s from the page cache.").measured()).contains("5.47 GB/s");

        all.set(2, ms("IpLoadBenchmark", "fastio", 26_000_000, 30)); // 3.47 GB/s, 2.3x the floor
        Map<String, Verdict> slower = Fixtures.verdicts(all, "IpLoadBenchmark");
        assertThat(slower.get("ArrayFiles.readInts loads at least 5 GB/s from the page cache.").status())
                .isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(slower.get("ArrayFiles.readInts takes at most 1.6× the time of a bare page-cache read (dd bs=1M).").status())
                .isEqualTo(Verdict.Status.DOES_NOT_HOLD);
    }

    @Test
    void theDdYardstickIsTheTimeDdReportsForItself() {
        String claim = "ArrayFiles.readInts takes at most 1.6× the time of a bare page-cache read (dd bs=1M).";
        Map<String, String> p = new LinkedHashMap<>();
        p.put("lines", "26000000");
        // the dd process takes 12 ms with its start-up; it reports 9 ms for the copy (3 runs, 27 ms in all)
        Result dd = new Result("dev.fastio.bench.x.IpLoadBenchmark", "dd", "avgt", 1, p, 12, 0.5, "ms/op",
                Map.of("ddNs", new Result.Metric(27e6, 0, "#"), "ddRuns", new Result.Metric(3, 0, "#")), "", "", "");
        List<Result> all = new ArrayList<>(List.of(ms("IpLoadBenchmark", "fastio", 26_000_000, 13),
                ms("IpLoadBenchmark", "pageCacheRead", 26_000_000, 4.4), dd));
        Verdict v = Fixtures.verdicts(all, "IpLoadBenchmark").get(claim);
        assertThat(v.status()).isEqualTo(Verdict.Status.HOLDS); // 13 / 9 = 1.44
        assertThat(v.measured()).contains("dd's own time 9.0 ms: 1.44×").contains("Java page-cache read 4.4 ms: 2.95×");

        all.set(0, ms("IpLoadBenchmark", "fastio", 26_000_000, 15)); // 1.67x dd
        assertThat(Fixtures.verdicts(all, "IpLoadBenchmark").get(claim).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);

        all.remove(2); // no dd in the run: the Java read is the yardstick
        Verdict javaOnly = Fixtures.verdicts(all, "IpLoadBenchmark").get(claim);
        assertThat(javaOnly.status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(javaOnly.measured()).contains("(dd was not run)");
    }

    @Test
    void parseClaimsScaleToTheArticlesTwentySixMillionLines() {
        List<Result> all = List.of(
                ms("IpParseBenchmark", "articleReadLineSplit", 2_000_000, 500),
                ms("IpParseBenchmark", "fastio", 2_000_000, 20), // 10 ns per line: 0.26 s at 26 M
                ms("IpLoadBenchmark", "nioDirect64k", 2_000_000, 6));
        Map<String, Verdict> v = Fixtures.verdicts(all, "IpParseBenchmark");
        assertThat(v.values()).extracting(Verdict::status).containsOnly(Verdict.Status.HOLDS);
        assertThat(v.get("Ipv4Parser parses 26 M lines in at most 0.3 s on 2 cores (11.5 ns per line).").measured())
                .contains("10.00 ns per line").contains("0.26 s at 26 M lines");
    }

    private static Result block(int bytes, double ms, double error) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("lines", "26000000");
        p.put("blockBytes", Integer.toString(bytes));
        return new Result("dev.fastio.bench.ipv4.IpParseBlockBenchmark", "block", "avgt", 1, p, ms, error, "ms/op", Map.of(), "", "", "");
    }

    @Test
    void theDefaultBlockSizeMustBeNoSlowerThanTheOthers() {
        String claim = "The default block (256 KiB) is no slower than any other block size measured.";
        Verdict v = Fixtures.verdicts(List.of(block(65536, 280, 10), block(262144, 270, 10), block(1 << 20, 330, 10)),
                "IpParseBlockBenchmark").get(claim);
        assertThat(v.status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(v.measured()).contains("64 KiB 0.96×").contains("1024 KiB 0.82×");

        Verdict within = Fixtures.verdicts(List.of(block(65536, 260, 20), block(262144, 280, 20)), "IpParseBlockBenchmark").get(claim);
        assertThat(within.status()).isEqualTo(Verdict.Status.HOLDS); // 1.08x, but the error bars overlap
        assertThat(within.measured()).contains("(within error)");

        Verdict slower = Fixtures.verdicts(List.of(block(65536, 200, 5), block(262144, 280, 5), block(1 << 20, 330, 5)),
                "IpParseBlockBenchmark").get(claim);
        assertThat(slower.status()).isEqualTo(Verdict.Status.PARTLY);
        assertThat(Fixtures.verdicts(List.of(block(1 << 20, 330, 5)), "IpParseBlockBenchmark").get(claim).status())
                .isEqualTo(Verdict.Status.NOT_MEASURED);
    }
}
