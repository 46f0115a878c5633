import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.ByteOrder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * Where HadoopArrays' load from HDFS spends its time beyond the read floor: the same
 * file read from an in-process HDFS (one datanode) into a heap array and into direct buffers,
 * then with the byte-swapping copy into an int[] (reused, then new), a new int[] alone, and
 * HadoopArrays.readInts; 15 rounds, each step once per round, medians. Whole-process timing, an
 * analysis aid beside the JMH suite, not a benchmark: steps of one round share the machine's noise.
 *
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djdk.util.jar.enableMultiRelease=false -cp fastio-cli/target/fastio.jar \
 *   docs/measure/HdfsLoadSteps.java fastio-data/ipv4-26000000.bin
 * </pre>
 */
public class HdfsLoadSteps {
    public static void main(String[] args) throws Exception {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, Files.createTempDirectory("hdfs-load-steps").toString());
        conf.setInt("dfs.replication", 1);
        MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        try {
            cluster.waitActive();
            FileSystem fs = cluster.getFileSystem();
            Path p = new Path("/steps.bin");
            fs.copyFromLocalFile(new Path(java.nio.file.Path.of(args[0]).toAbsolutePath().toUri()), p);
            run(fs, p);
        } finally {
            cluster.shutdown();
        }
    }

    static void run(FileSystem fs, Path p) throws Exception {
        int count = (int) (fs.getFileStatus(p).getLen() / 4);
        byte[] heap = new byte[1 << 20];
        ByteBuffer direct = ByteBuffer.allocateDirect(256 << 10);
        ByteBuffer direct1m = ByteBuffer.allocateDirect(1 << 20);
        int[] reuse = new int[count];
        String[] names = {"read(byte[1 MiB])", "read(direct 256 KiB)", "read(direct 1 MiB)", "read(direct 256 KiB) + swap into a reused int[]", "... + into a new int[]", "new int[] only", "HadoopArrays.readInts"};
        long[][] t = new long[names.length][15];
        for (int r = 0; r < 15; r++) {
            for (int k = 0; k < names.length; k++) {
                long s = System.nanoTime();
                if (k == 6) {
                    if (dev.fastio.hadoop.HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN).length != count) throw new AssertionError();
                } else if (k == 5) {
                    int[] a = new int[count];
                    if (a.length != count) throw new AssertionError();
                } else try (FSDataInputStream in = fs.open(p)) {
                    if (k == 0) {
                        while (in.read(heap, 0, heap.length) > 0) { }
                    } else if (k == 1 || k == 2) {
                        ByteBuffer b = k == 1 ? direct : direct1m;
                        for (b.clear(); in.read(b) > 0; b.clear()) { }
                    } else {
                        int[] dst = k == 3 ? reuse : new int[count];
                        int done = 0;
                        while (done < count) {
                            direct.clear().limit(Math.min(direct.capacity(), (count - done) * 4));
                            while (direct.hasRemaining() && in.read(direct) > 0) { }
                            direct.flip();
                            int n = direct.remaining() / 4;
                            direct.order(ByteOrder.BIG_ENDIAN).asIntBuffer().get(dst, done, n);
                            done += n;
                        }
                    }
                }
                t[k][r] = System.nanoTime() - s;
            }
        }
        for (int k = 0; k < names.length; k++) {
            java.util.Arrays.sort(t[k]);
            System.out.printf("%-50s median %.1f ms (min %.1f)%n", names[k], t[k][7] / 1e6, t[k][0] / 1e6);
        }
    }
}
