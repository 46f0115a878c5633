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

    /** Skips the test, and says why, where there is no C compiler. */
    static void assumeCompiler() {
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
}
