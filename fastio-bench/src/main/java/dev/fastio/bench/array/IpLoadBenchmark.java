package dev.fastio.bench.array;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.array.ArrayFiles;
import dev.fastio.bench.data.CYardstick;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.data.ReadFloor;
import dev.fastio.bench.data.PageCacheFloor;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
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

/**
 * Article 001, binary half: load the IPv4 list's big-endian binary form (4 bytes per address,
 * 104 MB at 26 M addresses) into an {@code int[]}, by each of the article's ways plus a
 * MappedByteBuffer, readAllBytes + wrap, and fastio. {@code pageCacheRead} is the floor: the
 * file read into one reused 1 MB direct buffer and dropped, what {@code dd bs=1M} does; and
 * {@code dd} runs dd itself, whose own reported time ({@link DdTime}) was the first yardstick (not a floor for a load: see ArrayExperiments).
 *
 * <p>Reading: milliseconds per load, lower is better; the report divides the bytes by it for
 * GB/s. Each method returns its array, so JMH keeps the work. Files are in the page cache.
 * The unbuffered DataInputStream (four syscalls per int) is in {@link IpLoadUnbufferedBenchmark},
 * on a smaller file, so that it finishes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class IpLoadBenchmark extends FastioBenchmark {
    @Param({"26000000"})
    public int lines;

    private Path file;
    private int count;
    private int[] reused;
    private final PageCacheFloor floor = new PageCacheFloor();

    @Setup
    public void setUp() throws IOException {
        file = DataDir.require(DataSets.ipv4BinaryName(lines));
        count = (int) (Files.size(file) / 4);
        reused = new int[count];
    }

    /** The comment thread's fix: DataInputStream over a 64 KB BufferedInputStream (article: 2.4 s). */
    @Benchmark
    public int[] dataInputStreamBuffered64k() throws IOException {
        int[] a = new int[count];
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(file.toFile()), 65536))) {
            for (int i = 0; i < count; i++) {
                a[i] = in.readInt();
            }
        }
        return a;
    }

    /**
     * The article's NIO method (0.16 s): a 64 KB direct buffer allocated per load, channel reads,
     * {@code asIntBuffer().get}. One fix: a read that ends mid-int keeps its tail ({@code compact}),
     * where the article's code would drop it.
     */
    @Benchmark
    public int[] nioDirect64k() throws IOException {
        int[] a = new int[count];
        try (FileInputStream fis = new FileInputStream(file.toFile()); FileChannel ch = fis.getChannel()) {
            ByteBuffer bb = ByteBuffer.allocateDirect(64 * 1024);
            int offset = 0;
            while (ch.read(bb) != -1) {
                bb.flip();
                int n = bb.remaining() / 4;
                bb.asIntBuffer().get(a, offset, n);
                offset += n;
                bb.position(n * 4);
                bb.compact();
            }
        }
        return a;
    }

    @Benchmark
    public int[] readAllBytesWrap() throws IOException {
        int[] a = new int[count];
        ByteBuffer.wrap(Files.readAllBytes(file)).asIntBuffer().get(a);
        return a;
    }

    /** Mapped: no read copy, but page faults, and the mapping is released only by the GC. */
    @Benchmark
    public int[] mappedByteBuffer() throws IOException {
        int[] a = new int[count];
        try (FileChannel ch = FileChannel.open(file)) {
            MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
            m.asIntBuffer().get(a);
        }
        return a;
    }

    /** What users call: {@link ArrayFiles#readInts}, big-endian (a byte swap on x86). */
    @Benchmark
    public int[] fastio() throws IOException {
        return ArrayFiles.readInts(file, ByteOrder.BIG_ENDIAN);
    }

    /** A fresh array of the file's size, nothing read: the zeroing pass every new int[] costs. */
    @Benchmark
    public int[] newArrayOnly() {
        return new int[count];
    }

    /**
     * Into an array the caller already has: the load without the JVM zeroing a fresh 104 MB array
     * first (a full memory pass every other method here pays).
     */
    @Benchmark
    public int[] fastioIntoExisting() throws IOException {
        ArrayFiles.readInts(file, ByteOrder.BIG_ENDIAN, 0, reused, 0, count);
        return reused;
    }

    /** Into an existing array in native order: the load the C yardsticks do, byte for byte (values differ). */
    @Benchmark
    public int[] fastioNativeOrderIntoExisting() throws IOException {
        ArrayFiles.readInts(file, ByteOrder.nativeOrder(), 0, reused, 0, count);
        return reused;
    }

    /** The same bytes loaded in native order: fastio's cost when no byte swap is needed (values differ). */
    @Benchmark
    public int[] fastioNativeOrder() throws IOException {
        return ArrayFiles.readInts(file, ByteOrder.nativeOrder());
    }

    /**
     * {@code dd if=FILE of=/dev/null bs=1M} as a process. The score includes starting it; the
     * time dd reports for its copy alone comes out as the {@code ddNs} / {@code ddRuns} counters.
     */
    @Benchmark
    public int dd(DdTime t) throws IOException, InterruptedException {
        return t.run(file);
    }

    /**
     * C, one {@code read} of the whole file into a resident buffer of its size (the named
     * floor for a load into an existing array); its time comes out as the {@code cNs} /
     * {@code cRuns} counters ({@link CYardstick}).
     */
    @Benchmark
    public long cReadWhole(CYardstick c) throws IOException, InterruptedException {
        return ReadFloor.run(c, "load", file, 1, 3);
    }

    /**
     * C, the same load staged through a 256 KiB buffer that stays in the CPU cache: where the
     * kernel's copy into a large cold buffer is slow (this machine), the faster C strategy, and
     * so the honest floor of a load into memory.
     */
    @Benchmark
    public long cReadStaged(CYardstick c) throws IOException, InterruptedException {
        return ReadFloor.run(c, "staged", file, 1, 3);
    }

    /** The floor: read() into one reused 1 MB direct buffer, nothing kept (like dd bs=1M). */
    @Benchmark
    public long pageCacheRead() throws IOException {
        return floor.read(file);
    }
}
