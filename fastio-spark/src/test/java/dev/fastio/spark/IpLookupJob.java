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
import java.util.stream.Collectors;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.CollectionAccumulator;

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
 *     taskRun=S taskGc=S (the tasks' run and GC times, summed over the tasks) executorHeapAfterGc=MB
 *     (the largest executor JVM's) executors=N (the executor JVMs that ran tasks)
 * </pre>
 *
 * INDEX is a local file, or any URI Hadoop reads ({@code hdfs://nn:8020/race/index-26000000.bin}):
 * the tasks read it through {@link ExecutorCache}, the driver (for broadcast) through fastio's
 * Hadoop loads. MASTER is any Spark master: {@code local[2]}, or {@code local-cluster[2,1,1536]}
 * for executors in JVMs of their own (their class path and JVM options are the driver's; Spark's
 * launcher wants {@code SPARK_HOME} with a {@code jars} folder, which may be empty, and
 * {@code SPARK_SCALA_VERSION=2.13}), or a real cluster's.
 *
 * <p>On a real cluster, with the index on HDFS: docs/GUIDE.md ("In a Spark job") has the
 * {@code spark-submit} line and how to make the jars it names.
 *
 * {@code docs/measure/spark-race.sh} runs it, alternating the ways; the figures are in docs/PERFORMANCE.md,
 * "Performance: the current figures" (the rows "Spark job's side index").
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

    /**
     * Waits until {@code file}'s change time is more than {@code millis} old: a file changed
     * within the cache's timestamp resolution is loaded again on every get, and a change time,
     * unlike a modification time, cannot be set back (the executors are other JVMs: no test
     * clock reaches them).
     */
    static void awaitChangeOlderThan(Path file, long millis) throws IOException {
        long changed = ((java.nio.file.attribute.FileTime) Files.getAttribute(file, "unix:ctime")).toMillis();
        while (System.currentTimeMillis() - changed <= millis) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while " + file + " aged");
            }
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

    /** The index on the driver from any URI Hadoop reads: fastio's Hadoop load of it. */
    static int[] driverIndex(String uri, Format format) throws IOException {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(uri);
        org.apache.hadoop.fs.FileSystem fs = p.getFileSystem(new org.apache.hadoop.conf.Configuration());
        return format == Format.BIN ? dev.fastio.hadoop.HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN)
                : dev.fastio.hadoop.HadoopIpv4.parse(Ipv4Parser.strict().withEncoding(Ipv4Encoding.SIGNED_SORTABLE), fs, p).addresses();
    }

    /**
     * The executors' side of a master that runs them in JVMs of their own ({@code local-cluster[…]}):
     * the driver's class path and the JVM options spark-submit would add ({@code --add-opens},
     * {@code -D}), since no spark-submit made this JVM; nothing for other masters.
     */
    static SparkSession.Builder forExecutors(SparkSession.Builder b, String master) {
        if (!master.startsWith("local-cluster")) {
            return b;
        }
        String opts = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("-XX:+IgnoreUnrecognizedVMOptions") || a.startsWith("-D"))
                .filter(a -> !a.contains(" "))
                .collect(Collectors.joining(" "));
        // absolute: an executor starts in its worker's folder, where a relative entry names nothing
        String classPath = java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(e -> !e.isEmpty()).map(e -> Path.of(e).toAbsolutePath().toString())
                .collect(Collectors.joining(java.io.File.pathSeparator));
        return b.config("spark.executor.extraClassPath", classPath).config("spark.executor.extraJavaOptions", opts);
    }

    /** Waits (up to 2 minutes) until the executors a {@code local-cluster[N,…]} master starts have registered: a job begun before runs on fewer. */
    static void awaitExecutors(SparkSession spark, String master) throws InterruptedException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("local-cluster\\[\\s*(\\d+)\\s*,.*").matcher(master);
        if (!m.matches()) {
            return;
        }
        int want = Integer.parseInt(m.group(1)) + 1; // the driver is listed too
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(2);
        while (spark.sparkContext().statusTracker().getExecutorInfos().length < want) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("fewer than " + (want - 1) + " executors registered within 2 minutes");
            }
            Thread.sleep(50);
        }
    }

    /** Each executor JVM's heap after a GC (MB), by process id: a task per core, twice over, each reporting its JVM's. */
    static java.util.Map<Long, Long> executorHeaps(SparkSession spark) {
        int tasks = 2 * spark.sparkContext().defaultParallelism();
        List<Integer> seeds = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            seeds.add(i);
        }
        List<String> seen = spark.createDataset(seeds, Encoders.INT()).repartition(tasks).mapPartitions((MapPartitionsFunction<Integer, String>) part -> {
            System.gc();
            Runtime rt = Runtime.getRuntime();
            return List.of(ProcessHandle.current().pid() + " " + ((rt.totalMemory() - rt.freeMemory()) >> 20)).iterator();
        }, Encoders.STRING()).collectAsList();
        java.util.Map<Long, Long> heaps = new java.util.TreeMap<>();
        for (String line : seen) {
            String[] f = line.split(" ");
            heaps.merge(Long.parseLong(f[0]), Long.parseLong(f[1]), Math::min); // the GC that freed most: the others ran beside a task's garbage
        }
        return heaps;
    }

    /** The job with fastio: each task gets the index from its executor's cache. Returns the number of lookups found. */
    static long hitsWithExecutorCache(Dataset<Integer> ips, String uri, Format format) {
        return hitsWithExecutorCache(ips, uri, format, null);
    }

    /** As above, each task adding how long it waited for the index (nanoseconds) to {@code waits} when not null. */
    static long hitsWithExecutorCache(Dataset<Integer> ips, String uri, Format format, CollectionAccumulator<Long> waits) {
        return ips.mapPartitions((MapPartitionsFunction<Integer, Integer>) part -> {
            long t = System.nanoTime();
            int[] index = executorIndex(uri, format);
            waited(waits, t);
            return hits(part, index);
        }, Encoders.INT()).count();
    }

    /** The same job with the driver's array broadcast to the executors. */
    static long hitsWithBroadcast(Dataset<Integer> ips, Broadcast<int[]> index) {
        return hitsWithBroadcast(ips, index, null);
    }

    /** As above, each task adding how long it waited for the broadcast's fetch and rebuild to {@code waits} when not null. */
    static long hitsWithBroadcast(Dataset<Integer> ips, Broadcast<int[]> index, CollectionAccumulator<Long> waits) {
        return ips.mapPartitions((MapPartitionsFunction<Integer, Integer>) part -> {
            long t = System.nanoTime();
            int[] value = index.value();
            waited(waits, t);
            return hits(part, value);
        }, Encoders.INT()).count();
    }

    private static void waited(CollectionAccumulator<Long> waits, long start) {
        if (waits != null) {
            waits.add(System.nanoTime() - start);
        }
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
        String uri = args[3].contains("://") ? args[3] : hadoopPath(Path.of(args[3])); // a local file, or any URI Hadoop reads
        long n = Long.parseLong(args[4]);
        String master = args[5];
        long t0 = System.currentTimeMillis();
        SparkSession spark = forExecutors(SparkSession.builder().master(master).appName("fastio-IpLookupJob")
                .config("spark.ui.enabled", "false"), master).getOrCreate();
        try {
            awaitExecutors(spark, master);
            JavaSparkContext sc = new JavaSparkContext(spark.sparkContext());
            CollectionAccumulator<Long> waits = spark.sparkContext().collectionAccumulator("index waits");
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
                hits = hitsWithExecutorCache(ips, uri, format, waits);
            } else {
                long t = System.nanoTime();
                b = sc.broadcast(driverIndex(uri, format));
                driverNanos = System.nanoTime() - t;
                hits = hitsWithBroadcast(ips, b, waits);
            }
            long end = System.currentTimeMillis();
            spark.sparkContext().listenerBus().waitUntilEmpty();
            System.gc(); // what the driver JVM still holds while the job's objects live (the broadcast until destroyed)
            Runtime rt = Runtime.getRuntime();
            long heap = rt.totalMemory() - rt.freeMemory();
            java.util.Map<Long, Long> executorHeaps = executorHeaps(spark); // the broadcast still live, as the cache's array is
            if (b != null) {
                b.destroy();
            }
            long longestWait = waits.value().stream().mapToLong(Long::longValue).max().orElse(0);
            // index: what the index put on the job's path: the driver's load and broadcast, then the longest task's wait for it
            System.out.printf(Locale.ROOT, "RESULT %s %s hits=%d first=%.2f total=%.2f index=%.3f session=%.2f heapAfterGc=%dMB partitions=%d taskRun=%.2f taskGc=%.2f"
                    + " executorHeapAfterGc=%dMB executors=%d%n",
                    format.name().toLowerCase(Locale.ROOT), way.name().toLowerCase(Locale.ROOT), hits,
                    (firstTaskEnd.get() - start) / 1e3, (end - start) / 1e3, (driverNanos + longestWait) / 1e9,
                    (start - t0) / 1e3, heap >> 20, partitions, taskRunMs.get() / 1e3, taskGcMs.get() / 1e3,
                    executorHeaps.values().stream().mapToLong(Long::longValue).max().orElse(0), executorHeaps.size());
        } finally {
            spark.stop();
        }
    }
}
