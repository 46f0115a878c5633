package dev.fastio.bench.copy;

import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import dev.fastio.copy.When;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
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

/**
 * Copying a 1 GiB sparse file, as VM images and database files are: {@code layout=few} holds
 * 4 KiB of data in two regions, {@code layout=many} 1,000 regions of 4 KiB spread over the file.
 * {@code cp} (coreutils 9, {@code --sparse=auto}, a whole process) is the yardstick; fastio by
 * default (holes kept: {@code SEEK_DATA} with the native layer, zero blocks skipped on the JDK path), and
 * {@code Files.copy}, which writes every hole out. Milliseconds per copy; the copy is removed
 * before each call, outside the timing. Not in a suite: run by name (its figures: docs/PERFORMANCE.md,
 * "Performance: the current figures", the row "copy a sparse file").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", FastioBenchmark.NATIVE_ACCESS})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class CopySparseBenchmark {
    static final long LENGTH = 1L << 30;

    @Param({"few", "many"})
    public String layout;

    private Path dir;
    private Path source;
    private Path target;

    @Setup
    public void setUp() throws IOException {
        dir = Files.createDirectories(DataDir.get().resolve("sparse-" + ProcessHandle.current().pid()));
        source = dir.resolve("source-" + layout);
        target = dir.resolve("target");
        Random r = new Random(1);
        byte[] block = new byte[4096];
        try (RandomAccessFile f = new RandomAccessFile(source.toFile(), "rw")) {
            f.setLength(LENGTH);
            int regions = layout.equals("few") ? 2 : 1000;
            for (int i = 0; i < regions; i++) {
                r.nextBytes(block);
                f.seek(i * (LENGTH / regions) & ~4095L);
                f.write(block, 0, regions == 2 ? 2048 : 4096);
            }
        }
    }

    @Setup(Level.Invocation)
    public void removeTarget() throws IOException {
        Files.deleteIfExists(target);
    }

    @TearDown
    public void tearDown() throws IOException {
        Files.deleteIfExists(target);
        Files.deleteIfExists(source);
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public long nativeCp() throws Exception {
        return ArticleCopies.nativeCp(source, target);
    }

    @Benchmark
    public long fastio() throws IOException {
        return FileCopy.copy(source, target).bytes();
    }

    @Benchmark
    public long fastioSparseNever() throws IOException {
        return FileCopy.copy(source, target, CopyOptions.defaults().sparse(When.NEVER)).bytes();
    }
}
