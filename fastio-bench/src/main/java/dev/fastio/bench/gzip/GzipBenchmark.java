package dev.fastio.bench.gzip;

import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.read.Drain;
import dev.fastio.gzip.Gzip;
import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Article 004's gzip cases: decompress the gzipped IPv4 list (168 MB → 371 MB at full scale)
 * with {@code GZIPInputStream}'s 512-byte default input buffer, with 64 KB, with and without a
 * {@code BufferedInputStream} underneath, with fastio's {@code GzipReader}, and with {@code gzip -d}
 * as a process. Output is read in 64 KB reads and dropped. Milliseconds per file, lower is better.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class GzipBenchmark {
    @Param({"26000000"})
    public int lines;

    private Path file;
    private final byte[] out = new byte[64 * 1024];

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.ipv4GzipName(lines));
    }

    private long drain(InputStream in) throws IOException {
        try (in) {
            return Drain.bytes(in, out);
        }
    }

    /** The usual code: {@code new GZIPInputStream(new FileInputStream(f))}, a 512-byte input buffer. */
    @Benchmark
    public long gzipInputStreamDefault() throws IOException {
        return drain(new GZIPInputStream(new FileInputStream(file.toFile())));
    }

    /** The article's advice: {@code new GZIPInputStream(in, 65536)}. */
    @Benchmark
    public long gzipInputStream64k() throws IOException {
        return drain(new GZIPInputStream(new FileInputStream(file.toFile()), 65536));
    }

    /** The redundant layer the article warns about: a BufferedInputStream under the default GZIPInputStream. */
    @Benchmark
    public long gzipInputStreamOverBuffered() throws IOException {
        return drain(new GZIPInputStream(new BufferedInputStream(new FileInputStream(file.toFile()))));
    }

    @Benchmark
    public long fastio() throws IOException {
        return drain(Gzip.open(file));
    }

    /** {@code gzip -dc FILE > /dev/null}, a whole process. */
    @Benchmark
    public int gzipDashD() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("gzip", "-dc", file.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor();
    }
}
