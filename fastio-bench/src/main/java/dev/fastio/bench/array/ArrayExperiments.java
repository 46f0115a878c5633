package dev.fastio.bench.array;

import static dev.fastio.report.claims.Compare.atScale;
import static dev.fastio.report.claims.Compare.faster;
import static dev.fastio.report.claims.Compare.withinYardstick;

import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.claims.Claim;
import dev.fastio.report.claims.Compare;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.claims.Verdict;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** Article 001, binary half: loading the IPv4 list's 4-byte ints. */
public final class ArrayExperiments {
    private static final String A001 = "article 001";
    /** The full scale's list. */
    public static final String FULL = Long.toString(dev.fastio.bench.data.DataSets.IPV4_LINES_FULL);
    private static final String LIST = "the 26 M-address (104 MB) list";
    private static final String C_LOADS = "one read of the whole file into a resident buffer of its size, or the same staged"
            + " through a 256 KiB buffer, docs/measure/readfloor.c";

    private ArrayExperiments() {}

    public static List<Experiment> all() {
        return List.of(ipLoad(IpLoadBenchmark_.CLASS, "Loading 4-byte ints into an int[] (steady state)",
                        "How fast can the binary IPv4 list (26 M ints, 104 MB) be loaded into an int[], once the JIT has warmed up?"),
                ipLoad(IpLoadColdBenchmark_.CLASS, "Loading 4-byte ints into an int[] (cold: one load per fresh JVM)",
                        "The article's case: each Hadoop task loads the list once, in a new JVM. How long does that one load take?"),
                ipLoadUnbuffered(), arrayPeers(), freshLoad());
    }

    static Experiment freshLoad() {
        return new Experiment(FreshLoadBenchmark_.CLASS, "Loading a file written just before",
                "fastio · issue 41: one version of the file, at what price",
                "What does a load of a file written less than a second before cost against the same load of an older file?",
                FreshLoadBenchmark_.old, "size",
                List.of(new Claim("fastio", "A load of a file written less than a second before costs at most 1.3× the same load of an"
                        + " older file (a second pass confirms it).",
                        Compare.notSlower(FreshLoadBenchmark_.fresh, FreshLoadBenchmark_.old, r -> true, 0.3))));
    }

    static Experiment arrayPeers() {
        return new Experiment(ArrayPeersBenchmark_.CLASS, "Loading ints: fastio against the libraries",
                "fastio · the libraries a user would pick instead",
                "Is ArrayFiles.readInts faster than what a user writes without it: the JDK's channel and direct buffer,"
                        + " or a Commons IO or Guava whole-file read viewed as ints?",
                ArrayPeersBenchmark_.jdkChannel, "lines",
                List.of(new Claim("fastio", "ArrayFiles.readInts is no slower than the fastest of the JDK's channel and direct buffer,"
                        + " Commons IO's and Guava's whole-file reads viewed as ints (5% margin).",
                        dev.fastio.report.claims.Compare.notSlowerThanEach(ArrayPeersBenchmark_.fastio, List.of(ArrayPeersBenchmark_.jdkChannel,
                                ArrayPeersBenchmark_.commonsIo, ArrayPeersBenchmark_.guava), r -> true, 0.05))));
    }

    static Experiment ipLoad(String cls, String title, String question) {
        return new Experiment(cls, title,
                "001 · Java Fast IO Using java.nio API",
                question,
                IpLoadBenchmark_.nioDirect64k, "lines",
                Stream.concat(Stream.of(
                        new Claim(A001, "The NIO channel with a direct buffer (0.16 s) beats a 64 KB-buffered DataInputStream (2.4 s) by about 15×.",
                                faster(IpLoadBenchmark_.nioDirect64k, IpLoadBenchmark_.dataInputStreamBuffered64k, r -> true, 0.8)),
                        new Claim(A001, "An unbuffered DataInputStream (72 s) is some 30× slower than the buffered one (2.4 s).",
                                ArrayExperiments::unbufferedVsBuffered),
                        new Claim("fastio", "ArrayFiles.readInts loads " + LIST + " at 5 GB/s or more from the page cache.",
                                atScale("lines", FULL, LIST, rs -> throughput(rs, IpLoadBenchmark_.fastio, 5.0))),
                        new Claim("fastio", "ArrayFiles.readInts loads " + LIST + " at least 4× faster than the article's NIO method.",
                                atScale("lines", FULL, LIST, faster(IpLoadBenchmark_.fastio, IpLoadBenchmark_.nioDirect64k, r -> true, 0.75))),
                        new Claim("fastio", "ArrayFiles.readInts loads " + LIST + " in at most 1.6× the time of a bare page-cache read"
                                + " (dd bs=1M: the first yardstick, not a floor for a load, since dd's 1 MB buffer never leaves the CPU cache"
                                + " while a load must write every byte to memory).",
                                atScale("lines", FULL, LIST, ArrayExperiments::withinFloor))),
                        cls.equals(IpLoadBenchmark_.CLASS) ? againstC().stream() : Stream.<Claim>empty()).toList());
    }

    /**
     * The 104 MB load against the faster of the two C loads (the floor of a load into memory), in the steady-state suite
     * only: the cold suite does not run the C programs again.
     */
    static List<Claim> againstC() {
        return List.of(
                new Claim("fastio", "ArrayFiles.readInts into an existing array, native order, loads " + LIST + " in at most 1.05×"
                        + " the time of the faster C load (" + C_LOADS + "): the floor of a load into memory.",
                        atScale("lines", FULL, LIST, withinYardstick(IpLoadBenchmark_.fastioNativeOrderIntoExisting, r -> true, 1.05, IpLoadBenchmark_.cReadWhole, IpLoadBenchmark_.cReadStaged))),
                new Claim("fastio", "ArrayFiles.readInts into a new array, native order, loads " + LIST + " in at most 1.1× the faster"
                        + " C load (the JVM zeroes a new array first: newArrayOnly shows that cost).",
                        atScale("lines", FULL, LIST, withinYardstick(IpLoadBenchmark_.fastioNativeOrder, r -> true, 1.1, IpLoadBenchmark_.cReadWhole, IpLoadBenchmark_.cReadStaged))),
                new Claim("fastio", "ArrayFiles.readInts into an existing array, big-endian (a byte swap on x86), loads " + LIST
                        + " in at most 1.2× the faster C load.",
                        atScale("lines", FULL, LIST, withinYardstick(IpLoadBenchmark_.fastioIntoExisting, r -> true, 1.2, IpLoadBenchmark_.cReadWhole, IpLoadBenchmark_.cReadStaged))));
    }

    static Experiment ipLoadUnbuffered() {
        return new Experiment(IpLoadUnbufferedBenchmark_.CLASS,
                "Loading ints through an unbuffered DataInputStream",
                "001 · Java Fast IO Using java.nio API",
                "What does a read syscall per byte cost? (measured on the 2 M-address file so that it finishes)",
                null, "lines", List.of());
    }

    static Optional<Result> one(ExperimentResults rs, String method) {
        return rs.of(method).stream().findFirst();
    }

    /** GB/s with its interval, from the time per load and the {@code lines} param (4 bytes each). */
    static Estimate gbPerSecond(EstimateContext c, Result r) {
        double bytes = 4.0 * Long.parseLong(r.param("lines"));
        return Estimate.millis(c, r).inverse().times(bytes / 1e6);
    }

    static Verdict throughput(ExperimentResults rs, String method, double minGbPerSecond) {
        return one(rs, method).map(r -> {
            Estimate g = gbPerSecond(rs.estimates(), r);
            return new Verdict(Compare.status(g.judgeAtLeast(minGbPerSecond)),
                    String.format(Locale.ROOT, "%s: %s (%s for %s ints)", method, g.format("%.2f", " GB/s"),
                            Estimate.millis(rs.estimates(), r).format("%.1f", " ms"), r.param("lines")));
        }).orElse(Verdict.notMeasured(method + " was not run"));
    }

    /**
     * Against the time dd reports for its own copy (the {@code dd} method's counters), the
     * issue's yardstick; the Java page-cache read, which skips even dd's user-space loop, is shown
     * beside it. Without dd in the run, the Java read is the yardstick.
     */
    static Verdict withinFloor(ExperimentResults rs) {
        Optional<Result> f = one(rs, IpLoadBenchmark_.fastio);
        Optional<Result> floor = one(rs, IpLoadBenchmark_.pageCacheRead);
        double ddMs = one(rs, IpLoadBenchmark_.dd).map(r -> r.perEvent("ddNs", "ddRuns") / 1e6).orElse(Double.NaN);
        if (f.isEmpty() || (floor.isEmpty() && Double.isNaN(ddMs))) {
            return Verdict.notMeasured("fastio and dd or pageCacheRead were not run together");
        }
        Estimate fastio = Estimate.millis(rs.estimates(), f.get());
        StringBuilder sb = new StringBuilder("fastio " + fastio.format("%.1f", " ms"));
        Estimate ratio;
        if (!Double.isNaN(ddMs)) {
            ratio = fastio.times(1 / ddMs); // dd reports one time per run: taken as exact
            sb.append(String.format(Locale.ROOT, " vs dd's own time %.1f ms: ", ddMs)).append(ratio.ratioText());
            floor.ifPresent(p -> sb.append(String.format(Locale.ROOT, "; vs the Java page-cache read %.1f ms: ", Result.millis(p)))
                    .append(Estimate.ratio(rs.estimates(), f.get(), p).ratioText()));
        } else {
            ratio = Estimate.ratio(rs.estimates(), f.get(), floor.get());
            sb.append(String.format(Locale.ROOT, " vs page-cache read %.1f ms: ", Result.millis(floor.get())))
                    .append(ratio.ratioText()).append(" (dd was not run)");
        }
        return new Verdict(Compare.status(ratio.judgeAtMost(1.6)), sb.toString());
    }

    /** Compares per int: the unbuffered run reads a smaller file. */
    static Verdict unbufferedVsBuffered(ExperimentResults rs) {
        Optional<Result> buffered = one(rs, IpLoadBenchmark_.dataInputStreamBuffered64k);
        Optional<Result> unbuffered = rs.ofClass(IpLoadUnbufferedBenchmark_.CLASS).stream().findFirst();
        if (buffered.isEmpty() || unbuffered.isEmpty()) {
            return Verdict.notMeasured("needs both IpLoad and IpLoadUnbuffered in the run");
        }
        double linesB = Long.parseLong(buffered.get().param("lines"));
        double linesU = Long.parseLong(unbuffered.get().param("lines"));
        String ints = unbuffered.get().param("ints"); // how many of the file's ints the unbuffered run read; 0 or absent: all
        if (ints != null && Long.parseLong(ints) > 0) {
            linesU = Math.min(linesU, Long.parseLong(ints));
        }
        double perIntB = Result.millis(buffered.get()) * 1e6 / linesB;
        double perIntU = Result.millis(unbuffered.get()) * 1e6 / linesU;
        // per-int time ratio: the two runs read different files
        Estimate ratio = Estimate.ratio(rs.estimates(), unbuffered.get(), buffered.get()).times(linesB / linesU);
        return new Verdict(Compare.status(ratio.judgeAtLeast(10)),
                String.format(Locale.ROOT, "unbuffered %.1f ns/int vs buffered %.2f ns/int: %s slower", perIntU, perIntB, ratio.ratioText()));
    }
}
