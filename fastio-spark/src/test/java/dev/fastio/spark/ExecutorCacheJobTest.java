package dev.fastio.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.spark.IpLookupJob.Format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Article 001's job in Spark local mode ({@code local[2]}): a dataset of IPv4 addresses looked up
 * in a sorted index, the index loaded by {@link ExecutorCache} in the tasks, against the same job
 * with {@code broadcast} and a plain-JDK count. The index is loaded once per executor JVM (here
 * the one local JVM) for all tasks and jobs, a replaced index is seen by the next job, and a
 * missing or malformed index fails the job with fastio's error naming the file.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES) // a Spark job that never ends fails its test, not the build's time
class ExecutorCacheJobTest {
    private static long hitsWithExecutorCache(Dataset<Integer> ips, String uri, Format format) {
        return IpLookupJob.hitsWithExecutorCache(ips, uri, format);
    }

    private static long hitsWithBroadcast(Dataset<Integer> ips, Broadcast<int[]> index) {
        return IpLookupJob.hitsWithBroadcast(ips, index);
    }

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

    /**
     * Writes the index as {@code format} through a new file renamed over {@code file} (a replace,
     * as a pipeline publishes), its modification time {@code agoSeconds} in the past, as an index
     * written before the job is; then waits until its change time, which cannot be set back, is
     * older than the cache's racy window (2 s), where a get would load it again each time.
     */
    private static void write(Path file, int[] index, Format format, int agoSeconds) throws IOException {
        IpLookupJob.write(file, index, format);
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(agoSeconds)));
        IpLookupJob.awaitChangeOlderThan(file, 2_100);
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

    private static long plainCount(List<Integer> ips, int[] index) {
        return ips.stream().filter(ip -> Arrays.binarySearch(index, ip) >= 0).count();
    }

    /**
     * Both formats of the index, both ways: the answer is the JDK's; the fastio way loads the
     * index once for 8 tasks and two jobs, and the binary and text indexes are entries of their own.
     */
    @ParameterizedTest
    @EnumSource(Format.class)
    void theJobsAnswerIsTheJdksAndBroadcastsAndTheIndexIsLoadedOnceForAllTasksAndJobs(Format format) throws IOException {
        int[] index = IpLookupJob.index(200_000, 1);
        Path file = dir.resolve("ips." + format);
        write(file, index, format, 60);
        List<Integer> list = addresses(index, 100_000, 2);
        Dataset<Integer> ips = spark.createDataset(list, Encoders.INT()).repartition(8);
        long expected = plainCount(list, index);
        assertThat(expected).isBetween(40_000L, 60_000L);

        long before = ExecutorCache.stats().loads();
        assertThat(hitsWithExecutorCache(ips, IpLookupJob.hadoopPath(file), format)).isEqualTo(expected);
        assertThat(ExecutorCache.stats().loads() - before).as("loads for 8 tasks").isEqualTo(1);
        assertThat(hitsWithExecutorCache(ips, IpLookupJob.hadoopPath(file), format)).isEqualTo(expected);
        assertThat(ExecutorCache.stats().loads() - before).as("loads after a second job").isEqualTo(1);

        assertThat(IpLookupJob.driverIndex(file, format)).isEqualTo(index);
        Broadcast<int[]> b = jsc.broadcast(IpLookupJob.driverIndex(file, format));
        assertThat(hitsWithBroadcast(ips, b)).isEqualTo(expected);
        b.destroy();
    }

    /** The example program itself, at a small scale: it generates both files and prints the same answer both ways. */
    @Test
    void theExampleProgramGivesOneAnswerEveryWay() throws Exception {
        Path data = dir.resolve("an example"); // a space: a Hadoop path string, not a URI with %20
        IpLookupJob.main(new String[] {"generate", data.toString(), "30000"});
        int[] index = IpLookupJob.index(30_000, 1);
        assertThat(IpLookupJob.driverIndex(data.resolve("index-30000.bin"), Format.BIN)).isEqualTo(index);
        assertThat(IpLookupJob.driverIndex(data.resolve("index-30000.txt"), Format.TXT)).isEqualTo(index);
        Dataset<Integer> ips = IpLookupJob.lookups(spark, 200_000, 4);
        List<Integer> list = ips.collectAsList();
        long expected = plainCount(list, index);
        for (Format f : Format.values()) {
            String uri = IpLookupJob.hadoopPath(data.resolve("index-30000." + f.name().toLowerCase(java.util.Locale.ROOT)));
            assertThat(hitsWithExecutorCache(ips, uri, f)).as("%s", f).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(Format.class)
    void aReplacedIndexIsSeenByTheNextJob(Format format) throws IOException {
        Path file = dir.resolve("replaced." + format);
        int[] first = IpLookupJob.index(50_000, 3);
        write(file, first, format, 120);
        List<Integer> list = addresses(first, 20_000, 4);
        Dataset<Integer> ips = spark.createDataset(list, Encoders.INT()).repartition(4);
        String uri = IpLookupJob.hadoopPath(file);
        assertThat(hitsWithExecutorCache(ips, uri, format)).isEqualTo(plainCount(list, first));
        int[] second = IpLookupJob.index(50_000, 5); // another index, of the same length for BIN: only the status tells them apart
        write(file, second, format, 60);
        long before = ExecutorCache.stats().loads();
        assertThat(hitsWithExecutorCache(ips, uri, format)).isEqualTo(plainCount(list, second)).isNotEqualTo(plainCount(list, first));
        assertThat(ExecutorCache.stats().loads() - before).isEqualTo(1);
    }

    /**
     * A new dataset of one partition for each failing job: one task's error is what these tests
     * are about. (The error crosses from the task to the driver by Java serialization: before
     * {@code MalformedLine} was serializable, Spark's fallback for an error it cannot write,
     * {@code SerializationDebugger}, failed to initialize on JDK 25 and the job never ended.)
     */
    private static Dataset<Integer> oneTask() {
        return spark.createDataset(List.of(1, 2, 3, 4), Encoders.INT()).coalesce(1);
    }

    @Test
    void aMissingOrMalformedIndexFailsTheJobWithFastiosErrorNamingTheFile() throws IOException {
        Path missing = dir.resolve("no-such-index.bin");
        for (Format f : Format.values()) {
            assertThatThrownBy(() -> hitsWithExecutorCache(oneTask(), IpLookupJob.hadoopPath(missing), f))
                    .hasMessageContaining("FileNotFoundException").hasMessageContaining("no-such-index.bin");
        }
        Path odd = dir.resolve("odd.bin");
        Files.write(odd, new byte[4 * 10 + 3]);
        Files.setLastModifiedTime(odd, FileTime.from(Instant.now().minusSeconds(60)));
        assertThatThrownBy(() -> hitsWithExecutorCache(oneTask(), IpLookupJob.hadoopPath(odd), Format.BIN))
                .hasMessageContaining("odd.bin").hasMessageContaining("length 43 bytes is not a multiple of the 4-byte int element size")
                .hasMessageNotContaining("Tail.IGNORE"); // ExecutorCache takes no Tail: no advice to pass one
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "10.0.0.1\n10.0.0.2\n10.0.0\n10.0.0.4\n");
        Files.setLastModifiedTime(bad, FileTime.from(Instant.now().minusSeconds(60)));
        assertThatThrownBy(() -> hitsWithExecutorCache(oneTask(), IpLookupJob.hadoopPath(bad), Format.TXT))
                .hasMessageContaining("MalformedIpv4Exception").hasMessageContaining("bad.txt:3: malformed IPv4 address '10.0.0'");
    }
}
