package dev.fastio.spark;

import dev.fastio.array.ArrayFiles;
import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4Parser;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;

/**
 * Article 001's job in Spark: a large dataset of IPv4 addresses looked up in a sorted index of
 * addresses (its 26 M-line list), the index given to the tasks two ways:
 *
 * <ul>
 *   <li><b>fastio</b>: each task asks {@link ExecutorCache} for it; the first task of an executor
 *       JVM loads the file, the others share that array. The driver never reads the index.
 *   <li><b>broadcast</b>: the driver loads the index (with fastio's own load, the fastest it has)
 *       and {@code sc.broadcast}s it; Spark serializes it into blocks in the driver's block
 *       manager and each executor fetches and rebuilds it.
 * </ul>
 *
 * The index is the same sorted array either way, from a binary file (ints, big-endian: the
 * 104 MB index at 26 M) or a text file (one address per line, sorted by address, parsed with
 * {@link Ipv4Encoding#SIGNED_SORTABLE} so that the parsed array is sorted as Java sorts ints).
 *
 * <p>A program as well as the code {@code ExecutorCacheJobTest} runs (so the example cannot rot):
 *
 * <pre>
 * IpLookupJob generate DIR LINES                           writes DIR/index-LINES.bin and .txt
 * IpLookupJob run bin|txt fastio|broadcast INDEX LOOKUPS MASTER
 *     prints one line: RESULT format way hits first=S total=S index=S session=S heapAfterGc=MB partitions=N
 *     taskRun=S taskGc=S (the tasks' run and GC times, summed over the tasks)
 * </pre>
 *
 * {@code docs/measure/spark-race.sh} runs it, alternating the ways; docs/BENCHMARKS.md has the figures.
 */
public final class IpLookupJob {
    private IpLookupJob() {}

    /** How the index file is written. */
    public enum Format { BIN, TXT }

    /** How the tasks get the index. */
    public enum Way { FASTIO, BROADCAST }

    /** The sorted index every way and format gives: {@code lines} distinct addresses from {@code seed}, as signed-sortable ints. */
    static int[] index(int lines, long seed) {
        int[] a = new SplittableRandom(seed).ints(lines + lines / 8 + 16).distinct().limit(lines).sorted().toArray();
        if (a.length != lines) {
            throw new IllegalStateException("drew " + a.length + " distinct addresses, not " + lines);
        }
        return a;
    }

    /**
     * Writes {@code index} as a file of the format, through a new file renamed over {@code file}:
     * a file of a random name made by this call, reopened without following links (a link swapped
     * in for it is refused, not written through).
     */
    static void write(Path file, int[] index, Format format) throws IOException {
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName() + ".", ".tmp");
        try {
            if (format == Format.BIN) {
                try (OutputStream o = Files.newOutputStream(tmp, NO_LINKS); DataOutputStream d = new DataOutputStream(new BufferedOutputStream(o, 1 << 16))) {
                    for (int v : index) {
                        d.writeInt(v);
                    }
                }
            } else {
                try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII, NO_LINKS)) {
                    StringBuilder line = new StringBuilder(16);
                    for (int v : index) {
                        int a = Ipv4Encoding.SIGNED_SORTABLE.decode(v);
                        line.setLength(0);
                        line.append(a >>> 24).append('.').append(a >>> 16 & 255).append('.').append(a >>> 8 & 255).append('.').append(a & 255).append('\n');
                        w.append(line);
                    }
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException | Error e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    private static final java.nio.file.OpenOption[] NO_LINKS = {java.nio.file.LinkOption.NOFOLLOW_LINKS,
        java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING};

    /** {@code n} addresses to look up, in {@code partitions} partitions, made in the tasks (no driver-side list): random ints, about 0.6% of them in a 26 M index. */
    static Dataset<Integer> lookups(SparkSession spark, long n, int partitions) {
        return spark.range(0, n, 1, partitions).map((MapFunction<Long, Integer>) x -> (int) (x * 0x9E3779B97F4A7C15L >>> 32), Encoders.INT());
    }

    /**
     * The string Hadoop's {@code new Path(String)} reads back as {@code file}: {@code file:/a b/x}.
     * Not {@code file.toUri().toString()}: Hadoop escapes a path string again, so its {@code %20}
     * would name a file called {@code a%20b}.
     */
    static String hadoopPath(Path file) {
        return new org.apache.hadoop.fs.Path(file.toAbsolutePath().toUri()).toString();
    }

    /** The index in a task, the fastio way: this executor's cached load of the file. */
    static int[] executorIndex(String uri, Format format) throws IOException {
        return format == Format.BIN ? ExecutorCache.ints(uri, ByteOrder.BIG_ENDIAN) : ExecutorCache.ipv4(uri, Ipv4Encoding.SIGNED_SORTABLE);
    }

    /** The index on the driver, for broadcast: fastio's load of the file. */
    static int[] driverIndex(Path file, Format format) throws IOException {
        return format == Format.BIN ? ArrayFiles.readInts(file, ByteOrder.BIG_ENDIAN)
                : Ipv4Parser.strict().withEncoding(Ipv4Encoding.SIGNED_SORTABLE).parse(file).addresses();
    }

    /**
     * The longest a task of this JVM waited for the index (its executor's load, or the broadcast's
     * fetch and rebuild): read by {@link #main} in local mode, where the tasks run in the driver's JVM.
     */
    static final AtomicLong TASK_INDEX_NANOS = new AtomicLong();

    private static int[] timed(long start, int[] index) {
        TASK_INDEX_NANOS.accumulateAndGet(System.nanoTime() - start, Math::max);
        return index;
    }

    /** The job with fastio: each task gets the index from its executor's cache. Returns the number of lookups found. */
    static long hitsWithExecutorCache(Dataset<Integer> ips, String uri, Format format) {
        return ips.mapPartitions((MapPartitionsFunction<Integer, Integer>) part -> {
            long t = System.nanoTime();
            return hits(part, timed(t, executorIndex(uri, format)));
        }, Encoders.INT()).count();
    }

    /** The same job with the driver's array broadcast to the executors. */
    static long hitsWithBroadcast(Dataset<Integer> ips, Broadcast<int[]> index) {
        return ips.mapPartitions((MapPartitionsFunction<Integer, Integer>) part -> {
            long t = System.nanoTime();
            return hits(part, timed(t, index.value()));
        }, Encoders.INT()).count();
    }

    /** A partition's addresses that are in the sorted index. */
    static Iterator<Integer> hits(Iterator<Integer> part, int[] index) {
        List<Integer> hits = new ArrayList<>();
        while (part.hasNext()) {
            int ip = part.next();
            if (Arrays.binarySearch(index, ip) >= 0) {
                hits.add(ip);
            }
        }
        return hits.iterator();
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("generate")) {
            Path dir = Files.createDirectories(Path.of(args[1]));
            int lines = Integer.parseInt(args[2]);
            int[] index = index(lines, 1);
            for (Format f : Format.values()) {
                Path file = dir.resolve("index-" + lines + "." + f.name().toLowerCase(Locale.ROOT));
                write(file, index, f);
                System.out.printf(Locale.ROOT, "wrote %s (%,d bytes)%n", file, Files.size(file));
            }
            return;
        }
        if (args.length != 6 || !args[0].equals("run")) {
            System.err.println("usage: IpLookupJob generate DIR LINES | run bin|txt fastio|broadcast INDEX LOOKUPS MASTER");
            System.exit(2);
        }
        Format format = Format.valueOf(args[1].toUpperCase(Locale.ROOT));
        Way way = Way.valueOf(args[2].toUpperCase(Locale.ROOT));
        Path file = Path.of(args[3]).toAbsolutePath();
        long n = Long.parseLong(args[4]);
        long t0 = System.currentTimeMillis();
        SparkSession spark = SparkSession.builder().master(args[5]).appName("fastio-IpLookupJob")
                .config("spark.ui.enabled", "false").getOrCreate();
        try {
            JavaSparkContext sc = new JavaSparkContext(spark.sparkContext());
            int partitions = 4 * sc.defaultParallelism();
            AtomicLong firstTaskEnd = new AtomicLong(Long.MAX_VALUE);
            AtomicLong taskRunMs = new AtomicLong();
            AtomicLong taskGcMs = new AtomicLong();
            spark.sparkContext().addSparkListener(new SparkListener() {
                @Override
                public void onTaskEnd(SparkListenerTaskEnd end) {
                    firstTaskEnd.accumulateAndGet(end.taskInfo().finishTime(), Math::min); // the task's own clock, not the bus's delivery
                    if (end.taskMetrics() != null) {
                        taskRunMs.addAndGet(end.taskMetrics().executorRunTime());
                        taskGcMs.addAndGet(end.taskMetrics().jvmGCTime());
                    }
                }
            });
            long start = System.currentTimeMillis(); // the index's part of the job begins here, both ways
            Dataset<Integer> ips = lookups(spark, n, partitions);
            long hits;
            Broadcast<int[]> b = null;
            long driverNanos = 0;
            if (way == Way.FASTIO) {
                hits = hitsWithExecutorCache(ips, hadoopPath(file), format);
            } else {
                long t = System.nanoTime();
                b = sc.broadcast(driverIndex(file, format));
                driverNanos = System.nanoTime() - t;
                hits = hitsWithBroadcast(ips, b);
            }
            long end = System.currentTimeMillis();
            spark.sparkContext().listenerBus().waitUntilEmpty();
            System.gc(); // what the driver JVM still holds while the job's objects live (the broadcast until destroyed)
            Runtime rt = Runtime.getRuntime();
            long heap = rt.totalMemory() - rt.freeMemory();
            if (b != null) {
                b.destroy();
            }
            // index: what the index put on the job's path: the driver's load and broadcast, then the longest task's wait for it
            System.out.printf(Locale.ROOT, "RESULT %s %s hits=%d first=%.2f total=%.2f index=%.3f session=%.2f heapAfterGc=%dMB partitions=%d taskRun=%.2f taskGc=%.2f%n",
                    format.name().toLowerCase(Locale.ROOT), way.name().toLowerCase(Locale.ROOT), hits,
                    (firstTaskEnd.get() - start) / 1e3, (end - start) / 1e3, (driverNanos + TASK_INDEX_NANOS.get()) / 1e9,
                    (start - t0) / 1e3, heap >> 20, partitions, taskRunMs.get() / 1e3, taskGcMs.get() / 1e3);
        } finally {
            spark.stop();
        }
    }
}
