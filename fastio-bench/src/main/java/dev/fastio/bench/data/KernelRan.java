package dev.fastio.bench.data;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Which IPv4 parse kernel the fork ran, as JMH secondary metrics: {@code vectorKernel} counts the
 * operations parsed by the vector kernel, {@code scalarKernel} those by the scalar one, so the
 * report says which kernel ran from the fork itself (the flags alone do not say: the same flag
 * gives the scalar kernel on JDK 17). Every public member of an {@code @AuxCounters} state is a
 * counter to JMH, so the counting is {@code IpParseBenchmark.count}.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class KernelRan {
    public long vectorKernel;
    public long scalarKernel;

    @Setup(Level.Iteration)
    public void reset() {
        vectorKernel = 0;
        scalarKernel = 0;
    }
}
