package dev.fastio.bench.hadoop;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.array.ArrayFiles;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.ipv4.IpParseBenchmark;
import dev.fastio.hadoop.HadoopArrays;
import dev.fastio.hadoop.HadoopFileCache;
import dev.fastio.hadoop.HadoopIpv4;
import dev.fastio.ipv4.Ipv4Parser;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Article 001 where its author ran it, inside Hadoop: the 26 M-address index (104 MB of
 * big-endian ints) and the 26 M-line text list, loaded from an in-process HDFS
 * ({@code MiniDFSCluster}, one datanode, started once per trial with the data copied in), and
 * from {@code file://} through Hadoop's local filesystems. Under {@code fastio bench} the cluster is
 * started once for the suite ({@link SharedHdfs}) and the forks reach it by its URI.
 *
 * <ul>
 *   <li>The article's ways over {@code fs.open}: {@code DataInputStream} over a 64 KB
 *       {@code BufferedInputStream}, and the channel-and-{@code IntBuffer} way over
 *       {@code read(ByteBuffer)} into a 64 KB direct buffer; for text, {@code readLine} and a
 *       {@code split} per line.
 *   <li>fastio-hadoop: {@link HadoopArrays#readInts} and {@link HadoopIpv4#parse}; and a get of
 *       the index from a {@link HadoopFileCache} that holds it, validated (one
 *       {@code getFileStatus}), against loading it.
 *   <li>The HDFS read floor: the same bytes read through {@code fs.open} into one reused 1 MiB
 *       array, converted to nothing.
 *   <li>{@code file://}: fastio-hadoop through {@code RawLocalFileSystem} and the checksummed
 *       {@code LocalFileSystem}, against {@link ArrayFiles} on the same file.
 * </ul>
 *
 * <p>Run by hand, each trial starts its own cluster in the fork, which in the CLI's multi-release
 * jar needs multi-release off (see {@link SharedHdfs}): {@code java -cp fastio-cli/target/fastio.jar
 * org.openjdk.jmh.Main HdfsLoadBenchmark -jvmArgsAppend "-Xms2g -Xmx2g
 * -Djdk.util.jar.enableMultiRelease=false -Dfastio.data=fastio-data"} (a command-line
 * {@code -jvmArgsAppend} replaces the one below, so it repeats the heap).
 *
 * <p>The datanode runs in the benchmark's JVM and shares its 2 cores (this machine), as a
 * datanode on a worker shares it with the tasks; its blocks are in the page cache after the
 * first iteration. Milliseconds per load, lower is better.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HdfsLoadBenchmark extends FastioBenchmark {
    @Param({"26000000"})
    public int lines;

    private java.nio.file.Path base;
    private MiniDFSCluster cluster;
    private FileSystem hdfs;
    private LocalFileSystem checksummedLocal;
    private FileSystem rawLocal;
    private Path ints;
    private Path text;
    private java.nio.file.Path localInts;
    private Path localIntsUri;
    private int count;
    private final byte[] floorBuffer = new byte[1 << 20];
    /**
     * Holds the index once {@link #hdfsCachedGet} has run (the first call, in warm-up, loads it);
     * validated on every get, as by default. Made there, not in set-up, so that the other methods
     * run without another 104 MB array held on their heap.
     */
    private HadoopFileCache cache;

    /** The URI of a running HDFS to use ({@link SharedHdfs}); without it, each trial starts its own. */
    public static final String SHARED = "fastio.bench.hdfs";

    /** An in-process HDFS in {@code base}: one datanode, replication 1. */
    static MiniDFSCluster startCluster(java.nio.file.Path base) throws IOException {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.toString());
        conf.setInt("dfs.replication", 1);
        MiniDFSCluster c = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        c.waitActive();
        return c;
    }

    @Setup(Level.Trial)
    public void startHdfs() throws IOException {
        localInts = DataDir.require(DataSets.ipv4BinaryName(lines));
        java.nio.file.Path localText = DataDir.require(DataSets.ipv4TextName(lines));
        count = (int) (Files.size(localInts) / 4);
        String shared = System.getProperty(SHARED);
        if (shared != null) {
            hdfs = FileSystem.newInstance(java.net.URI.create(shared), new Configuration());
        } else {
            base = Files.createTempDirectory("fastio-bench-hdfs");
            cluster = startCluster(base);
            hdfs = cluster.getFileSystem();
        }
        ints = new Path("/bench/" + localInts.getFileName());
        text = new Path("/bench/" + localText.getFileName());
        copyIn(localInts, ints);
        copyIn(localText, text);
        checksummedLocal = FileSystem.getLocal(new Configuration());
        rawLocal = checksummedLocal.getRawFileSystem();
        localIntsUri = new Path(localInts.toUri());
    }

    /** Copies a data file in, unless an earlier trial did (same length). */
    private void copyIn(java.nio.file.Path from, Path to) throws IOException {
        if (hdfs.exists(to) && hdfs.getFileStatus(to).getLen() == Files.size(from)) {
            return;
        }
        hdfs.copyFromLocalFile(new Path(from.toUri()), to);
        // a side file is old when tasks load it: out of the cache's racy window (2 s), as after the first seconds of a run
        hdfs.setTimes(to, System.currentTimeMillis() - 3_600_000, -1);
    }

    @TearDown(Level.Trial)
    public void stopHdfs() throws IOException {
        if (cache != null && cache.stats().loads() != 1) { // every measured get must have been a hit
            throw new IllegalStateException("the cache loaded " + ints + " more than once: " + cache.stats());
        }
        if (cluster != null) {
            cluster.shutdown();
        } else if (hdfs != null) {
            hdfs.close();
        }
        if (base != null) {
            SharedHdfs.delete(base);
        }
    }

    /** Article 001's fix from its comments, over {@code fs.open}: DataInputStream on a 64 KB BufferedInputStream. */
    @Benchmark
    public int[] hdfsDataInputStream() throws IOException {
        int[] a = new int[count];
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(hdfs.open(ints), 65536))) {
            for (int i = 0; i < count; i++) {
                a[i] = in.readInt();
            }
        }
        return a;
    }

    /** The article's NIO way over {@code fs.open}: {@code read(ByteBuffer)} into a 64 KB direct buffer, {@code asIntBuffer().get}. */
    @Benchmark
    public int[] hdfsByteBufferIntBuffer() throws IOException {
        int[] a = new int[count];
        try (FSDataInputStream in = hdfs.open(ints)) {
            ByteBuffer bb = ByteBuffer.allocateDirect(64 * 1024);
            int offset = 0;
            while (in.read(bb) > 0 || bb.position() > 0) {
                bb.flip();
                int n = bb.remaining() / 4;
                if (n == 0) {
                    break;
                }
                bb.asIntBuffer().get(a, offset, n);
                offset += n;
                bb.position(n * 4);
                bb.compact();
            }
        }
        return a;
    }

    @Benchmark
    public int[] hdfsFastio() throws IOException {
        return HadoopArrays.readInts(hdfs, ints, ByteOrder.BIG_ENDIAN);
    }

    /** A get of the index from the cache that holds it, validated against the file's status (target: at most 1/20 of a load). */
    @Benchmark
    public int[] hdfsCachedGet() throws IOException {
        if (cache == null) {
            cache = HadoopFileCache.builder().maximumBytes(4L * count).build();
        }
        return cache.ints(hdfs, ints, ByteOrder.BIG_ENDIAN);
    }

    /** The floor: the same bytes through {@code fs.open} into one reused 1 MiB array. */
    @Benchmark
    public long hdfsReadFloor() throws IOException {
        long total = 0;
        try (FSDataInputStream in = hdfs.open(ints)) {
            for (int n; (n = in.read(floorBuffer, 0, floorBuffer.length)) > 0; ) {
                total += n;
            }
        }
        return total;
    }

    @Benchmark
    public int[] rawLocalFastio() throws IOException {
        return HadoopArrays.readInts(rawLocal, localIntsUri, ByteOrder.BIG_ENDIAN);
    }

    @Benchmark
    public int[] checksummedLocalFastio() throws IOException {
        return HadoopArrays.readInts(checksummedLocal, localIntsUri, ByteOrder.BIG_ENDIAN);
    }

    /** What {@code file://} through Hadoop is compared with: core's load of the same local file. */
    @Benchmark
    public int[] localArrayFiles() throws IOException {
        return ArrayFiles.readInts(localInts, ByteOrder.BIG_ENDIAN);
    }

    /** Article 001's text way over {@code fs.open}: readLine, split, parseLong (its ip2integer). */
    @Benchmark
    public int[] hdfsTextReadLineSplit() throws IOException {
        int[] a = new int[lines];
        int i = 0;
        try (BufferedReader br = new BufferedReader(new InputStreamReader(hdfs.open(text), StandardCharsets.UTF_8))) {
            for (String line; (line = br.readLine()) != null; ) {
                a[i++] = IpParseBenchmark.ip2integer(line);
            }
        }
        return a;
    }

    @Benchmark
    public int[] hdfsTextFastio() throws IOException {
        return HadoopIpv4.parse(Ipv4Parser.strict(), hdfs, text).addresses();
    }
}
