package dev.fastio.bench.read;

import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.read.FastRead;
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
 * A whole file into a {@code byte[]}: fastio against the libraries a user would call instead
 * ({@link PeerReads}: the JDK, Commons IO, Guava, Okio), at the article-000 sizes. Microseconds
 * per read, lower is better; the arrays are returned, so JMH consumes them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ReadPeersBenchmark extends FastioBenchmark {
    @Param({"16", "4096", "32768", "500000", "5000000"})
    public long size;

    private Path file;

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.binaryName(size));
    }

    @Benchmark
    public byte[] fastio() throws IOException {
        return FastRead.readAllBytes(file);
    }

    @Benchmark
    public byte[] jdkFilesReadAllBytes() throws IOException {
        return PeerReads.jdk(file);
    }

    @Benchmark
    public byte[] commonsIo() throws IOException {
        return PeerReads.commonsIo(file);
    }

    @Benchmark
    public byte[] guava() throws IOException {
        return PeerReads.guava(file);
    }

    @Benchmark
    public byte[] okio() throws IOException {
        return PeerReads.okio(file);
    }
}
