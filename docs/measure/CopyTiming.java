import dev.fastio.copy.CopyResult;
import dev.fastio.copy.FileCopy;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Times FileCopy.copy of one file in-process, five times, each to a new name beside it (removed
 * after), and prints the strategy and the call's own wall time: the figure for a clone, which
 * is too fast for a whole process (JVM start-up) to show. docs/PERFORMANCE.md, "A clone, timed
 * in-process".
 *
 *   java --enable-native-access=ALL-UNNAMED -cp fastio-cli/target/fastio.jar docs/measure/CopyTiming.java FILE
 */
public class CopyTiming {
    public static void main(String[] args) throws Exception {
        Path source = Path.of(args[0]);
        for (int i = 0; i < 5; i++) {
            Path copy = source.resolveSibling(source.getFileName() + ".copytiming-" + i);
            try {
                CopyResult r = FileCopy.copy(source, copy);
                System.out.printf("%s %.2f ms%n", r.strategy(), r.nanos() / 1e6);
            } finally {
                Files.deleteIfExists(copy);
            }
        }
    }
}
