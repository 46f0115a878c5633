package dev.fastio.bench.gzip;

import dev.fastio.bench.run.FastioBenchmark;
import dev.fastio.bench.run.NeedsNativeDecoder;
import dev.fastio.bench.run.NeedsTool;
import dev.fastio.gzip.Gzip;
import dev.fastio.internal.nativeio.NativeDecoder;
import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Article 004's gzip cases: decompress the gzipped IPv4 list (168 MB → 371 MB at full scale)
 * with {@code GZIPInputStream}'s 512-byte default input buffer, with 64 KB, with and without a
 * {@code BufferedInputStream} underneath, with fastio's {@code GzipReader}, and with {@code gzip -d}
 * as a process; and the races against the machine's own tools: the native gunzips ({@code igzip}, {@code libdeflate-gunzip},
 * {@code pigz}) as processes, and the same text as BGZF on one thread and on every core (against
 * {@code igzip} and {@code bgzip -@}). Output is read in 64 KB reads and dropped. Milliseconds per
 * file, lower is better. fastio's inflater is ISA-L where the native layer binds it and libisal2 is installed, the
 * JDK's zlib otherwise (the report's environment says which).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GzipBenchmark extends GzipListState {
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

    /** As {@link #fastio}, with the JDK's zlib forced ({@code -Dfastio.gzip.inflater=jdk}): what ISA-L gains. */
    @Benchmark
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS},
            jvmArgsAppend = {"-Dfastio.gzip.inflater=jdk"})
    public long fastioZlib() throws IOException {
        return drain(Gzip.open(file));
    }

    /** {@code gzip -dc FILE > /dev/null}, a whole process. */
    @Benchmark
    public int gzipDashD() throws IOException, InterruptedException {
        return process("gzip", "-dc", file.toString());
    }

    /** ISA-L's {@code igzip -dc}: the machine's fastest single-thread gunzip, the floor fastio is held to. */
    @Benchmark
    @NeedsTool(value = "igzip", debian = "isal")
    public int igzipDashD() throws IOException, InterruptedException {
        return process("igzip", "-dc", file.toString());
    }

    @Benchmark
    @NeedsTool(value = "libdeflate-gunzip", debian = "libdeflate-tools")
    public int libdeflateGunzip() throws IOException, InterruptedException {
        return process("libdeflate-gunzip", "-c", file.toString());
    }

    /** {@code pigz -dc}: one thread inflates (deflate cannot be split), others read, write and check. */
    @Benchmark
    @NeedsTool(value = "pigz", debian = "pigz")
    public int pigzDashD() throws IOException, InterruptedException {
        return process("pigz", "-dc", file.toString());
    }

    /** The BGZF file in the caller's thread only: what a one-thread reader does with it. */
    @Benchmark
    public long fastioBgzfOneThread() throws IOException {
        return drain(Gzip.open(bgzf, 1));
    }

    /** The BGZF file with its blocks inflated on every core. */
    @Benchmark
    public long fastioBgzfAllCores() throws IOException {
        return drain(Gzip.open(bgzf));
    }

    /** As {@link #fastioBgzfAllCores}, with libdeflate inflating the blocks ({@code -Dfastio.gzip.inflater=libdeflate}). */
    @Benchmark
    @NeedsNativeDecoder(NativeDecoder.LIBDEFLATE)
    @Fork(value = 2, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS},
            jvmArgsAppend = {"-Dfastio.gzip.inflater=libdeflate"})
    public long fastioBgzfAllCoresLibdeflate() throws IOException {
        return drain(Gzip.open(bgzf));
    }

    @Benchmark
    @NeedsTool(value = "igzip", debian = "isal")
    public int igzipBgzf() throws IOException, InterruptedException {
        return process("igzip", "-dc", bgzf.toString());
    }

    /** htslib's {@code bgzip -d} with one thread per core ({@code -@}). */
    @Benchmark
    @NeedsTool(value = "bgzip", debian = "tabix")
    public int bgzipAllCores() throws IOException, InterruptedException {
        return process("bgzip", "-dc", "-@", Integer.toString(Runtime.getRuntime().availableProcessors()), bgzf.toString());
    }

    /** A whole process, its output dropped; its exit status must be 0. */
    private static int process(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        int status = p.waitFor();
        if (status != 0) {
            throw new IOException(String.join(" ", command) + " exited with " + status);
        }
        return status;
    }
}
