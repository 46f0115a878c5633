import java.lang.invoke.*;
import java.net.*;
import java.nio.file.*;
import java.util.*;
/**
 * Two (or more) builds' FastRead.readAllBytes against Files.readAllBytes and Okio, interleaved in
 * one JVM, round by round (each build in its own class loader), so that a before-and-after ratio
 * is measured under the same load: on this shared 2-core VM a JMH run of one jar after the other
 * moved by more than the difference (docs/PERFORMANCE.md, "fastio against the libraries": the JDK 17
 * re-measurement after the JDK path stopped asking the size).
 * Medians of ROUNDS rounds of 20,000 reads each; "÷ best peer" divides by the faster of
 * Files.readAllBytes and Okio. A diagnosis beside the JMH suite, not a claim.
 *
 *   javac -d /tmp/readab docs/measure/ReadAB.java
 *   java -cp /tmp/readab ReadAB fastio-data/binary-16.bin 11 before.jar fastio-cli/target/fastio.jar
 */
public class ReadAB {
    public static void main(String[] a) throws Throwable {
        Path p = Path.of(a[0]);
        int rounds = Integer.parseInt(a[1]);
        List<String> names = new ArrayList<>(); List<MethodHandle> ops = new ArrayList<>();
        for (int i = 2; i < a.length; i++) {
            URLClassLoader l = new URLClassLoader(new URL[]{Path.of(a[i]).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> fr = Class.forName("dev.fastio.read.FastRead", true, l);
            ops.add(MethodHandles.publicLookup().findStatic(fr, "readAllBytes", MethodType.methodType(byte[].class, Path.class)));
            names.add(Path.of(a[i]).getFileName().toString());
        }
        names.add("Files.readAllBytes"); ops.add(MethodHandles.publicLookup().findStatic(Files.class, "readAllBytes", MethodType.methodType(byte[].class, Path.class)));
        {
            URLClassLoader l = new URLClassLoader(new URL[]{Path.of(a[2]).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> ok = Class.forName("okio.Okio", true, l);
            Class<?> bs = Class.forName("okio.BufferedSource", true, l);
            Class<?> src = Class.forName("okio.Source", true, l);
            MethodHandle source = MethodHandles.publicLookup().findStatic(ok, "source", MethodType.methodType(src, java.io.File.class));
            MethodHandle buffer = MethodHandles.publicLookup().findStatic(ok, "buffer", MethodType.methodType(bs, src));
            MethodHandle read = MethodHandles.publicLookup().findVirtual(bs, "readByteArray", MethodType.methodType(byte[].class));
            MethodHandle close = MethodHandles.publicLookup().findVirtual(java.io.Closeable.class, "close", MethodType.methodType(void.class));
            names.add("okio");
            ops.add(null);
            okioOp = () -> { Object s = buffer.invoke(source.invoke(p.toFile())); try { return (byte[]) read.invoke(s); } finally { close.invoke(s); } };
        }
        int k = ops.size(); int per = 20000;
        double[][] us = new double[k][rounds];
        for (int r = -3; r < rounds; r++) {
            for (int j = 0; j < k; j++) {
                int i = (j + Math.max(r, 0)) % k;
                long t = System.nanoTime();
                for (int n = 0; n < per; n++) { if (ops.get(i) == null) okioOp.run(); else { byte[] b = (byte[]) ops.get(i).invokeExact(p); } }
                if (r >= 0) us[i][r] = (System.nanoTime() - t) / 1e3 / per;
            }
        }
        double best = Double.MAX_VALUE; double[] med = new double[k];
        for (int i = 0; i < k; i++) { double[] s = us[i].clone(); Arrays.sort(s); med[i] = s[rounds / 2]; }
        for (int i = k - 2; i < k; i++) best = Math.min(best, med[i]); // the peers: the last two
        System.out.printf("%s %s, %d B, %d rounds of %d%n", System.getProperty("java.version"), p, Files.size(p), rounds, per);
        for (int i = 0; i < k; i++) { double[] s = us[i].clone(); Arrays.sort(s);
            System.out.printf("  %-20s median %6.2f µs [%6.2f %6.2f]  ÷ best peer %.2f%n", names.get(i), med[i], s[rounds/4], s[3*rounds/4], med[i] / best); }
    }
    interface Op { byte[] run() throws Throwable; }
    static Op okioOp;
}
