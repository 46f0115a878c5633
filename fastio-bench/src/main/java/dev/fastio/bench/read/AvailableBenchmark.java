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
 * Article 004's {@code available()} test: read the biggest file of the scale through a 64 KB
 * buffered stream in {@code every}-byte reads, calling {@code available()} before each read (the
 * article's loop, which stops when it returns 0). {@code BufferedInputStream} asks the file every
 * time; fastio answers from its buffer. Milliseconds per file, lower is better.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class AvailableBenchmark extends FastioBenchmark {
    @Param({"1363148800"})
    public long size;

    @Param({"512", "1024"})
    public int every;

    private Path file;

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.binaryName(size));
    }

    private long loop(InputStream is) throws IOException {
        try (is) {
            byte[] buf = new byte[every];
            long total = 0;
            while (is.available() != 0) {
                total += is.read(buf);
            }
            return total;
        }
    }

    @Benchmark
    public long bufferedInputStream() throws IOException {
        return loop(new BufferedInputStream(new FileInputStream(file.toFile()), 65536));
    }

    @Benchmark
    public long fastBufferedInputStream() throws IOException {
        return loop(new FastBufferedInputStream(new FileInputStream(file.toFile()), 65536));
    }
}
