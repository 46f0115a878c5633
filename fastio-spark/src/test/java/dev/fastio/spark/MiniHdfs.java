package dev.fastio.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS in a process of its own, for {@code docs/measure/spark-race.sh}: a namenode and one
 * datanode (Hadoop's in-process test cluster) under {@code BASE}, each local {@code FILE} copied to
 * {@code /race/<its name>}. Prints {@code HDFS <uri>} once the files are in, then serves until
 * its standard input closes (the script holds it open and closes it to stop the cluster).
 *
 * <pre>
 * MiniHdfs BASE FILE...
 * </pre>
 */
public final class MiniHdfs {
    private MiniHdfs() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: MiniHdfs BASE FILE...");
            System.exit(2);
        }
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, Files.createDirectories(Path.of(args[0])).toString());
        MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        try {
            cluster.waitActive();
            DistributedFileSystem fs = cluster.getFileSystem();
            for (int i = 1; i < args.length; i++) {
                Path local = Path.of(args[i]).toAbsolutePath();
                fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toUri()),
                        new org.apache.hadoop.fs.Path("/race/" + local.getFileName()));
            }
            System.out.println("HDFS " + fs.getUri());
            System.out.flush();
            while (System.in.read() >= 0) {
                // serve until the script closes our input
            }
        } finally {
            cluster.shutdown();
        }
    }
}
