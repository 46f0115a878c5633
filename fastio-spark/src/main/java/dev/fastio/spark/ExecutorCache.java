package dev.fastio.spark;

import dev.fastio.cache.CacheStats;
import dev.fastio.hadoop.HadoopFileCache;
import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.Ipv4Parser;
import java.io.IOException;
import java.nio.ByteOrder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * A side file for Spark tasks (an array of primitives, or a list of IPv4 addresses as text), loaded once per executor JVM and shared by all its tasks: article
 * 001's index "repeated by thousands of job instances", without the driver loading it or Spark
 * shipping it (what {@code sc.broadcast(array)} does). Call it inside a task ({@code mapPartitions},
 * a UDF): the executor's first task loads the file through {@link HadoopFileCache}; every other
 * task of that JVM gets the same array. Each get checks the file's status, so a file replaced
 * between jobs is loaded again, never served stale (the cache's rules: {@link HadoopFileCache}).
 *
 * <pre>{@code
 * Dataset<Integer> hits = ips.mapPartitions((MapPartitionsFunction<Integer, Integer>) part -> {
 *     int[] index = ExecutorCache.ints("hdfs:///shared/ips.bin", ByteOrder.BIG_ENDIAN); // once per executor
 *     ...
 * }, Encoders.INT());
 * }</pre>
 *
 * <p>A file is named as Hadoop's {@code new Path(String)} reads it ({@code hdfs:///shared/ips.bin},
 * {@code file:/data/an index.bin}): not as an escaped URI, whose {@code %20} Hadoop would escape
 * again ({@code new Path(uri).toString()} turns a {@code java.net.URI} into such a string).
 *
 * <p>The arrays are shared, as broadcast variables are: read them, don't write them. The cache
 * holds at most 1 GiB of arrays per executor, or what {@code -Dfastio.spark.cacheBytes=N} gives
 * ({@code spark.executor.extraJavaOptions}).
 */
public final class ExecutorCache {
    /** The system property that bounds the executor's cache, in bytes. */
    public static final String CACHE_BYTES = "fastio.spark.cacheBytes";

    /** Made by the first call: a bad {@link #CACHE_BYTES} is then that call's error, and the next one's, not a class that fails to load. */
    private static volatile HadoopFileCache cache;

    private ExecutorCache() {}

    private static HadoopFileCache cache() {
        HadoopFileCache c = cache;
        if (c == null) {
            synchronized (ExecutorCache.class) {
                c = cache;
                if (c == null) {
                    c = HadoopFileCache.builder().maximumBytes(cacheBytes()).build();
                    cache = c;
                }
            }
        }
        return c;
    }

    private static long cacheBytes() {
        String v = System.getProperty(CACHE_BYTES);
        if (v == null) {
            return 1L << 30;
        }
        try {
            long n = Long.parseLong(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw new IllegalArgumentException("-D" + CACHE_BYTES + "=" + v + " is not a number of bytes above 0");
    }

    /**
     * The file's ints, loaded once per executor JVM with a default Hadoop configuration (the
     * executor's {@code core-site.xml}); as {@link #ints(String, ByteOrder, Configuration)}.
     */
    public static int[] ints(String file, ByteOrder order) throws IOException {
        return ints(file, order, defaultConfiguration());
    }

    /** One per JVM, made on first use: a new {@code Configuration} parses core-default.xml and core-site.xml again, per call. */
    private static final class Defaults {
        static final Configuration CONF = loaded(new Configuration());

        private static Configuration loaded(Configuration c) {
            c.size(); // its resources loaded here, once, not by the first concurrent readers
            return c;
        }
    }

    private static Configuration defaultConfiguration() {
        return Defaults.CONF;
    }

    /**
     * The file's ints, from this executor's cache when current, loaded by the first task that asks.
     *
     * @param file any path Hadoop reads ({@code hdfs://}, {@code s3a://}, {@code file://}, or one
     *     relative to the configuration's default filesystem)
     * @param order the byte order the file was written in ({@code DataOutputStream}: big-endian)
     * @param conf the Hadoop configuration to reach the file with
     * @return the shared array: don't write it
     * @throws java.io.FileNotFoundException the file does not exist or is a folder
     * @throws IOException as {@link HadoopFileCache#ints} throws (a length that is not a whole
     *     number of ints, a file that changed while it was read), naming the file
     */
    public static int[] ints(String file, ByteOrder order, Configuration conf) throws IOException {
        Path p = new Path(file);
        return cache().ints(p.getFileSystem(conf), p, order);
    }

    /**
     * The addresses of a file of IPv4 text (one per line), parsed strictly once per executor JVM
     * with a default Hadoop configuration; as {@link #ipv4(String, Ipv4Parser, Configuration)}
     * with {@code Ipv4Parser.strict().withEncoding(encoding)}.
     *
     * @param file any path Hadoop reads
     * @param encoding {@link Ipv4Encoding#SIGNED_SORTABLE} for addresses that sort as Java sorts
     *     ints (a file sorted by address gives a sorted array, for {@code Arrays.binarySearch}),
     *     {@link Ipv4Encoding#NATURAL} for {@code a << 24 | b << 16 | c << 8 | d}
     * @return the shared addresses, in file order: don't write them
     * @throws java.io.FileNotFoundException the file does not exist or is a folder
     * @throws dev.fastio.ipv4.MalformedIpv4Exception a line is not an address: names the file, line and text
     * @throws IOException the file cannot be read, or changed while it was parsed; names it
     */
    public static int[] ipv4(String file, Ipv4Encoding encoding) throws IOException {
        return ipv4(file, Ipv4Parser.strict().withEncoding(encoding), defaultConfiguration()).addresses();
    }

    /**
     * A file of IPv4 text parsed with {@code parser}'s settings, from this executor's cache when
     * current, parsed by the first task that asks ({@link HadoopFileCache#ipv4}: strict and lenient
     * parses, and the encodings, are entries of their own).
     *
     * @param file any path Hadoop reads
     * @param parser the settings: {@code Ipv4Parser.strict()} or {@code lenient()}, with an encoding
     * @param conf the Hadoop configuration to reach the file with
     * @return the shared result: don't write its addresses
     * @throws java.io.FileNotFoundException the file does not exist or is a folder
     * @throws dev.fastio.ipv4.MalformedIpv4Exception a strict parse met a line that is not an address
     * @throws IOException the file cannot be read, or changed while it was parsed; names it
     */
    public static Ipv4ParseResult ipv4(String file, Ipv4Parser parser, Configuration conf) throws IOException {
        Path p = new Path(file);
        return cache().ipv4(p.getFileSystem(conf), p, parser);
    }

    /** This executor's cache counts: {@code loads()} is how many times a file was read, not served. */
    public static CacheStats stats() {
        return cache().stats();
    }
}
