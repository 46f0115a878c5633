package dev.fastio.bench.ipv4;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.ipv4.Ipv4Parser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Ipv4Parser's block size (bytes each part reads and parses per step), on all cores: the
 * measurement behind {@link Ipv4Parser#DEFAULT_BLOCK_BYTES}. The report checks that the default is
 * no slower than any other size measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class IpParseBlockBenchmark extends FastioBenchmark {
    @Param({"26000000"})
    public int lines;

    @Param({"65536", "262144", "1048576", "4194304"})
    public int blockBytes;

    private Path file;

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.ipv4TextName(lines));
    }

    @Benchmark
    public int[] block() throws IOException {
        return Ipv4Parser.strict().withBlockBytes(blockBytes).parse(file).addresses();
    }
}
