package dev.fastio.bench.run;

import dev.fastio.bench.array.ArrayPeersBenchmark;
import dev.fastio.bench.array.IpLoadBenchmark;
import dev.fastio.bench.array.IpLoadColdBenchmark;
import dev.fastio.bench.array.IpLoadUnbufferedBenchmark;
import dev.fastio.bench.cache.FileCacheBenchmark;
import dev.fastio.bench.cache.FileCacheTwoThreadsBenchmark;
import dev.fastio.bench.copy.CopyBenchmark;
import dev.fastio.bench.copy.CopyNaiveBenchmark;
import dev.fastio.bench.copy.CopyPeersBenchmark;
import dev.fastio.bench.copy.CopyReadersBenchmark;
import dev.fastio.bench.copy.CopyReplaceBenchmark;
import dev.fastio.bench.copy.CopyStrategyBenchmark;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.gzip.GzipBenchmark;
import dev.fastio.bench.gzip.GzipPeersBenchmark;
import dev.fastio.bench.hadoop.HdfsLoadBenchmark;
import dev.fastio.bench.hadoop.SharedHdfs;
import dev.fastio.bench.ipv4.IpParseBenchmark;
import dev.fastio.bench.ipv4.IpParseBlockBenchmark;
import dev.fastio.bench.ipv4.IpParseColdBenchmark;
import dev.fastio.bench.read.AvailableBenchmark;
import dev.fastio.bench.read.BufferSizeBenchmark;
import dev.fastio.bench.read.GrowingReadBenchmark;
import dev.fastio.bench.array.FreshLoadBenchmark;
import dev.fastio.bench.read.OpenReaderBenchmark;
import dev.fastio.bench.read.OpenStreamBenchmark;
import dev.fastio.bench.read.ReadPeersBenchmark;
import dev.fastio.bench.read.ReadWholeFileBenchmark;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Every suite {@code fastio bench} knows, in the order it runs them. Add a new benchmark class here. */
public final class Suites {
    /** The quick scale's biggest file (50 MB); the full scale reads the 1.3 GB one. */
    private static final String[] QUICK_BIG_FILE = {Long.toString(50L << 20)};
    private static final String[] QUICK_CACHE_FILES = {"csv", "4096", "32768"};
    private static final String[] QUICK_LINES = {Integer.toString(DataSets.IPV4_LINES_QUICK)};

    private Suites() {}

    public static List<Suite> all() {
        return List.of(
                new Suite("OpenStream", "read", OpenStreamBenchmark.class, Map.of()),
                new Suite("OpenReader", "read", OpenReaderBenchmark.class,
                        Map.of("size", new String[] {"4096", "500000"})),
                new Suite("ReadWholeFile", "read", ReadWholeFileBenchmark.class,
                        Map.of("size", new String[] {"16", "32768", "5000000"})),
                new Suite("GrowingRead", "read", GrowingReadBenchmark.class, Map.of("size", new String[] {"5000000"})),
                new Suite("BufferSize", "read", BufferSizeBenchmark.class, Map.of("size", QUICK_BIG_FILE,
                        "buffer", new String[] {"8192", "65536", "2097152"}, "chunk", new String[] {"512", "65536"})),
                new Suite("Available", "read", AvailableBenchmark.class, Map.of("size", QUICK_BIG_FILE)),
                new Suite("Gzip", "gzip", GzipBenchmark.class, Map.of("lines", QUICK_LINES)),
                new Suite("IpLoad", "array", IpLoadBenchmark.class, Map.of("lines", QUICK_LINES)),
                new Suite("IpLoadUnbuffered", "array", IpLoadUnbufferedBenchmark.class, Map.of("ints", new String[] {"500000"})),
                new Suite("FreshLoad", "array", FreshLoadBenchmark.class, Map.of("size", new String[] {"52428800"})),
                new Suite("IpParse", "ipv4", IpParseBenchmark.class, Map.of("lines", QUICK_LINES)),
                new Suite("IpParseBlock", "ipv4", IpParseBlockBenchmark.class,
                        Map.of("lines", QUICK_LINES, "blockBytes", new String[] {"262144", "1048576"})),
                new Suite("IpLoadCold", "array", IpLoadColdBenchmark.class, Map.of("lines", QUICK_LINES), true),
                new Suite("IpParseCold", "ipv4", IpParseColdBenchmark.class, Map.of("lines", QUICK_LINES), true),
                // quick: the smallest file (the cp-start and Files.copy targets) and the 50 MB one (within 5% of cp)
                new Suite("Copy", "copy", CopyBenchmark.class,
                        Map.of("file", new String[] {"text-5120", "binary-52428800"})),
                new Suite("CopyReaders", "copy", CopyReadersBenchmark.class,
                        Map.of("file", new String[] {"text-5120", "text-51200"}, "dest", new String[] {"same"})),
                new Suite("CopyNaive", "copy", CopyNaiveBenchmark.class, Map.of()),
                new Suite("CopyStrategy", "copy", CopyStrategyBenchmark.class, Map.of()),
                new Suite("CopyReplace", "copy", CopyReplaceBenchmark.class, Map.of("dest", new String[] {"same"})),
                new Suite("FileCache", "cache", FileCacheBenchmark.class, Map.of("file", QUICK_CACHE_FILES)),
                new Suite("FileCacheTwoThreads", "cache", FileCacheTwoThreadsBenchmark.class,
                        Map.of("file", QUICK_CACHE_FILES)),
                // the libraries a user would pick instead (--suite peers picks the four); quick: fewer sizes
                new Suite("ReadPeers", "read", ReadPeersBenchmark.class, Map.of("size", new String[] {"16", "32768", "5000000"})),
                new Suite("CopyPeers", "copy", CopyPeersBenchmark.class,
                        Map.of("file", new String[] {"text-5120", "binary-52428800"}, "replace", new String[] {"false"})),
                new Suite("GzipPeers", "gzip", GzipPeersBenchmark.class, Map.of("lines", QUICK_LINES)),
                new Suite("ArrayPeers", "array", ArrayPeersBenchmark.class, Map.of("lines", QUICK_LINES)),
                new Suite("HdfsLoad", "hadoop", HdfsLoadBenchmark.class, Map.of("lines", QUICK_LINES), new SharedHdfs()));
    }

    /** The selector that picks the races against other libraries: every suite whose name ends in it. */
    public static final String PEERS = "Peers";

    /**
     * The suites {@code selectors} pick (all when empty): by suite name, package, benchmark class,
     * or {@code peers} for the races against other libraries; an unknown selector is an error
     * listing the known ones.
     */
    public static List<Suite> select(List<String> selectors) {
        if (selectors == null || selectors.isEmpty()) {
            return all();
        }
        List<Suite> picked = new ArrayList<>();
        for (String s : selectors) {
            List<Suite> m = all().stream().filter(x -> x.matches(s)
                    || (s.equalsIgnoreCase(PEERS) && x.name().endsWith(PEERS))).toList();
            if (m.isEmpty()) {
                throw new IllegalArgumentException("unknown suite '" + s + "'; known: "
                        + String.join(", ", all().stream().map(Suite::name).toList())
                        + " (or a package: " + String.join(", ", all().stream().map(Suite::pkg).distinct().toList())
                        + "; or peers, the races against other libraries)");
            }
            m.stream().filter(x -> !picked.contains(x)).forEach(picked::add);
        }
        return picked;
    }
}
