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
 * Article 003's reader methods (text files only: they decode and re-encode every char). Same
 * files, destinations and units as {@link CopyBenchmark}, which the report sets them beside.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CopyReadersBenchmark extends NewFileCopyState {
    @Param({"text-5120", "text-51200", "text-5242880", "text-52428800"})
    public String file;

    @Param({"same", "shm"})
    public String dest;

    @Benchmark
    public long bufferedReaders(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.bufferedReaders(f.source, f.target));
    }

    @Benchmark
    public long customBufferReader(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.customBufferReader(f.source, f.target));
    }

    @Benchmark
    public long customBufferBufferedReader(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.customBufferBufferedReader(f.source, f.target));
    }
}
