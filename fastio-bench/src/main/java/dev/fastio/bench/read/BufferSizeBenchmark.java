package dev.fastio.bench.read;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.read.FastBufferedInputStream;
import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
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
 * Article 004's buffer sizes: read a large file (the biggest of the scale) through a buffered
 * stream of {@code buffer} bytes in {@code chunk}-byte reads, for {@code BufferedInputStream} and
 * fastio's stream at the same sizes. Milliseconds per file, lower is better; the report compares
 * each size with the 8 KB default.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BufferSizeBenchmark extends FastioBenchmark {
    @Param({"1363148800"})
    public long size;

    @Param({"8192", "65536", "524288", "2097152"})
    public int buffer;

    @Param({"512", "8192", "65536"})
    public int chunk;

    private Path file;

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.binaryName(size));
    }

    private long drain(InputStream is) throws IOException {
        try (is) {
            return Drain.bytes(is, new byte[chunk]);
        }
    }

    @Benchmark
    public long bufferedInputStream() throws IOException {
        return drain(new BufferedInputStream(new FileInputStream(file.toFile()), buffer));
    }

    @Benchmark
    public long fastBufferedInputStream() throws IOException {
        return drain(new FastBufferedInputStream(new FileInputStream(file.toFile()), buffer));
    }
}
