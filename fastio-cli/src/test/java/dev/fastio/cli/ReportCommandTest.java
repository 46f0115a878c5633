package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
    @TempDir
    Path dir;

    /** A plain JMH result of one benchmark at one size, with its raw samples. */
    private Path run(String name, double... samples) throws Exception {
        double mean = java.util.Arrays.stream(samples).average().orElseThrow();
        String raw = java.util.Arrays.toString(samples);
        return Files.writeString(dir.resolve(name), "[{\"benchmark\":\"org.example.Bench.m\",\"mode\":\"avgt\",\"threads\":1,"
                + "\"params\":{\"size\":\"16\"},\"jdkVersion\":\"17\",\"vmName\":\"vm\",\"vmVersion\":\"1\",\"primaryMetric\":{\"score\":"
                + mean + ",\"scoreError\":0.1,\"scoreUnit\":\"us/op\",\"rawData\":[" + raw + "]}}]");
    }

    @Test
    void twoResultFilesGiveAComparisonPage() throws Exception {
        Path a = run("a.json", 10, 10.1, 9.9, 10, 10.05);
        Path b = run("b.json", 5, 5.05, 4.95, 5, 5.02);
        Path out = dir.resolve("cmp.html");
        Cli r = Cli.run("report", a.toString(), b.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo(out.toAbsolutePath().toString());
        String html = Files.readString(out);
        assertThat(html).contains("two runs compared").contains(">1 B faster<").contains("0.50× [");
    }

    @Test
    void oneResultFileStillGivesTheReport() throws Exception {
        Path a = run("a.json", 10, 10.1, 9.9);
        Cli r = Cli.run("report", a.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(dir.resolve("report.html")).exists();
    }
}
