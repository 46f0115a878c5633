package dev.fastio.bench.array;

import dev.fastio.array.ArrayFiles;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.run.FastioBenchmark;
import java.io.IOException;
import java.nio.ByteOrder;
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
 * The IPv4 list's binary form (big-endian ints, 104 MB at 26 M) loaded into an {@code int[]}:
 * fastio against what a user would write without it ({@link PeerLoads}: the JDK's channel and
 * direct buffer, Commons IO or Guava whole-file reads viewed as ints). Milliseconds per load,
 * lower is better.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ArrayPeersBenchmark extends FastioBenchmark {
    @Param({"26000000"})
    public int lines;

    private Path file;

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.ipv4BinaryName(lines));
    }

    @Benchmark
    public int[] fastio() throws IOException {
        return ArrayFiles.readInts(file, ByteOrder.BIG_ENDIAN);
    }

    @Benchmark
    public int[] jdkChannel() throws IOException {
        return PeerLoads.jdkChannel(file);
    }

    @Benchmark
    public int[] commonsIo() throws IOException {
        return PeerLoads.commonsIo(file);
    }

    @Benchmark
    public int[] guava() throws IOException {
        return PeerLoads.guava(file);
    }
}
