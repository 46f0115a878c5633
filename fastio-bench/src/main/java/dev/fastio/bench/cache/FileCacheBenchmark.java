package dev.fastio.bench.cache;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.data.CYardstick;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.data.ReadFloor;
import dev.fastio.bench.run.DeclaringSuiteOnly;
import dev.fastio.cache.FileCache;
import dev.fastio.cache.FileContent;
import dev.fastio.cache.Validation;
import dev.fastio.read.FastRead;
import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Article 002: re-reading a small file on every use against keeping it in memory; then what a
 * cache that is never stale costs: a validated hit (one stat), a trusted hit, and the floor, a
 * {@code ConcurrentHashMap.get} of the bytes.
 *
 * <p>The two {@code article*} methods do ten uses per operation, as the article's do, and read
 * the file the article's way; note the article's reader keeps only the <em>first line</em> (its
 * loop is missing), which we reproduce, so its 0.210 ms is ten opens of a small file. The other
 * methods do one use per operation. The cache is shared by all threads (see the 2-thread subclass).
 *
 * <p>Reading: nanoseconds per operation, lower is better; baseline {@code filesReadAllBytes}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FileCacheBenchmark extends FastioBenchmark {
    /** "csv" is article 002's small CSV; numbers are the article-000 text files of that size. */
    @Param({"csv", "4096", "32768", "500000"})
    public String file;

    private Path path;
    private FileCache validated;
    private FileCache trusted;
    private final ConcurrentHashMap<Path, byte[]> map = new ConcurrentHashMap<>();
    private List<String> articleCachedLines;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        path = DataDir.require(file.equals("csv") ? DataSets.csvName() : DataSets.textName(Long.parseLong(file)));
        validated = FileCache.builder().maximumBytes(64L << 20).build();
        trusted = FileCache.builder().maximumBytes(64L << 20).validation(Validation.trustUntilInvalidated()).build();
        validated.get(path);
        trusted.get(path);
        map.put(path, Files.readAllBytes(path));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        validated.close();
        trusted.close();
    }

    /** The article's readLinesOfFileFromDisk, as published (first line only). */
    private static List<String> articleRead(Path p) throws IOException {
        List<String> lines = new ArrayList<>();
        try (FileReader fr = new FileReader(p.toFile()); BufferedReader br = new BufferedReader(fr)) {
            lines.add(br.readLine());
        }
        return lines;
    }

    private static boolean articleCheck(List<String> lines) {
        boolean ok = true;
        for (String line : lines) {
            ok &= line.startsWith("0,1,2,3,4,5") || !line.isEmpty();
        }
        return ok;
    }

    /** Article: loadWholeFileThenScan, ten reads from disk. */
    @Benchmark
    public boolean articleRereadTenTimes() throws IOException {
        boolean ok = true;
        for (int i = 0; i < 10; i++) {
            ok &= articleCheck(articleRead(path));
        }
        return ok;
    }

    /** Article: loadCachedFilesThenScan, a field read once and reused: no invalidation, no bound. */
    @Benchmark
    public boolean articleCachedTenTimes() throws IOException {
        boolean ok = true;
        for (int i = 0; i < 10; i++) {
            List<String> lines = articleCachedLines;
            if (lines == null) {
                articleCachedLines = lines = articleRead(path);
            }
            ok &= articleCheck(lines);
        }
        return ok;
    }

    @Benchmark
    public byte[] filesReadAllBytes() throws IOException {
        return Files.readAllBytes(path);
    }

    @Benchmark
    public byte[] fastioReadAllBytes() throws IOException {
        return FastRead.readAllBytes(path);
    }

    /** {@code Validation.always()}: one stat per get, never stale. */
    @Benchmark
    public FileContent validatedHit() throws IOException {
        return validated.get(path);
    }

    /**
     * {@link #validatedHit} with the native layer off: its stamp comes from the JDK's unix
     * attribute view instead of one {@code statx} through the native layer. Own fork. Not in
     * the two-thread suite: it explains the one-thread validated hit.
     */
    @Benchmark
    @DeclaringSuiteOnly
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS}, jvmArgsAppend = {"-Dfastio.native=false"})
    public FileContent validatedHitJdkPath() throws IOException {
        return validated.get(path);
    }

    /**
     * C, one {@code stat} of the same file ({@code docs/measure/readfloor.c stat}): the floor of a
     * validated hit, whose nanoseconds come out as the {@code cNs} / {@code cRuns} counters
     * ({@link CYardstick}).
     */
    @Benchmark
    public long cStat(CYardstick c) throws IOException, InterruptedException {
        return ReadFloor.run(c, "stat", path, 5000, 3);
    }

    /**
     * What a validated hit's stat costs by itself, the way the cache reads it: size, mtime, ctime
     * and file key through the {@code unix} view, one {@code stat} into a map. The JDK's
     * {@code PosixFileAttributes} has no ctime, so the only other route is the basic view below,
     * which cannot see a rewrite whose writer restored the mtime. Not in the two-thread suite: it
     * explains the one-thread validated hit.
     */
    @Benchmark
    @DeclaringSuiteOnly
    public Object statUnixView() throws IOException {
        return Files.readAttributes(path, "unix:size,lastModifiedTime,ctime,fileKey");
    }

    /** The same stat through {@code BasicFileAttributes} (no ctime): what the cache read before. */
    @Benchmark
    @DeclaringSuiteOnly
    public Object statBasicView() throws IOException {
        return Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class);
    }

    @Benchmark
    public FileContent trustedHit() throws IOException {
        return trusted.get(path);
    }

    /** The floor for a trusted hit: a plain map lookup. */
    @Benchmark
    public byte[] mapGet() {
        return map.get(path);
    }
}
