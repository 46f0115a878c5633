package dev.fastio.bench.gzip;

import dev.fastio.bench.data.DataDir;
import dev.fastio.bench.data.DataSets;
import dev.fastio.bench.read.Drain;
import dev.fastio.bench.run.FastioBenchmark;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the gzip suites share ({@link GzipBenchmark}, {@link GzipPeersBenchmark}): the IPv4 list
 * gzipped as one member ({@link #file}) and as BGZF ({@link #bgzf}), and a drain that reads a
 * stream to its end in 64 KB reads and drops the bytes. JMH inherits the parameter and the
 * set-up (JMHSample_24_Inheritance).
 */
@State(Scope.Thread)
public abstract class GzipListState extends FastioBenchmark {
    @Param({"26000000"})
    public int lines;

    Path file;
    Path bgzf;
    private final byte[] out = new byte[64 * 1024];

    @Setup
    public void setUp() {
        file = DataDir.require(DataSets.ipv4GzipName(lines));
        bgzf = DataDir.require(DataSets.ipv4BgzfName(lines));
    }

    /** Reads {@code in} to its end and closes it; returns the bytes read. */
    long drain(InputStream in) throws IOException {
        try (in) {
            return Drain.bytes(in, out);
        }
    }
}
