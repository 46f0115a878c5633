package dev.fastio.bench.read;

import static dev.fastio.report.claims.Compare.faster;
import static dev.fastio.report.claims.Compare.notSlower;
import static dev.fastio.report.claims.Compare.notSlowerThanEach;
import static dev.fastio.report.claims.Compare.similar;
import static dev.fastio.report.claims.Compare.withinYardstick;

import dev.fastio.report.claims.Claim;
import dev.fastio.report.stats.Estimate;
import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.ExperimentResults;
import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.claims.Scope;
import dev.fastio.report.claims.Verdict;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/** Article 000 (opening streams and readers) and fastio's whole-file reads. */
public final class ReadExperiments {
    private static final String A000 = "article 000";
    private static final Scope SMALL = Scope.upTo("size", 32 * 1024);
    private static final Scope BIG = Scope.from("size", 500_000);
    private static final Predicate<Result> ANY = r -> true;
    /** "Never slower" allows this much noise beyond the error bars on a 2-core machine. */
    private static final double NOISE = 0.05;
    /** "Converge": the article's word for two ways within a few percent; 5%, fastio's own "never slower". */
    private static final double CONVERGE = 0.05;

    private ReadExperiments() {}

    public static List<Experiment> all() {
        return List.of(openStream(), openReader(), readWholeFile(), growingRead(), bufferSize(), available(), readPeers());
    }

    static Experiment openStream() {
        return new Experiment(OpenStreamBenchmark_.CLASS,
                "Opening a file as an InputStream",
                "000 · Revisiting File InputStream and Reader instantiation",
                "Is FileInputStream (with its finalizer) slower to open and read than the FileChannel-based "
                        + "streams, and how much of the gap is GC pressure?",
                OpenStreamBenchmark_.fileInputStream, "size",
                List.of(
                        Claim.scoped(A000, "For small files ({scope}) FileChannel.open → Channels.newInputStream is clearly faster than FileInputStream.",
                                SMALL, s -> faster(OpenStreamBenchmark_.fileChannel, OpenStreamBenchmark_.fileInputStream, s, 0.05)),
                        Claim.scoped(A000, "Files.newInputStream gives far better results than FileInputStream on small files ({scope})…",
                                SMALL, s -> faster(OpenStreamBenchmark_.filesNewInputStream, OpenStreamBenchmark_.fileInputStream, s, 0.05)),
                        Claim.scoped(A000, "…and is pretty close to it on big files ({scope}; within 10%).",
                                BIG, s -> similar(OpenStreamBenchmark_.filesNewInputStream, OpenStreamBenchmark_.fileInputStream, s, 0.10)),
                        Claim.scoped(A000, "For big files ({scope}) FileInputStream is better: the channel streams converge to it, or are slightly slower"
                                + " (FileInputStream within 5% of the channel stream: \"converge\").",
                                BIG, s -> notSlower(OpenStreamBenchmark_.fileInputStream, OpenStreamBenchmark_.fileChannel, s, CONVERGE)),
                        new Claim(A000, "Open question: part of the difference is GC pressure (FileInputStream allocates more, through its finalizer).",
                                ReadExperiments::gcQuestion),
                        new Claim("fastio", "FastRead.openInputStream is never slower than Files.newInputStream (5% margin).",
                                notSlower(OpenStreamBenchmark_.fastio, OpenStreamBenchmark_.filesNewInputStream, ANY, NOISE))));
    }

    static Experiment openReader() {
        return new Experiment(OpenReaderBenchmark_.CLASS,
                "Opening a file as a Reader",
                "000 · Revisiting File InputStream and Reader instantiation",
                "Which way of opening a UTF-8 file as a Reader is fastest, for Latin-1 and for Japanese text?",
                OpenReaderBenchmark_.filesNewBufferedReader, "size",
                List.of(
                        Claim.scoped(A000, "Channels.newReader(FileChannel.open(…)) is 30–40% faster than Files.newBufferedReader on small files ({scope})…",
                                SMALL, s -> faster(OpenReaderBenchmark_.channelReader, OpenReaderBenchmark_.filesNewBufferedReader, s, 0.30)),
                        Claim.scoped(A000, "…and than new InputStreamReader(new FileInputStream(…)) on small files ({scope})…",
                                SMALL, s -> faster(OpenReaderBenchmark_.channelReader, OpenReaderBenchmark_.inputStreamReaderOverFileInputStream, s, 0.30)),
                        Claim.scoped(A000, "…and equivalent in performance on big files ({scope}).",
                                BIG, s -> similar(OpenReaderBenchmark_.channelReader, OpenReaderBenchmark_.filesNewBufferedReader, s, 0.10)),
                        new Claim("fastio", "FastRead.openReader is never slower than Files.newBufferedReader (5% margin).",
                                notSlower(OpenReaderBenchmark_.fastio, OpenReaderBenchmark_.filesNewBufferedReader, ANY, NOISE))));
    }

    static Experiment readWholeFile() {
        return new Experiment(ReadWholeFileBenchmark_.CLASS,
                "Reading a whole file into byte[] or String",
                "fastio · whole-file reads at the article-000 sizes",
                "Does fastio's readAllBytes / readString beat the JDK's one-liners?",
                null, "size",
                List.of(
                        new Claim("fastio", "FastRead.readAllBytes is never slower than Files.readAllBytes (5% margin).",
                                notSlower(ReadWholeFileBenchmark_.fastioReadAllBytes, ReadWholeFileBenchmark_.filesReadAllBytes, ANY, NOISE)),
                        new Claim("fastio", "FastRead.readString is never slower than Files.readString (5% margin).",
                                notSlower(ReadWholeFileBenchmark_.fastioReadString, ReadWholeFileBenchmark_.filesReadString, ANY, NOISE)),
                        Claim.scoped("fastio", "With the native layer (FFM on JDK 22+, jffi on JDK 17–21), FastRead.readAllBytes of a file {scope} costs at most"
                                + " 1.5× a C open/fstat/read/close of the same file.",
                                Scope.upTo("size", 32768), s -> withinYardstick(ReadWholeFileBenchmark_.fastioReadAllBytes, s, 1.5, ReadWholeFileBenchmark_.cOpenReadClose))));
    }

    static Experiment growingRead() {
        return new Experiment(GrowingReadBenchmark_.CLASS,
                "Reading a file that grows (Growth.PREFIX)",
                "fastio · issue 40: the opt-in for live logs",
                "What does reading a growing file's first bytes, confirmed, cost against one read?",
                GrowingReadBenchmark_.liveFilesReadAllBytes, "size",
                List.of(
                        new Claim("fastio", "A growing read of a file that is not growing (its stamps prove it) costs what a strict read costs (5% margin).",
                                notSlower(GrowingReadBenchmark_.stillPrefix, GrowingReadBenchmark_.stillStrict, ANY, NOISE)),
                        new Claim("fastio", "A growing read of a live log, which reads its prefix twice, costs at most 2.5× one Files.readAllBytes"
                                + " (which reads once and checks nothing)…",
                                notSlower(GrowingReadBenchmark_.livePrefix, GrowingReadBenchmark_.liveFilesReadAllBytes, ANY, 1.5)),
                        new Claim("fastio", "…and no more than a strict FastRead of the same file, which also reads it twice (5% margin).",
                                notSlower(GrowingReadBenchmark_.livePrefix, GrowingReadBenchmark_.liveStrict, ANY, NOISE))));
    }

    private static final List<String> READ_PEERS = List.of(ReadPeersBenchmark_.jdkFilesReadAllBytes, ReadPeersBenchmark_.commonsIo,
            ReadPeersBenchmark_.guava, ReadPeersBenchmark_.okio);

    static Experiment readPeers() {
        return new Experiment(ReadPeersBenchmark_.CLASS,
                "Reading a whole file: fastio against the libraries",
                "fastio · the libraries a user would pick instead",
                "Is FastRead.readAllBytes faster than the whole-file reads of the JDK, Commons IO, Guava and Okio?",
                ReadPeersBenchmark_.jdkFilesReadAllBytes, "size",
                List.of(new Claim("fastio", "FastRead.readAllBytes is no slower than the fastest of Files.readAllBytes,"
                        + " Commons IO's FileUtils.readFileToByteArray, Guava's Files.toByteArray and Okio's readByteArray, at every size (5% margin).",
                        notSlowerThanEach(ReadPeersBenchmark_.fastio, READ_PEERS, ANY, NOISE)),
                        // issue 41's target: the one stat the check costs replaces the read that finds end of file
                        Claim.scoped("fastio", "With the native layer (FFM on JDK 22+, jffi on JDK 17–21), FastRead.readAllBytes of a file {scope} takes at most"
                                + " 0.95× the fastest peer's time.",
                                Scope.upTo("size", 32768), s -> notSlowerThanEach(ReadPeersBenchmark_.fastio, READ_PEERS, s, -0.05))));
    }

    static Experiment bufferSize() {
        return new Experiment(BufferSizeBenchmark_.CLASS,
                "BufferedInputStream buffer size",
                "004 · java.io.BufferedInputStream and java.util.zip.GZIPInputStream",
                "Is the 8 KB default buffer too small for a large file, and does fastio's stream keep up at every size?",
                BufferSizeBenchmark_.bufferedInputStream, "buffer",
                List.of(
                        new Claim("article 004", "A 64 KB buffer reads a large file faster than the 8 KB default.",
                                ReadExperiments::largerBufferWins),
                        new Claim("fastio", "FastBufferedInputStream is never slower than BufferedInputStream at the same buffer and read size (5% margin).",
                                notSlower(BufferSizeBenchmark_.fastBufferedInputStream, BufferSizeBenchmark_.bufferedInputStream, ANY, NOISE))));
    }

    static Experiment available() {
        return new Experiment(AvailableBenchmark_.CLASS,
                "available() called before every read",
                "004 · java.io.BufferedInputStream and java.util.zip.GZIPInputStream",
                "What does BufferedInputStream.available() cost when called every 512 or 1024 bytes, and what does answering from the buffer save?",
                AvailableBenchmark_.bufferedInputStream, "every",
                List.of(
                        new Claim("article 004", "Answering available() from the buffer makes the loop several times faster (17.1 s vs 2.1 s every 512 B; 9.6 s vs 2.0 s every 1 KB).",
                                faster(AvailableBenchmark_.fastBufferedInputStream, AvailableBenchmark_.bufferedInputStream, ANY, 0.5))));
    }

    /** BufferedInputStream at 64 KB against itself at 8 KB, for each read size. */
    static Verdict largerBufferWins(ExperimentResults rs) {
        List<Result> at64k = rs.of(BufferSizeBenchmark_.bufferedInputStream, r -> "65536".equals(r.param("buffer")));
        StringBuilder sb = new StringBuilder();
        List<Estimate.Outcome> outcomes = new java.util.ArrayList<>();
        for (Result big : at64k) {
            Result small = rs.of(BufferSizeBenchmark_.bufferedInputStream).stream()
                    .filter(r -> "8192".equals(r.param("buffer")) && r.param("chunk").equals(big.param("chunk"))
                            && r.param("size").equals(big.param("size")))
                    .findFirst().orElse(null);
            if (small == null) {
                continue;
            }
            Estimate ratio = Estimate.ratio(rs.estimates(), big, small);
            Estimate.Outcome o = ratio.judgeAtMost(1);
            outcomes.add(o);
            if (sb.length() > 0) {
                sb.append(" · ");
            }
            sb.append(Format.size(big.param("chunk"))).append(" reads: 64 KB / 8 KB time ").append(ratio.ratioText())
                    .append(' ').append(dev.fastio.report.claims.Compare.outcomeWord(o));
        }
        if (outcomes.isEmpty()) {
            return Verdict.notMeasured("needs buffer=8192 and buffer=65536 in the run");
        }
        return new Verdict(dev.fastio.report.claims.Compare.combine(outcomes), sb.toString());
    }

    /**
     * The article's open question, answered with the gc profiler: compare bytes allocated per
     * operation by FileInputStream and by the channel routes. Equal or lower allocation for
     * FileInputStream means GC pressure cannot explain a gap (JDK 10+ dropped its finalizer for a
     * Cleaner, JDK-8080225).
     */
    static Verdict gcQuestion(ExperimentResults rs) {
        List<Result> fis = rs.of(OpenStreamBenchmark_.fileInputStream);
        if (fis.isEmpty() || Double.isNaN(fis.get(0).allocPerOp())) {
            return Verdict.notMeasured("run with -prof gc to record allocation per operation");
        }
        StringBuilder sb = new StringBuilder();
        int fisAllocatesMore = 0;
        int compared = 0;
        for (Result f : fis) {
            Result ch = rs.peer(OpenStreamBenchmark_.fileChannel, f).orElse(null);
            if (ch == null || Double.isNaN(ch.allocPerOp())) {
                continue;
            }
            compared++;
            if (f.allocPerOp() > ch.allocPerOp()) {
                fisAllocatesMore++;
            }
            if (sb.length() > 0) {
                sb.append(" · ");
            }
            sb.append(Format.param("size", f.param("size"))).append(": FileInputStream ")
                    .append(String.format(Locale.ROOT, "%.0f", f.allocPerOp())).append(" B/op vs FileChannel ")
                    .append(String.format(Locale.ROOT, "%.0f", ch.allocPerOp())).append(" B/op");
        }
        if (compared == 0) {
            return Verdict.notMeasured("no allocation figures for fileChannel");
        }
        return new Verdict(dev.fastio.report.claims.Compare.status(fisAllocatesMore, compared), sb.toString());
    }
}
