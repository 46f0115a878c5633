package dev.fastio.bench.gzip;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.run.NeedsNativeDecoder;
import dev.fastio.bench.run.NeedsNativeLibrary;
import dev.fastio.gzip.Gzip;
import dev.fastio.internal.nativeio.NativeDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The gzipped IPv4 list decompressed, one member and BGZF: fastio against the libraries a user
 * would call instead ({@link PeerGunzips}: the JDK's {@code GZIPInputStream}, Commons Compress,
 * Intel GKL, htsjdk). Output read in 64 KiB reads and dropped (GKL's whole-file inflate returns
 * one array). Milliseconds per file, lower is better. fastio's inflater is ISA-L where
 * the native layer binds it (any JDK from 17) and libisal2 is installed, the JDK's zlib otherwise (the report's environment says which);
 * the one-thread BGZF read also runs with libdeflate and with zlib forced, so the report shows
 * every decoder side by side with GKL's.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GzipPeersBenchmark extends GzipListState {
    @Benchmark
    public long fastio() throws IOException {
        return drain(Gzip.open(file));
    }

    @Benchmark
    public long jdkGzipInputStream64k() throws IOException {
        return drain(PeerGunzips.jdk(file));
    }

    @Benchmark
    public long commonsCompress() throws IOException {
        return drain(PeerGunzips.commonsCompress(file));
    }

    @Benchmark
    @NeedsNativeLibrary(value = "Intel GKL", arch = {"amd64", "x86_64"}, os = {"Linux", "Mac"}, cpuFlag = "avx")
    public long gklWhole() throws IOException {
        return PeerGunzips.gklWhole(file).length;
    }

    /** The BGZF file as {@code Gzip.open} reads it: blocks inflated on every core. */
    @Benchmark
    public long fastioBgzf() throws IOException {
        return drain(Gzip.open(bgzf));
    }

    /** The BGZF file on the caller's thread only, as the peers read it. */
    @Benchmark
    public long fastioBgzfOneThread() throws IOException {
        return drain(Gzip.open(bgzf, 1));
    }

    /** As {@link #fastioBgzfOneThread}, with libdeflate inflating the blocks ({@code -Dfastio.gzip.inflater=libdeflate}). */
    @Benchmark
    @NeedsNativeDecoder(NativeDecoder.LIBDEFLATE)
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS},
            jvmArgsAppend = {"-Dfastio.gzip.inflater=libdeflate"})
    public long fastioBgzfOneThreadLibdeflate() throws IOException {
        return drain(Gzip.open(bgzf, 1));
    }

    /** As {@link #fastioBgzfOneThread}, with the JDK's zlib inflating the blocks ({@code -Dfastio.gzip.inflater=jdk}). */
    @Benchmark
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS},
            jvmArgsAppend = {"-Dfastio.gzip.inflater=jdk"})
    public long fastioBgzfOneThreadZlib() throws IOException {
        return drain(Gzip.open(bgzf, 1));
    }

    @Benchmark
    public long jdkGzipInputStream64kBgzf() throws IOException {
        return drain(PeerGunzips.jdk(bgzf));
    }

    @Benchmark
    public long commonsCompressBgzf() throws IOException {
        return drain(PeerGunzips.commonsCompress(bgzf));
    }

    @Benchmark
    public long htsjdkBgzf() throws IOException {
        return drain(PeerGunzips.htsjdkBgzf(bgzf));
    }

    @Benchmark
    @NeedsNativeLibrary(value = "Intel GKL", arch = {"amd64", "x86_64"}, os = {"Linux", "Mac"}, cpuFlag = "avx")
    public long gklBgzf() throws IOException {
        return drain(PeerGunzips.gklBgzf(bgzf));
    }
}
