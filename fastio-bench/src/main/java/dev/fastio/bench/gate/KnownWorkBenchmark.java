package dev.fastio.bench.gate;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A benchmark whose work is a parameter, for measuring what {@code fastio report compare} detects
 * (docs/VERDICTS.md, "The regression gate"): run once at {@code tokens} and once at 1.25× or 2×
 * as many, the second file relabelled to the first's params, it is a known slowdown of that size;
 * five sizes, five rows a run.
 * Not in any suite: {@code fastio bench} never runs it; {@code docs/measure/gate-detection.sh} does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class KnownWorkBenchmark {
    @Param({"5000", "10000", "20000", "40000", "80000"})
    public int tokens;

    /** {@code tokens} units of Blackhole's CPU work: time grows with it in proportion. */
    @Benchmark
    public void work() {
        Blackhole.consumeCPU(tokens);
    }
}
