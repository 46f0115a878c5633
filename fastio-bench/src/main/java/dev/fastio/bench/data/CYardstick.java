package dev.fastio.bench.data;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The counters of the C yardsticks ({@link ReadFloor}): the sum of the nanoseconds per operation
 * each run reported, and how many runs; JMH reports them as the {@code cNs} and {@code cRuns}
 * secondary metrics and the report divides them. Every public member of an
 * {@code @AuxCounters} state is a counter to JMH, so the runner lives in {@link ReadFloor}.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CYardstick {
    public long cNs;
    public long cRuns;

    @Setup(Level.Iteration)
    public void reset() {
        cNs = 0;
        cRuns = 0;
    }
}
