import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Copies of one file to one name for SECONDS, the name removed before each (a way ending in
 * "Replace" copies over the last copy instead), one way per run: the
 * loop to run under a sampling profiler (async-profiler's collapsed stacks) to see where a small
 * copy's time goes (docs/PERFORMANCE.md, "fastio against the libraries": the profile after "Each
 * small copy against its floor"). Prints µs per copy,
 * removal included: a diagnosis, not a timing (JMH's CopyPeersBenchmark and SmallCopyRace are).
 *
 * <pre>
 * java -cp fastio-cli/target/fastio.jar docs/measure/CopyProfileLoop.java SRC OUTDIR jdk|fastio|fastioInPlace[Replace] SECONDS
 * </pre>
 */
public class CopyProfileLoop {
    public static void main(String[] a) throws Exception {
        Path src = Path.of(a[0]);
        Path dst = Files.createDirectories(Path.of(a[1])).resolve("c");
        boolean fastio = a[2].startsWith("fastio");
        boolean replace = a[2].endsWith("Replace");
        CopyOptions o = CopyOptions.defaults().atomic(!a[2].startsWith("fastioInPlace")).replaceExisting(replace);
        long end = System.nanoTime() + Long.parseLong(a[3]) * 1_000_000_000L;
        long n = 0;
        long t0 = System.nanoTime();
        while (System.nanoTime() < end) {
            if (!replace) {
                Files.deleteIfExists(dst);
            }
            if (fastio) {
                FileCopy.copy(src, dst, o);
            } else if (replace) {
                Files.copy(src, dst, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.copy(src, dst);
            }
            n++;
        }
        System.out.printf("%s: %d copies, %.1f µs each, any removal included%n", a[2], n, (System.nanoTime() - t0) / 1e3 / n);
    }
}
