package dev.fastio.cache;

/**
 * Counters since the cache was built.
 *
 * @param hits        gets served from the cache (trusted hits are counted without atomics, so two
 *                    threads whose ids are equal modulo 64 can lose a count between them)
 * @param misses      gets that had to read the file (first load, or found stale)
 * @param loads       file reads that filled an entry
 * @param uncached    gets of files larger than the bound, read and not kept
 * @param evictions   entries removed to respect the byte bound
 * @param bytesHeld   bytes of file content held now
 */
public record CacheStats(long hits, long misses, long loads, long uncached, long evictions, long bytesHeld) {}
