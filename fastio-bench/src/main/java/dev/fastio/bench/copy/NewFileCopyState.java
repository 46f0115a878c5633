package dev.fastio.bench.copy;

import dev.fastio.bench.run.FastioBenchmark;
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
public abstract class NewFileCopyState extends FastioBenchmark {
    CopyFixture f;

    @Setup
    public void setUp(BenchmarkParams params) throws IOException {
        f = CopyFixture.of(params.getParam("file"), params.getParam("dest"), params);
    }

    /**
     * Each copy makes a new file, as a copy usually does (replacing one is {@link CopyReplaceBenchmark}).
     *
     * <p>JMH's caveat for {@code Level.Invocation} (see JMHSample_38_PerInvokeSetup): the harness
     * reads the clock around each call, and the set-up's own effects (here, an unlink, which can
     * leave the filesystem journal busy) can spill into the measured call. It is used because a
     * copy to an existing name is another operation; the smallest copies (5 KB, tens of µs) take
     * well above the timer's cost, so the per-call clock reads do not dominate.
     */
    @Setup(Level.Invocation)
    public void removeTarget() throws IOException {
        f.removeTarget();
    }

    @TearDown
    public void tearDown() throws IOException {
        f.delete();
    }
}
