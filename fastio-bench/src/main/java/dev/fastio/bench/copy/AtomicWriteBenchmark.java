package dev.fastio.bench.copy;

import dev.fastio.bench.data.DataDir;
import dev.fastio.copy.AtomicWrite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What an all-or-nothing write of a whole file costs: {@code AtomicWrite.write(target, bytes,
 * false)} against {@code Files.write}, which truncates the target in place (a reader or a crash
 * can see it empty or half-written), over an existing file ({@code replace=true}) and to a new
 * name ({@code replace=false}: the target is removed before each call, outside the timing;
 * JMHSample_38's caveat on per-invocation set-up applies, the same to both). The content is
 * random, made once. Uses only {@code AtomicWrite}'s oldest signature, so the same class measures
 * an earlier build side by side (docs/PERFORMANCE.md, "Folders through descriptors only where
 * shared (JDK 17–21)"). Not in a
 * suite: run it by name.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// the flags written out, not FastioBenchmark's constants: this class is copied into builds that predate them
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class AtomicWriteBenchmark {
    @Param({"5120", "500000"})
    public int size;

    @Param({"true", "false"})
    public boolean replace;

    private byte[] content;
    private Path dir;
    private Path target;

    @Setup
    public void setUp() throws IOException {
        content = new byte[size];
        new Random(size).nextBytes(content);
        dir = Files.createDirectories(DataDir.get().resolve("atomic-out-" + ProcessHandle.current().pid()));
        target = dir.resolve("target.bin");
        Files.write(target, content);
    }

    @Setup(Level.Invocation)
    public void removeTarget() throws IOException {
        if (!replace) {
            Files.deleteIfExists(target);
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Benchmark
    public Path fastio() throws IOException {
        AtomicWrite.write(target, content, false);
        return target;
    }

    @Benchmark
    public Path filesWrite() throws IOException {
        return Files.write(target, content);
    }
}
