package dev.fastio.bench.copy;

import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import dev.fastio.internal.copy.BufferCopy;
import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.copy.TransferToCopy;
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
 * Where {@code FileCopy} switches from {@link BufferCopy} to {@link TransferToCopy}: both strategies
 * under the same atomic copy, fastio's choice, and {@code Files.copy} for reference, on files
 * either side of the threshold ({@link CopyRunner#BUFFER_MAX}, 256 KiB). Microseconds per copy. The
 * strategies are internal to fastio's module; JMH runs on the class path, where they can be named.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CopyStrategyBenchmark extends NewFileCopyState {
    @Param({"binary-5120", "binary-32768", "binary-500000", "binary-5000000"})
    public String file;

    @Param({"same"})
    public String dest;

    private final CopyOptions replace = CopyOptions.defaults().replaceExisting(true);

    @Benchmark
    public long buffer() throws IOException {
        return CopyRunner.copy(f.source, f.target, replace, BufferCopy.INSTANCE, FileOps.JDK).bytes();
    }

    @Benchmark
    public long transferTo() throws IOException {
        return CopyRunner.copy(f.source, f.target, replace, TransferToCopy.INSTANCE, FileOps.JDK).bytes();
    }

    @Benchmark
    public long fastio() throws IOException {
        return FileCopy.copy(f.source, f.target, replace).bytes();
    }

    @Benchmark
    public long pathCopy() throws IOException {
        return ArticleCopies.pathCopy(f.source, f.target);
    }
}
