package dev.fastio.internal.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.fastio.cache.CacheStats;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
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
 * <p><b>Loads hold no lock.</b> A load marks its key in a map of its own ({@link #loading}: a
 * future a key) and reads the file with no lock held; a get of the same key waits on that
 * future, a get of any other key does not wait at all. Loading inside the cache map's
 * {@code compute}, as this class did, held the map's bin for as long as the read took: a 30 s
 * HDFS read or a stalled mount made loads of other files that hash to the same bin wait (3 of 43
 * over 2 s in a test of issue 46; issue 60). A load that overlapped an invalidation of its key
 * keeps its result out of the store (the get that loaded it still returns it), as the lock used
 * to order it: the invalidation marks the loads under way for the keys it drops and removes the
 * entries under {@link #order}'s write lock, a load checks its mark and stores under the read
 * lock, so a store lands wholly before an invalidation (which then removes it) or after it (and
 * sees the mark). Only the invalidated keys' loads are marked: a failed stat of one file (which
 * invalidates its key) leaves every other file's load to be stored.
 *
 * @param <K> the key
 * @param <E> the entry: content and what the cache knows of it
 */
final class LoadOnceStore<K, E> {
    private final Cache<K, E> cache;
    private final CacheCounters counters;
    /** The keys being loaded, each with the load its waiters wait on (completed when the load ends, whatever its outcome). */
    private final ConcurrentHashMap<K, Load> loading = new ConcurrentHashMap<>();
    /** Orders a load's store (read lock) against an invalidation's mark and removal (write lock); never held while a file is read. */
    private final ReentrantReadWriteLock order = new ReentrantReadWriteLock();

    /** A load under way: its waiters wait on it; an invalidation of its key while it reads marks it, and it then stores nothing. */
    private static final class Load extends CompletableFuture<Void> {
        volatile boolean overtaken;
    }

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
     * that entry will do for this get, and loads again otherwise. No lock is held while the file
     * is read: gets and loads of other keys never wait for this one.
     *
     * @param key the key
     * @param reuse whether the entry in the store (when there is one) will do for this get
     * @param loader loads a new entry
     * @return the entry now in the store for {@code key}
     * @throws IOException the load failed (or the wait for another thread's load was
     *     interrupted: {@link java.io.InterruptedIOException}); the entry in the store, if any, stays
     */
    public E load(K key, Predicate<E> reuse, Loader<K, E> loader) throws IOException {
        for (;;) {
            E cur = cache.asMap().get(key);
            if (cur != null && reuse.test(cur)) {
                return cur;
            }
            Load mine = new Load();
            Load other = loading.putIfAbsent(key, mine);
            if (other != null) {
                awaitLoad(other); // then look again: its entry may do for this get
                continue;
            }
            try {
                // a load that ended between the look above and the mark: its entry may do
                cur = cache.asMap().get(key);
                if (cur != null && reuse.test(cur)) {
                    return cur;
                }
                counters.load();
                E loaded = loader.load(key);
                order.readLock().lock();
                try {
                    if (!mine.overtaken) { // no invalidation of this key since the load began
                        cache.put(key, loaded);
                    }
                } finally {
                    order.readLock().unlock();
                }
                return loaded;
            } finally {
                loading.remove(key, mine);
                mine.complete(null);
            }
        }
    }

    /** Waits for another thread's load of the same key to end, however it ends. */
    private static void awaitLoad(Load other) throws IOException {
        try {
            other.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while another thread loaded the same file");
        } catch (java.util.concurrent.ExecutionException e) {
            // never completed exceptionally (the loader's own get sees its failure): look again
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
        order.writeLock().lock();
        try {
            Load under = loading.get(key);
            if (under != null) {
                under.overtaken = true;
            }
            cache.invalidate(key);
        } finally {
            order.writeLock().unlock();
        }
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
        order.writeLock().lock();
        try {
            loading.values().forEach(l -> l.overtaken = true); // a load has no entry yet to test: every one under way is marked
            cache.asMap().entrySet().removeIf(en -> drop.test(en.getKey(), en.getValue()));
        } finally {
            order.writeLock().unlock();
        }
    }

    /** Drops every entry. */
    public void invalidateAll() {
        order.writeLock().lock();
        try {
            loading.values().forEach(l -> l.overtaken = true);
            cache.invalidateAll();
        } finally {
            order.writeLock().unlock();
        }
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
