package dev.fastio.bench.array;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.IOException;
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
 * Article 001's strategy 2 (72 s for 26 M ints): {@code DataInputStream} straight over a
 * {@code FileInputStream}, four read syscalls per int. Measured on the 2 M-address file at every
 * scale so that it finishes; compare it per int with {@link IpLoadBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class IpLoadUnbufferedBenchmark extends FastioBenchmark {
    @Param({"2000000"})
    public int lines;

    /**
     * How many ints of the file to read; 0 reads them all. The quick run reads 500,000: one read
     * takes about 7 s at 2 M, and every warm-up and measured iteration runs at least one, so the
     * whole file cost the quick run 44 s; the report compares time per int.
     */
    @Param({"0"})
    public int ints;

    private Path file;
    private int count;

    @Setup
    public void setUp() throws IOException {
        file = DataDir.require(DataSets.ipv4BinaryName(lines));
        count = (int) (Files.size(file) / 4);
        if (ints > 0) {
            count = Math.min(count, ints);
        }
    }

    @Benchmark
    public int[] dataInputStreamUnbuffered() throws IOException {
        int[] a = new int[count];
        try (DataInputStream in = new DataInputStream(new FileInputStream(file.toFile()))) {
            for (int i = 0; i < count; i++) {
                a[i] = in.readInt();
            }
        }
        return a;
    }
}
