import java.io.File;
import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The JDK 17 floor of a checked small read, in one JVM, the ways interleaved round by round: what
 * the JDK offers without the FFM API is a {@code FileInputStream} read and one {@code stat} of the
 * name ({@code Files.readAttributes}), against Okio's stream read and the read that finds end of
 * file. A diagnosis (System.nanoTime over 100,000 calls a round), not a claim: the claims are JMH's.
 *
 *   java -cp fastio-cli/target/fastio.jar docs/measure/Jdk17ReadFloor.java fastio-data/binary-16.bin [ROUNDS]
 */
public class Jdk17ReadFloor {
    interface Op {
        Object run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Path p = Path.of(args[0]);
        File f = p.toFile();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        String[] names = {"stream open+read+close", "stream + read at end of file", "stream + one stat of the name",
            "channel open+size+read+close", "channel + one stat of the name",
            "Files.readAttributes (basic)", "Okio readByteArray", "Files.readAllBytes", "FastRead.readAllBytes"};
        Op[] ops = {
            () -> { try (FileInputStream in = new FileInputStream(f)) { return in.read(new byte[8192], 0, 8192); } },
            () -> { try (FileInputStream in = new FileInputStream(f)) { byte[] b = new byte[8192]; in.read(b, 0, 8192); return in.read(b, 0, 1); } },
            () -> { int n; try (FileInputStream in = new FileInputStream(f)) { n = in.read(new byte[8192], 0, 8192); }
                return n + Files.readAttributes(p, BasicFileAttributes.class).size(); },
            () -> { try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(p)) {
                byte[] b = new byte[(int) ch.size()]; return ch.read(java.nio.ByteBuffer.wrap(b)); } },
            () -> { int n; try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(p)) {
                byte[] b = new byte[(int) ch.size()]; n = ch.read(java.nio.ByteBuffer.wrap(b)); }
                return n + Files.readAttributes(p, BasicFileAttributes.class).size(); },
            () -> Files.readAttributes(p, BasicFileAttributes.class),
            () -> { try (okio.BufferedSource s = okio.Okio.buffer(okio.Okio.source(f))) { return s.readByteArray(); } },
            () -> Files.readAllBytes(p),
            () -> dev.fastio.read.FastRead.readAllBytes(p),
        };
        double[][] us = new double[ops.length][rounds];
        for (int r = -2; r < rounds; r++) { // two rounds of warm-up
            for (int k = 0; k < ops.length; k++) {
                long t = System.nanoTime();
                for (int i = 0; i < 100_000; i++) {
                    ops[k].run();
                }
                if (r >= 0) {
                    us[k][r] = (System.nanoTime() - t) / 100_000 / 1000.0;
                }
            }
        }
        for (int k = 0; k < ops.length; k++) {
            double[] s = us[k].clone();
            java.util.Arrays.sort(s);
            System.out.printf("%-32s median %.2f µs (min %.2f, max %.2f)%n", names[k], s[s.length / 2], s[0], s[s.length - 1]);
        }
    }
}
