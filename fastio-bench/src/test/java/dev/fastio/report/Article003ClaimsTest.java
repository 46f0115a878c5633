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

class Article003ClaimsTest {
    private static Result us(String cls, String method, String file, double us, double cpuMs) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("file", file);
        p.put("dest", "same");
        Map<String, Result.Metric> secondary = cpuMs < 0 ? Map.of() : Map.of(
                "cpuNs", new Result.Metric(cpuMs * 1e6 * 10, 0, "#"), "copies", new Result.Metric(10, 0, "#"));
        return new Result("dev.fastio.bench.copy." + cls, method, "avgt", 1, p, us, 0.01 * us, "us/op", secondary, "", "", "",
                List.of(), Fixtures.MANY_FORKS);
    }

    private static final String FILES_COPY = "FileCopy (atomic) is no slower than Files.copy at every size (5% margin).";
    private static final String CP_50MB = "FileCopy is within 5% of cp for files of 50 MiB and up.";
    private static final String CP_START = "FileCopy copies a 5 KiB file at least 100× faster than starting cp.";
    private static final String CPU = "transferTo uses less CPU than a stream copy (files of 5 MiB and up).";
    private static final String READERS = "Readers are slower than streams: they convert every char (custom 4 KB buffer, reader vs stream).";

    @Test
    void fastioTargetsAndTheCpuAndReaderClaimsAreChecked() {
        String small = "text-5120";
        String big = "binary-52428800";
        List<Result> all = new ArrayList<>(List.of(
                us("CopyBenchmark", "fastio", small, 20, -1),
                us("CopyBenchmark", "pathCopy", small, 25, -1),
                us("CopyBenchmark", "nativeCp", small, 3000, -1),
                us("CopyBenchmark", "customBufferStream", small, 30, -1),
                us("CopyBenchmark", "fastio", big, 16_000, 16),
                us("CopyBenchmark", "pathCopy", big, 17_000, 17),
                us("CopyBenchmark", "nativeCp", big, 15_500, 16),
                us("CopyBenchmark", "nioTransfer", big, 16_000, 16),
                us("CopyBenchmark", "customBufferStream", big, 40_000, 40),
                us("CopyReadersBenchmark", "customBufferReader", small, 90, -1)));
        Map<String, Verdict> v = Fixtures.verdicts(all, "CopyBenchmark");
        assertThat(v.get(FILES_COPY).status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(v.get(CP_50MB).status()).isEqualTo(Verdict.Status.HOLDS); // 16.0 / 15.5 = 1.03
        assertThat(v.get(CP_START).status()).isEqualTo(Verdict.Status.HOLDS); // 150x
        assertThat(v.get(CPU).status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(v.get(CPU).measured()).contains("16.0 vs 40.0 ms CPU");
        assertThat(v.get(READERS).status()).isEqualTo(Verdict.Status.HOLDS);
        assertThat(v.get(READERS).measured()).contains("reader/stream 3.00×");

        all.set(4, us("CopyBenchmark", "fastio", big, 17_000, 16)); // 1.10x cp, and slower than nothing else
        all.set(0, us("CopyBenchmark", "fastio", small, 40, -1)); // 1.6x Files.copy, 75x cp
        Map<String, Verdict> worse = Fixtures.verdicts(all, "CopyBenchmark");
        assertThat(worse.get(CP_50MB).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        assertThat(worse.get(CP_START).status()).isEqualTo(Verdict.Status.DOES_NOT_HOLD);
        // 5 KB: 1.6x, settled against; 50 MB: 1.00x, which a tolerance of 0 could never settle, holds within the 5% margin
        assertThat(worse.get(FILES_COPY).status()).isEqualTo(Verdict.Status.PARTLY);
        assertThat(worse.get(FILES_COPY).measured()).contains("(does not hold)").contains("(holds)")
                .endsWith("the claim's line: ≤ 1.05× (a 5% margin)");
    }

    @Test
    void cpuIsNotMeasuredWithoutTheCounters() {
        List<Result> all = List.of(us("CopyBenchmark", "nioTransfer", "binary-52428800", 16_000, -1),
                us("CopyBenchmark", "customBufferStream", "binary-52428800", 40_000, -1));
        assertThat(Fixtures.verdicts(all, "CopyBenchmark").get(CPU).status()).isEqualTo(Verdict.Status.NOT_MEASURED);
        assertThat(all.get(0).cpuMicrosPerOp()).isNaN();
        assertThat(us("X", "m", "text-1", 1, 2.5).cpuMicrosPerOp()).isEqualTo(2500.0);
    }
}
