package dev.fastio.bench.hadoop;

import static dev.fastio.report.claims.Compare.atScale;
import static dev.fastio.report.claims.Compare.faster;
import static dev.fastio.report.claims.Compare.notSlower;

import dev.fastio.report.claims.Claim;
import dev.fastio.report.claims.Experiment;
import dev.fastio.bench.array.ArrayExperiments;
import java.util.List;

/**
 * Article 001 inside Hadoop: the IPv4 index and list loaded from an in-process HDFS
 * and through Hadoop's local filesystems, by the article's ways over {@code fs.open} and by
 * fastio-hadoop. The targets are fastio-hadoop's, judged at the full scale (the 104 MB index, the
 * 26 M-line list), where the issue states them.
 */
public final class HadoopExperiments {
    private static final String A001 = "article 001";
    /** The words ArrayExperiments uses for the same file; the claims are judged at that scale only (atScale). */
    private static final String INDEX = "the 26 M-address (104 MB) list from HDFS";

    private HadoopExperiments() {}

    public static List<Experiment> all() {
        return List.of(new Experiment(HdfsLoadBenchmark_.CLASS, "Loading the index and the list from HDFS (inside Hadoop)",
                "001 · Java Fast IO Using java.nio API",
                "The article's tasks load the 26 M-address index from HDFS at start-up. How fast can that load be, against"
                        + " the HDFS read itself, is file:// through Hadoop as fast as a local load, and what does a task pay"
                        + " when its JVM already holds the index?",
                HdfsLoadBenchmark_.hdfsReadFloor, "lines",
                List.of(
                        new Claim(A001, "Over HDFS too, the NIO way (read(ByteBuffer) into a direct buffer, asIntBuffer) is at least 2×"
                                + " faster than a 64 KB-buffered DataInputStream (the article measured about 15× on a local file).",
                                faster(HdfsLoadBenchmark_.hdfsByteBufferIntBuffer, HdfsLoadBenchmark_.hdfsDataInputStream, r -> true, 0.5)),
                        new Claim("fastio", "HadoopArrays.readInts loads " + INDEX + " in at most 1.25× the time of the HDFS read"
                                + " floor (the same bytes through fs.open into one reused 1 MiB buffer).",
                                atScale("lines", ArrayExperiments.FULL, INDEX, notSlower(HdfsLoadBenchmark_.hdfsFastio, HdfsLoadBenchmark_.hdfsReadFloor, r -> true, 0.25))),
                        new Claim("fastio", "HadoopArrays.readInts loads " + INDEX + " at least 3× faster than the article's"
                                + " buffered DataInputStream over fs.open.",
                                atScale("lines", ArrayExperiments.FULL, INDEX,
                                        faster(HdfsLoadBenchmark_.hdfsFastio, HdfsLoadBenchmark_.hdfsDataInputStream, r -> true, 2.0 / 3))),
                        new Claim("fastio", "Through RawLocalFileSystem (file://), HadoopArrays.readInts loads the 26 M-address (104 MB) list in at"
                                + " most 1.3× the time of ArrayFiles.readInts on the same file.",
                                atScale("lines", ArrayExperiments.FULL, "the 26 M-address (104 MB) list",
                                        notSlower(HdfsLoadBenchmark_.rawLocalFastio, HdfsLoadBenchmark_.localArrayFiles, r -> true, 0.3))),
                        new Claim("fastio", "A validated get of " + INDEX + " from a HadoopFileCache that holds it (one"
                                + " getFileStatus) takes at most 1/20 of the time of loading it with HadoopArrays.readInts.",
                                atScale("lines", ArrayExperiments.FULL, INDEX, faster(HdfsLoadBenchmark_.hdfsCachedGet, HdfsLoadBenchmark_.hdfsFastio, r -> true, 0.95))),
                        new Claim("fastio", "HadoopIpv4.parse reads the 26 M-line list from HDFS at least 5× faster than the"
                                + " article's readLine + split over fs.open.",
                                atScale("lines", ArrayExperiments.FULL, "the 26 M-line list from HDFS",
                                        faster(HdfsLoadBenchmark_.hdfsTextFastio, HdfsLoadBenchmark_.hdfsTextReadLineSplit, r -> true, 0.8))))));
    }
}
