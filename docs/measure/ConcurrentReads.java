import dev.fastio.read.FastRead;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whole-file reads of one file on THREADS platform threads for SECONDS, printing reads per
 * second: whether the pooled buffer each read takes (DirectBuffers, at most two per core) turns
 * into a 256 KiB allocation per read once more readers are in flight than the pool holds. Run it
 * with two builds one after the other (docs/PERFORMANCE.md, "Many readers at once: the pooled
 * buffer").
 *
 *   java -cp fastio-cli/target/fastio.jar docs/measure/ConcurrentReads.java fastio-data/binary-16.bin 64 5
 */
public class ConcurrentReads {
    public static void main(String[] a) throws Exception {
        Path p = Path.of(a[0]);
        int threads = Integer.parseInt(a[1]);
        long secs = Long.parseLong(a[2]);
        AtomicLong reads = new AtomicLong();
        long end = System.nanoTime() + secs * 1_000_000_000L;
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            ts[i] = new Thread(() -> {
                long k = 0;
                try {
                    while (System.nanoTime() < end) {
                        FastRead.readAllBytes(p);
                        k++;
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
                reads.addAndGet(k);
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        System.out.printf("%d threads: %.0f reads/s%n", threads, reads.get() / (double) secs);
    }
}
