package dev.fastio.internal.cache;

import dev.fastio.cache.CacheStats;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what a cache on a {@link LoadOnceStore} does, for {@link CacheStats}: only counts (Caffeine's
 * {@code ConcurrentStatsCounter} is the model). Thread-safe.
 *
 * <p>Trusted hits, the hot path, are counted in per-thread stripes 128 bytes apart, so that two
 * threads never write one cache line: plain increments, no CAS. A count is exact unless two
 * threads share a stripe (thread ids equal modulo 64), which can lose one: a race allowed for
 * speed, since the count is a statistic. The other events use {@link LongAdder}s.
 */
public final class CacheCounters {
    /** Every this-many trusted hits on a stripe is a sample (a power of 2). */
    private final int sample;
    private final long[] trustedHitStripes = new long[64 * 16];
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder loads = new LongAdder();
    private final LongAdder uncached = new LongAdder();
    private final LongAdder evictions = new LongAdder();

    public CacheCounters(int sample) {
        this.sample = sample;
    }

    /** Counts a trusted hit; true for about one in {@code sample} of them, which the cache then reports to Caffeine. */
    public boolean trustedHit() {
        int stripe = (int) (Thread.currentThread().getId() & 63) << 4;
        return (++trustedHitStripes[stripe] & (sample - 1)) == 0;
    }

    public void hit() {
        hits.increment();
    }

    public void miss() {
        misses.increment();
    }

    public void load() {
        loads.increment();
    }

    public void uncached() {
        uncached.increment();
    }

    public void eviction() {
        evictions.increment();
    }

    public CacheStats snapshot(long bytesHeld) {
        long trustedHits = 0;
        for (int i = 0; i < trustedHitStripes.length; i += 16) {
            trustedHits += trustedHitStripes[i];
        }
        return new CacheStats(hits.sum() + trustedHits, misses.sum(), loads.sum(), uncached.sum(), evictions.sum(), bytesHeld);
    }
}
