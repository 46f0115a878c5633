import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * N copies of one file with FileCopy, to a new name (the target removed before each) or replacing
 * ("replace" as a fourth argument), three rounds, printing µs per copy: the loop to run under
 * {@code strace -f -c} to count the system calls a copy makes (docs/PERFORMANCE.md, "Folders through
 * descriptors only where shared (JDK 17–21)"). Not a timing: JMH's CopySmallBenchmark is.
 *
 * <pre>
 * java -cp fastio-cli/target/fastio.jar docs/measure/CopyLoop.java SRC DST 2000 [replace]
 * </pre>
 */
public class CopyLoop {
    public static void main(String[] a) throws Exception {
        Path src = Path.of(a[0]);
        Path dst = Path.of(a[1]);
        int n = Integer.parseInt(a[2]);
        boolean replace = a.length > 3;
        CopyOptions o = CopyOptions.defaults().replaceExisting(replace);
        for (int round = 0; round < 3; round++) {
            long t = 0;
            for (int i = 0; i < n; i++) {
                if (!replace) {
                    Files.deleteIfExists(dst);
                }
                long s = System.nanoTime();
                FileCopy.copy(src, dst, o);
                t += System.nanoTime() - s;
            }
            System.out.printf("%.1f us/op%n", t / 1e3 / n);
        }
    }
}
