import dev.fastio.hadoop.HadoopFileCache;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.FutureDataInputStreamBuilder;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.impl.OpenFileParameters;

/**
 * What one stalled load costs the other gets of a {@link HadoopFileCache} (issue 60): a thread
 * loads slow.bin, whose open takes 3 s (a filesystem wrapper sleeps, as a stalled mount or a
 * slow datanode would), while this thread times validated hits of a cached file and first loads
 * of 200 other files. Before loads left the map's lock, a load of another file whose key fell in
 * the stalled one's bin of the map waited for it. Run from the repository root with the bench jar
 * (it holds Hadoop's client):
 *
 *   java -cp fastio-cli/target/fastio.jar docs/measure/BlockedLoad.java
 */
public class BlockedLoad {
    static final long SLOW_MS = 3000;

    static final class SlowFs extends FilterFileSystem {
        SlowFs(FileSystem fs) {
            super(fs);
        }

        @Override
        public FutureDataInputStreamBuilder openFile(Path path) {
            return createDataInputStreamBuilder(this, path);
        }

        @Override
        protected CompletableFuture<FSDataInputStream> openFileWithOptions(Path path, OpenFileParameters parameters) throws IOException {
            if (path.getName().equals("slow.bin")) {
                try {
                    Thread.sleep(SLOW_MS);
                } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                }
            }
            return super.openFileWithOptions(path, parameters);
        }
    }

    public static void main(String[] args) throws Exception {
        java.nio.file.Path dir = Files.createTempDirectory("fastio-blocked-load");
        byte[] bytes = new byte[4096];
        new Random(60).nextBytes(bytes);
        int others = 200;
        for (String name : new String[] {"cached.bin", "slow.bin"}) {
            Files.write(dir.resolve(name), bytes);
        }
        for (int i = 0; i < others + 50; i++) {
            Files.write(dir.resolve("other-" + i + ".bin"), bytes);
        }
        FileSystem fs = new SlowFs(FileSystem.getLocal(new Configuration()).getRawFileSystem());
        HadoopFileCache cache = HadoopFileCache.builder().timestampResolution(java.time.Duration.ZERO).build();
        Path cached = new Path(dir.resolve("cached.bin").toUri());
        for (int i = 0; i < 20_000; i++) { // warm: the hit's code compiled
            cache.ints(fs, cached, ByteOrder.BIG_ENDIAN);
        }
        for (int i = others; i < others + 50; i++) { // warm: the load's code compiled (these names are not timed)
            cache.ints(fs, new Path(dir.resolve("other-" + i + ".bin").toUri()), ByteOrder.BIG_ENDIAN);
        }
        Thread slow = new Thread(() -> {
            try {
                cache.ints(fs, new Path(dir.resolve("slow.bin").toUri()), ByteOrder.BIG_ENDIAN);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        slow.start();
        Thread.sleep(100); // its open has begun
        long until = System.nanoTime() + (SLOW_MS - 600) * 1_000_000L;
        long[] hits = new long[2_000_000];
        long[] loads = new long[others];
        int h = 0;
        int l = 0;
        while (System.nanoTime() < until && h < hits.length) {
            long t0 = System.nanoTime();
            cache.ints(fs, cached, ByteOrder.BIG_ENDIAN);
            hits[h++] = System.nanoTime() - t0;
            if (l < others && h % 50 == 0) {
                Path other = new Path(dir.resolve("other-" + l + ".bin").toUri());
                long t1 = System.nanoTime();
                cache.ints(fs, other, ByteOrder.BIG_ENDIAN);
                loads[l++] = System.nanoTime() - t1;
            }
        }
        boolean stillLoading = slow.isAlive();
        slow.join();
        System.out.printf(Locale.ROOT, "JDK %s; the slow load still under way when the last get was timed: %s%n",
                System.getProperty("java.version"), stillLoading);
        report("validated hits of a cached file", Arrays.copyOf(hits, h));
        report("first loads of other files", Arrays.copyOf(loads, l));
    }

    static void report(String what, long[] nanos) {
        Arrays.sort(nanos);
        long over = Arrays.stream(nanos).filter(n -> n > 100_000_000L).count();
        System.out.printf(Locale.ROOT, "%s: %d, p50 %.3f ms, p99 %.3f ms, max %.1f ms, %d over 100 ms%n", what, nanos.length,
                nanos[nanos.length / 2] / 1e6, nanos[(int) Math.min(nanos.length - 1, Math.ceil(nanos.length * 0.99) - 1)] / 1e6,
                nanos[nanos.length - 1] / 1e6, over);
    }
}
