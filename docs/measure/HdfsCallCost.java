import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * What one namenode call costs on an in-process HDFS (issue 15): getFileStatus, and an open with
 * a one-byte positioned read past the end (HadoopArrays makes a status call, an open and a status
 * call per load). Prints the median of 50 of each.
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
            java.util.Arrays.sort(stat);
            java.util.Arrays.sort(open);
            System.out.printf("getFileStatus median %.2f ms; open + probe + close median %.2f ms%n", stat[25] / 1e6, open[25] / 1e6);
        } finally {
            c.shutdown();
        }
    }
}
