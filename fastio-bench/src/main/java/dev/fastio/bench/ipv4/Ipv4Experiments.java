package dev.fastio.bench.ipv4;

import static dev.fastio.report.claims.Compare.atScale;
import static dev.fastio.report.claims.Compare.faster;
import static dev.fastio.report.claims.Compare.withinYardstick;

import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.bench.array.IpLoadBenchmark_;
import dev.fastio.bench.array.IpLoadColdBenchmark_;
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

/** Article 001, text half: parsing the IPv4 list. */
public final class Ipv4Experiments {
    private static final String A001 = "article 001";
    private static final String LIST = "the 26 M-line (371 MB) list";

    private Ipv4Experiments() {}

    public static List<Experiment> all() {
        return List.of(
                ipParse(IpParseBenchmark_.CLASS, IpLoadBenchmark_.CLASS, "Parsing IPv4 text into an int[] (steady state)",
                        "How fast can 26 M dotted quads (371 MB) become an int[], once the JIT has warmed up?", true),
                ipParse(IpParseColdBenchmark_.CLASS, IpLoadColdBenchmark_.CLASS, "Parsing IPv4 text into an int[] (cold: one parse per fresh JVM)",
                        "The article's case: how long does one parse take in a new JVM?", false),
                new Experiment(IpParseBlockBenchmark_.CLASS, "Ipv4Parser's block size (all cores)",
                        "001 · Java Fast IO Using java.nio API",
                        "How many bytes should each part read and parse per step?",
                        null, "blockBytes",
                        List.of(new Claim("fastio", "The default block (" + Ipv4Parser.DEFAULT_BLOCK_BYTES / 1024
                                + " KiB) is no slower than any other block size measured.", Ipv4Experiments::defaultBlock))));
    }

    static Verdict defaultBlock(ExperimentResults rs) {
        List<Result> all = rs.of(IpParseBlockBenchmark_.block);
        Optional<Result> def = all.stream().filter(r -> Integer.toString(Ipv4Parser.DEFAULT_BLOCK_BYTES).equals(r.param("blockBytes"))).findFirst();
        if (def.isEmpty() || all.size() < 2) {
            return Verdict.notMeasured("needs the default block size and at least one other");
        }
        List<Estimate.Outcome> outcomes = new java.util.ArrayList<>();
        StringBuilder sb = new StringBuilder("default time / other time (no slower: at most 1.05×): ");
        for (Result r : all) {
            if (r == def.get()) {
                continue;
            }
            Estimate ratio = Estimate.ratio(rs.estimates(), def.get(), r);
            Estimate.Outcome o = ratio.judgeAtMost(1.05);
            outcomes.add(o);
            sb.append(outcomes.size() > 1 ? " · " : "").append(Integer.parseInt(r.param("blockBytes")) / 1024).append(" KiB ")
                    .append(ratio.ratioText()).append(' ').append(Compare.outcomeWord(o));
        }
        return new Verdict(Compare.combine(outcomes), sb.toString());
    }


    /**
     * @param withC whether the class runs the C parsers ({@code cParse…}): the cold variant
     *     inherits them but the runner leaves them out there, as it does every inherited C yardstick
     */
    static Experiment ipParse(String cls, String binaryCls, String title, String question, boolean withC) {
        List<Claim> claims = new java.util.ArrayList<>(List.of(
                        new Claim(A001, "Line-by-line text processing is far slower than loading the binary form with NIO (194 s vs 0.16 s).",
                                rs -> textVsBinary(rs, binaryCls)),
                        new Claim("fastio", "Ipv4Parser parses " + LIST + " at least 20× faster than the article's readLine + split + parseLong.",
                                atScale("lines", dev.fastio.bench.array.ArrayExperiments.FULL, LIST, faster(IpParseBenchmark_.fastio, IpParseBenchmark_.articleReadLineSplit, r -> true, 0.95))),
                        new Claim("fastio", "Ipv4Parser parses " + LIST + " in at most 0.3 s on 2 cores.",
                                atScale("lines", dev.fastio.bench.array.ArrayExperiments.FULL, LIST,
                                        kernelRan(IpParseBenchmark_.fastio, rs -> perLine(rs, IpParseBenchmark_.fastio))))));
        if (withC) {
            String full = dev.fastio.bench.array.ArrayExperiments.FULL;
            // the floor for the kernel: on one thread, no slower than C doing the same parse
            claims.add(new Claim("fastio", "On one thread, without jdk.incubator.vector, Ipv4Parser parses " + LIST + " no slower than"
                    + " the faster of two single-threaded C parsers of docs/measure/ipparse.c (shape, block).",
                    atScale("lines", full, LIST, kernelRan(IpParseBenchmark_.fastioOneThread,
                            withinYardstick(IpParseBenchmark_.fastioOneThread, r -> true, 1.0, IpParseBenchmark_.cParseShape, IpParseBenchmark_.cParseBlock)))));
            // with the module added: the Vector API kernel where the JDK gives it (LineKernels)
            claims.add(new Claim("fastio", "On one thread, with jdk.incubator.vector added, Ipv4Parser parses " + LIST + " in at most 0.9×"
                    + " the time of the faster of the two C SWAR parsers (shape, block).",
                    atScale("lines", full, LIST, kernelRan(IpParseBenchmark_.fastioVectorModuleOneThread,
                            withinYardstick(IpParseBenchmark_.fastioVectorModuleOneThread, r -> true, 0.9, IpParseBenchmark_.cParseShape, IpParseBenchmark_.cParseBlock)))));
            // the SIMD floor: what a vectorized parse is held to (x86-64 with SSSE3; not measured elsewhere)
            claims.add(new Claim("fastio", "On one thread, with jdk.incubator.vector added, Ipv4Parser parses " + LIST + " within 1.3× of"
                    + " docs/measure/ipparse.c's SIMD parser (SSSE3).",
                    atScale("lines", full, LIST, kernelRan(IpParseBenchmark_.fastioVectorModuleOneThread,
                            withinYardstick(IpParseBenchmark_.fastioVectorModuleOneThread, r -> true, 1.3, IpParseBenchmark_.cParseSimd)))));
            claims.add(new Claim("fastio", "With jdk.incubator.vector added, Ipv4Parser takes at most 0.3 s for " + LIST + " on 2 cores.",
                    atScale("lines", full, LIST, kernelRan(IpParseBenchmark_.fastioVectorModule, rs -> perLine(rs, IpParseBenchmark_.fastioVectorModule)))));
        }
        return new Experiment(cls, title, "001 · Java Fast IO Using java.nio API", question, IpParseBenchmark_.articleReadLineSplit, "lines", List.copyOf(claims));
    }

    /** The whole parse by {@code method} in at most 0.3 s, judged on the list the claim names (see {@link Compare#atScale}). */
    static Verdict perLine(ExperimentResults rs, String method) {
        Optional<Result> f = rs.of(method).stream().findFirst();
        if (f.isEmpty()) {
            return Verdict.notMeasured(method + " was not run");
        }
        long lines = Long.parseLong(f.get().param("lines"));
        Estimate ms = Estimate.millis(rs.estimates(), f.get());
        return new Verdict(Compare.status(ms.judgeAtMost(300)), String.format(Locale.ROOT, "%s for %d lines (%.2f ns per line)",
                ms.format("%.1f", " ms"), lines, ms.value() * 1e6 / lines));
    }

    /**
     * {@code check}'s verdict with the kernel {@code method}'s forks ran, from their
     * {@code KernelRan} counters: the flags alone do not say (the module gives the scalar kernel
     * before JDK 25), and a result file from before the counters says nothing.
     */
    static java.util.function.Function<ExperimentResults, Verdict> kernelRan(String method, java.util.function.Function<ExperimentResults, Verdict> check) {
        return rs -> {
            Verdict v = check.apply(rs);
            Optional<Result> r = rs.of(method).stream().findFirst();
            if (r.isEmpty()) {
                return v;
            }
            Result.Metric vector = r.get().secondary().get("vectorKernel");
            Result.Metric scalar = r.get().secondary().get("scalarKernel");
            boolean ranVector = vector != null && vector.score() > 0;
            boolean ranScalar = scalar != null && scalar.score() > 0;
            String kernel = ranVector == ranScalar ? (ranVector ? "both (the forks differed)" : "not recorded") : ranVector ? "vector" : "scalar";
            return new Verdict(v.status(), v.measured() + " · kernel that ran (" + method + "): " + kernel);
        };
    }

    static Verdict textVsBinary(ExperimentResults rs, String binaryCls) {
        Optional<Result> text = rs.of(IpParseBenchmark_.articleReadLineSplit).stream().findFirst();
        if (text.isEmpty()) {
            return Verdict.notMeasured("articleReadLineSplit was not run");
        }
        Optional<Result> nio = rs.ofClass(binaryCls).stream()
                .filter(r -> r.method().equals(IpLoadBenchmark_.nioDirect64k) && r.param("lines").equals(text.get().param("lines")))
                .findFirst();
        if (nio.isEmpty()) {
            return Verdict.notMeasured("needs " + binaryCls.substring(binaryCls.lastIndexOf('.') + 1) + "'s nioDirect64k at the same size in the run");
        }
        Estimate ratio = Estimate.ratio(rs.estimates(), text.get(), nio.get());
        return new Verdict(Compare.status(ratio.judgeAtLeast(10)),
                String.format(Locale.ROOT, "text %.0f ms vs binary NIO %.1f ms: %s",
                        Result.millis(text.get()), Result.millis(nio.get()), ratio.ratioText()));
    }
}
