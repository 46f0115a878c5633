package dev.fastio.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.spark.IpLookupJob.Format;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Article 001's job with executors in JVMs of their own, as on a cluster: Spark's
 * {@code local-cluster[2,1,1024]} mode (a master and two workers in this JVM, each worker
 * launching one executor JVM of one core), the index on a real HDFS (a namenode and a datanode
 * in this JVM) or a local file. {@link ExecutorCacheJobTest} runs the same job in
 * {@code local[2]}, where the tasks run in the driver's JVM and "once per executor" cannot be
 * told from "once".
 *
 * <p>What a task reports is its executor JVM's process id, whether its own get loaded the file
 * (the executor's load count before and after it: one core an executor, so no other task of
 * that JVM runs meanwhile), its hits, and the index's middle element (which index it used).
 * The driver's side: this JVM's {@link ExecutorCache} never loads, and this JVM reads no byte
 * from HDFS (Hadoop's per-scheme statistics; the test writes the files, the datanode serves
 * them, neither counts as a client read).
 *
 * <p>Bounded: a cluster that does not come up, or a job that never ends, fails its step within
 * minutes ({@link Timeout} on every method, the set-up included); surefire's process timeout
 * is the backstop.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ExecutorJvmsJobTest {
    private static final int EXECUTORS = 2;
    /** HadoopFileCache's default timestamp resolution, and a margin. */
    private static final long RACY_WINDOW_MILLIS = 2_100;
    private static MiniDFSCluster hdfs;
    private static DistributedFileSystem dfs;
    private static SparkSession spark;
    private static final AtomicInteger NAMES = new AtomicInteger();

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        String sparkHome = System.getenv("SPARK_HOME");
        assertThat(sparkHome).as("SPARK_HOME, set by fastio-spark's pom for local-cluster mode").isNotBlank();
        Files.createDirectories(Path.of(sparkHome, "jars")); // empty: the launcher wants it to exist

        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, Files.createTempDirectory("fastio-minidfs").toString());
        hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        hdfs.waitActive();
        dfs = hdfs.getFileSystem();

        String master = "local-cluster[" + EXECUTORS + ",1,1024]";
        // the executors get this JVM's class path and JVM options, as IpLookupJob gives them for the race
        spark = IpLookupJob.forExecutors(SparkSession.builder().master(master).appName("fastio-ExecutorJvmsJobTest")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.task.maxFailures", "1") // a failing task fails the job at once, not after three retries
                // no waiting for a task's preferred executor: each job's tasks spread over both, as the test counts per executor
                .config("spark.locality.wait", "0"), master).getOrCreate();
        IpLookupJob.awaitExecutors(spark, master); // a job begun before both registered would run all its tasks on the first
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
        if (hdfs != null) {
            hdfs.shutdown();
        }
    }

    /** Where an index is kept: HDFS (the namenode of this JVM), or a local file read through {@code file://}. */
    enum Store {
        HDFS, LOCAL;

        /**
         * Writes {@code index} as {@code format} under {@code name}, replacing what was there by a
         * rename, and returns the URI the tasks read once the file is older than the cache's racy
         * window (2 s: a file changed within it is loaded again on every get, which would hide what
         * these tests count). An HDFS file's modification time is set back a minute, as for an
         * index written before the job; a local file's change time cannot be set back, so the
         * test waits the window out (the executors are other JVMs: no test clock reaches them).
         */
        String write(String name, int[] index, Format format) throws IOException, InterruptedException {
            Path local = dir.resolve(name);
            IpLookupJob.write(local, index, format);
            if (this == LOCAL) {
                IpLookupJob.awaitChangeOlderThan(local, RACY_WINDOW_MILLIS);
                return IpLookupJob.hadoopPath(local);
            }
            org.apache.hadoop.fs.Path dst = new org.apache.hadoop.fs.Path("/indexes/" + name);
            org.apache.hadoop.fs.Path tmp = new org.apache.hadoop.fs.Path("/indexes/." + name + ".tmp");
            dfs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toUri()), tmp);
            dfs.setTimes(tmp, System.currentTimeMillis() - 60_000, -1);
            dfs.rename(tmp, dst, Options.Rename.OVERWRITE); // a replace, as a pipeline publishes
            return dfs.makeQualified(dst).toString();
        }
    }

    /** What one task saw. */
    record Task(long pid, long loaded, long hits, int middle) {
        static Task parse(String line) {
            String[] f = line.split(" ");
            return new Task(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Integer.parseInt(f[3]));
        }
    }

    /** The job, with each task reporting what it saw (see the class comment). */
    private static List<Task> job(Dataset<Integer> ips, String uri, Format format) {
        return ips.mapPartitions((MapPartitionsFunction<Integer, String>) part -> {
            long before = ExecutorCache.stats().loads();
            int[] index = IpLookupJob.executorIndex(uri, format);
            long loaded = ExecutorCache.stats().loads() - before;
            long hits = 0;
            for (Iterator<Integer> it = part; it.hasNext();) {
                if (Arrays.binarySearch(index, it.next()) >= 0) {
                    hits++;
                }
            }
            return List.of(ProcessHandle.current().pid() + " " + loaded + " " + hits + " " + index[index.length / 2]).iterator();
        }, Encoders.STRING()).collectAsList().stream().map(Task::parse).toList();
    }

    /** Loads per executor JVM in one job's tasks. */
    private static Map<Long, Long> loadsPerExecutor(List<Task> tasks) {
        return tasks.stream().collect(Collectors.groupingBy(Task::pid, TreeMap::new, Collectors.summingLong(Task::loaded)));
    }

    private static long hits(List<Task> tasks) {
        return tasks.stream().mapToLong(Task::hits).sum();
    }

    /** Bytes this JVM has read from HDFS as a client, over all its FileSystem instances. */
    @SuppressWarnings("deprecation") // FileSystem.getAllStatistics: the per-scheme counters every client read adds to
    private static long hdfsBytesReadHere() {
        return FileSystem.getAllStatistics().stream().filter(s -> "hdfs".equals(s.getScheme())).mapToLong(FileSystem.Statistics::getBytesRead).sum();
    }

    private static Dataset<Integer> lookups(int[] index, int n, long seed, int partitions) {
        Random r = new Random(seed);
        List<Integer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(r.nextBoolean() ? index[r.nextInt(index.length)] : r.nextInt());
        }
        return spark.createDataset(out, Encoders.INT()).repartition(partitions);
    }

    private static long plainCount(Dataset<Integer> ips, int[] index) {
        return ips.collectAsList().stream().filter(ip -> Arrays.binarySearch(index, ip) >= 0).count();
    }

    private static String name(Format format) {
        return "ips-" + NAMES.incrementAndGet() + "." + format.name().toLowerCase(java.util.Locale.ROOT);
    }

    @ParameterizedTest
    @CsvSource({"HDFS, BIN", "HDFS, TXT", "LOCAL, BIN"})
    void eachExecutorJvmLoadsTheIndexOnceForAllItsTasksAndTwoJobsAndTheDriverNeverReadsIt(Store store, Format format) throws Exception {
        int[] index = IpLookupJob.index(200_000, 7);
        String uri = store.write(name(format), index, format);
        Dataset<Integer> ips = lookups(index, 60_000, 8, 16);
        long expected = plainCount(ips, index);
        long driverLoads = ExecutorCache.stats().loads();
        long driverBytes = hdfsBytesReadHere();

        List<Task> first = job(ips, uri, format);
        List<Task> second = job(ips, uri, format);

        assertThat(hits(first)).isEqualTo(expected);
        assertThat(hits(second)).isEqualTo(expected);
        assertThat(first).hasSize(16).extracting(Task::pid).doesNotContain(ProcessHandle.current().pid());
        assertThat(loadsPerExecutor(first)).as("loads per executor JVM, first job (pid → loads)")
                .hasSize(EXECUTORS).allSatisfy((pid, loads) -> assertThat(loads).isEqualTo(1));
        assertThat(loadsPerExecutor(second)).as("loads per executor JVM, second job")
                .allSatisfy((pid, loads) -> assertThat(loads).isZero());
        assertThat(ExecutorCache.stats().loads()).as("loads in the driver's JVM").isEqualTo(driverLoads);
        assertThat(hdfsBytesReadHere()).as("bytes the driver's JVM read from HDFS").isEqualTo(driverBytes);
    }

    @ParameterizedTest
    @CsvSource({"HDFS, BIN", "HDFS, TXT", "LOCAL, BIN"})
    void aReplacedIndexIsSeenByEveryExecutorsNextTask(Store store, Format format) throws Exception {
        String name = name(format);
        int[] old = IpLookupJob.index(50_000, 9);
        String uri = store.write(name, old, format);
        Dataset<Integer> ips = lookups(old, 20_000, 10, 8);
        assertThat(job(ips, uri, format)).extracting(Task::middle).containsOnly(old[old.length / 2]);

        int[] now = IpLookupJob.index(50_000, 11); // the same length for BIN: only the file's stamp tells them apart
        assertThat(now[now.length / 2]).isNotEqualTo(old[old.length / 2]);
        store.write(name, now, format);
        List<Task> after = job(ips, uri, format);

        assertThat(after).extracting(Task::middle).as("the index every task used").containsOnly(now[now.length / 2]);
        assertThat(hits(after)).isEqualTo(plainCount(ips, now));
        assertThat(loadsPerExecutor(after)).as("loads per executor JVM after the replace")
                .allSatisfy((pid, loads) -> assertThat(loads).isEqualTo(1));
    }

    private static Dataset<Integer> oneTask() {
        return spark.createDataset(List.of(1, 2, 3, 4), Encoders.INT()).coalesce(1);
    }

    @Test
    void aMissingOrMalformedIndexOnHdfsFailsTheJobWithFastiosErrorNamingTheFileAndLine() throws IOException {
        String missing = dfs.makeQualified(new org.apache.hadoop.fs.Path("/indexes/no-such-index.bin")).toString();
        for (Format f : Format.values()) {
            assertThatThrownBy(() -> job(oneTask(), missing, f))
                    .hasMessageContaining("FileNotFoundException").hasMessageContaining("no-such-index.bin");
        }
        org.apache.hadoop.fs.Path odd = new org.apache.hadoop.fs.Path("/indexes/odd.bin");
        try (var out = dfs.create(odd)) {
            out.write(new byte[4 * 10 + 3]);
        }
        assertThatThrownBy(() -> job(oneTask(), dfs.makeQualified(odd).toString(), Format.BIN))
                .hasMessageContaining("odd.bin").hasMessageContaining("length 43 bytes is not a multiple of the 4-byte int element size");
        org.apache.hadoop.fs.Path bad = new org.apache.hadoop.fs.Path("/indexes/bad.txt");
        try (var out = dfs.create(bad)) {
            out.write("10.0.0.1\n10.0.0.2\n10.0.0\n10.0.0.4\n".getBytes(StandardCharsets.US_ASCII));
        }
        assertThatThrownBy(() -> job(oneTask(), dfs.makeQualified(bad).toString(), Format.TXT))
                .hasMessageContaining("MalformedIpv4Exception").hasMessageContaining("bad.txt:3: malformed IPv4 address '10.0.0'");
    }
}
