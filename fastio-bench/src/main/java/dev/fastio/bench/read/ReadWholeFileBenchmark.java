package dev.fastio.bench.read;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.data.CYardstick;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.data.ReadFloor;
import dev.fastio.read.FastRead;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * Reading a whole file into a byte[] or a String: the JDK's one-liners against fastio's, at the
 * article-000 sizes. The arrays are returned, so JMH consumes them.
 *
 * <p>Reading: average time per operation, lower is better; baselines are
 * {@code filesReadAllBytes} and {@code filesReadString}. The text is the Latin-1 file in UTF-8,
 * so decoding takes the multi-byte path.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ReadWholeFileBenchmark extends FastioBenchmark {
    @Param({"16", "4096", "32768", "500000", "5000000"})
    public long size;

    private Path binary;
    private Path text;

    @Setup
    public void setUp() {
        binary = DataDir.require(DataSets.binaryName(size));
        text = DataDir.require(DataSets.latin1Name(size));
    }

    @Benchmark
    public byte[] filesReadAllBytes() throws IOException {
        return Files.readAllBytes(binary);
    }

    @Benchmark
    public byte[] fileInputStreamReadAllBytes() throws IOException {
        try (FileInputStream in = new FileInputStream(binary.toFile())) {
            return in.readAllBytes();
        }
    }

    @Benchmark
    public byte[] fastioReadAllBytes() throws IOException {
        return FastRead.readAllBytes(binary);
    }

    /**
     * fastio with its native layer off: the JDK-path twin of {@link #fastioReadAllBytes}, which reads
     * through libc (FFM on JDK 22+, jffi on JDK 17–21). Its own fork turns the layer off.
     */
    @Benchmark
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS}, jvmArgsAppend = {"-Dfastio.native=false"})
    public byte[] fastioReadAllBytesJdkPath() throws IOException {
        return FastRead.readAllBytes(binary);
    }

    /**
     * C, the same job: open, fstat, read into a buffer of the size (one byte more, finding end of
     * file as Java does), close ({@code docs/measure/readfloor.c small}). Its nanoseconds per
     * read come out as the {@code cNs} / {@code cRuns} counters ({@link CYardstick}); the score is
     * the process and is not the yardstick.
     */
    @Benchmark
    public long cOpenReadClose(CYardstick c) throws IOException, InterruptedException {
        return ReadFloor.run(c, "small", binary, size > 1_000_000 ? 20 : 2000, 3);
    }

    @Benchmark
    public String filesReadString() throws IOException {
        return Files.readString(text, StandardCharsets.UTF_8);
    }

    @Benchmark
    public String fastioReadString() throws IOException {
        return FastRead.readString(text, StandardCharsets.UTF_8);
    }
}
