package dev.fastio.bench.copy;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import dev.fastio.copy.When;
import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The atomic copy of small files against the matching {@code Files.copy} call: to a new name
 * ({@code replace=false}: the target is removed before each call, outside the timing) and over
 * an existing file ({@code replace=true}: {@code Files.copy(..., REPLACE_EXISTING)}). Three
 * fastio forms: the default ({@code fastio}: with the native layer, {@code O_TMPFILE} +
 * {@code linkat} or a named temporary + {@code rename}, bytes by {@code copy_file_range}), the
 * JDK path's ({@code fastioJdkPath}: a named temporary file, {@code SparseCopy}), and not atomic
 * ({@code fastioInPlace}, which writes as {@code Files.copy} does). Not in a suite: run it by
 * name (used on two builds in turn in docs/PERFORMANCE.md, "Folders through descriptors only where
 * shared (JDK 17–21)"; the small copies' current figures are in "fastio against the libraries").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g", FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CopySmallBenchmark {
    @Param({"binary-5120", "binary-51200", "binary-500000"})
    public String file;

    @Param({"same", "shm"})
    public String dest;

    @Param({"false", "true"})
    public boolean replace;

    private CopyFixture f;
    private CopyOptions options;

    @Setup
    public void setUp(BenchmarkParams params) throws IOException {
        f = CopyFixture.of(file, dest, params);
        options = CopyOptions.defaults().replaceExisting(replace);
        FileCopy.copy(f.source, f.target, CopyOptions.defaults().replaceExisting(true));
    }

    @Setup(Level.Invocation)
    public void removeTarget() throws IOException {
        if (!replace) {
            f.removeTarget(); // JMHSample_38's caveat applies; see NewFileCopyState
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        f.delete();
    }

    @Benchmark
    public long fastio() throws IOException {
        return FileCopy.copy(f.source, f.target, options).bytes();
    }

    @Benchmark
    public long fastioJdkPath() throws IOException {
        return CopyRunner.copy(f.source, f.target, options, CopyRunner.strategyFor(f.size, When.AUTO, null), FileOps.JDK).bytes();
    }

    @Benchmark
    public long fastioInPlace() throws IOException {
        return FileCopy.copy(f.source, f.target, options.atomic(false)).bytes();
    }

    @Benchmark
    public Object pathCopy() throws IOException {
        return replace ? Files.copy(f.source, f.target, StandardCopyOption.REPLACE_EXISTING) : Files.copy(f.source, f.target);
    }
}
