package dev.fastio.bench.copy;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * CPU time spent by copies (article 004 notes transferTo's lower CPU use): JMH reports
 * {@code cpuNs} and {@code copies} as secondary metrics; CPU per copy is their ratio (the report
 * computes it). Only copies of at least {@link #MIN_BYTES} are timed: reading the CPU clock costs
 * about a microsecond, which would distort the small copies' wall time.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CpuTime {
    static final long MIN_BYTES = 1L << 20;

    public long cpuNs;
    public long copies;

    @Setup(Level.Iteration)
    public void reset() {
        cpuNs = 0;
        copies = 0;
    }

    @FunctionalInterface
    interface Copy {
        long run() throws Exception;
    }

    /** Runs {@code copy}, adding its thread CPU (and with {@code children}, its child processes') when timed. */
    long time(long size, boolean children, Copy copy) throws Exception {
        if (size < MIN_BYTES) {
            return copy.run();
        }
        long c0 = children ? CopyFixture.childrenCpuNanos() : 0;
        long t0 = CopyFixture.threadCpuNanos();
        long r = copy.run();
        cpuNs += CopyFixture.threadCpuNanos() - t0 + (children ? CopyFixture.childrenCpuNanos() - c0 : 0);
        copies++;
        return r;
    }
}
