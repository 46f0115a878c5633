package dev.fastio.bench.read;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.read.FastRead;
import dev.fastio.internal.read.ReaderStrategy;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
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
 * Article 000, second half: open a UTF-8 file as a Reader and read it to the end, for the
 * article's five ways plus fastio, over a Latin-1 text and a Japanese text (both UTF-8 encoded,
 * as in the article) at 4 KB, 32 KB, 500 KB and 5 MB.
 *
 * <p>Reading: average time per operation, lower is better; the report plots each strategy's
 * difference from {@code filesNewBufferedReader}. With {@code -prof gc}, allocation per op shows
 * how much of a gap is the decoder's and buffers' garbage.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class OpenReaderBenchmark extends FastioBenchmark {
    @Param({"latin1", "japanese"})
    public String text;

    @Param({"4096", "32768", "500000", "5000000"})
    public long size;

    private Path file;
    private final Charset utf8 = StandardCharsets.UTF_8;
    private final char[] buf = new char[Drain.BUFFER];

    @Setup
    public void setUp() {
        file = DataDir.require(text.equals("latin1") ? DataSets.latin1Name(size) : DataSets.japaneseName(size));
    }

    private long drain(Reader in) throws IOException {
        try (in) {
            return Drain.chars(in, buf);
        }
    }

    @Benchmark
    public void filesNewBufferedReader(Blackhole bh) throws IOException {
        bh.consume(drain(ReaderStrategy.FILES_NEW_BUFFERED_READER.open(file, utf8)));
    }

    @Benchmark
    public void channelReaderViaRandomAccessFile(Blackhole bh) throws IOException {
        bh.consume(drain(ReaderStrategy.CHANNEL_READER_VIA_RANDOM_ACCESS_FILE.open(file, utf8)));
    }

    @Benchmark
    public void channelReader(Blackhole bh) throws IOException {
        bh.consume(drain(ReaderStrategy.CHANNEL_READER.open(file, utf8)));
    }

    @Benchmark
    public void inputStreamReaderOverChannelStream(Blackhole bh) throws IOException {
        bh.consume(drain(ReaderStrategy.INPUT_STREAM_READER_OVER_CHANNEL_STREAM.open(file, utf8)));
    }

    @Benchmark
    public void inputStreamReaderOverFileInputStream(Blackhole bh) throws IOException {
        bh.consume(drain(ReaderStrategy.INPUT_STREAM_READER_OVER_FILE_INPUT_STREAM.open(file, utf8)));
    }

    /** What users call: {@link FastRead#openReader}. */
    @Benchmark
    public void fastio(Blackhole bh) throws IOException {
        bh.consume(drain(FastRead.openReader(file, utf8)));
    }
}
