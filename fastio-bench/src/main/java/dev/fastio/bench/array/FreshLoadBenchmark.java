package dev.fastio.bench.array;

import dev.fastio.array.ArrayFiles;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.run.FastioBenchmark;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
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
 * What a load of a file written just before costs against the same load of an older file: the
 * one-version rule ({@code OneVersion}) reads a file older than its racy window (1 s) once, and
 * confirms one written within it by a second pass whose stamp and content must agree.
 *
 * <ul>
 *   <li>{@code old}: a file last written before the trial, more than the window before.
 *   <li>{@code fresh}: the same content in another file whose times are set to now before every
 *       load (outside the timing, by a per-invocation set-up that every method pays alike): a
 *       file written just before, as a build output or a download is.
 * </ul>
 * Milliseconds per load, lower is better; the arrays are returned, so JMH consumes them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FreshLoadBenchmark extends FastioBenchmark {
    /** 50 MB and 300 MB of ints. */
    @Param({"52428800", "314572800"})
    public long size;

    private Path dir;
    private Path old;
    private Path fresh;

    @Setup(Level.Trial)
    public void create() throws IOException, InterruptedException {
        dir = Files.createDirectories(DataDir.get().resolve("fresh-" + ProcessHandle.current().pid()));
        old = write(dir.resolve("old.bin"));
        fresh = write(dir.resolve("fresh.bin"));
        Thread.sleep(1_100); // the old file is older than the racy window from now on
    }

    private Path write(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
        for (int i = 0; b.hasRemaining(); i++) {
            b.putInt(i * 0x9E3779B9);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long at = 0; at < size; at += b.capacity()) {
                b.clear().limit((int) Math.min(b.capacity(), size - at));
                while (b.hasRemaining()) {
                    ch.write(b, at + b.position());
                }
            }
        }
        return file;
    }

    /** The fresh file's times set to now before every load (its ctime moves with them): it was written just before. */
    @Setup(Level.Invocation)
    public void touch() throws IOException {
        Files.setLastModifiedTime(fresh, FileTime.fromMillis(System.currentTimeMillis()));
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Benchmark
    public int[] old() throws IOException {
        return ArrayFiles.readInts(old, ByteOrder.BIG_ENDIAN);
    }

    @Benchmark
    public int[] fresh() throws IOException {
        return ArrayFiles.readInts(fresh, ByteOrder.BIG_ENDIAN);
    }
}
