package dev.fastio.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * How busy the machine is with work other than this run while a fork measures: CPU time the
 * whole machine spent ({@code /proc/stat}, steal included: a neighbour on the host takes it as
 * surely as a process here) minus what this run's own processes spent (this JVM, the fork, and
 * any program the fork runs: {@code /proc/<pid>/stat} of each, their reaped children included),
 * over the wall time. {@code /proc/loadavg} would be simpler, but its one-minute average mostly
 * shows the benchmarks before this one. Linux only; elsewhere every figure is NaN.
 */
final class ForkMeter {
    /** One reading: machine busy ticks, this run's ticks, and the time. */
    record Reading(long machineTicks, long ownTicks, long nanos) {}

    /** Clock ticks a second ({@code USER_HZ}); 100 on every Linux this runs on, in both files alike. */
    private static final double TICKS = 100;

    private ForkMeter() {}

    /** A reading now; null where {@code /proc} cannot be read. */
    static Reading read() {
        try {
            long machine = machineBusyTicks(Files.readString(Path.of("/proc/stat"), StandardCharsets.US_ASCII));
            long own = ticks(ProcessHandle.current());
            try (Stream<ProcessHandle> children = ProcessHandle.current().descendants()) {
                own += children.mapToLong(ForkMeter::ticks).sum();
            }
            return new Reading(machine, own, System.nanoTime());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Cores busy with other work between two readings; NaN where either is missing. */
    static double otherCores(Reading from, Reading to) {
        if (from == null || to == null || to.nanos <= from.nanos) {
            return Double.NaN;
        }
        long machine = to.machineTicks - from.machineTicks;
        // never more than the whole machine was busy: a fork that exited between the readings and
        // was not yet reaped is in neither its own line nor its parent's, so this run's ticks can
        // read lower at the end (seen: 5.4 "other cores" on 2 cores under load)
        double other = Math.min(machine, machine - (to.ownTicks - from.ownTicks));
        return Math.max(0, other / TICKS) / ((to.nanos - from.nanos) / 1e9);
    }

    /** The "cpu" line of /proc/stat: user, nice, system, irq, softirq and steal ticks (not idle, not iowait). */
    static long machineBusyTicks(String procStat) {
        String line = procStat.lines().filter(l -> l.startsWith("cpu ")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no cpu line"));
        String[] f = line.trim().split("\\s+");
        long busy = 0;
        int[] fields = {1, 2, 3, 6, 7, 8}; // user nice system (idle iowait) irq softirq steal
        for (int i : fields) {
            if (i < f.length) {
                busy += Long.parseLong(f[i]);
            }
        }
        return busy;
    }

    /**
     * A process's own ticks and its reaped children's: utime, stime, cutime, cstime of
     * {@code /proc/<pid>/stat}. A child counts in its own line while it lives and in its parent's
     * once reaped, so summing every live process of the tree counts each tick once. 0 for a
     * process gone between listing and reading.
     */
    static long ticks(ProcessHandle p) {
        try {
            return statTicks(Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Fields 14–17 of a /proc/<pid>/stat line (after the command name in parentheses, which may hold spaces). */
    static long statTicks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // f[0] is field 3 (state): utime is field 14, so f[11]; stime f[12], cutime f[13], cstime f[14]
        return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
    }
}
