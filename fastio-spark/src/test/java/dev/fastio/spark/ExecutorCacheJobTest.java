package dev.fastio.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Article 001's job in Spark local mode ({@code local[2]}): a dataset of IPv4 addresses looked up
 * in a sorted index, the index loaded by {@link ExecutorCache} in the tasks, against the same job
 * with {@code broadcast} and a plain-JDK count. The index is loaded once per executor JVM (here
 * the one local JVM) for all tasks and jobs, a replaced index is seen by the next job, and a
 * missing or malformed index fails the job with fastio's error naming the file.
 */
class ExecutorCacheJobTest {
    private static SparkSession spark;
    private static JavaSparkContext jsc;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("fastio-ExecutorCacheJobTest")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4").getOrCreate();
        jsc = new JavaSparkContext(spark.sparkContext());
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    /** A sorted index of {@code n} distinct ints from {@code seed}, written big-endian as DataOutputStream writes them. */
    private static int[] index(int n, long seed) {
        return new Random(seed).ints(n * 2L).distinct().limit(n).sorted().toArray();
    }

    /**
     * Writes {@code ints} to {@code file} through a new file renamed over it (a replace, as a
     * pipeline publishes), its modification time {@code agoSeconds} in the past: older than the
     * cache's racy window, as an index written before the job is.
     */
    private static void write(Path file, int[] ints, int agoSeconds) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream o = Files.newOutputStream(tmp); DataOutputStream d = new DataOutputStream(new java.io.BufferedOutputStream(o))) {
            for (int v : ints) {
                d.writeInt(v);
            }
        }
        Files.setLastModifiedTime(tmp, FileTime.from(Instant.now().minusSeconds(agoSeconds)));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Addresses to look up: half from the index, half random. */
    private static List<Integer> addresses(int[] index, int n, long seed) {
        Random r = new Random(seed);
        List<Integer> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(r.nextBoolean() ? index[r.nextInt(index.length)] : r.nextInt());
        }
        return out;
    }

    /** The job with fastio: each task gets the index from its executor's cache. */
    private static long hitsWithExecutorCache(Dataset<Integer> ips, String indexUri) {
        return ips.mapPartitions((MapPartitionsFunction<Integer, Integer>) part -> hits(part,
                ExecutorCache.ints(indexUri, ByteOrder.BIG_ENDIAN)), Encoders.INT()).count();
    }

    /** The same job with the driver's array broadcast to the executors. */
    private static long hitsWithBroadcast(Dataset<Integer> ips, Broadcast<int[]> index) {
        return ips.mapPartitions((MapPartitionsFunction<Integer, Integer>) part -> hits(part, index.value()), Encoders.INT()).count();
    }

    /** A partition's addresses that are in the sorted index. */
    private static java.util.Iterator<Integer> hits(java.util.Iterator<Integer> part, int[] index) {
        List<Integer> hits = new ArrayList<>();
        while (part.hasNext()) {
            int ip = part.next();
            if (Arrays.binarySearch(index, ip) >= 0) {
                hits.add(ip);
            }
        }
        return hits.iterator();
    }

    private static long plainCount(List<Integer> ips, int[] index) {
        return ips.stream().filter(ip -> Arrays.binarySearch(index, ip) >= 0).count();
    }

    @Test
    void theJobsAnswerIsTheJdksAndBroadcastsAndTheIndexIsLoadedOnceForAllTasksAndJobs() throws IOException {
        int[] index = index(200_000, 1);
        Path file = dir.resolve("ips.bin");
        write(file, index, 60);
        List<Integer> list = addresses(index, 100_000, 2);
        Dataset<Integer> ips = spark.createDataset(list, Encoders.INT()).repartition(8);
        long expected = plainCount(list, index);
        assertThat(expected).isBetween(40_000L, 60_000L);

        long before = ExecutorCache.stats().loads();
        assertThat(hitsWithExecutorCache(ips, file.toUri().toString())).isEqualTo(expected);
        assertThat(ExecutorCache.stats().loads() - before).as("loads for 8 tasks").isEqualTo(1);
        assertThat(hitsWithExecutorCache(ips, file.toUri().toString())).isEqualTo(expected);
        assertThat(ExecutorCache.stats().loads() - before).as("loads after a second job").isEqualTo(1);

        Broadcast<int[]> b = jsc.broadcast(index);
        assertThat(hitsWithBroadcast(ips, b)).isEqualTo(expected);
        b.destroy();
    }

    @Test
    void aReplacedIndexIsSeenByTheNextJob() throws IOException {
        Path file = dir.resolve("replaced.bin");
        int[] first = index(50_000, 3);
        write(file, first, 120);
        List<Integer> list = addresses(first, 20_000, 4);
        Dataset<Integer> ips = spark.createDataset(list, Encoders.INT()).repartition(4);
        String uri = file.toUri().toString();
        assertThat(hitsWithExecutorCache(ips, uri)).isEqualTo(plainCount(list, first));
        int[] second = index(50_000, 5); // another index, of the same length: only the status tells them apart
        write(file, second, 60);
        long before = ExecutorCache.stats().loads();
        assertThat(hitsWithExecutorCache(ips, uri)).isEqualTo(plainCount(list, second)).isNotEqualTo(plainCount(list, first));
        assertThat(ExecutorCache.stats().loads() - before).isEqualTo(1);
    }

    @Test
    void aMissingOrMalformedIndexFailsTheJobWithFastiosErrorNamingTheFile() throws IOException {
        Dataset<Integer> ips = spark.createDataset(List.of(1, 2, 3, 4), Encoders.INT()).repartition(2);
        Path missing = dir.resolve("no-such-index.bin");
        assertThatThrownBy(() -> hitsWithExecutorCache(ips, missing.toUri().toString()))
                .hasMessageContaining("FileNotFoundException").hasMessageContaining("no-such-index.bin");
        Path odd = dir.resolve("odd.bin");
        Files.write(odd, new byte[4 * 10 + 3]);
        Files.setLastModifiedTime(odd, FileTime.from(Instant.now().minusSeconds(60)));
        assertThatThrownBy(() -> hitsWithExecutorCache(ips, odd.toUri().toString()))
                .hasMessageContaining("odd.bin").hasMessageContaining("length 43 bytes is not a multiple of the 4-byte int element size");
    }
}
