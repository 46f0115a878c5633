import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * What one namenode call costs on an in-process HDFS: getFileStatus, and an open with
 * a one-byte positioned read past the end (HadoopArrays makes a status call, an open and a status
 * call per load; a validated HadoopFileCache get one status call); and getFileChecksum of a file
 * of 1 block and of 16 blocks, which HadoopFileCache does not use (it asks a datanode for every
 * block's checksum). Prints the median of 50 of each.
 *
 * <pre>
 * java -Djdk.util.jar.enableMultiRelease=false -cp fastio-cli/target/fastio.jar docs/measure/HdfsCallCost.java
 * </pre>
 */
public class HdfsCallCost {
    public static void main(String[] args) throws Exception {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, Files.createTempDirectory("hdfs-call-cost").toString());
        MiniDFSCluster c = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        try {
            c.waitActive();
            FileSystem fs = c.getFileSystem();
            Path p = new Path("/x.bin");
            try (var out = fs.create(p)) {
                out.write(new byte[1 << 20]);
            }
            long[] stat = new long[50];
            long[] open = new long[50];
            for (int i = 0; i < 50; i++) {
                long t = System.nanoTime();
                long len = fs.getFileStatus(p).getLen();
                stat[i] = System.nanoTime() - t;
                t = System.nanoTime();
                try (FSDataInputStream in = fs.open(p)) {
                    in.read(len, new byte[1], 0, 1);
                }
                open[i] = System.nanoTime() - t;
            }
            Path blocks = new Path("/blocks.bin");
            try (var out = fs.create(blocks, true, 4096, (short) 1, 1 << 20)) {
                out.write(new byte[16 << 20]); // 16 blocks of 1 MiB
            }
            long[] sum1 = new long[50];
            long[] sum16 = new long[50];
            for (int i = 0; i < 50; i++) {
                long t = System.nanoTime();
                fs.getFileChecksum(p);
                sum1[i] = System.nanoTime() - t;
                t = System.nanoTime();
                fs.getFileChecksum(blocks);
                sum16[i] = System.nanoTime() - t;
            }
            java.util.Arrays.sort(stat);
            java.util.Arrays.sort(open);
            java.util.Arrays.sort(sum1);
            java.util.Arrays.sort(sum16);
            System.out.printf("getFileStatus median %.2f ms; open + probe + close median %.2f ms%n", stat[25] / 1e6, open[25] / 1e6);
            System.out.printf("getFileChecksum median: 1 block %.2f ms, 16 blocks %.2f ms%n", sum1[25] / 1e6, sum16[25] / 1e6);
        } finally {
            c.shutdown();
        }
    }
}
