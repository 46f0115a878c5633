package dev.fastio.bench.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C yardsticks as the benchmarks run them: the bundled readfloor.c compiles, each mode
 * reports nanoseconds per operation into the counters, and a failing run is an error naming the
 * file, not a silent zero. Needs a C compiler (CI installs gcc); skipped, and said so, without one.
 */
class ReadFloorTest {
    @TempDir
    Path dir;

    private static void assumeCompiler() {
        boolean cc;
        try {
            cc = new ProcessBuilder("cc", "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            cc = false;
        }
        assumeTrue(cc, "no C compiler (cc) on this machine: the C yardsticks cannot run");
    }

    @Test
    void everyModeReportsNanosecondsIntoTheCounters() throws Exception {
        assumeCompiler();
        Path f = Files.write(dir.resolve("f.bin"), new byte[100_000]);
        CYardstick c = new CYardstick();
        for (String mode : new String[] {"small", "stat", "load", "staged"}) {
            long ns = ReadFloor.run(c, mode, f, 50, 2);
            assertThat(ns).as(mode).isPositive();
        }
        assertThat(c.cRuns).isEqualTo(4);
        assertThat(c.cNs).isPositive();
        c.reset();
        assertThat(c.cRuns).isZero();
        assertThat(c.cNs).isZero();
    }

    @Test
    void aFailingRunIsAnErrorNamingTheFile() {
        assumeCompiler();
        Path missing = dir.resolve("missing.bin");
        CYardstick c = new CYardstick();
        assertThatThrownBy(() -> ReadFloor.run(c, "stat", missing, 10, 1)).isInstanceOf(IOException.class)
                .hasMessageContaining(missing.toString());
        assertThat(c.cRuns).isZero();
    }

    @Test
    void theIpParsersReportAWholeParseAndRefuseAMalformedFile() throws Exception {
        assumeCompiler();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            text.append(i % 256).append('.').append(i * 7 % 256).append('.').append(i * 13 % 256).append('.').append(i * 31 % 256)
                    .append(i % 3 == 0 ? "\r\n" : "\n");
        }
        Path ok = Files.writeString(dir.resolve("ok.txt"), text);
        CYardstick c = new CYardstick();
        for (String mode : new String[] {"shape", "block"}) {
            assertThat(ReadFloor.runIpParse(c, mode, ok, 2)).as(mode).isPositive();
        }
        assertThat(c.cRuns).isEqualTo(2);

        Path bad = Files.writeString(dir.resolve("bad.txt"), text + "1.2.3.04\n");
        assertThatThrownBy(() -> ReadFloor.runIpParse(c, "shape", bad, 1)).isInstanceOf(IOException.class)
                .hasMessageContaining(bad.toString()).hasMessageContaining("exit 2");
        assertThatThrownBy(() -> ReadFloor.runIpParse(c, "nosuch", ok, 1)).isInstanceOf(IOException.class)
                .hasMessageContaining("unknown mode");
        assertThat(c.cRuns).isEqualTo(2);
    }
}
