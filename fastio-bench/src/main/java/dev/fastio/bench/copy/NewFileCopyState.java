package dev.fastio.bench.copy;

import java.io.IOException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The fixture shared by the benchmarks that copy to a new file. Each subclass declares its own
 * {@code file} and {@code dest} {@code @Param}s (the articles' values differ per class); the
 * inherited set-up, which JMH runs, reads them from the benchmark's parameters.
 */
@State(Scope.Thread)
public abstract class NewFileCopyState {
    CopyFixture f;

    @Setup
    public void setUp(BenchmarkParams params) throws IOException {
        f = CopyFixture.of(params.getParam("file"), params.getParam("dest"), params);
    }

    /** Each copy makes a new file, as a copy usually does (replacing one is {@link CopyReplaceBenchmark}). */
    @Setup(Level.Invocation)
    public void removeTarget() throws IOException {
        f.removeTarget();
    }

    @TearDown
    public void tearDown() throws IOException {
        f.delete();
    }
}
