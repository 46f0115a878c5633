package dev.fastio.report.jmh;

/**
 * How much of the heap the results a report holds may take, counted as they are read, so that a
 * file too big for this JVM is a "too large" error that says so early, not an
 * {@link OutOfMemoryError} minutes later. The count is an estimate of what each result keeps
 * (its strings, maps and samples: {@link #of}), a little above what it measured (1,618 counted
 * against 1,433 bytes kept for an ordinary result); the page is written as it is made and needs
 * little beside them. One budget is shared by the files of one report.
 */
public final class HeapBudget {
    /**
     * The share of the maximum heap the results may take; the charts, the estimates, the page's
     * writer and the collector's room need the rest. 60,000 results counted at 98 MB made their
     * page in a 115 MB heap, and in 105 MB only after 80 s of garbage collection: half leaves the
     * collector room (docs/PERFORMANCE.md, "The report's heap budget: half the heap").
     */
    static final double SHARE = 0.5;

    private final long limit;
    private long used;

    HeapBudget(long limit) {
        this.limit = limit;
    }

    /** {@link #SHARE} of this JVM's maximum heap ({@code -Xmx}). */
    public static HeapBudget forThisJvm() {
        return new HeapBudget((long) (Runtime.getRuntime().maxMemory() * SHARE));
    }

    /** Counts {@code bytes} more; false once the total is over the limit. */
    boolean take(long bytes) {
        used += bytes;
        return used <= limit;
    }

    /** Whether {@code bytes} more would still be within the limit. */
    boolean fits(long bytes) {
        return used + bytes <= limit;
    }

    long used() {
        return used;
    }

    long limit() {
        return limit;
    }

    /** The heap a result keeps, roughly: the record, its maps' entries, its boxed and unboxed numbers. */
    static long of(Result r, long newStringChars) {
        return 200 + 8L * r.samples().size() + 72L * (r.params().size() + r.percentiles().size())
                + 104L * r.secondary().size() + 2 * newStringChars;
    }
}
