package dev.fastio.hadoop;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * In-process HDFS clusters for the tests. {@link #shared()} is one cluster for the whole test
 * JVM (it takes about 9 s to start): two datanodes, replication 2, permissions on, and a 64 KiB
 * block size so that every file of more than a few chunks spans many blocks. It is shut down
 * when the JVM exits. {@link #start(int)} makes a cluster of one's own, for tests that stop
 * datanodes.
 */
final class Hdfs {
    /** Small blocks: a 9 MB file spans 144 of them, and a part boundary falls inside one. */
    static final int BLOCK = 64 << 10;

    private static MiniDFSCluster shared;

    private Hdfs() {}

    static synchronized MiniDFSCluster shared() {
        if (shared == null) {
            shared = start(2);
            MiniDFSCluster c = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(c::shutdown, "hdfs-shutdown"));
        }
        return shared;
    }

    static FileSystem fs() {
        try {
            return shared().getFileSystem();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Configuration conf() {
        Configuration conf = new Configuration();
        conf.setLong("dfs.blocksize", BLOCK);
        conf.setLong("dfs.namenode.fs-limits.min-block-size", 0);
        conf.setInt("dfs.replication", 2);
        conf.setBoolean("dfs.permissions.enabled", true);
        return conf;
    }

    static MiniDFSCluster start(int datanodes) {
        try {
            File base = Files.createTempDirectory("fastio-minidfs").toFile();
            Configuration conf = conf();
            conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.getAbsolutePath());
            MiniDFSCluster c = new MiniDFSCluster.Builder(conf).numDataNodes(datanodes).build();
            c.waitActive();
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
