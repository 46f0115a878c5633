package dev.fastio.bench.read;

import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.read.FastRead;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the opt-in for growing files ({@link Growth#PREFIX}) costs against a single read.
 *
 * <ul>
 *   <li>{@code still*}: a file last written before the trial (older than the racy window once the
 *       warm-up has run): the stamps prove the bytes, so a growing read is one read, as a strict
 *       one is (on the JDK path with one {@code stat} more, taken before the open).
 *   <li>{@code live*}: a log's tail rewritten just before each read (outside the timing, by a
 *       per-invocation set-up, which every method here pays alike), so that its stamps are always
 *       recent, as a live log's are. A strict
 *       read confirms such a file by reading it again (reopened, into a second array); a growing
 *       read reads its prefix again through the same descriptor, compared in 1 MiB pieces.
 *       {@code liveFilesReadAllBytes} is the single read the JDK does, with no check at all: the
 *       floor. (In a real live log the write lands during the read, which makes the strict read
 *       fail; the growing read's cost is the same two passes.)
 * </ul>
 * Reading: average time per read, lower is better. The arrays are returned, so JMH consumes them.
 * The per-invocation set-up is one 64-byte {@code pwrite}, microseconds against reads of
 * 100 µs and more (JMH's warning about {@code Level.Invocation} is for operations far shorter).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GrowingReadBenchmark extends FastioBenchmark {
    @Param({"500000", "5000000", "52428800"})
    public long size;

    private final ByteBuffer line = ByteBuffer.wrap("2026-11-26T09:00:00Z GET /index.html 200 fastio-bench ........\n".getBytes());
    private Path dir;
    private Path still;
    private Path live;
    private FileChannel writer;

    /** The two files, in a folder of their own beside the data sets, and the live log's writer. */
    @Setup(Level.Trial)
    public void create() throws IOException {
        dir = Files.createDirectories(DataDir.get().resolve("growing-" + ProcessHandle.current().pid()));
        byte[] bytes = new byte[(int) size];
        new Random(size).nextBytes(bytes);
        still = Files.write(dir.resolve("still.bin"), bytes);
        live = Files.write(dir.resolve("live.log"), bytes);
        writer = FileChannel.open(live, StandardOpenOption.WRITE);
    }

    /**
     * One line over the live log's tail before every read of every method (so all pay the same
     * per-invocation bookkeeping): its times are always recent. The still file is not touched.
     */
    @Setup(Level.Invocation)
    public void writeALine() throws IOException {
        line.clear();
        while (line.hasRemaining()) {
            writer.write(line, size + line.position());
        }
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        writer.close();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Benchmark
    public byte[] stillStrict() throws IOException {
        return FastRead.readAllBytes(still);
    }

    @Benchmark
    public byte[] stillPrefix() throws IOException {
        return FastRead.readAllBytes(still, Growth.PREFIX);
    }

    @Benchmark
    public byte[] liveFilesReadAllBytes() throws IOException {
        return Files.readAllBytes(live);
    }

    @Benchmark
    public byte[] liveStrict() throws IOException {
        return FastRead.readAllBytes(live);
    }

    @Benchmark
    public byte[] livePrefix() throws IOException {
        return FastRead.readAllBytes(live, Growth.PREFIX);
    }
}
