package dev.fastio.bench.gzip;

import static dev.fastio.report.Compare.faster;
import static dev.fastio.report.Compare.needsTool;
import static dev.fastio.report.Compare.notSlower;
import static dev.fastio.report.Compare.notSlowerThanEach;
import static dev.fastio.report.Compare.onJdk;

import static dev.fastio.report.BenchmarkMethod.name;

import dev.fastio.report.Claim;
import dev.fastio.report.Experiment;
import java.util.List;

/** Article 004, gzip half. */
public final class GzipExperiments {
    private static final String A004 = "article 004";

    private GzipExperiments() {}

    public static List<Experiment> all() {
        return List.of(gzip(), gzipPeers());
    }

    static Experiment gzipPeers() {
        String fastio = name(GzipPeersBenchmark::fastio);
        String bgzf = name(GzipPeersBenchmark::fastioBgzf);
        return new Experiment(GzipPeersBenchmark.class,
                "Decompressing gzip: fastio against the libraries",
                "fastio · the libraries a user would pick instead",
                "Is fastio's gzip reader faster than GZIPInputStream, Commons Compress, Intel GKL and htsjdk, on one member and on BGZF?",
                name(GzipPeersBenchmark::jdkGzipInputStream64k), "lines",
                List.of(
                        new Claim("fastio", "Gzip.open reads a one-member file no slower than GZIPInputStream (64 KB buffer) and Commons Compress.",
                                notSlowerThanEach(fastio, List.of(name(GzipPeersBenchmark::jdkGzipInputStream64k),
                                        name(GzipPeersBenchmark::commonsCompress)), r -> true, 0.0)),
                        new Claim("fastio", "On JDK 22+ (ISA-L through the FFM API), Gzip.open reads a one-member file no slower than"
                                + " Intel GKL (ISA-L through JNI), which can only inflate the file whole, in memory.",
                                onJdk(22, notSlowerThanEach(fastio, List.of(name(GzipPeersBenchmark::gklWhole)), r -> true, 0.0))),
                        new Claim("fastio", "Gzip.open reads a BGZF file no slower than GZIPInputStream, Commons Compress, htsjdk and"
                                + " htsjdk with GKL's inflater (as GATK reads it).",
                                notSlowerThanEach(bgzf, List.of(name(GzipPeersBenchmark::jdkGzipInputStream64kBgzf),
                                        name(GzipPeersBenchmark::commonsCompressBgzf), name(GzipPeersBenchmark::htsjdkBgzf),
                                        name(GzipPeersBenchmark::gklBgzf)), r -> true, 0.0)),
                        new Claim("fastio", "On JDK 22+, Gzip.open on one thread reads a BGZF file no slower than htsjdk with GKL's inflater.",
                                onJdk(22, notSlowerThanEach(name(GzipPeersBenchmark::fastioBgzfOneThread),
                                        List.of(name(GzipPeersBenchmark::gklBgzf)), r -> true, 0.0)))));
    }

    static Experiment gzip() {
        return new Experiment(GzipBenchmark.class,
                "Decompressing gzip",
                "004 · java.io.BufferedInputStream and java.util.zip.GZIPInputStream",
                "Is GZIPInputStream's 512-byte default buffer too small, is a BufferedInputStream under it redundant, and how fast can a gzip file be read?",
                name(GzipBenchmark::gzipInputStreamDefault), "lines",
                List.of(
                        new Claim(A004, "A 64 KB input buffer is faster than GZIPInputStream's 512-byte default.",
                                faster(name(GzipBenchmark::gzipInputStream64k), name(GzipBenchmark::gzipInputStreamDefault), r -> true, 0.05)),
                        new Claim(A004, "A BufferedInputStream under GZIPInputStream is redundant: a 64 KB GZIPInputStream buffer alone is at least as fast.",
                                notSlower(name(GzipBenchmark::gzipInputStream64k), name(GzipBenchmark::gzipInputStreamOverBuffered), r -> true, 0.05)),
                        new Claim("fastio", "GzipReader is at least 1.4× faster than new GZIPInputStream(new FileInputStream(f)).",
                                faster(name(GzipBenchmark::fastio), name(GzipBenchmark::gzipInputStreamDefault), r -> true, 1 - 1 / 1.4)),
                        new Claim("fastio", "GzipReader is no slower than gzip -d.",
                                notSlower(name(GzipBenchmark::fastio), name(GzipBenchmark::gzipDashD), r -> true, 0.0)),
                        new Claim("fastio", "On JDK 22+ (ISA-L through the FFM API), GzipReader is at least 2.5× faster than"
                                + " new GZIPInputStream(new FileInputStream(f)).",
                                onJdk(22, faster(name(GzipBenchmark::fastio), name(GzipBenchmark::gzipInputStreamDefault), r -> true, 1 - 1 / 2.5))),
                        new Claim("fastio", "On JDK 22+ (ISA-L through the FFM API), GzipReader takes at most 1.1× what igzip -d takes"
                                + " as a process (whose time includes the process's start).",
                                onJdk(22, needsTool(name(GzipBenchmark::igzipDashD), "igzip", "isal", notSlower(name(GzipBenchmark::fastio), name(GzipBenchmark::igzipDashD), r -> true, 0.10)))),
                        new Claim("fastio", "A BGZF file's blocks inflated on every core are at least 1.7× faster than on one thread"
                                + " (with 2 cores or more).",
                                faster(name(GzipBenchmark::fastioBgzfAllCores), name(GzipBenchmark::fastioBgzfOneThread), r -> true, 1 - 1 / 1.7)),
                        new Claim("fastio", "A BGZF file read on every core is faster than igzip -d on it.",
                                needsTool(name(GzipBenchmark::igzipBgzf), "igzip", "isal", faster(name(GzipBenchmark::fastioBgzfAllCores), name(GzipBenchmark::igzipBgzf), r -> true, 0.0)))));
    }
}
