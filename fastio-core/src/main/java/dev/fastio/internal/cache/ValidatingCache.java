package dev.fastio.internal.cache;

import dev.fastio.cache.CacheStats;
import dev.fastio.cache.Validation;
import dev.fastio.internal.version.Clock;
import dev.fastio.internal.version.Stamp;
import dev.fastio.internal.version.VersionCheck;
import java.io.IOException;
import java.time.Duration;
import java.util.function.BiConsumer;
import java.util.function.BiPredicate;

/**
 * The one engine under fastio's caches of files ({@code dev.fastio.cache.FileCache} for local
 * files, {@code dev.fastio.hadoop.HadoopFileCache} for Hadoop's): what a hit is checked against,
 * when an entry is racy, which load a waiting get may take, and which files are served uncached.
 * Each cache supplies only its stamp ({@link Stamp}) and its {@link Files} (how to stamp, load and
 * compare a file); time comes from a {@link Clock} passed in.
 *
 * <p><b>The rules.</b> An entry remembers the stamp its load ended with. A get within the
 * validation interval of the entry's last check returns it; otherwise it stamps the file and
 * returns the entry when the stamps name one version and the stamp can vouch for the bytes. A
 * stamp cannot vouch for an entry that is <em>racy</em>: its file changed within
 * {@code timestampResolution} of the load (a change within the same timestamp tick keeps the
 * stamp: git's "racy clean"), its load saw the file change, or its stamp's size is 0 or not the
 * content's length (procfs). A racy entry whose stamp still matches is confirmed by content
 * ({@link Files#stillHolds}), and kept as clean once its file is old enough. Any other difference
 * loads again.
 *
 * <p><b>The check without a stamp.</b> A clean entry may carry a {@link VersionCheck}
 * ({@link Files#versionCheck}): it answers "same version" as {@code sameVersion} would, without
 * making the stamp (local files: one {@code statx} compared in place). Only its "unchanged" is
 * taken as it is; on "changed" the get stamps the file and goes on as above, so every rule
 * after it (racy, waited-for loads) sees a real stamp.
 *
 * <p><b>Concurrency.</b> One load per key at a time ({@link LoadOnceStore}). A get that waited for
 * another thread's load takes that entry only when it is current for this get: read after this get
 * began, or stamped with the version this get saw and able to vouch for it, or served by the policy
 * without a check. Any other entry may predate a rename this get must see.
 *
 * @param <C> what a get asks with (the spelling of a path; a filesystem and a path)
 * @param <K> the key entries are kept by
 * @param <S> the stamp
 * @param <V> the cached value
 */
public final class ValidatingCache<C, K, S extends Stamp<S>, V> {
    /** About one in this many trusted hits is counted and reported for eviction; a power of 2. */
    public static final int ACCESS_SAMPLE = 16;

    private final LoadOnceStore<K, Entry<K, S, V>> store;
    private final Files<C, K, S, V> files;
    private final Clock clock;
    private final CacheCounters counters;
    private final long maximumBytes;
    private final long intervalNanos;
    private final boolean trusted;
    private final long resolutionMillis;
    /** Tests only: runs after a load has read its file and before the entry is published; null otherwise. */
    private final Runnable loadHook;

    /** How one cache stamps, loads and compares its files. */
    public interface Files<C, K, S extends Stamp<S>, V> {
        /**
         * Stamps the file now.
         *
         * @param request the get
         * @param key its key
         * @return the file's stamp
         * @throws IOException the file cannot be stamped (gone, no permission)
         */
        S stamp(C request, K key) throws IOException;

        /**
         * Loads the file: its value, and the stamp taken after it was read.
         *
         * @param request the get
         * @param key its key
         * @return what was loaded
         * @throws IOException the load failed
         */
        Loaded<S, V> load(C request, K key) throws IOException;

        /**
         * Loads a file too big to keep.
         *
         * @param request the get
         * @param key its key
         * @return its value
         * @throws IOException the load failed
         */
        V loadUncached(C request, K key) throws IOException;

        /**
         * The file could not be stamped: answer as a load would, uncached, or throw. The key's
         * entry is already dropped.
         *
         * @param request the get
         * @param key its key
         * @param failure what the stamp threw
         * @return the value a load gives now
         * @throws IOException what a load throws now
         */
        V afterFailedStamp(C request, K key, IOException failure) throws IOException;

        /**
         * Whether the file still holds {@code value}, by reading it; false to load again instead.
         *
         * @param request the get
         * @param key its key
         * @param value the value cached
         * @return whether the file still holds {@code value}
         * @throws IOException the read failed
         */
        boolean stillHolds(C request, K key, V value) throws IOException;

        /**
         * Returns the value's length in bytes: what the bound counts, and what a stamp's size must equal to vouch for it.
         *
         * @param value a loaded value
         * @return the value's length in bytes
         */
        long length(V value);

        /**
         * Called for every entry a get returns from a load or keeps as clean, before it is returned.
         *
         * @param request the get
         * @param entry the entry
         */
        default void published(C request, Entry<K, S, V> entry) {}

        /**
         * A check of the file against {@code stamp} that makes no stamp, for an entry whose stamp
         * vouches for its value (a clean one); null (the default) to stamp the file on each
         * validated get. Called once per clean entry, when it is made.
         *
         * @param key the entry's key
         * @param stamp the stamp its load ended with
         * @return the check, or null
         */
        default VersionCheck versionCheck(K key, S stamp) {
            return null;
        }
    }

    /**
     * A loaded value and the stamp taken after it was read.
     *
     * @param value the value
     * @param stamp the stamp taken after the read
     * @param steady whether the stamp before the read named the same version
     * @param <S> the stamp
     * @param <V> the value
     */
    public record Loaded<S, V>(V value, S stamp, boolean steady) {}

    /**
     * One cached file: its value, and what the cache knows of it. Immutable but for the time of
     * its last check.
     *
     * @param <K> the key
     * @param <S> the stamp
     * @param <V> the value
     */
    public static final class Entry<K, S extends Stamp<S>, V> {
        /** The key it is kept by. */
        public final K key;
        /** What gets return. */
        public final V value;
        /** The stamp its load ended with. */
        public final S stamp;
        /** Its stamp cannot vouch for it: confirmed by content on validated gets. */
        final boolean racy;
        /** The stamp's size is the value's length and not 0. */
        final boolean sized;
        /** The clock's nanoseconds before the read that produced it began. */
        final long readFrom;
        /** A clean entry's check without a stamp, or null: racy entries and caches without one stamp the file. */
        final VersionCheck check;
        volatile long checkedAt;

        Entry(K key, V value, long length, S stamp, boolean racy, long readFrom, long checkedAt, Files<?, K, S, V> files) {
            this.key = key;
            this.value = value;
            this.stamp = stamp;
            this.sized = stamp.size() > 0 && stamp.size() == length;
            this.racy = racy || !sized;
            this.readFrom = readFrom;
            this.checkedAt = checkedAt;
            this.check = this.racy ? null : files.versionCheck(key, stamp);
        }

        /** Read after a get that began at {@code begun}, or stamped with the version {@code seen} it saw and able to vouch for it. */
        boolean currentFor(long begun, S seen) {
            return readFrom - begun >= 0 || (!racy && stamp.sameVersion(seen));
        }
    }

    /**
     * A cache with these settings.
     *
     * @param files how its files are stamped, loaded and compared
     * @param maximumBytes the bound on values' lengths held at once; a file longer than it (or than 2 GiB) is served uncached
     * @param validation how hits are checked
     * @param timestampResolution the coarsest timestamp tick to guard against
     * @param clock the clocks
     * @param removed called for every entry that leaves the store
     * @param loadHook tests only: runs after a load has read its file, before its entry is published; or null
     * @throws IllegalArgumentException {@code timestampResolution} is negative
     */
    public ValidatingCache(Files<C, K, S, V> files, long maximumBytes, Validation validation, Duration timestampResolution,
            Clock clock, BiConsumer<K, Entry<K, S, V>> removed, Runnable loadHook) {
        if (timestampResolution.isNegative()) {
            throw new IllegalArgumentException("timestampResolution must not be negative: " + timestampResolution);
        }
        this.files = files;
        this.clock = clock;
        this.counters = new CacheCounters(ACCESS_SAMPLE);
        this.maximumBytes = Math.min(maximumBytes, Integer.MAX_VALUE);
        this.intervalNanos = validation.interval().toNanos();
        this.trusted = intervalNanos == Long.MAX_VALUE;
        // past Long.MAX_VALUE ms every load is racy: confirmed by content, never an overflow
        this.resolutionMillis = timestampResolution.compareTo(Duration.ofMillis(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE
                : timestampResolution.toMillis();
        this.loadHook = loadHook;
        this.store = new LoadOnceStore<>(maximumBytes, e -> (int) Math.min(Integer.MAX_VALUE, files.length(e.value)), removed, counters);
    }

    /**
     * Returns whether the policy never checks a hit.
     *
     * @return whether the policy never checks a hit
     */
    public boolean trusted() {
        return trusted;
    }

    /**
     * Returns the counters, for a front that answers trusted hits itself.
     *
     * @return the counters
     */
    public CacheCounters counters() {
        return counters;
    }

    /**
     * Returns the entry kept for {@code key}, or null; the use counts for eviction.
     *
     * @param key the key
     * @return the entry kept for {@code key}, or null
     */
    public Entry<K, S, V> find(K key) {
        return store.getIfPresent(key);
    }

    /**
     * Returns whether {@code e} is the entry for its key now.
     *
     * @param e an entry
     * @return whether {@code e} is the entry for its key now
     */
    public boolean holds(Entry<K, S, V> e) {
        return store.holds(e.key, e);
    }

    /**
     * The value for {@code key}, from {@code found} (the entry for it, looked up by the caller,
     * or null) when current under the policy.
     *
     * @param request the get
     * @param key its key
     * @param found the entry the caller found for {@code key}, or null
     * @return the file's value
     * @throws IOException the file cannot be stamped or loaded
     */
    public V get(C request, K key, Entry<K, S, V> found) throws IOException {
        if (found != null) {
            if (trusted) {
                counters.hit();
                return found.value;
            }
            long now = clock.nanoTime();
            if (now - found.checkedAt < intervalNanos) {
                counters.hit();
                return found.value;
            }
            if (found.check != null) { // clean, and checked in place: no stamp made
                boolean unchanged;
                try {
                    unchanged = found.check.unchanged();
                } catch (IOException statFailed) {
                    return afterFailedStamp(request, key, statFailed);
                }
                if (unchanged) {
                    found.checkedAt = now;
                    counters.hit();
                    return found.value;
                }
                // changed: stamp it, as without a check, for the load to judge other threads' entries by
            }
            S current;
            try {
                current = files.stamp(request, key);
            } catch (IOException statFailed) {
                return afterFailedStamp(request, key, statFailed);
            }
            if (current.sameVersion(found.stamp)) {
                if (!found.racy) {
                    found.checkedAt = now;
                    counters.hit();
                    return found.value;
                }
                if (files.stillHolds(request, key, found.value)) {
                    keepConfirmed(request, found, current, now);
                    counters.hit();
                    return found.value;
                }
            }
            if (current.size() > maximumBytes) { // replaced by a file too big to keep: as a first get of it would
                store.remove(key, found); // only the stale entry: one another thread has just loaded stays
                counters.uncached();
                return files.loadUncached(request, key);
            }
            counters.miss();
            return load(request, key, found, now, current).value;
        }
        long begun = clock.nanoTime();
        S current;
        try {
            current = files.stamp(request, key);
        } catch (IOException statFailed) {
            return afterFailedStamp(request, key, statFailed);
        }
        if (current.size() > maximumBytes) {
            counters.uncached();
            return files.loadUncached(request, key);
        }
        counters.miss();
        return load(request, key, null, begun, current).value;
    }

    /** A racy entry whose file still holds its value: keep it as clean once the stamp can vouch for it. */
    private void keepConfirmed(C request, Entry<K, S, V> e, S current, long now) {
        if (e.sized && !isRacy(current)) {
            Entry<K, S, V> clean = new Entry<>(e.key, e.value, files.length(e.value), current, false, now, now, files);
            if (store.replace(e.key, e, clean)) {
                files.published(request, clean);
            }
        } else {
            e.checkedAt = now;
        }
    }

    private V afterFailedStamp(C request, K key, IOException failure) throws IOException {
        store.invalidate(key);
        V value = files.afterFailedStamp(request, key, failure);
        counters.uncached();
        return value;
    }

    /**
     * Loads {@code key} unless another thread has meanwhile put an entry that will do for this
     * get, which began at {@code begun} and saw {@code seen}: one current for it, or one the
     * policy serves without a check. Taking any other thread's entry would be wrong: it may have
     * read the file before a rename that completed before this get began.
     */
    private Entry<K, S, V> load(C request, K key, Entry<K, S, V> stale, long begun, S seen) throws IOException {
        Entry<K, S, V> fresh = store.load(key, cur -> cur != stale
                && (cur.currentFor(begun, seen) || trusted || clock.nanoTime() - cur.checkedAt < intervalNanos), k -> {
            long readFrom = clock.nanoTime();
            Loaded<S, V> loaded = files.load(request, k);
            if (loadHook != null) {
                loadHook.run();
            }
            boolean racy = !loaded.steady() || isRacy(loaded.stamp());
            return new Entry<>(k, loaded.value(), files.length(loaded.value()), loaded.stamp(), racy, readFrom, clock.nanoTime(), files);
        });
        files.published(request, fresh);
        return fresh;
    }

    /** Changed within one timestamp tick of now: a change in the same tick would keep the stamp. */
    private boolean isRacy(S stamp) {
        return stamp.newestMillis() > clock.currentTimeMillis() - resolutionMillis; // no subtraction from a file's time to overflow
    }

    /**
     * Drops the entry for {@code key}, if any.
     *
     * @param key the key
     */
    public void invalidate(K key) {
        store.invalidate(key);
    }

    /**
     * Drops every entry that {@code drop} matches.
     *
     * @param drop which entries to drop
     */
    public void invalidateIf(BiPredicate<K, Entry<K, S, V>> drop) {
        store.invalidateIf(drop);
    }

    /** Drops every entry. */
    public void invalidateAll() {
        store.invalidateAll();
    }

    /**
     * Returns the counts so far and the bytes held now.
     *
     * @return the counts so far and the bytes held now
     */
    public CacheStats stats() {
        return store.stats();
    }
}
