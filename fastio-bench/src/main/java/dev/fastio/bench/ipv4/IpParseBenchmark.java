package dev.fastio.bench.ipv4;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.data.CYardstick;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.data.PageCacheFloor;
import dev.fastio.bench.data.IpParseFloor;
import dev.fastio.bench.data.KernelRan;
import dev.fastio.bench.run.NeedsNativeLibrary;
import dev.fastio.internal.ipv4.LineKernels;
import dev.fastio.ipv4.Ipv4Parser;
import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Article 001, text half: parse the IPv4 list (one dotted quad per line, 371 MB at 26 M lines)
 * into an {@code int[]}: the article's readLine + split + parseLong (194 s in 2013), fastio on
 * one thread, fastio on all cores, each also with the stretch kernel (BlockKernel) and with
 * {@code jdk.incubator.vector} added (the vector kernel on JDK 25+; {@link KernelRan} says which
 * kernel ran). {@code pageCacheRead} is the floor: the bytes read and dropped; {@code cParseShape},
 * {@code cParseBlock} and {@code cParseSimd} are single-threaded C parsers, the yardsticks.
 *
 * <p>Reading: milliseconds per file, lower is better; the report converts to ns per line and
 * GB/s. Arrays are returned so JMH keeps the work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class IpParseBenchmark extends FastioBenchmark {
    @Param({"26000000"})
    public int lines;

    private Path file;
    private final PageCacheFloor floor = new PageCacheFloor();

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.ipv4TextName(lines));
    }

    /** Article 001's ip2integer, as written (signed form: natural + Integer.MIN_VALUE); the HDFS suite calls it too. */
    public static int ip2integer(String ip) {
        String[] numStrs = ip.split("\\.");
        long num = Long.parseLong(numStrs[0]) * 256 * 256 * 256 + Long.parseLong(numStrs[1]) * 256 * 256
                + Long.parseLong(numStrs[2]) * 256 + Long.parseLong(numStrs[3]);
        num += Integer.MIN_VALUE;
        return (int) num;
    }

    @Benchmark
    public int[] articleReadLineSplit() throws IOException {
        int[] a = new int[lines];
        int i = 0;
        try (BufferedReader br = new BufferedReader(new FileReader(file.toFile()))) {
            for (String line; (line = br.readLine()) != null; ) {
                a[i++] = ip2integer(line);
            }
        }
        return a;
    }

    @Benchmark
    public int[] fastioOneThread(KernelRan k) throws IOException {
        count(k);
        return Ipv4Parser.strict().withParallelism(1).parse(file).addresses();
    }

    /** What users call: {@link Ipv4Parser#strict()}, every core taking pieces until none is left. */
    @Benchmark
    public int[] fastio(KernelRan k) throws IOException {
        count(k);
        return Ipv4Parser.strict().parse(file).addresses();
    }

    /**
     * {@code fastioOneThread} in forks with {@code --add-modules jdk.incubator.vector}: the kernel a
     * user who adds the module gets (the vector kernel on JDK 25+, else the scalar one;
     * {@link KernelRan} says which ran).
     */
    @Benchmark
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS}, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
    public int[] fastioVectorModuleOneThread(KernelRan k) throws IOException {
        count(k);
        return Ipv4Parser.strict().withParallelism(1).parse(file).addresses();
    }

    /** {@code fastio} with {@code --add-modules jdk.incubator.vector}. */
    @Benchmark
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS}, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
    public int[] fastioVectorModule(KernelRan k) throws IOException {
        count(k);
        return Ipv4Parser.strict().parse(file).addresses();
    }

    /** Counts the parse under the kernel this fork chose (once per operation: the choice is per JVM). */
    private static void count(KernelRan k) {
        String name = LineKernels.chosen().name();
        if (name.equals("vector")) {
            k.vectorKernel++;
        } else if (name.equals("scalar")) {
            k.scalarKernel++;
        }
    }

    /**
     * The stretch kernel ({@code -Dfastio.ipv4.kernel=block}: the newlines of 4 KiB found first,
     * then every line parsed from its known start) on one thread, in forks of its own: the race
     * of the two kernels.
     */
    @Benchmark
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS}, jvmArgsAppend = {"-Dfastio.ipv4.kernel=block"})
    public int[] fastioBlockKernelOneThread() throws IOException {
        return Ipv4Parser.strict().withParallelism(1).parse(file).addresses();
    }

    /** The stretch kernel on all cores. */
    @Benchmark
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS}, jvmArgsAppend = {"-Dfastio.ipv4.kernel=block"})
    public int[] fastioBlockKernel() throws IOException {
        return Ipv4Parser.strict().parse(file).addresses();
    }

    @Benchmark
    public long pageCacheRead() throws IOException {
        return floor.read(file);
    }

    /**
     * C, one thread, the fastest parser of {@code docs/measure/ipparse.c} ("shape": the dots'
     * 16-bit mask through a table of the 81 valid shapes, two octets per 64-bit word): the
     * yardstick of the claim "no slower than C" for fastio on one thread. Its time per parse
     * (best of 2) comes out as the {@code cNs} / {@code cRuns} counters ({@link CYardstick}).
     */
    @Benchmark
    public long cParseShape(CYardstick c) throws IOException, InterruptedException {
        return IpParseFloor.run(c, "shape", file, 2);
    }

    /** C, one thread, the same algorithm as {@code fastioBlockKernelOneThread} ("block"). */
    @Benchmark
    public long cParseBlock(CYardstick c) throws IOException, InterruptedException {
        return IpParseFloor.run(c, "block", file, 2);
    }

    /**
     * C, one thread, with 16-byte vectors ("simd": SSSE3 compare, table-driven shuffle and
     * multiply-adds per line; checked against the bytewise parser by {@code ipparse --check}): the
     * floor a SIMD parse is held to. x86-64 with SSSE3 only; left out elsewhere.
     */
    @Benchmark
    @NeedsNativeLibrary(value = "ipparse.c's SSSE3 parser", arch = {"amd64", "x86_64"}, os = {"Linux", "Mac"}, cpuFlag = "ssse3")
    public long cParseSimd(CYardstick c) throws IOException, InterruptedException {
        return IpParseFloor.run(c, "simd", file, 2);
    }
}
