import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import dev.fastio.read.FastRead;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * N operations of one kind (a read or a copy, by fastio or a peer), after N of warm-up, between
 * two marker lookups ({@code /MARKER-START}, {@code /MARKER-END}) that {@code peer-syscalls.sh}
 * finds in an {@code strace -f} log, to count the system calls one operation makes
 * (docs/PERFORMANCE.md, "fastio against the libraries"). Not a timing: the peer suites are.
 *
 * <pre>
 * java -cp fastio-cli/target/fastio.jar docs/measure/PeerSyscalls.java KIND SRC OUTDIR N
 * KIND: jdkcopy fastioInPlace fastio jdkread fastioread okioread, or a copy kind with
 *       "Replace" appended (jdkcopyReplace, fastioInPlaceReplace, fastioReplace): each copy
 *       then replaces the file the warm-up left at its name
 * </pre>
 */
public class PeerSyscalls {
    public static void main(String[] a) throws Exception {
        Path src = Path.of(a[1]);
        Path dir = Files.createDirectories(Path.of(a[2]));
        int n = Integer.parseInt(a[3]);
        boolean replace = a[0].endsWith("Replace");
        String kind = replace ? a[0].substring(0, a[0].length() - "Replace".length()) : a[0];
        for (int i = 0; i < n; i++) {
            run(kind, replace, src, dir.resolve((replace ? "t" : "w") + i));
        }
        Files.exists(Path.of("/MARKER-START"));
        for (int i = 0; i < n; i++) {
            run(kind, replace, src, dir.resolve("t" + i));
        }
        Files.exists(Path.of("/MARKER-END"));
    }

    static void run(String kind, boolean replace, Path src, Path dst) throws Exception {
        switch (kind) {
            case "jdkcopy" -> {
                if (replace) {
                    Files.copy(src, dst, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                } else {
                    Files.copy(src, dst);
                }
            }
            case "fastioInPlace" -> FileCopy.copy(src, dst, CopyOptions.defaults().atomic(false).replaceExisting(replace));
            case "fastio" -> FileCopy.copy(src, dst, CopyOptions.defaults().replaceExisting(replace));
            case "jdkread" -> Files.readAllBytes(src);
            case "fastioread" -> FastRead.readAllBytes(src);
            case "okioread" -> {
                try (okio.BufferedSource in = okio.Okio.buffer(okio.Okio.source(src))) {
                    in.readByteArray();
                }
            }
            default -> throw new IllegalArgumentException("unknown kind " + kind);
        }
    }
}
