package dev.fastio.cache;

import dev.fastio.internal.cache.CacheCounters;
import dev.fastio.internal.cache.ValidatingCache.Entry;
import dev.fastio.internal.cache.ValidatingCache.Loaded;
import dev.fastio.internal.cache.ValidatingCache;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.read.WholeFile;
import dev.fastio.internal.version.Clock;
import dev.fastio.internal.version.FileStamp;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.internal.version.VersionCheck;
import dev.fastio.read.FastRead;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A cache of file contents that is never stale under its {@link Validation} policy, bounded in
 * bytes, safe under concurrent use, built on Caffeine.
 *
 * <p><b>Correctness.</b> Under {@link Validation#always()} a get returns what
 * {@code Files.readAllBytes(path)} would return at that moment: the bytes of the file that
 * {@code path} names when the get begins, or newer ones, never older (gets are linearizable with
 * completed writes and renames). Under the other policies a get may be older by what the policy
 * allows, and is always the bytes of the file that path named when they were loaded.
 *
 * <p>Entries are keyed by the path as given, made absolute, <em>not normalized</em>: the
 * operating system resolves a symbolic link before it applies {@code ..}, so
 * {@code base/link/../x} and {@code base/x} can be two files, and two spellings share nothing
 * because their text normalizes alike. (Each spelling of one file has its own entry;
 * {@link #invalidate} drops every entry the OS says is the same file.)
 *
 * <p>Each entry remembers the file's size, modification time, change time (ctime) at full
 * resolution and file key (inode) at load; a validated get compares them with a fresh
 * {@code stat} of the path and reloads on any difference. The ctime catches a same-size rewrite
 * whose writer put the old mtime back ({@code tar -x}, {@code rsync -t}, {@code cp -p},
 * {@code touch -r}): see {@code dev.fastio.internal.version.FileStamp}. Timestamps are coarse (a few ms on ext4, 1–2 s on
 * some filesystems), so a file changed within one tick of its load can keep its stamp: such an
 * entry is <em>racy</em>, and validated gets confirm it by re-reading the file and comparing
 * bytes until the file's newest timestamp (mtime or ctime) is older than
 * {@link Builder#timestampResolution} (git's "racy clean" index entries). A file whose size reads
 * 0, or whose content length is not its size (procfs, sysfs, some FUSE filesystems), says
 * nothing by its stamp: its entry is always confirmed by content. A file deleted after caching
 * gives {@link NoSuchFileException} on a validated get, and its entry is dropped.
 *
 * <p><b>What no {@code stat} sees.</b> A file written through a shared memory mapping
 * ({@code mmap} with {@code MAP_SHARED}) keeps its mtime and ctime when the stores go to a page
 * that is already dirty: the kernel updates the times on the first write fault of a clean page
 * only. A validated get then serves the old bytes until something else moves the stamp (seen: 3 s
 * of {@code BAAA} while {@code Files.readAllBytes} gave {@code BCAA}, on tmpfs and ext4). git and
 * make have the same limit. A program that writes a cached file through a mapping should
 * {@link #invalidate} it after its stores (or {@code msync} and touch it).
 *
 * <p><b>Concurrency.</b> Gets of one key load it once: concurrent misses, and concurrent gets
 * that find the same entry stale, wait for one load (the engine {@code internal.cache.ValidatingCache},
 * shared with {@code fastio-hadoop}'s cache: a future per key, no lock held while a file is read, so
 * gets of other files never wait for this one). A get that waited
 * takes the other thread's entry only when that entry's read began after this get began, or its
 * stamp is the one this get saw and can vouch for its bytes; otherwise the entry may predate a
 * rename this get must see, and it loads again. Values are immutable ({@link FileContent}).
 *
 * <p><b>Memory.</b> The bound counts content bytes; files larger than it are read and returned
 * but not kept. Eviction runs on the calling thread, so the bound holds after every get.
 *
 * <p><b>Speed.</b> A hit is looked up first in a plain {@code ConcurrentHashMap} keyed by the
 * path as the caller spelled it (making a path absolute costs more than the lookup); about one
 * hit in {@value #ACCESS_SAMPLE} is also reported to Caffeine so that eviction still sees use. A
 * trusted hit reads no clock, makes no syscall and no atomic operation (1.1–1.5× a map lookup); a
 * validated hit makes one {@code stat}: with the native layer (FFM on JDK 22+, jffi on JDK
 * 17–21) a {@code statx} of the name encoded when the entry was loaded, compared in place with
 * the entry's stamp, allocating nothing ({@code internal.version.VersionCheck.of}); with it off
 * the JDK's attribute view. Measured by {@code dev.fastio.bench.cache.FileCacheBenchmark}; figures:
 * docs/PERFORMANCE.md, "A trusted cache hit: 1.1–1.5× a map lookup", and the validated hit's row
 * in "Performance: the current figures".
 *
 * <p>Loads use {@link FastRead#readAllBytes}. Close the cache to stop a folder watch.
 */
public final class FileCache implements AutoCloseable {
    private final ValidatingCache<Path, Path, FileStamp, FileContent> cache;
    private final Validation validation;
    private final FolderWatch watch;
    private final CacheCounters counters;
    private final boolean trusted;

    /**
     * Hits are looked up here first, by the path as the caller spelled it: a plain map lookup,
     * with no path normalisation and no cache bookkeeping. The engine stays the owner (bound,
     * eviction, one load per key); its removal listener takes an entry's spellings out of here.
     */
    private final ConcurrentHashMap<Path, Entry<Path, FileStamp, FileContent>> index = new ConcurrentHashMap<>();
    /** The spellings each entry is indexed under (entries compare by identity), for the removal listener. */
    private final ConcurrentHashMap<Entry<Path, FileStamp, FileContent>, Set<Path>> spellings = new ConcurrentHashMap<>();

    /** About one in this many index hits is also reported to Caffeine, so eviction still sees use. A power of 2. */
    private static final int ACCESS_SAMPLE = ValidatingCache.ACCESS_SAMPLE;

    /** Settings for a {@link FileCache}; {@link FileCache#builder()} makes one with the defaults. */
    public static final class Builder {
        private long maximumBytes = 64L << 20;
        private Validation validation = Validation.always();
        private Duration timestampResolution = Duration.ofSeconds(2);
        private Path watched;
        private Runnable loadHook;
        private Clock clock = Clock.SYSTEM;
        private NativeLayer nativeLayer = NativeLayer.get();

        private Builder() {}

        /**
         * The bound on cached content bytes (default 64 MB). A file bigger than the bound is read
         * on every get and not kept.
         *
         * @param bytes the most content bytes held at once
         * @return this builder
         * @throws IllegalArgumentException {@code bytes} is negative
         */
        public Builder maximumBytes(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("maximumBytes must not be negative: " + bytes);
            }
            this.maximumBytes = bytes;
            return this;
        }

        /**
         * How a hit is checked against the file (default {@link Validation#always()}: a
         * {@code stat} per get, so a get equals a fresh read).
         *
         * @param v the validation policy
         * @return this builder
         */
        public Builder validation(Validation v) {
            this.validation = v;
            return this;
        }

        /**
         * The coarsest modification-time resolution to guard against (default 2 s, FAT's; ext4's
         * is a few ms). Files modified more recently than this before their load are confirmed by content.
         *
         * @param d the resolution
         * @return this builder
         * @throws IllegalArgumentException {@code d} is negative
         */
        public Builder timestampResolution(Duration d) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("timestampResolution must not be negative: " + d);
            }
            this.timestampResolution = d;
            return this;
        }

        /**
         * Also invalidate entries when the folder's files change (a {@code WatchService}; not
         * recursive). {@link FileCache#close()} stops the watch.
         *
         * @param folder the folder to watch
         * @return this builder
         */
        public Builder watch(Path folder) {
            this.watched = folder;
            return this;
        }

        /** Tests only: {@code hook} runs after each load has read its file, before the entry is published. */
        Builder loadHook(Runnable hook) {
            this.loadHook = hook;
            return this;
        }

        /** Tests only: the clocks the cache reads (default: the system's). */
        Builder clock(Clock c) {
            this.clock = c;
            return this;
        }

        /** Tests only: the native layer its stats and reads go through (default: the JVM's; a test's has a fault plan). */
        Builder nativeLayer(NativeLayer layer) {
            this.nativeLayer = layer;
            return this;
        }

        /**
         * Returns a new, empty cache with these settings.
         *
         * @return a new, empty cache with these settings; the caller closes it
         * @throws IOException the watched folder cannot be watched
         */
        public FileCache build() throws IOException {
            return new FileCache(this);
        }
    }

    /**
     * Returns a builder with the defaults: 64 MB, {@link Validation#always()}, a 2 s timestamp resolution, no watch.
     *
     * @return a builder with the defaults: 64 MB, {@link Validation#always()}, a 2 s timestamp resolution, no watch
     */
    public static Builder builder() {
        return new Builder();
    }


    private FileCache(Builder b) throws IOException {
        this.validation = b.validation;
        this.cache = new ValidatingCache<>(new LocalFiles(b.nativeLayer, b.clock == Clock.SYSTEM ? OneVersion.SYSTEM : new OneVersion(b.clock)), b.maximumBytes, b.validation, b.timestampResolution, b.clock,
                (k, e) -> {
                    Set<Path> names = spellings.remove(e);
                    if (names != null) {
                        names.forEach(name -> index.remove(name, e));
                    }
                }, b.loadHook);
        this.trusted = cache.trusted();
        this.counters = cache.counters();
        this.watch = b.watched == null ? null : new FolderWatch(b.watched, this::invalidateName, this::invalidateAll);
    }

    /**
     * The file's content, from the cache when it is current under this cache's validation.
     * JDK equivalent: {@code Files.readAllBytes(file)}, which it equals under
     * {@link Validation#always()}.
     *
     * @param file the file to read; each spelling of a path (through links or {@code ..}) has its own entry
     * @return the file's content, shared by every caller that gets it: an immutable value
     * @throws NoSuchFileException the file does not exist (any cached entry is dropped)
     * @throws IOException the file cannot be read, as {@code Files.readAllBytes} would throw
     */
    public FileContent get(Path file) throws IOException {
        Entry<Path, FileStamp, FileContent> e = index.get(file);
        if (e != null && trusted) {
            if (counters.trustedHit()) {
                cache.find(e.key); // a sample: eviction still sees the use
            }
            return e.value; // trusted: no clock, no stat, no atomic operation
        }
        if (e == null) {
            Path key = key(file);
            e = cache.find(key);
            if (e == null) {
                return cache.get(file, key, null);
            }
            remember(file, e);
        } else if ((ThreadLocalRandom.current().nextInt() & (ACCESS_SAMPLE - 1)) == 0) {
            cache.find(e.key); // sampled without a shared counter: no cache line bounces between readers
        }
        return cache.get(file, e.key, e);
    }

    /**
     * Adds {@code spelling} to the index for {@code e}, unless {@code e} has left the cache in the
     * meantime: the check after the put closes the race with a removal that already ran.
     */
    private void remember(Path spelling, Entry<Path, FileStamp, FileContent> e) {
        spellings.computeIfAbsent(e, x -> ConcurrentHashMap.newKeySet()).add(spelling);
        index.put(spelling, e);
        if (!cache.holds(e)) {
            index.remove(spelling, e);
            spellings.remove(e);
        }
    }

    /** Local files: stamped by {@code stat}, loaded between two stamps, confirmed by their bytes. */
    private final class LocalFiles implements ValidatingCache.Files<Path, Path, FileStamp, FileContent> {
        private final NativeLayer layer;
        private final OneVersion rule; // on the cache's clock: its loads and its validation judge time alike

        LocalFiles(NativeLayer layer, OneVersion rule) {
            this.layer = layer;
            this.rule = rule;
        }

        @Override
        public FileStamp stamp(Path spelling, Path key) throws IOException {
            return FileStamp.read(layer, key);
        }

        @Override
        public Loaded<FileStamp, FileContent> load(Path spelling, Path key) throws IOException {
            // a stat before and after the read: a change in between means the bytes may be torn, read again
            for (int attempt = 0; ; attempt++) {
                FileStamp before = FileStamp.read(layer, key);
                byte[] bytes = WholeFile.readAllBytes(layer, rule, key, false); // the stamps around it are this loop's
                FileStamp after = FileStamp.read(layer, key);
                boolean steady = before.sameVersion(after);
                // a size of 0 says nothing (procfs): no point reading again, the entry is confirmed by content
                if ((steady && (after.size() == bytes.length || after.size() == 0)) || attempt == 2) {
                    // after 3 tries of a file in flux, keep it as racy: the next validated get re-checks the bytes
                    return new Loaded<>(new FileContent(bytes), after, steady);
                }
            }
        }

        @Override
        public FileContent loadUncached(Path spelling, Path key) throws IOException {
            return new FileContent(WholeFile.readAllBytes(layer, rule, key, true));
        }

        /**
         * The {@code stat} failed (gone, not a folder on the way, no permission): answer as a read
         * would. A read throws what {@code Files.readAllBytes} throws, which is not always the
         * stat's exception (the native layer reports a stat's ENOTDIR as NoSuchFileException, an open's as
         * FileSystemException); a read that succeeds (the file came back in between) gives its
         * bytes, uncached.
         */
        @Override
        public FileContent afterFailedStamp(Path spelling, Path key, IOException failure) throws IOException {
            return new FileContent(WholeFile.readAllBytes(layer, rule, key, true));
        }

        @Override
        public boolean stillHolds(Path spelling, Path key, FileContent content) throws IOException {
            return Arrays.equals(WholeFile.readAllBytes(layer, rule, key, false), content.bytes); // compared by content: no stamps
        }

        @Override
        public long length(FileContent content) {
            return content.size();
        }

        @Override
        public void published(Path spelling, Entry<Path, FileStamp, FileContent> entry) {
            remember(spelling, entry);
        }

        /** The native layer: one {@code statx} of the key compared in place with the stamp's fields; none on the JDK path. */
        @Override
        public VersionCheck versionCheck(Path key, FileStamp stamp) {
            return VersionCheck.of(layer, key, stamp);
        }
    }

    /** Absolute, not normalized: {@code link/..} is the link target's parent, which only the OS knows. */
    private static Path key(Path file) {
        return file.toAbsolutePath();
    }

    /**
     * Drops the entry for {@code file}, every entry for a path the OS says is the same file now
     * (same file key: a symbolic or hard link, another spelling), and every entry whose path
     * normalizes to the same text as {@code file}'s (which may name the same file, or a file
     * that was replaced by rename). Dropping too much costs a load; too little, stale bytes.
     *
     * @param file the file whose entries to drop; it need not exist
     */
    public void invalidate(Path file) {
        Path key = key(file);
        Path normalized = key.normalize();
        Object fileKey;
        try {
            fileKey = FileStamp.read(key).fileKey();
        } catch (IOException gone) {
            fileKey = null; // no file there now: only its spellings can be matched
        }
        Object sameFile = fileKey;
        cache.invalidate(key);
        cache.invalidateIf((k, e) -> e.key.normalize().equals(normalized)
                || (sameFile != null && sameFile.equals(e.stamp.fileKey())));
    }

    /**
     * A watched folder's file changed: drop every entry of that file, whatever its name. That is
     * every entry whose last name is its name (every spelling of it, through links or
     * {@code ..}, and harmlessly same-named files elsewhere, which load again on their next get),
     * and every entry of the same file by file key (device and inode): the key it has now, and
     * the keys those entries loaded, so that a hard link or a symbolic link in another folder,
     * under another name, is dropped too. Before, those kept their old content under a trusting
     * policy.
     */
    private void invalidateName(Path changed) {
        Path name = changed.getFileName();
        Set<Object> keys = new HashSet<>();
        try {
            keys.add(FileStamp.read(changed).fileKey());
        } catch (IOException gone) {
            // deleted or renamed away: the keys of the entries loaded under this name still say which file it was
        }
        cache.invalidateIf((k, e) -> {
            if (name.equals(k.getFileName())) {
                if (e.stamp.fileKey() != null) {
                    keys.add(e.stamp.fileKey());
                }
                return true;
            }
            return false;
        });
        keys.remove(null);
        if (!keys.isEmpty()) {
            cache.invalidateIf((k, e) -> keys.contains(e.stamp.fileKey()));
        }
    }

    /** Drops every entry. */
    public void invalidateAll() {
        cache.invalidateAll();
    }

    /**
     * Returns the counts since the cache was built, and the bytes held now.
     *
     * @return the counts since the cache was built, and the bytes held now
     */
    public CacheStats stats() {
        return cache.stats();
    }

    /**
     * Returns the validation policy this cache was built with.
     *
     * @return the validation policy this cache was built with
     */
    public Validation validation() {
        return validation;
    }

    /**
     * Stops the folder watch, if there is one. The cache itself holds no descriptor and still
     * answers gets after close.
     *
     * @throws IOException the watch service failed to close
     */
    @Override
    public void close() throws IOException {
        if (watch != null) {
            watch.close();
        }
    }
}
