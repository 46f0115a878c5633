package dev.fastio.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.cache.Validation;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/GUIDE.md's Spark idiom without Spark: the same {@code Index} holder (a static
 * {@link HadoopFileCache}, trusting, over the raw local filesystem), with a local file standing in for
 * {@code SparkFiles.get}, and tasks on a thread pool standing in for an executor's task threads.
 * Every task must see the file's ints, and the executor's JVM must load it once.
 */
class ExecutorIdiomTest {
    /** What {@code SparkFiles.get("ips.bin")} returns on an executor: the absolute path of its local copy. */
    static volatile String sparkFilesGet;

    /** docs/GUIDE.md's holder, as written there but for {@code SparkFiles.get}. */
    static final class Index {
        private static final HadoopFileCache CACHE = HadoopFileCache.builder()
                .maximumBytes(1L << 30).validation(Validation.trustUntilInvalidated()).build();
        private static final FileSystem LOCAL = localFileSystem();

        static int[] ips() throws IOException {
            Path copy = new Path(new File(sparkFilesGet).toURI());
            return CACHE.ints(LOCAL, copy, ByteOrder.BIG_ENDIAN);
        }

        private static FileSystem localFileSystem() {
            try {
                return FileSystem.getLocal(new Configuration()).getRawFileSystem();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void everyTaskOfTheExecutorSharesOneLoad() throws Exception {
        Random r = new Random(7);
        int[] index = r.ints(200_000).sorted().toArray();
        java.nio.file.Path copy = Files.createTempDirectory("fastio-spark-files").resolve("ips.bin");
        ByteBuffer b = ByteBuffer.allocate(index.length * 4);
        b.asIntBuffer().put(index);
        // just fetched: younger than the racy window, in which a validating cache would load it on
        // every get (1,449 loads in this test); a trusting one does not look
        Files.write(copy, b.array());
        sparkFilesGet = copy.toString();

        ExecutorService executor = Executors.newFixedThreadPool(4);
        try {
            List<Future<Long>> tasks = new ArrayList<>();
            for (int t = 0; t < 40; t++) {
                int seed = t;
                tasks.add(executor.submit(() -> {
                    Random lookups = new Random(seed);
                    long hits = 0;
                    for (int i = 0; i < 1000; i++) {
                        int ip = i % 2 == 0 ? index[lookups.nextInt(index.length)] : lookups.nextInt();
                        hits += Arrays.binarySearch(Index.ips(), ip) >= 0 ? 1 : 0;
                    }
                    return hits;
                }));
            }
            for (int t = 0; t < tasks.size(); t++) {
                long expected = 0;
                Random lookups = new Random(t);
                for (int i = 0; i < 1000; i++) {
                    int ip = i % 2 == 0 ? index[lookups.nextInt(index.length)] : lookups.nextInt();
                    expected += Arrays.binarySearch(index, ip) >= 0 ? 1 : 0;
                }
                assertThat(tasks.get(t).get(60, TimeUnit.SECONDS)).as("task %d", t).isEqualTo(expected);
            }
        } finally {
            executor.shutdownNow();
            executor.awaitTermination(10, TimeUnit.SECONDS);
        }
        assertThat(Index.ips()).isEqualTo(index);
        assertThat(Index.CACHE.stats().loads()).as("one load for the executor's JVM").isEqualTo(1);
        // tasks that asked while the first load ran count as misses that waited for it
        assertThat(Index.CACHE.stats().hits() + Index.CACHE.stats().misses()).isEqualTo(40 * 1000 + 1);
        assertThat(Index.CACHE.stats().misses()).isBetween(1L, 4L);
    }
}
