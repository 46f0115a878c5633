package dev.fastio.bench.read;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.read.FastRead;
import dev.fastio.internal.read.StreamStrategy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Article 000: open a file as an InputStream and read it to the end, for each way of opening it,
 * at 16 B, 4 KB, 32 KB, 500 KB and 5 MB. The open and the close are inside the measured
 * operation: that is where the strategies differ for small files.
 *
 * <p>Reading: average time per operation, lower is better; the report plots each strategy's
 * difference from {@code fileInputStream}, the article's baseline. Run with {@code -prof gc}:
 * {@code gc.alloc.rate.norm} (bytes allocated per operation) answers the article's open question,
 * how much of each gap is allocation.
 *
 * <p>Guards: the files sit in the page cache after warm-up (the article measures the API, not the
 * disk); the bytes read are summed into a Blackhole, so the reads cannot be removed.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class OpenStreamBenchmark extends FastioBenchmark {
    @Param({"16", "4096", "32768", "500000", "5000000"})
    public long size;

    private Path file;
    private final byte[] buf = new byte[Drain.BUFFER];

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.binaryName(size));
    }

    private long drain(InputStream in) throws IOException {
        try (in) {
            return Drain.bytes(in, buf);
        }
    }

    @Benchmark
    public void fileInputStream(Blackhole bh) throws IOException {
        bh.consume(drain(StreamStrategy.FILE_INPUT_STREAM.open(file)));
    }

    @Benchmark
    public void filesNewInputStream(Blackhole bh) throws IOException {
        bh.consume(drain(StreamStrategy.FILES_NEW_INPUT_STREAM.open(file)));
    }

    @Benchmark
    public void randomAccessFileChannel(Blackhole bh) throws IOException {
        bh.consume(drain(StreamStrategy.RANDOM_ACCESS_FILE_CHANNEL.open(file)));
    }

    @Benchmark
    public void fileChannel(Blackhole bh) throws IOException {
        bh.consume(drain(StreamStrategy.FILE_CHANNEL.open(file)));
    }

    /** fastio's candidate, raced on its own so the threshold in FastRead can be read off. */
    @Benchmark
    public void wholeFile(Blackhole bh) throws IOException {
        bh.consume(drain(StreamStrategy.WHOLE_FILE.open(file)));
    }

    /** What users call: {@link FastRead#openInputStream}. */
    @Benchmark
    public void fastio(Blackhole bh) throws IOException {
        bh.consume(drain(FastRead.openInputStream(file)));
    }
}
