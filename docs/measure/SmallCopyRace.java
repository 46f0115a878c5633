import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * Small copies, fastio against Files.copy and Okio, interleaved in one JVM: each round times a
 * batch of copies of each kind in turn (in a shuffled order), and the median of the rounds is
 * printed, with each kind's ratio to Files.copy and to the fastest peer. Where the machine is
 * shared and its load moves, rounds side by side keep the ratios honest where a JMH run of one
 * method after another does not (docs/PERFORMANCE.md, "fastio against the libraries": "Each small
 * copy against its floor").
 * A new name removes the copy after each one, untimed; "replace" copies over the last copy.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp fastio-cli/target/fastio.jar docs/measure/SmallCopyRace.java \
 *     SOURCE OUTDIR new|replace [ROUNDS] [BATCH]
 * </pre>
 */
public class SmallCopyRace {
    static final String[] KINDS = {"Files.copy", "okio", "fastio", "fastio atomic(false)"};

    public static void main(String[] a) throws Exception {
        Path src = Path.of(a[0]);
        Path dir = Files.createDirectories(Path.of(a[1]));
        boolean replace = a[2].equals("replace");
        int rounds = a.length > 3 ? Integer.parseInt(a[3]) : 40;
        int batch = a.length > 4 ? Integer.parseInt(a[4]) : 100;
        double[][] us = new double[KINDS.length][rounds];
        for (int warm = 0; warm < 2; warm++) {
            for (int k = 0; k < KINDS.length; k++) {
                time(k, src, dir, replace, batch * 5);
            }
        }
        // a shuffled order each round, not a rotation: in a rotation each kind always follows the
        // same other kind, and a batch that leaves the disk busy (Okio's truncating replace makes
        // ext4 write its files out at once) slowed the same next kind in every round
        java.util.Random order = new java.util.Random(42);
        java.util.List<Integer> kinds = new java.util.ArrayList<>();
        for (int k = 0; k < KINDS.length; k++) {
            kinds.add(k);
        }
        for (int r = 0; r < rounds; r++) {
            java.util.Collections.shuffle(kinds, order);
            for (int k : kinds) {
                us[k][r] = time(k, src, dir, replace, batch);
            }
        }
        double[] med = new double[KINDS.length];
        for (int k = 0; k < KINDS.length; k++) {
            Arrays.sort(us[k]);
            med[k] = us[k][rounds / 2];
        }
        double fastestPeer = Math.min(med[0], med[1]);
        System.out.printf("%s, %d bytes, %s, %d rounds of %d, median µs per copy [quartiles]:%n",
                System.getProperty("java.version"), Files.size(src), replace ? "over an old file" : "to a new name", rounds, batch);
        for (int k = 0; k < KINDS.length; k++) {
            System.out.printf("  %-22s %7.1f [%6.1f, %6.1f]  ÷ Files.copy %.2f  ÷ fastest peer %.2f%n", KINDS[k], med[k],
                    us[k][rounds / 4], us[k][3 * rounds / 4], med[k] / med[0], med[k] / fastestPeer);
        }
    }

    /** µs per copy over {@code n} copies of kind {@code k}; a new name's removal is not timed. */
    static double time(int k, Path src, Path dir, boolean replace, int n) throws Exception {
        CopyOptions atomic = CopyOptions.defaults().replaceExisting(replace);
        CopyOptions inPlace = atomic.atomic(false);
        Path dst = dir.resolve("copy-" + k);
        if (replace && !Files.exists(dst)) {
            Files.copy(src, dst);
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (!replace) {
                Files.deleteIfExists(dst);
            }
            long t0 = System.nanoTime();
            switch (k) {
                case 0 -> {
                    if (replace) {
                        Files.copy(src, dst, StandardCopyOption.REPLACE_EXISTING);
                    } else {
                        Files.copy(src, dst);
                    }
                }
                case 1 -> okio.FileSystem.SYSTEM.copy(okio.Path.get(src), okio.Path.get(dst)); // as PeerCopies
                case 2 -> FileCopy.copy(src, dst, atomic);
                default -> FileCopy.copy(src, dst, inPlace);
            }
            total += System.nanoTime() - t0;
        }
        return total / 1e3 / n;
    }
}
