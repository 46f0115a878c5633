package dev.fastio.bench.copy;

import static dev.fastio.report.claims.Compare.faster;
import static dev.fastio.report.claims.Compare.notSlower;
import static dev.fastio.report.claims.Compare.similar;

import dev.fastio.report.claims.Claim;
import dev.fastio.report.claims.Compare;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.claims.Scope;
import dev.fastio.report.claims.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/** Article 003 (file copy), with article 004's remark on transferTo's CPU use. */
public final class CopyExperiments {
    private static final String A003 = "article 003";
    private static final String A004 = "article 004";
    private static final String TITLE = "003 · File copy in Java - Benchmark";
    private static final String DEST = " dest=same is the data folder's filesystem, dest=shm is /dev/shm (tmpfs): a second filesystem,"
            + " as the article copies between two disks.";

    private CopyExperiments() {}

    public static List<Experiment> all() {
        Scope small = Scope.under("file", 5L << 20);
        Scope big = Scope.from("file", 5L << 20);
        Scope mb50 = Scope.from("file", 50L << 20);
        return List.of(
                new Experiment(CopyBenchmark_.CLASS, "Copying a file", TITLE,
                        "Which way of copying a file is fastest, from 5 KB to 1.3 GB, on one filesystem and across two?" + DEST,
                        CopyBenchmark_.pathCopy, "file",
                        List.of(
                                Claim.scoped(A003, "Native cp is much slower than Java for small files ({scope}): starting a process costs more than the copy.",
                                        small, s -> faster(CopyBenchmark_.customBufferStream, CopyBenchmark_.nativeCp, s, 0.5)),
                                new Claim(A003, "A custom 4 KB buffer beats byte-at-a-time buffered streams.",
                                        faster(CopyBenchmark_.customBufferStream, CopyBenchmark_.bufferedStreams, r -> true, 0.2)),
                                Claim.scoped(A003, "NIO transfer is the best method for big files ({scope}).",
                                        big, s -> faster(CopyBenchmark_.nioTransfer, CopyBenchmark_.customBufferStream, s, 0.0)),
                                Claim.scoped(A003, "For small files ({scope}), NIO transfer is not faster than a custom buffer (5% margin).",
                                        small, s -> notSlower(CopyBenchmark_.customBufferStream, CopyBenchmark_.nioTransfer, s, 0.05)),
                                Claim.scoped(A003, "For the enormous file ({scope}), native cp is the fastest.",
                                        Scope.of("file", 1300L << 20), s -> faster(CopyBenchmark_.nativeCp, CopyBenchmark_.nioTransfer, s, 0.0)),
                                new Claim(A003, "The Java 7 Path copy (Files.copy) is about as fast as NIO transfer (within 10%).",
                                        similar(CopyBenchmark_.pathCopy, CopyBenchmark_.nioTransfer, r -> true, 0.1)),
                                new Claim(A003, "Readers are slower than streams: they convert every char (custom 4 KB buffer, reader vs stream).",
                                        CopyExperiments::readersSlower),
                                Claim.scoped(A004, "transferTo uses less CPU than a stream copy (files of {scope}).",
                                        big, s -> rs -> lessCpu(rs, CopyBenchmark_.nioTransfer, CopyBenchmark_.customBufferStream, s)),
                                new Claim("fastio", "FileCopy (atomic) is no slower than Files.copy at every size (5% margin).",
                                        notSlower(CopyBenchmark_.fastio, CopyBenchmark_.pathCopy, r -> true, 0.05)),
                                Claim.scoped("fastio", "FileCopy is within 5% of cp for files of {scope}.",
                                        mb50, s -> notSlower(CopyBenchmark_.fastio, CopyBenchmark_.nativeCp, s, 0.05)),
                                Claim.scoped("fastio", "FileCopy copies a {scope} file at least 100× faster than starting cp.",
                                        Scope.of("file", 5L << 10), s -> faster(CopyBenchmark_.fastio, CopyBenchmark_.nativeCp, s, 0.99)),
                                Claim.scoped("fastio", "A progress listener slows big copies ({scope}) by at most 2%.",
                                        mb50, s -> notSlower(CopyBenchmark_.fastioProgress, CopyBenchmark_.fastio, s, 0.02)))),
                new Experiment(CopyReadersBenchmark_.CLASS, "Copying a text file through readers", TITLE,
                        "How much does decoding and re-encoding every char cost a copy? (compare with the stream methods above)" + DEST,
                        null, "file", List.of()),
                new Experiment(CopyNaiveBenchmark_.CLASS, "Copying a byte (or char) at a time", TITLE,
                        "What does one call per byte cost? (bounded to 5 KB and 50 KB, as the article dropped these methods after)",
                        CopyNaiveBenchmark_.naiveStreams, "file",
                        List.of(new Claim(A003, "Naive readers are much faster than naive streams, because a reader buffers underneath.",
                                faster(CopyNaiveBenchmark_.naiveReaders, CopyNaiveBenchmark_.naiveStreams, r -> true, 0.5)))),
                new Experiment(CopyReplaceBenchmark_.CLASS, "Copying over an existing file", TITLE,
                        "What does replacing a destination cost, by the way it is replaced: rename over it (fastio atomic),"
                                + " delete then create (Files.copy, fastio in place), or truncate (cp, a stream)?" + DEST,
                        CopyReplaceBenchmark_.pathCopy, "file",
                        List.of(new Claim("fastio", "FileCopy in place replaces a file no slower than Files.copy (both delete, then create; 10% margin).",
                                notSlower(CopyReplaceBenchmark_.fastioInPlace, CopyReplaceBenchmark_.pathCopy, r -> true, 0.1)))),
                new Experiment(CopyStrategyBenchmark_.CLASS, "FileCopy's threshold: buffer or transferTo", TITLE,
                        "Where should FileCopy switch from one buffered read and write to transferTo?",
                        CopyStrategyBenchmark_.pathCopy, "file",
                        List.of(
                                new Claim("fastio", "FileCopy's choice is no slower than the buffer strategy at any size (5% margin).",
                                        notSlower(CopyStrategyBenchmark_.fastio, CopyStrategyBenchmark_.buffer, r -> true, 0.05)),
                                new Claim("fastio", "FileCopy's choice is no slower than the transferTo strategy at any size (5% margin).",
                                        notSlower(CopyStrategyBenchmark_.fastio, CopyStrategyBenchmark_.transferTo, r -> true, 0.05)),
                                new Claim("fastio", "FileCopy (atomic) is no slower than Files.copy at every size (5% margin).",
                                        notSlower(CopyStrategyBenchmark_.fastio, CopyStrategyBenchmark_.pathCopy, r -> true, 0.05)))),
                copyPeers());
    }

    /** The peers of {@link CopyPeersBenchmark}: the JDK, Commons IO, Guava, Okio. */
    private static final List<String> COPY_PEERS = List.of(CopyPeersBenchmark_.jdkFilesCopy, CopyPeersBenchmark_.commonsIo,
            CopyPeersBenchmark_.guava, CopyPeersBenchmark_.okio);

    static Experiment copyPeers() {
        Predicate<Result> toNew = r -> "false".equals(r.param("replace"));
        Predicate<Result> over = r -> "true".equals(r.param("replace"));
        return new Experiment(CopyPeersBenchmark_.CLASS, "Copying a file: fastio against the libraries",
                "fastio · the libraries a user would pick instead",
                "Is FileCopy faster than Files.copy, Commons IO's FileUtils.copyFile, Guava's Files.copy and Okio's FileSystem.copy,"
                        + " to a new name and over an existing file, 5 KB to 1.3 GB?",
                CopyPeersBenchmark_.jdkFilesCopy, "file",
                List.of(
                        new Claim("fastio", "FileCopy in place (atomic(false), as the peers write) copies to a new name no slower than the"
                                + " fastest of Files.copy, Commons IO, Guava and Okio, at every size (5% margin).",
                                Compare.notSlowerThanEach(CopyPeersBenchmark_.fastioInPlace, COPY_PEERS, toNew, 0.05)),
                        new Claim("fastio", "FileCopy in place replaces an existing file no slower than the fastest peer, at every size (5% margin).",
                                Compare.notSlowerThanEach(CopyPeersBenchmark_.fastioInPlace, COPY_PEERS, over, 0.05)),
                        // issue 41's targets for the default: its one directory operation more is priced, not free
                        new Claim("fastio", "FileCopy's atomic default (a new file, published by one link or rename: the one directory"
                                + " operation more that makes a reader never see half a file) copies to a new name in at most 1.15× the"
                                + " fastest peer's time, at every size.",
                                Compare.notSlowerThanEach(CopyPeersBenchmark_.fastio, COPY_PEERS, toNew, 0.15)),
                        new Claim("fastio", "FileCopy's atomic default replaces an existing file in at most 1.3× the time of Files.copy,"
                                + " at every size.",
                                Compare.notSlower(CopyPeersBenchmark_.fastio, CopyPeersBenchmark_.jdkFilesCopy, over, 0.3))));
    }

    /** customBufferReader (readers class) against customBufferStream (this class) at the same file and destination. */
    static Verdict readersSlower(ExperimentResults rs) {
        List<String> seen = new ArrayList<>();
        List<Estimate.Outcome> outcomes = new ArrayList<>();
        for (Result reader : rs.ofClass(CopyReadersBenchmark_.CLASS)) {
            if (!reader.method().equals(CopyReadersBenchmark_.customBufferReader)) {
                continue;
            }
            for (Result stream : rs.of(CopyBenchmark_.customBufferStream, r -> r.params().equals(reader.params()))) {
                Estimate ratio = Estimate.ratio(rs.estimates(), reader, stream);
                Estimate.Outcome slower = ratio.judgeAtLeast(1); // slower: the reader's time above the stream's
                outcomes.add(slower);
                seen.add(reader.param("file") + " " + reader.param("dest") + ": reader/stream " + ratio.ratioText() + " "
                        + Compare.outcomeWord(slower));
            }
        }
        if (seen.isEmpty()) {
            return Verdict.notMeasured("needs CopyReadersBenchmark and CopyBenchmark at the same file and destination");
        }
        return new Verdict(Compare.combine(outcomes), String.join(" · ", seen));
    }

    /** CPU per copy of {@code a} below {@code b}'s at every file {@code where} holds. */
    static Verdict lessCpu(ExperimentResults rs, String a, String b, Predicate<Result> where) {
        List<String> seen = new ArrayList<>();
        int yes = 0;
        for (Result ra : rs.of(a, where)) {
            Result rb = rs.peer(b, ra).orElse(null);
            if (rb == null || Double.isNaN(ra.cpuMicrosPerOp()) || Double.isNaN(rb.cpuMicrosPerOp())) {
                continue;
            }
            boolean less = ra.cpuMicrosPerOp() < rb.cpuMicrosPerOp();
            yes += less ? 1 : 0;
            seen.add(String.format(Locale.ROOT, "%s %s: %.1f vs %.1f ms CPU", ra.param("file"), ra.param("dest"),
                    ra.cpuMicrosPerOp() / 1e3, rb.cpuMicrosPerOp() / 1e3));
        }
        if (seen.isEmpty()) {
            return Verdict.notMeasured("no CPU time recorded for " + a + " and " + b + " at " + where);
        }
        return new Verdict(Compare.status(yes, seen.size()), String.join(" · ", seen));
    }
}
