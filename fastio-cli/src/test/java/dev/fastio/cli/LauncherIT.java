package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher ({@code ./fastio}) with the JDK running the tests (CI runs it on 17 and on 25):
 * it makes the start-up cache once, uses it, and a missing, stale or corrupt cache, or one it
 * cannot write, never fails a command nor puts a byte on standard output. Runs after
 * {@code package} (failsafe), on the jars the build just made; FASTIO_NO_BUILD keeps it from
 * building them again.
 */
class LauncherIT {
    static final Path LAUNCHER = Path.of("..", "fastio").toAbsolutePath().normalize();
    static final Path CACHES = Path.of("target", "start-cache").toAbsolutePath();
    static final boolean AOT = Runtime.version().feature() >= 25;

    @TempDir
    Path dir;

    byte[] text;

    record Run(int exit, byte[] stdout, String stderr) {}

    @BeforeEach
    void input() throws IOException {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            s.append("line ").append(i).append('\n');
        }
        text = s.toString().getBytes(StandardCharsets.US_ASCII);
        Files.write(dir.resolve("in.txt"), text);
        try (var o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve("in.txt.gz")))) {
            o.write(text);
        }
    }

    static Run fastio(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(LAUNCHER.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("FASTIO_NO_BUILD", "1");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        byte[][] out = new byte[1][];
        Thread drain = new Thread(() -> {
            try {
                out[0] = p.getInputStream().readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        drain.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        drain.join();
        return new Run(p.exitValue(), out[0], err);
    }

    /** The cache of this JDK, whatever the launcher named it. */
    static List<Path> caches() throws IOException {
        if (!Files.isDirectory(CACHES)) {
            return List.of();
        }
        String suffix = AOT ? ".aot" : ".jsa";
        String version = System.getProperty("java.version");
        try (Stream<Path> s = Files.list(CACHES)) {
            return s.filter(p -> p.getFileName().toString().endsWith("-" + version + suffix)).toList();
        }
    }

    /** gunzip -c through the launcher: the bytes on standard output are the file's, whatever the cache's state. */
    private Run gunzip() throws Exception {
        Run r = fastio(Map.of(), "gunzip", "-c", dir.resolve("in.txt.gz").toString());
        assertThat(r.exit()).as(r.stderr()).isZero();
        assertThat(r.stdout()).isEqualTo(text);
        return r;
    }

    @Test
    void aMissingCacheIsMadeThenUsed() throws Exception {
        for (Path c : caches()) {
            Files.delete(c);
        }
        Run first = gunzip();
        assertThat(first.stderr()).contains("making the start-up cache");
        assertThat(caches()).hasSize(1);
        Run second = gunzip();
        assertThat(second.stderr()).doesNotContain("making the start-up cache");
    }

    @Test
    void aCorruptCacheStillRunsTheCommand() throws Exception {
        gunzip(); // made if missing
        Path cache = caches().get(0);
        cache.toFile().setWritable(true);
        byte[] garbage = new byte[1 << 20];
        new java.util.Random(7).nextBytes(garbage);
        Files.write(cache, garbage);
        Run r = gunzip();
        assertThat(r.stderr()).doesNotContain("[aot]").doesNotContain("[cds]");
        if (AOT) { // the JVM rejects it, runs without it, and says so only in the cache's log; the next command remakes it
            assertThat(Files.size(Path.of(cache + ".log"))).isPositive();
            r = gunzip();
        } // JDK 17-24: the launcher sees it is no archive and makes it again at once
        assertThat(r.stderr()).contains("making the start-up cache");
        assertThat(Files.size(cache)).isNotEqualTo(garbage.length);
        assertThat(Files.size(Path.of(cache + ".log"))).isZero();
        assertThat(gunzip().stderr()).doesNotContain("making the start-up cache");
    }

    @Test
    void aLinkInPlaceOfTheCachesLogIsNotWrittenThrough() throws Exception {
        gunzip(); // made if missing
        Path cache = caches().get(0);
        Path log = Path.of(cache + ".log");
        // an empty file another user points the log at, and a cache the JVM would complain about into it
        Path victim = Files.createFile(dir.resolve("victim.txt"));
        cache.toFile().setWritable(true);
        Files.write(cache, new byte[4096]);
        Files.setLastModifiedTime(cache, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Files.deleteIfExists(log);
        Files.createSymbolicLink(log, victim);
        try {
            gunzip(); // runs without the cache rather than let the JVM open the link
            assertThat(victim).isEmptyFile();
        } finally {
            Files.deleteIfExists(log);
            Files.deleteIfExists(cache);
        }
    }

    @Test
    void aCacheOlderThanTheJarIsMadeAgain() throws Exception {
        gunzip();
        Path cache = caches().get(0);
        Files.setLastModifiedTime(cache, FileTime.fromMillis(Files.getLastModifiedTime(Path.of("target", "fastio-tool.jar")).toMillis() - 60_000));
        Run r = gunzip();
        assertThat(r.stderr()).contains("making the start-up cache");
        assertThat(Files.getLastModifiedTime(cache).toMillis())
                .isGreaterThan(Files.getLastModifiedTime(Path.of("target", "fastio-tool.jar")).toMillis());
    }

    @Test
    void aCacheThatCannotBeMadeOnlyCostsTime() throws Exception {
        Files.createDirectories(CACHES);
        Path aside = CACHES.resolveSibling("start-cache.aside");
        Files.move(CACHES, aside);
        Files.writeString(CACHES, "a file where the cache folder should be");
        try {
            Run r = gunzip();
            assertThat(r.stderr()).contains("could not make the start-up cache");
        } finally {
            Files.delete(CACHES);
            Files.move(aside, CACHES);
        }
    }

    @Test
    void noCacheWhenAskedForNone() throws Exception {
        for (Path c : caches()) {
            Files.delete(c);
        }
        Run off = fastio(Map.of("FASTIO_CACHE", "off"), "gunzip", "-c", dir.resolve("in.txt.gz").toString());
        assertThat(off.exit()).as(off.stderr()).isZero();
        assertThat(off.stdout()).isEqualTo(text);
        assertThat(off.stderr()).doesNotContain("start-up cache");
        assertThat(caches()).isEmpty();
    }

    @Test
    void benchIsTheBenchmarkJars() throws Exception {
        Run r = fastio(Map.of(), "bench", "--help");
        assertThat(r.exit()).as(r.stderr()).isZero();
        assertThat(new String(r.stdout(), StandardCharsets.UTF_8)).contains("--quick").doesNotContain("runs from the benchmark jar");
    }
}
