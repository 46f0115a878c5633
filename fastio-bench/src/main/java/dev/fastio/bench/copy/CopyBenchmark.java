package dev.fastio.bench.copy;

import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
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
 * Article 003's race, byte-stream methods: copy a file (5 KB … 1.3 GB, text and binary) with
 * {@code cp}, the article's stream and NIO methods, {@code Files.copy}, and fastio (atomic, the
 * default; in place; with a progress listener). {@code dest=same} writes beside the data (one
 * filesystem), {@code dest=shm} to /dev/shm (tmpfs, a second filesystem). Each copy makes a new
 * file (the previous one is removed before, untimed). Microseconds per copy, lower is better; {@code cpuNs / copies} is
 * CPU per copy for files of 1 MB and up. The reader methods are in {@link CopyReadersBenchmark},
 * the byte-at-a-time ones in {@link CopyNaiveBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CopyBenchmark extends NewFileCopyState {
    @Param({"text-5120", "text-51200", "text-5242880", "text-52428800", "binary-5242880", "binary-52428800",
            "binary-1363148800"})
    public String file;

    @Param({"same", "shm"})
    public String dest;

    private final CopyOptions atomic = CopyOptions.defaults();
    private final CopyOptions inPlace = atomic.atomic(false);
    /** Written by the progress listener, read by nobody: the cost of a listener that stores what it hears. */
    public long lastProgress;
    private final CopyOptions withProgress = atomic.progress((done, total) -> lastProgress = done);

    @Benchmark
    public long nativeCp(CpuTime cpu) throws Exception {
        return cpu.time(f.size, true, () -> ArticleCopies.nativeCp(f.source, f.target));
    }

    @Benchmark
    public long bufferedStreams(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.bufferedStreams(f.source, f.target));
    }

    @Benchmark
    public long customBufferStream(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.customBufferStream(f.source, f.target));
    }

    @Benchmark
    public long customBufferBufferedStream(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.customBufferBufferedStream(f.source, f.target));
    }

    @Benchmark
    public long nioBuffer(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.nioBuffer(f.source, f.target));
    }

    @Benchmark
    public long nioTransfer(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.nioTransfer(f.source, f.target));
    }

    @Benchmark
    public long pathCopy(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> ArticleCopies.pathCopy(f.source, f.target));
    }

    /** fastio's default: atomic (temporary file + rename). */
    @Benchmark
    public long fastio(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> FileCopy.copy(f.source, f.target, atomic).bytes());
    }

    /** Not atomic: written in place, as cp and the article's methods do. */
    @Benchmark
    public long fastioInPlace(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> FileCopy.copy(f.source, f.target, inPlace).bytes());
    }

    /** Atomic with a progress listener: the issue allows it 2% over {@link #fastio} on big files. */
    @Benchmark
    public long fastioProgress(CpuTime cpu) throws Exception {
        return cpu.time(f.size, false, () -> FileCopy.copy(f.source, f.target, withProgress).bytes());
    }
}
