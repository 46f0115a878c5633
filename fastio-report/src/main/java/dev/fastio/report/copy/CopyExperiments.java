package dev.fastio.report.copy;

import static dev.fastio.report.Compare.faster;
import static dev.fastio.report.Compare.notSlower;
import static dev.fastio.report.Compare.similar;

import dev.fastio.report.Claim;
import dev.fastio.report.Compare;
import dev.fastio.report.Estimate;
import dev.fastio.report.Experiment;
import dev.fastio.report.ExperimentResults;
import dev.fastio.report.Result;
import dev.fastio.report.Verdict;
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

    /** The file size in bytes from a {@code file} param such as {@code binary-52428800}; -1 if absent. */
    static long size(Result r) {
        String f = r.param("file");
        return f == null ? -1 : Long.parseLong(f.substring(f.indexOf('-') + 1));
    }

    static Predicate<Result> atLeast(long bytes) {
        return r -> size(r) >= bytes;
    }

    static Predicate<Result> atMost(long bytes) {
        return r -> size(r) >= 0 && size(r) <= bytes;
    }

    public static List<Experiment> all() {
        long mb50 = 50L << 20;
        return List.of(
                new Experiment("CopyBenchmark", "Copying a file", TITLE,
                        "Which way of copying a file is fastest, from 5 KB to 1.3 GB, on one filesystem and across two?" + DEST,
                        "pathCopy", "file",
                        List.of(
                                new Claim(A003, "Native cp is much slower than Java for small files: starting a process costs more than the copy.",
                                        faster("customBufferStream", "nativeCp", atMost(51_200), 0.5)),
                                new Claim(A003, "A custom 4 KB buffer beats byte-at-a-time buffered streams.",
                                        faster("customBufferStream", "bufferedStreams", r -> true, 0.2)),
                                new Claim(A003, "NIO transfer is the best method for big files (5 MB and up).",
                                        faster("nioTransfer", "customBufferStream", atLeast(5L << 20), 0.0)),
                                new Claim(A003, "For small files (under 5 MB), NIO transfer is not faster than a custom buffer.",
                                        notSlower("customBufferStream", "nioTransfer", atMost(51_200), 0.05)),
                                new Claim(A003, "For the enormous file (1.3 GB), native cp is the fastest.",
                                        faster("nativeCp", "nioTransfer", atLeast(1L << 30), 0.0)),
                                new Claim(A003, "The Java 7 Path copy (Files.copy) is about as fast as NIO transfer.",
                                        similar("pathCopy", "nioTransfer", r -> true, 0.1)),
                                new Claim(A003, "Readers are slower than streams: they convert every char (custom 4 KB buffer, reader vs stream).",
                                        CopyExperiments::readersSlower),
                                new Claim(A004, "transferTo uses less CPU than a stream copy (files of 5 MB and up).",
                                        rs -> lessCpu(rs, "nioTransfer", "customBufferStream", 5L << 20)),
                                new Claim("fastio", "FileCopy (atomic) is no slower than Files.copy at every size.",
                                        notSlower("fastio", "pathCopy", r -> true, 0.0)),
                                new Claim("fastio", "FileCopy is within 5% of cp for files of 50 MB and up.",
                                        notSlower("fastio", "nativeCp", atLeast(mb50), 0.05)),
                                new Claim("fastio", "FileCopy copies a 5 KB file at least 100× faster than starting cp.",
                                        faster("fastio", "nativeCp", atMost(5120), 0.99)),
                                new Claim("fastio", "A progress listener slows big copies (50 MB and up) by at most 2%.",
                                        notSlower("fastioProgress", "fastio", atLeast(mb50), 0.02)))),
                new Experiment("CopyReadersBenchmark", "Copying a text file through readers", TITLE,
                        "How much does decoding and re-encoding every char cost a copy? (compare with the stream methods above)" + DEST,
                        null, "file", List.of()),
                new Experiment("CopyNaiveBenchmark", "Copying a byte (or char) at a time", TITLE,
                        "What does one call per byte cost? (bounded to 5 KB and 50 KB, as the article dropped these methods after)",
                        "naiveStreams", "file",
                        List.of(new Claim(A003, "Naive readers are much faster than naive streams, because a reader buffers underneath.",
                                faster("naiveReaders", "naiveStreams", r -> true, 0.5)))),
                new Experiment("CopyReplaceBenchmark", "Copying over an existing file", TITLE,
                        "What does replacing a destination cost, by the way it is replaced: rename over it (fastio atomic),"
                                + " delete then create (Files.copy, fastio in place), or truncate (cp, a stream)?" + DEST,
                        "pathCopy", "file",
                        List.of(new Claim("fastio", "FileCopy in place replaces a file no slower than Files.copy (both delete, then create).",
                                notSlower("fastioInPlace", "pathCopy", r -> true, 0.1)))),
                new Experiment("CopyStrategyBenchmark", "FileCopy's threshold: buffer or transferTo", TITLE,
                        "Where should FileCopy switch from one buffered read and write to transferTo?",
                        "pathCopy", "file",
                        List.of(
                                new Claim("fastio", "FileCopy's choice is no slower than the buffer strategy at any size.",
                                        notSlower("fastio", "buffer", r -> true, 0.05)),
                                new Claim("fastio", "FileCopy's choice is no slower than the transferTo strategy at any size.",
                                        notSlower("fastio", "transferTo", r -> true, 0.05)),
                                new Claim("fastio", "FileCopy (atomic) is no slower than Files.copy at every size.",
                                        notSlower("fastio", "pathCopy", r -> true, 0.0)))));
    }

    /** customBufferReader (readers class) against customBufferStream (this class) at the same file and destination. */
    static Verdict readersSlower(ExperimentResults rs) {
        List<String> seen = new ArrayList<>();
        List<Estimate.Outcome> outcomes = new ArrayList<>();
        for (Result reader : rs.ofClass("CopyReadersBenchmark")) {
            if (!reader.method().equals("customBufferReader")) {
                continue;
            }
            for (Result stream : rs.of("customBufferStream", r -> r.params().equals(reader.params()))) {
                Estimate ratio = Estimate.ratio(reader, stream);
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

    /** CPU per copy of {@code a} below {@code b}'s at every file of at least {@code minBytes}. */
    static Verdict lessCpu(ExperimentResults rs, String a, String b, long minBytes) {
        List<String> seen = new ArrayList<>();
        int yes = 0;
        for (Result ra : rs.of(a, atLeast(minBytes))) {
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
            return Verdict.notMeasured("no CPU time recorded for " + a + " and " + b + " at " + minBytes + " bytes and up");
        }
        return new Verdict(Compare.status(yes, seen.size()), String.join(" · ", seen));
    }
}
