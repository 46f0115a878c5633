package dev.fastio.bench.copy;

import dev.fastio.bench.run.FastioBenchmark;
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
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Copying over an existing file, the other common case: each copy replaces the previous one's
 * destination. How a method replaces matters more than how it copies here: {@code cp} and the
 * stream loop truncate in place, {@code Files.copy} deletes then creates, fastio (atomic) renames
 * a new file over the old one and fastio in place truncates. On ext4 a truncate-and-rewrite or a
 * rename over an existing file starts writeback of the new data at once (the auto_da_alloc
 * safeguard against empty files after a crash); delete-then-create does not, and is not crash-safe.
 * Microseconds per copy.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CopyReplaceBenchmark extends FastioBenchmark {
    @Param({"text-5120", "binary-52428800"})
    public String file;

    @Param({"same", "shm"})
    public String dest;

    private CopyFixture f;
    private final CopyOptions replace = CopyOptions.defaults().replaceExisting(true);
    private final CopyOptions inPlace = replace.atomic(false);

    @Setup
    public void setUp(BenchmarkParams params) throws IOException {
        f = CopyFixture.of(file, dest, params);
        FileCopy.copy(f.source, f.target, replace);
    }

    @TearDown
    public void tearDown() throws IOException {
        f.delete();
    }

    @Benchmark
    public long nativeCp() throws Exception {
        return ArticleCopies.nativeCp(f.source, f.target);
    }

    @Benchmark
    public long customBufferStream() throws IOException {
        return ArticleCopies.customBufferStream(f.source, f.target);
    }

    @Benchmark
    public long pathCopy() throws IOException {
        return ArticleCopies.pathCopy(f.source, f.target);
    }

    @Benchmark
    public long fastio() throws IOException {
        return FileCopy.copy(f.source, f.target, replace).bytes();
    }

    @Benchmark
    public long fastioInPlace() throws IOException {
        return FileCopy.copy(f.source, f.target, inPlace).bytes();
    }
}
