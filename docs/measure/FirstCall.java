import dev.fastio.array.ArrayFiles;
import dev.fastio.copy.FileCopy;
import dev.fastio.read.FastRead;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A program whose only work is one file job, done by fastio or by the JDK: the whole-process
 * time a one-shot user pays for choosing the fast way (docs/PERFORMANCE.md, "The first call";
 * docs/measure/first-call.sh runs it). Modes: {@code jdk-read}/{@code fastio-read} (one
 * whole-file read), {@code jdk-copy}/{@code fastio-copy} (one copy to a new name, which it removes
 * first), {@code jdk-load}/{@code fastio-load} (one load of big-endian ints).
 *
 *   javac -cp fastio-cli/target/fastio-tool.jar -d /tmp/fc docs/measure/FirstCall.java
 *   java -cp fastio-cli/target/fastio-tool.jar:/tmp/fc FirstCall fastio-read FILE
 */
public class FirstCall {
    public static void main(String[] a) throws Exception {
        Path in = Path.of(a[1]);
        long sum;
        switch (a[0]) {
            case "jdk-read":
                sum = Files.readAllBytes(in).length;
                break;
            case "fastio-read":
                sum = FastRead.readAllBytes(in).length;
                break;
            case "jdk-copy": {
                Path out = Path.of(a[2]);
                Files.deleteIfExists(out);
                sum = Files.copy(in, out) != null ? 1 : 0;
                break;
            }
            case "fastio-copy": {
                Path out = Path.of(a[2]);
                Files.deleteIfExists(out);
                sum = FileCopy.copy(in, out).bytes();
                break;
            }
            case "jdk-load": {
                try (FileChannel ch = FileChannel.open(in)) {
                    ByteBuffer b = ByteBuffer.allocate((int) ch.size()).order(ByteOrder.BIG_ENDIAN);
                    while (b.hasRemaining() && ch.read(b) >= 0) {
                        // until full
                    }
                    b.flip();
                    IntBuffer ints = b.asIntBuffer();
                    int[] all = new int[ints.remaining()];
                    ints.get(all);
                    sum = all.length;
                }
                break;
            }
            case "fastio-load":
                sum = ArrayFiles.readInts(in, ByteOrder.BIG_ENDIAN).length;
                break;
            default:
                throw new IllegalArgumentException(a[0]);
        }
        if (sum < 0) {
            System.out.println(sum);
        }
    }
}
