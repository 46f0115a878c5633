import dev.fastio.gzip.Gzip;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * One gzip file read through {@code Gzip.open} N times, with a given thread count, printing each
 * read's bytes and milliseconds: the loop to run under {@code perf record -g}, or alternated
 * between two builds, for the one-thread BGZF read (docs/PERFORMANCE.md, "Which inflater: ISA-L,
 * else zlib; libdeflate only on request": where its time went). Not a timing of record: the gzip
 * suites are.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp fastio-cli/target/fastio.jar docs/measure/GunzipLoop.java FILE THREADS N
 * perf record -g java --enable-native-access=ALL-UNNAMED -XX:+PreserveFramePointer -cp … docs/measure/GunzipLoop.java FILE 1 8
 * </pre>
 */
public class GunzipLoop {
    public static void main(String[] a) throws Exception {
        byte[] buf = new byte[64 * 1024];
        int threads = Integer.parseInt(a[1]);
        for (int r = 0; r < Integer.parseInt(a[2]); r++) {
            long t = System.nanoTime();
            long n = 0;
            try (InputStream in = Gzip.open(Path.of(a[0]), threads)) {
                for (int k; (k = in.read(buf)) > 0; ) {
                    n += k;
                }
            }
            System.out.println(n + " bytes, " + (System.nanoTime() - t) / 1_000_000 + " ms");
        }
    }
}
