package dev.fastio.bench.gzip;

import static dev.fastio.report.claims.Compare.faster;
import static dev.fastio.report.claims.Compare.needsTool;
import static dev.fastio.report.claims.Compare.notSlower;
import static dev.fastio.report.claims.Compare.notSlowerThanEach;

import dev.fastio.report.claims.Claim;
import dev.fastio.report.claims.Experiment;
import java.util.List;

/** Article 004, gzip half. */
public final class GzipExperiments {
    private static final String A004 = "article 004";

    private GzipExperiments() {}

    public static List<Experiment> all() {
        return List.of(gzip(), gzipPeers());
    }

    static Experiment gzipPeers() {
        String fastio = GzipPeersBenchmark_.fastio;
        String bgzf = GzipPeersBenchmark_.fastioBgzf;
        return new Experiment(GzipPeersBenchmark_.CLASS,
                "Decompressing gzip: fastio against the libraries",
                "fastio · the libraries a user would pick instead",
                "Is fastio's gzip reader faster than GZIPInputStream, Commons Compress, Intel GKL and htsjdk, on one member and on BGZF?",
                GzipPeersBenchmark_.jdkGzipInputStream64k, "lines",
                List.of(
                        new Claim("fastio", "Gzip.open reads a one-member file no slower than GZIPInputStream (64 KB buffer) and Commons Compress (5% margin).",
                                notSlowerThanEach(fastio, List.of(GzipPeersBenchmark_.jdkGzipInputStream64k,
                                        GzipPeersBenchmark_.commonsCompress), r -> true, 0.05)),
                        new Claim("fastio", "With ISA-L (the native layer: FFM on JDK 22+, jffi on JDK 17–21), Gzip.open reads a one-member file no slower than"
                                + " Intel GKL (ISA-L through JNI), which can only inflate the file whole, in memory (5% margin).",
                                notSlowerThanEach(fastio, List.of(GzipPeersBenchmark_.gklWhole), r -> true, 0.05)),
                        new Claim("fastio", "Gzip.open reads a BGZF file no slower than GZIPInputStream, Commons Compress, htsjdk and"
                                + " htsjdk with GKL's inflater (as GATK reads it; 5% margin).",
                                notSlowerThanEach(bgzf, List.of(GzipPeersBenchmark_.jdkGzipInputStream64kBgzf,
                                        GzipPeersBenchmark_.commonsCompressBgzf, GzipPeersBenchmark_.htsjdkBgzf,
                                        GzipPeersBenchmark_.gklBgzf), r -> true, 0.05)),
                        new Claim("fastio", "With ISA-L, Gzip.open on one thread reads a BGZF file no slower than htsjdk with GKL's inflater (5% margin).",
                                notSlowerThanEach(GzipPeersBenchmark_.fastioBgzfOneThread,
                                        List.of(GzipPeersBenchmark_.gklBgzf), r -> true, 0.05)),
                        new Claim("fastio", "With ISA-L, Gzip.open on one thread reads a BGZF file in at most 0.9× the time htsjdk with"
                                + " GKL's inflater takes (issue 44's target; docs/measure/bgzfinflate.c gives the C floor).",
                                faster(GzipPeersBenchmark_.fastioBgzfOneThread, GzipPeersBenchmark_.gklBgzf, r -> true, 0.10)),
                        new Claim("fastio", "ISA-L (the default where installed) reads a BGZF file on one thread no slower"
                                + " than libdeflate (5% margin): the order Inflaters chooses in.",
                                notSlower(GzipPeersBenchmark_.fastioBgzfOneThread, GzipPeersBenchmark_.fastioBgzfOneThreadLibdeflate,
                                        r -> true, 0.05)),
                        new Claim("fastio", "libdeflate (on request only: it reads some malformed deflate data as data) reads a"
                                + " BGZF file on one thread at least 1.5× faster than the JDK's zlib: what the default gives up where ISA-L is absent.",
                                faster(GzipPeersBenchmark_.fastioBgzfOneThreadLibdeflate, GzipPeersBenchmark_.fastioBgzfOneThreadZlib,
                                        r -> true, 1 - 1 / 1.5))));
    }

    static Experiment gzip() {
        return new Experiment(GzipBenchmark_.CLASS,
                "Decompressing gzip",
                "004 · java.io.BufferedInputStream and java.util.zip.GZIPInputStream",
                "Is GZIPInputStream's 512-byte default buffer too small, is a BufferedInputStream under it redundant, and how fast can a gzip file be read?",
                GzipBenchmark_.gzipInputStreamDefault, "lines",
                List.of(
                        new Claim(A004, "A 64 KB input buffer is faster than GZIPInputStream's 512-byte default.",
                                faster(GzipBenchmark_.gzipInputStream64k, GzipBenchmark_.gzipInputStreamDefault, r -> true, 0.05)),
                        new Claim(A004, "A BufferedInputStream under GZIPInputStream is redundant: a 64 KB GZIPInputStream buffer alone is at least as fast (5% margin).",
                                notSlower(GzipBenchmark_.gzipInputStream64k, GzipBenchmark_.gzipInputStreamOverBuffered, r -> true, 0.05)),
                        new Claim("fastio", "GzipReader is at least 1.4× faster than new GZIPInputStream(new FileInputStream(f)).",
                                faster(GzipBenchmark_.fastio, GzipBenchmark_.gzipInputStreamDefault, r -> true, 1 - 1 / 1.4)),
                        new Claim("fastio", "GzipReader is no slower than gzip -d (5% margin).",
                                notSlower(GzipBenchmark_.fastio, GzipBenchmark_.gzipDashD, r -> true, 0.05)),
                        new Claim("fastio", "With ISA-L (the native layer: FFM on JDK 22+, jffi on JDK 17–21), GzipReader is at least 2.5× faster than"
                                + " new GZIPInputStream(new FileInputStream(f)).",
                                faster(GzipBenchmark_.fastio, GzipBenchmark_.gzipInputStreamDefault, r -> true, 1 - 1 / 2.5)),
                        new Claim("fastio", "With ISA-L (the native layer: FFM on JDK 22+, jffi on JDK 17–21), GzipReader takes at most 1.1× what igzip -d takes"
                                + " as a process (whose time includes the process's start).",
                                needsTool(GzipBenchmark_.igzipDashD, "igzip", "isal", notSlower(GzipBenchmark_.fastio, GzipBenchmark_.igzipDashD, r -> true, 0.10))),
                        new Claim("fastio", "A BGZF file's blocks inflated on every core are at least 1.7× faster than on one thread"
                                + " (with 2 cores or more).",
                                faster(GzipBenchmark_.fastioBgzfAllCores, GzipBenchmark_.fastioBgzfOneThread, r -> true, 1 - 1 / 1.7)),
                        new Claim("fastio", "With ISA-L (the native layer: FFM on JDK 22+, jffi on JDK 17–21), GzipReader reads a one-member file at least 1.7× faster"
                                + " than with the JDK's zlib forced.",
                                faster(GzipBenchmark_.fastio, GzipBenchmark_.fastioZlib, r -> true, 1 - 1 / 1.7)),
                        new Claim("fastio", "A BGZF file read on every core is faster than igzip -d on it.",
                                needsTool(GzipBenchmark_.igzipBgzf, "igzip", "isal", faster(GzipBenchmark_.fastioBgzfAllCores, GzipBenchmark_.igzipBgzf, r -> true, 0.0)))));
    }
}
