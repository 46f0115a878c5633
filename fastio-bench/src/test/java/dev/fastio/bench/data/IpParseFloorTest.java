package dev.fastio.bench.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C IPv4 parsers as IpParseBenchmark runs them: the bundled ipparse.c compiles, a whole parse
 * reports its nanoseconds into the counters, and a malformed file or an unknown parser is an
 * error naming the file, not a silent zero. Needs a C compiler (CI installs gcc).
 */
class IpParseFloorTest {
    @TempDir
    Path dir;

    @Test
    void theIpParsersReportAWholeParseAndRefuseAMalformedFile() throws Exception {
        ReadFloorTest.assumeCompiler();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            text.append(i % 256).append('.').append(i * 7 % 256).append('.').append(i * 13 % 256).append('.').append(i * 31 % 256)
                    .append(i % 3 == 0 ? "\r\n" : "\n");
        }
        Path ok = Files.writeString(dir.resolve("ok.txt"), text);
        CYardstick c = new CYardstick();
        for (String mode : new String[] {"shape", "block"}) {
            assertThat(IpParseFloor.run(c, mode, ok, 2)).as(mode).isPositive();
        }
        assertThat(c.cRuns).isEqualTo(2);

        Path bad = Files.writeString(dir.resolve("bad.txt"), text + "1.2.3.04\n");
        assertThatThrownBy(() -> IpParseFloor.run(c, "shape", bad, 1)).isInstanceOf(IOException.class)
                .hasMessageContaining(bad.toString()).hasMessageContaining("exit 2");
        assertThatThrownBy(() -> IpParseFloor.run(c, "nosuch", ok, 1)).isInstanceOf(IOException.class)
                .hasMessageContaining("unknown mode");
        assertThat(c.cRuns).isEqualTo(2);
    }
}
