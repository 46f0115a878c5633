package dev.fastio.bench.copy;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A file copied beside itself (one filesystem), 5 KB to 1.3 GB: fastio (its atomic default, and
 * {@code atomic(false)}) against the libraries a user would call instead ({@link PeerCopies}: the
 * JDK, Commons IO, Guava, Okio). {@code replace=false} copies to a new name (the previous copy is
 * removed before each, untimed, as in {@link CopyBenchmark}); {@code replace=true} copies over
 * the previous copy, each library replacing its own way. Microseconds per copy, lower is better.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CopyPeersBenchmark extends FastioBenchmark {
    @Param({"text-5120", "text-51200", "binary-5242880", "binary-52428800", "binary-1363148800"})
    public String file;

    @Param({"false", "true"})
    public boolean replace;

    private CopyFixture f;
    private CopyOptions atomic;
    private CopyOptions inPlace;

    @Setup
    public void setUp(BenchmarkParams params) throws IOException {
        f = CopyFixture.of(file, "same", params);
        atomic = CopyOptions.defaults().replaceExisting(replace);
        inPlace = atomic.atomic(false);
        FileCopy.copy(f.source, f.target, CopyOptions.defaults().replaceExisting(true));
    }

    /** A copy to a new name starts with no target (see {@link NewFileCopyState#removeTarget} for JMH's caveat). */
    @Setup(Level.Invocation)
    public void removeTarget() throws IOException {
        if (!replace) {
            f.removeTarget();
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        f.delete();
    }

    /** fastio's default: a new unnamed or temporary file, published by one rename or link. */
    @Benchmark
    public long fastio() throws IOException {
        return FileCopy.copy(f.source, f.target, atomic).bytes();
    }

    /** fastio writing the target in place ({@code atomic(false)}), as the peers do. */
    @Benchmark
    public long fastioInPlace() throws IOException {
        return FileCopy.copy(f.source, f.target, inPlace).bytes();
    }

    @Benchmark
    public long jdkFilesCopy() throws IOException {
        return PeerCopies.jdk(f.source, f.target, replace);
    }

    @Benchmark
    public long commonsIo() throws IOException {
        return PeerCopies.commonsIo(f.source, f.target);
    }

    @Benchmark
    public long guava() throws IOException {
        return PeerCopies.guava(f.source, f.target);
    }

    @Benchmark
    public long okio() throws IOException {
        return PeerCopies.okio(f.source, f.target);
    }
}
