package dev.fastio.bench.copy;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Article 003's naive methods, one byte (or char) per call: two system calls per byte for the
 * streams. Bounded to the 5 KB and 50 KB text files, as the article dropped them after those
 * sizes; at 50 MB a naive stream copy would take minutes. Microseconds per copy.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CopyNaiveBenchmark extends NewFileCopyState {
    @Param({"text-5120", "text-51200"})
    public String file;

    @Param({"same"})
    public String dest;

    @Benchmark
    public long naiveStreams() throws IOException {
        return ArticleCopies.naiveStreams(f.source, f.target);
    }

    @Benchmark
    public long naiveReaders() throws IOException {
        return ArticleCopies.naiveReaders(f.source, f.target);
    }
}
