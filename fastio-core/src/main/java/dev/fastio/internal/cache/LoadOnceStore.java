package dev.fastio.internal.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.fastio.cache.CacheStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * The store under fastio's caches of files ({@code dev.fastio.cache.FileCache} for local files,
 * {@code dev.fastio.hadoop.HadoopFileCache} for Hadoop's): a Caffeine cache bounded by weight
 * (content bytes) that evicts on the calling thread, so the bound holds when a get returns; one
 * load per key at a time; and the counts behind {@link CacheStats}. What an entry is, and when
 * it is current, is each cache's own: a local file is validated by its {@code stat}, a Hadoop
 * file by its {@code FileStatus}.
 *
 * @param <K> the key
 * @param <E> the entry: content and what the cache knows of it
 */
public final class LoadOnceStore<K, E> {
    private final Cache<K, E> cache;
    private final CacheCounters counters;

    /** Loads one entry; an IOException fails the get that asked for it, and no entry is kept. */
    @FunctionalInterface
    public interface Loader<K, E> {
        /**
         * Loads the entry for {@code key}.
         *
         * @param key the key to load
         * @return the new entry
         * @throws IOException the load failed
         */
        E load(K key) throws IOException;
    }

    /**
     * A store bounded by {@code maximumWeight}.
     *
     * @param maximumWeight the most weight (content bytes) held at once
     * @param weigher an entry's weight
     * @param removed called for every entry that leaves the store, for whatever reason (to clear indexes kept beside it)
     * @param counters where the store counts loads and evictions, and the cache its hits and misses
     */
    public LoadOnceStore(long maximumWeight, ToIntFunction<E> weigher, BiConsumer<K, E> removed, CacheCounters counters) {
        this.counters = counters;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maximumWeight)
                .weigher((K k, E e) -> weigher.applyAsInt(e))
                .executor(Runnable::run) // evict on the caller: the bound holds when get returns
                .removalListener((K k, E e, RemovalCause cause) -> {
                    if (cause == RemovalCause.SIZE) {
                        counters.eviction();
                    }
                    if (e != null) {
                        removed.accept(k, e);
                    }
                })
                .build();
    }

    /**
     * Returns the entry for {@code key}, or null; the use counts for eviction.
     *
     * @param key the key
     * @return the entry for {@code key}, or null
     */
    public E getIfPresent(K key) {
        return cache.getIfPresent(key);
    }

    /**
     * Returns whether {@code e} is the entry for {@code key} now; the use does not count for eviction.
     *
     * @param key the key
     * @param e an entry
     * @return whether {@code e} is the entry for {@code key} now
     */
    public boolean holds(K key, E e) {
        return cache.asMap().get(key) == e;
    }

    /**
     * Returns the entry for {@code key} after at most one load at a time for that key: a get that
     * finds another thread loading waits for it, then keeps what it loaded if {@code reuse} says
     * that entry will do for this get, and loads again otherwise.
     *
     * @param key the key
     * @param reuse whether the entry in the store (when there is one) will do for this get
     * @param loader loads a new entry
     * @return the entry now in the store for {@code key}
     * @throws IOException the load failed; the entry in the store, if any, stays
     */
    public E load(K key, Predicate<E> reuse, Loader<K, E> loader) throws IOException {
        try {
            return cache.asMap().compute(key, (k, cur) -> {
                if (cur != null && reuse.test(cur)) {
                    return cur;
                }
                counters.load();
                try {
                    return loader.load(k);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * Replaces {@code old} by {@code now} if {@code old} is still the entry for {@code key}.
     *
     * @param key the key
     * @param old the entry expected
     * @param now its replacement
     * @return whether it was replaced
     */
    public boolean replace(K key, E old, E now) {
        return cache.asMap().replace(key, old, now);
    }

    /**
     * Drops the entry for {@code key}, if any.
     *
     * @param key the key
     */
    public void invalidate(K key) {
        cache.invalidate(key);
    }

    /**
     * Drops {@code key}'s entry if it is still {@code e}: an entry another thread loaded since stays.
     *
     * @param key the key
     * @param e the entry to drop
     */
    public void remove(K key, E e) {
        cache.asMap().remove(key, e);
    }

    /**
     * Drops every entry that {@code drop} matches.
     *
     * @param drop which entries to drop
     */
    public void invalidateIf(BiPredicate<K, E> drop) {
        cache.asMap().entrySet().removeIf(en -> drop.test(en.getKey(), en.getValue()));
    }

    /** Drops every entry. */
    public void invalidateAll() {
        cache.invalidateAll();
    }

    /**
     * Returns the counts so far and the weight held now.
     *
     * @return the counts so far and the weight held now
     */
    public CacheStats stats() {
        return counters.snapshot(cache.policy().eviction().map(ev -> ev.weightedSize().orElse(0L)).orElse(0L));
    }
}
