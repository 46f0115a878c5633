package dev.fastio.hadoop;

import dev.fastio.array.Tail;
import dev.fastio.cache.CacheStats;
import dev.fastio.cache.Validation;
import dev.fastio.internal.array.Elements;
import dev.fastio.internal.cache.ValidatingCache.Loaded;
import dev.fastio.internal.cache.ValidatingCache;
import dev.fastio.internal.version.Clock;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.read.Growth;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteOrder;
import java.time.Duration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * A per-JVM cache of arrays loaded from Hadoop files: article 002's cache applied to article
 * 001's load. Many tasks in one executor JVM (Spark, or MapReduce with JVM reuse) that need the
 * same side file load it once; later gets return the same array after one
 * {@code getFileStatus}, or none at all under a trusting {@link Validation}. It stands on the
 * same engine as {@link dev.fastio.cache.FileCache} (Caffeine, bounded in bytes, one load per key
 * at a time) and loads with {@link HadoopArrays}, or parses IPv4 text with {@link HadoopIpv4}.
 *
 * <p><b>The arrays are shared.</b> Every caller of a key gets the same array until the file
 * changes, as Spark's broadcast variables are shared: read it, don't write it (a write would be
 * seen by every task in the JVM, and the cache would keep it). Clone it to change it.
 *
 * <p><b>Correctness.</b> Under {@link Validation#always()} (the default) a get returns what
 * {@link HadoopArrays} would load at that moment: the version of the file its status names when
 * the get begins, or a newer one. An entry remembers the {@code FileStatus} it was loaded from:
 * length, modification time and, where the filesystem gives one with the status, an identity
 * that every rewrite changes (HDFS's inode id; the etag of S3A and ABFS objects). A validated get
 * compares them with a fresh status and loads again on any difference. Modification times have
 * millisecond (or coarser) resolution, so an entry whose file was modified within
 * {@link Builder#timestampResolution} of its load, or whose length reads 0, is <em>racy</em>: its
 * stamp cannot vouch for it, and a validated get loads again until the file is older. Under the
 * other policies a get may be older by what the policy allows. A file deleted after caching
 * gives {@link FileNotFoundException} on a validated get, and its entries are dropped.
 *
 * <p><b>Local files.</b> Hadoop's status of a {@code file://} path has no inode and no change
 * time, so a same-length replace that keeps an old modification time ({@code cp -p},
 * {@code rsync -t}) would pass it. For such a path the cache also reads the file's own stamp, as
 * {@link dev.fastio.cache.FileCache} does (device, inode, change time to the nanosecond), and a
 * validated get compares that too. A file of the kernel's ({@code /proc}, {@code /sys}) and a
 * file whose checksum file Hadoop cannot name (a ':' in its name) are read through Hadoop's raw
 * local filesystem: the checksummed one fails on them. A kernel file's length says nothing
 * (procfs says 0, sysfs 4096): it is read to its end, and loaded again by every get.
 *
 * <p><b>Limits.</b> On another filesystem whose status has no identity, a same-length replace
 * that keeps an old modification time is not seen once the file is older than the racy window:
 * {@link #invalidate} it. A file still open for writing is not cached safely anywhere: HDFS
 * updates neither its length nor its modification time as bytes are flushed, until it is closed.
 *
 * <p><b>Keys.</b> An entry is the file's qualified path ({@code hdfs://nn:8020/data/ips.bin}), its
 * element type and byte order (or the IPv4 parse's strictness and encoding), and the Hadoop user of the get
 * ({@code UserGroupInformation.getCurrentUser()}): a JVM that acts for several users (a proxy
 * server) never hands one user's load to another, who must pass the filesystem's permission
 * check with a load of their own. Pass a {@code FileSystem} that acts for the current user, as
 * {@code path.getFileSystem(conf)} does.
 *
 * <p><b>Memory.</b> The bound counts array bytes (the file's length). Files larger than it, or
 * than 2 GiB, are loaded and returned but not kept. Eviction runs on the calling thread, so the
 * bound holds after every get.
 *
 * <p><b>Speed.</b> A validated hit costs one {@code getFileStatus} (a namenode round trip on
 * HDFS: about 0.5 ms on the in-process one, 1/205 of loading the 104 MB index from it); a trusted
 * hit makes no call to the filesystem (it qualifies the path, asks for the current user and looks
 * the key up). Figures: docs/PERFORMANCE.md, "Hadoop: a stream per part, and a validated get"
 * (measured by {@code dev.fastio.bench.hadoop.HdfsLoadBenchmark}).
 *
 * <pre>{@code
 * // one per JVM: a static field of the task's class
 * static final HadoopFileCache CACHE = HadoopFileCache.builder().maximumBytes(1L << 30).build();
 *
 * Path index = new Path("hdfs:///shared/ips.bin");
 * int[] ips = CACHE.ints(index.getFileSystem(conf), index, ByteOrder.BIG_ENDIAN); // loaded once per JVM
 * }</pre>
 */
public final class HadoopFileCache {
    private final ValidatingCache<Get, Key, StatusStamp, Array> cache;
    private final Validation validation;

    /**
     * The file, as its filesystem qualifies it, what it is loaded as (an element type and byte
     * order, or IPv4 text under a parser's result rules), and the user.
     */
    private record Key(URI file, String as, String user) {}

    /**
     * A loaded array (or parse result) and the length of the file it came from: what the bound
     * counts, and what a stamp's size must equal to vouch for it.
     */
    private record Array(Object elements, long bytes) {
        static <A> Array of(A elements, Elements<A> type) {
            return new Array(elements, (long) type.length(elements) * type.size);
        }

        /** A parse of a file of {@code fileBytes} (0 where its status read 0: such an entry is racy, parsed again by each validated get). */
        static Array of(Ipv4ParseResult parsed, long fileBytes) {
            return new Array(parsed, fileBytes);
        }
    }

    /** How a file is loaded: one mechanism per kind of content, both checked against one version of the file. */
    private interface Load {
        /** What the key calls this load: loads that can give different results have different names. */
        String name();

        /** Loads the opened file: its version is {@code f.stamp} by {@code rule}, or an IOException names it. */
        Array read(OpenedFile f, OneVersion rule) throws IOException;

        /** Loads a file that will not be kept (bigger than the bound): opened as a kept one is, FIFOs refused. */
        default Array uncached(FileSystem fs, Path file, OneVersion rule) throws IOException {
            try (OpenedFile f = OpenedFile.open(fs, file, "whole-file", Growth.REJECT, true)) {
                return read(f, rule);
            }
        }
    }

    /** Primitive arrays, as {@link HadoopArrays} loads them. */
    private record ArrayLoadOf<A>(Elements<A> type, ByteOrder order) implements Load {
        @Override
        public String name() {
            return type.name + "/" + order;
        }

        @Override
        public Array read(OpenedFile f, OneVersion rule) throws IOException {
            long size = f.status.getLen();
            if (size % type.size != 0) { // the tail rule, told without HadoopArrays' advice to pass a Tail: a cache takes none
                throw new IOException(type.tailError(f.name, size) + ": not a file of " + type.name + "s, or a cut one");
            }
            return Array.of(ArrayLoad.readAll(rule, f, type, order, Tail.REJECT), type);
        }
    }

    /**
     * IPv4 text, as {@link HadoopIpv4} parses it. Only strictness and encoding change a result;
     * threads, block size and progress are the loading caller's.
     */
    private record Ipv4Load(Ipv4Parser parser) implements Load {
        @Override
        public String name() {
            return "ipv4/" + (parser.isLenient() ? "lenient" : "strict") + "/" + parser.encoding();
        }

        @Override
        public Array read(OpenedFile f, OneVersion rule) throws IOException {
            return Array.of(HadoopIpv4.parse(parser, f, rule), f.status.getLen()); // the parse read exactly this, or failed
        }
    }

    /** One get: the filesystem acting for its user, the file as the caller named it, how to load it. */
    private record Get(FileSystem fs, Path file, Load load) {}

    /** Settings for a {@link HadoopFileCache}; {@link HadoopFileCache#builder()} makes one with the defaults. */
    public static final class Builder {
        private long maximumBytes = 256L << 20;
        private Validation validation = Validation.always();
        private Duration timestampResolution = Duration.ofSeconds(2);
        private Clock clock = Clock.SYSTEM;
        private Runnable loadHook;

        private Builder() {}

        /**
         * The bound on cached array bytes (default 256 MB). A file bigger than the bound is
         * loaded on every get and not kept.
         *
         * @param bytes the most array bytes held at once
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
         * How a hit is checked against the file (default {@link Validation#always()}: one
         * {@code getFileStatus} per get, so a get equals a fresh load).
         *
         * @param v the validation policy
         * @return this builder
         */
        public Builder validation(Validation v) {
            this.validation = v;
            return this;
        }

        /**
         * The coarsest modification-time resolution to guard against (default 2 s). An entry
         * whose file was modified less than this before its load is loaded again by validated
         * gets until the file is older.
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

        /** Tests only: the clocks the cache reads (default: the system's). */
        Builder clock(Clock c) {
            this.clock = c;
            return this;
        }

        /** Tests only: {@code hook} runs after each load has read and checked its file, before its entry is published. */
        Builder loadHook(Runnable hook) {
            this.loadHook = hook;
            return this;
        }

        /**
         * Returns a new, empty cache with these settings.
         *
         * @return a new, empty cache with these settings
         */
        public HadoopFileCache build() {
            return new HadoopFileCache(this);
        }
    }

    /**
     * Returns a builder with the defaults: 256 MB, {@link Validation#always()}, a 2 s timestamp resolution.
     *
     * @return a builder with the defaults: 256 MB, {@link Validation#always()}, a 2 s timestamp resolution
     */
    public static Builder builder() {
        return new Builder();
    }

    private HadoopFileCache(Builder b) {
        this.validation = b.validation;
        this.cache = new ValidatingCache<>(new HadoopFiles(b.clock == Clock.SYSTEM ? OneVersion.SYSTEM : new OneVersion(b.clock)), b.maximumBytes, b.validation, b.timestampResolution, b.clock,
                (k, e) -> { }, b.loadHook);
    }

    /**
     * The file's shorts, from the cache when current. Loaded as
     * {@link HadoopArrays#readShorts(FileSystem, Path, ByteOrder)} loads them.
     *
     * @param fs the filesystem that holds the file, acting for the current user
     * @param file the file
     * @param order the byte order the file was written in
     * @return the shared array: don't write it
     * @throws FileNotFoundException the file does not exist or is a directory (its entries are dropped)
     * @throws IOException as {@link HadoopArrays#readShorts(FileSystem, Path, ByteOrder)} throws
     */
    public short[] shorts(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return get(fs, file, Elements.SHORT, order);
    }

    /**
     * The file's ints, from the cache when current. Loaded as
     * {@link HadoopArrays#readInts(FileSystem, Path, ByteOrder)} loads them.
     *
     * @param fs the filesystem that holds the file, acting for the current user
     * @param file the file
     * @param order the byte order the file was written in ({@code DataOutputStream}: big-endian)
     * @return the shared array: don't write it
     * @throws FileNotFoundException the file does not exist or is a directory (its entries are dropped)
     * @throws IOException as {@link HadoopArrays#readInts(FileSystem, Path, ByteOrder)} throws
     */
    public int[] ints(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return get(fs, file, Elements.INT, order);
    }

    /**
     * The file's longs, from the cache when current. Loaded as
     * {@link HadoopArrays#readLongs(FileSystem, Path, ByteOrder)} loads them.
     *
     * @param fs the filesystem that holds the file, acting for the current user
     * @param file the file
     * @param order the byte order the file was written in
     * @return the shared array: don't write it
     * @throws FileNotFoundException the file does not exist or is a directory (its entries are dropped)
     * @throws IOException as {@link HadoopArrays#readLongs(FileSystem, Path, ByteOrder)} throws
     */
    public long[] longs(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return get(fs, file, Elements.LONG, order);
    }

    /**
     * The file's floats, from the cache when current. Loaded as
     * {@link HadoopArrays#readFloats(FileSystem, Path, ByteOrder)} loads them.
     *
     * @param fs the filesystem that holds the file, acting for the current user
     * @param file the file
     * @param order the byte order the file was written in
     * @return the shared array: don't write it
     * @throws FileNotFoundException the file does not exist or is a directory (its entries are dropped)
     * @throws IOException as {@link HadoopArrays#readFloats(FileSystem, Path, ByteOrder)} throws
     */
    public float[] floats(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return get(fs, file, Elements.FLOAT, order);
    }

    /**
     * The file's doubles, from the cache when current. Loaded as
     * {@link HadoopArrays#readDoubles(FileSystem, Path, ByteOrder)} loads them.
     *
     * @param fs the filesystem that holds the file, acting for the current user
     * @param file the file
     * @param order the byte order the file was written in
     * @return the shared array: don't write it
     * @throws FileNotFoundException the file does not exist or is a directory (its entries are dropped)
     * @throws IOException as {@link HadoopArrays#readDoubles(FileSystem, Path, ByteOrder)} throws
     */
    public double[] doubles(FileSystem fs, Path file, ByteOrder order) throws IOException {
        return get(fs, file, Elements.DOUBLE, order);
    }

    /**
     * The addresses of a file of IPv4 text (one per line), from the cache when current. Parsed as
     * {@link HadoopIpv4#parse(Ipv4Parser, FileSystem, Path)} parses it, with {@code parser}'s
     * settings; a strict and a lenient parse, or two encodings, are entries of their own, while
     * threads, block size and progress are those of the get that loads (a hit parses nothing). A
     * malformed line under a strict parser fails the get, names the file, line and text, and
     * keeps nothing. The bound counts the text file's length, as it counts a binary file's (the
     * addresses take about a quarter of it in memory); a file longer than the bound is parsed and not kept.
     *
     * @param fs the filesystem that holds the file, acting for the current user
     * @param file one address per line
     * @param parser the settings: {@code Ipv4Parser.strict()}, {@code lenient()}, and their {@code with}-methods
     * @return the shared result: don't write its addresses
     * @throws FileNotFoundException the file does not exist or is a directory (its entries are dropped)
     * @throws dev.fastio.ipv4.MalformedIpv4Exception a strict parser met a line that is not an address
     * @throws IOException as {@link HadoopIpv4#parse(Ipv4Parser, FileSystem, Path)} throws
     */
    public Ipv4ParseResult ipv4(FileSystem fs, Path file, Ipv4Parser parser) throws IOException {
        return (Ipv4ParseResult) get(fs, file, new Ipv4Load(parser));
    }

    @SuppressWarnings("unchecked") // the key names the element type: an entry's array is of it
    private <A> A get(FileSystem fs, Path file, Elements<A> type, ByteOrder order) throws IOException {
        return (A) get(fs, file, new ArrayLoadOf<>(type, order));
    }

    private Object get(FileSystem fs, Path file, Load load) throws IOException {
        Key key = new Key(fs.makeQualified(file).toUri(), load.name(), UserGroupInformation.getCurrentUser().getUserName());
        return cache.get(new Get(fs, file, load), key, cache.find(key)).elements;
    }

    /**
     * Hadoop files: stamped by {@code getFileStatus}, loaded by {@link ArrayLoad} (which checks
     * the file did not change while it read), never compared by content: a racy entry loads again.
     */
    private final class HadoopFiles implements ValidatingCache.Files<Get, Key, StatusStamp, Array> {
        private final OneVersion rule; // on the cache's clock: its loads and its validation judge time alike

        HadoopFiles(OneVersion rule) {
            this.rule = rule;
        }

        @Override
        public StatusStamp stamp(Get get, Key key) throws IOException {
            FileStatus status = OpenedFile.fileStatus(get.fs, get.file); // a FIFO is refused by the load's open
            java.nio.file.Path local = OpenedFile.localPath(get.fs, status);
            // file://: the local stamp too (inode, ctime), as FileCache's; a status has neither
            return StatusStamp.withLocal(StatusStamp.of(status), local == null ? null : dev.fastio.internal.version.FileStamp.read(local));
        }

        @Override
        public Loaded<StatusStamp, Array> load(Get get, Key key) throws IOException {
            try (OpenedFile f = OpenedFile.open(get.fs, get.file, "whole-file", Growth.REJECT, true)) {
                return new Loaded<>(get.load.read(f, rule), StatusStamp.withLocal(f.stamp, f.local()), true);
            }
        }

        @Override
        public Array loadUncached(Get get, Key key) throws IOException {
            return get.load.uncached(get.fs, get.file, rule);
        }

        /** A file gone (or a directory now) drops its entries of every type, order and user; the failure is the get's. */
        @Override
        public Array afterFailedStamp(Get get, Key key, IOException failure) throws IOException {
            if (failure instanceof FileNotFoundException) {
                cache.invalidateIf((k, e) -> k.file.equals(key.file));
            }
            throw failure;
        }

        @Override
        public boolean stillHolds(Get get, Key key, Array array) {
            return false;
        }

        @Override
        public long length(Array array) {
            return array.bytes;
        }
    }

    /**
     * Drops every entry of {@code file} (every element type, byte order and user).
     *
     * @param fs the filesystem that holds the file
     * @param file the file; it need not exist
     */
    public void invalidate(FileSystem fs, Path file) {
        URI qualified = fs.makeQualified(file).toUri();
        cache.invalidateIf((k, e) -> k.file.equals(qualified));
    }

    /** Drops every entry. */
    public void invalidateAll() {
        cache.invalidateAll();
    }

    /**
     * Returns the counts since the cache was built, and the array bytes held now.
     *
     * @return the counts since the cache was built, and the array bytes held now
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
}
