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
 * building them again. The cache is per user, under {@code XDG_CACHE_HOME}: here a folder in
 * {@code target}. {@link LauncherAttackIT} has the tests of other users and odd checkouts.
 */
class LauncherIT {
    static final Path LAUNCHER = Path.of("..", "fastio").toAbsolutePath().normalize();
    /** What the tests' launchers take for XDG_CACHE_HOME. */
    static final Path CACHE_HOME = Path.of("target", "launcher-it-cache").toAbsolutePath();
    static final Path CACHES = CACHE_HOME.resolve("fastio");
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
        return run(List.of(), LAUNCHER, null, env, args);
    }

    /**
     * Runs {@code launcher} with {@code args}, as the user {@code prefix} gives ({@code setpriv …}, or
     * none), in {@code cwd} (null: this one), with the test's JDK, no build, and the tests' cache home
     * unless {@code env} says otherwise (a null value removes a variable).
     */
    static Run run(List<String> prefix, Path launcher, Path cwd, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        Files.createDirectories(CACHE_HOME);
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(launcher.toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("FASTIO_NO_BUILD", "1");
        pb.environment().put("XDG_CACHE_HOME", CACHE_HOME.toString());
        pb.environment().remove("FASTIO_CACHE");
        pb.environment().remove("FASTIO_VECTOR");
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
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
        return caches(CACHES);
    }

    /** The caches of this JDK in {@code folder}. */
    static List<Path> caches(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        String suffix = AOT ? ".aot" : ".jsa";
        String version = System.getProperty("java.version");
        try (Stream<Path> s = Files.list(folder)) {
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

    /**
     * Commands started together on a machine without a cache: one makes it, the others wait for it
     * (or find it made) and use it; every output is exact and nothing is left marked as failed.
     */
    @Test
    void commandsStartedTogetherMakeTheCacheOnce() throws Exception {
        for (Path c : caches()) {
            Files.delete(c);
        }
        var pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            List<java.util.concurrent.Future<Run>> runs = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                runs.add(pool.submit(this::gunzip));
            }
            int making = 0;
            for (var f : runs) {
                making += f.get(5, TimeUnit.MINUTES).stderr().contains("making the start-up cache") ? 1 : 0;
            }
            assertThat(making).as("launchers that made the cache").isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        Path cache = caches().get(0);
        assertThat(Path.of(cache + ".failed")).doesNotExist();
        assertThat(gunzip().stderr()).doesNotContain("start-up cache");
        // a FIFO in the lock's place: the cache is still made, nothing waits for a reader
        Path lock = Path.of(cache + ".lock");
        Files.delete(lock);
        assertThat(new ProcessBuilder("mkfifo", lock.toString()).start().waitFor()).isZero();
        try {
            Files.delete(cache);
            assertThat(gunzip().stderr()).contains("making the start-up cache");
            assertThat(gunzip().stderr()).doesNotContain("start-up cache");
        } finally {
            Files.deleteIfExists(lock);
        }
    }

    /** Making a cache removes the caches of other checkouts and JDKs that no command used for a month, and only those. */
    @Test
    void makingACacheRemovesCachesUnusedForAMonth() throws Exception {
        gunzip(); // the folder exists
        Path old = Files.write(CACHES.resolve("0badcafe-some-other-jdk-21.0.1.jsa"), new byte[100]);
        Path recent = Files.write(CACHES.resolve("0badcafe-some-other-jdk-21.0.2.jsa"), new byte[100]);
        FileTime monthAgo = FileTime.fromMillis(System.currentTimeMillis() - 31L * 24 * 3600 * 1000);
        Files.getFileAttributeView(old, java.nio.file.attribute.BasicFileAttributeView.class).setTimes(monthAgo, monthAgo, null);
        FileTime weeksAgo = FileTime.fromMillis(System.currentTimeMillis() - 29L * 24 * 3600 * 1000);
        Files.getFileAttributeView(recent, java.nio.file.attribute.BasicFileAttributeView.class).setTimes(weeksAgo, weeksAgo, null);
        try {
            Files.delete(caches().get(0));
            assertThat(gunzip().stderr()).contains("making the start-up cache");
            assertThat(old).doesNotExist();
            assertThat(recent).exists();
        } finally {
            Files.deleteIfExists(old);
            Files.deleteIfExists(recent);
        }
    }

    @Test
    void aCorruptCacheStillRunsTheCommand() throws Exception {
        gunzip(); // made if missing
        Path cache = caches().get(0);
        cache.toFile().setWritable(true);
        byte[] garbage = new byte[1 << 20];
        new java.util.Random(7).nextBytes(garbage);
        Files.write(cache, garbage);
        // not the cache that was checked: made again before the command runs, on every JDK
        Run r = gunzip();
        assertThat(r.stderr()).contains("making the start-up cache").doesNotContain("[aot]").doesNotContain("[cds]");
        assertThat(Files.size(cache)).isNotEqualTo(garbage.length);
        assertThat(Files.size(Path.of(cache + ".log"))).isZero();
        assertThat(gunzip().stderr()).doesNotContain("making the start-up cache");
    }

    /**
     * Bytes flipped in place, with the file's mtime put back (so that only its ctime tells), at the
     * start, middle and end, and the file cut short: the JVM would crash with each (SIGBUS, SIGABRT, or
     * wrong class data run), printing its banner on standard output. The launcher sees that the
     * cache is not the file it checked and makes it again first: the command's output is exact and
     * no crash report is left in the working folder.
     */
    @Test
    void aCacheDamagedInPlaceIsNeverUsed() throws Exception {
        Path cwd = Files.createDirectories(dir.resolve("cwd"));
        for (double where : new double[] {0.001, 0.25, 0.5, 0.75, 0.95, -1}) {
            gunzip(); // made, or made again
            Path cache = caches().get(0);
            cache.toFile().setWritable(true);
            FileTime mtime = Files.getLastModifiedTime(cache);
            long size = Files.size(cache);
            if (where < 0) {
                try (var ch = java.nio.channels.FileChannel.open(cache, java.nio.file.StandardOpenOption.WRITE)) {
                    ch.truncate(size * 2 / 3);
                }
            } else {
                byte[] noise = new byte[4096];
                new java.util.Random((long) (where * 1000)).nextBytes(noise);
                try (var ch = java.nio.channels.FileChannel.open(cache, java.nio.file.StandardOpenOption.WRITE)) {
                    ch.write(java.nio.ByteBuffer.wrap(noise), (long) (size * where));
                }
            }
            Files.setLastModifiedTime(cache, mtime);
            Run r = run(List.of(), LAUNCHER, cwd, Map.of(), "gunzip", "-c", dir.resolve("in.txt.gz").toString());
            assertThat(r.exit()).as(where + ": " + r.stderr()).isZero();
            assertThat(r.stdout()).as("damaged at " + where).isEqualTo(text);
            assertThat(r.stderr()).as("damaged at " + where).contains("making the start-up cache");
            try (Stream<Path> s = Files.list(cwd)) {
                assertThat(s).as("crash reports").isEmpty();
            }
        }
    }

    /** A JVM that crashed with the cache left its report beside it: the next command makes the cache again, and says so. */
    @Test
    void aCacheAJvmCrashedWithIsMadeAgain() throws Exception {
        gunzip();
        Path cache = caches().get(0);
        Files.writeString(Path.of(cache + ".hs_err_12345.log"), "# A fatal error has been detected by the Java Runtime Environment");
        Run r = gunzip();
        assertThat(r.stderr()).contains("crashed").contains("making the start-up cache");
        assertThat(Path.of(cache + ".hs_err_12345.log")).doesNotExist();
        assertThat(Path.of(cache + ".crashed_12345.log")).hasContent("# A fatal error has been detected by the Java Runtime Environment");
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

    /**
     * Jars the launcher built on a JDK older than 22 lack the native layer: on JDK 22+ they are
     * out of date (here, with FASTIO_NO_BUILD, an error that says why); a mark older than the jars
     * (a build since replaced them) is not believed.
     */
    @Test
    void jarsBuiltOnAnOlderJdkAreRebuiltOnJdk22() throws Exception {
        Path mark = Path.of("target", ".fastio-built-on-jdk");
        Path jar = Path.of("target", "fastio.jar");
        try {
            Files.writeString(mark, "17\n");
            Files.setLastModifiedTime(mark, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
            Run r = fastio(Map.of(), "--version");
            if (Runtime.version().feature() >= 22) {
                assertThat(r.exit()).as(r.stderr()).isEqualTo(3);
                assertThat(r.stderr()).contains("built on JDK 17, without the JDK 22 part");
            } else {
                assertThat(r.exit()).as(r.stderr()).isZero();
            }
            Files.setLastModifiedTime(mark, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
            Run older = fastio(Map.of(), "--version");
            assertThat(older.exit()).as(older.stderr()).isZero();
        } finally {
            Files.deleteIfExists(mark);
        }
    }

    @Test
    void aCacheThatCannotBeMadeOnlyCostsTime() throws Exception {
        gunzip();
        Path cache = caches().get(0);
        Files.delete(cache);
        Path makeLog = Path.of(cache + ".make.log");
        Files.createDirectory(makeLog); // the training's output cannot go there
        try {
            Run r = gunzip();
            assertThat(r.stderr()).contains("could not make the start-up cache");
            // said once for this jar: later commands run without it and without a word
            assertThat(gunzip().stderr()).doesNotContain("start-up cache");
        } finally {
            Files.delete(makeLog);
            Files.deleteIfExists(Path.of(cache + ".failed"));
        }
    }

    /** A fresh account has no ~/.cache: the launcher makes it (0700), as the XDG rules say, and the cache in it. */
    @Test
    void aMissingCacheHomeIsMade() throws Exception {
        Path home = Files.createDirectories(dir.resolve("user-home"));
        Map<String, String> env = new java.util.HashMap<>();
        env.put("HOME", home.toString());
        env.put("XDG_CACHE_HOME", null);
        Run r = run(List.of(), LAUNCHER, null, env, "gunzip", "-c", dir.resolve("in.txt.gz").toString());
        assertThat(r.exit()).as(r.stderr()).isZero();
        assertThat(r.stdout()).isEqualTo(text);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve(".cache"))))
                .isEqualTo("rwx------");
        assertThat(caches(home.resolve(".cache").resolve("fastio"))).hasSize(1);
    }

    /** A cache folder that other users can write (not made by the launcher, which makes it 0700): not trusted, and said. */
    @Test
    void aCacheFolderOthersCanWriteIsNotUsed() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path open = Files.createDirectories(home.resolve("fastio"));
        Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Run r = run(List.of(), LAUNCHER, null, Map.of("XDG_CACHE_HOME", home.toString()), "gunzip", "-c",
                dir.resolve("in.txt.gz").toString());
        assertThat(r.exit()).as(r.stderr()).isZero();
        assertThat(r.stdout()).isEqualTo(text);
        assertThat(r.stderr()).contains("writable by other users").doesNotContain("making the start-up cache");
        try (Stream<Path> s = Files.list(open)) {
            assertThat(s).isEmpty();
        }
    }

    /** Settings with a value the launcher does not know are errors naming the ones it does, before any JVM starts. */
    @Test
    void aMistypedSettingIsAnError() throws Exception {
        for (String[] setting : new String[][] {{"FASTIO_CACHE", "false"}, {"FASTIO_VECTOR", "1"}, {"FASTIO_CACHE", "ON"},
                {"FASTIO_VECTOR", "on\u001b[2J"}, {"FASTIO_NO_BUILD", "yes"}}) {
            Run r = fastio(Map.of(setting[0], setting[1]), "--version");
            assertThat(r.exit()).as(r.stderr()).isEqualTo(2);
            assertThat(r.stderr().lines()).hasSize(1);
            assertThat(r.stderr()).startsWith("fastio: " + setting[0] + "=").contains("use ").doesNotContain("\u001b");
            assertThat(r.stdout()).isEmpty();
        }
    }

    @Test
    void aJavaHomeWithNoJavaIsAnError() throws Exception {
        for (String home : List.of("/nonexistent", dir.toString())) {
            Run r = fastio(Map.of("JAVA_HOME", home), "--version");
            assertThat(r.exit()).as(r.stderr()).isEqualTo(2);
            assertThat(r.stderr()).isEqualTo("fastio: JAVA_HOME is " + home
                    + ", which has no bin/java: set it to a JDK 17 or newer, or unset it to use the java on the PATH\n");
            assertThat(r.stdout()).isEmpty();
        }
    }

    /**
     * What the launcher is given that is not what it expects: a cache log the JVM could not open
     * (a folder in its place), closed standard input, a locale whose charset is ASCII and a file
     * name that is not, and {@code sh} instead of {@code bash}. Each command still runs right, or
     * says in one line what is wrong.
     */
    @Test
    void oddSurroundingsStillRunTheCommand() throws Exception {
        gunzip();
        Path cache = caches().get(0);
        Path log = Path.of(cache + ".log");
        Files.deleteIfExists(log);
        Files.createDirectory(log); // the JVM fails to start if it cannot open its -Xlog file
        try {
            Run r = gunzip();
            assertThat(r.stderr()).doesNotContain("Could not create the Java Virtual Machine");
        } finally {
            Files.delete(log);
        }
        // the name made and given in bash, as bytes: this JVM may itself run under an ASCII locale
        Map<String, String> asciiLocale = new java.util.HashMap<>();
        asciiLocale.put("LANG", "C");
        asciiLocale.put("LC_ALL", null);
        asciiLocale.put("LC_CTYPE", null);
        Run c = run(List.of("bash", "-c", "cd \"$1\" && cp in.txt.gz $'caf\\xc3\\xa9 \\xe6\\x97\\xa5.gz' && exec \"$0\" gunzip -c "
                + "$'caf\\xc3\\xa9 \\xe6\\x97\\xa5.gz'"), LAUNCHER, null, asciiLocale, dir.toString());
        assertThat(c.exit()).as(c.stderr()).isZero();
        assertThat(c.stdout()).isEqualTo(text);
        Run closed = run(List.of("bash", "-c", "exec <&-; exec \"$0\" \"$@\""), LAUNCHER, null, Map.of(), "gunzip", "-c", "-");
        assertThat(closed.exit()).isEqualTo(1);
        assertThat(closed.stderr()).contains("fastio: standard input is closed");
        assertThat(closed.stdout()).isEmpty();
        Run sh = run(List.of("sh"), LAUNCHER, null, Map.of(), "--version");
        assertThat(sh.exit()).as(sh.stderr()).isZero();
        assertThat(new String(sh.stdout(), StandardCharsets.UTF_8)).startsWith("fastio ");
    }

    /**
     * Closed standard descriptors while the cache is made: with standard error closed (where bash
     * leaves the launcher script open in its place) the command still runs; with standard output
     * closed the command says so, and the cache is made all the same, for the next command (the
     * training had been given the closed output, failed, and no cache was made until the next build).
     */
    @Test
    void closedStandardDescriptorsWhileTheCacheIsMade() throws Exception {
        for (Path c : caches()) {
            Files.delete(c);
        }
        Run noStderr = run(List.of("bash", "-c", "exec 2>&-; exec \"$0\" \"$@\""), LAUNCHER, null, Map.of(), "gunzip", "-c",
                dir.resolve("in.txt.gz").toString());
        assertThat(noStderr.exit()).isZero();
        assertThat(noStderr.stdout()).isEqualTo(text);
        for (Path c : caches()) {
            Files.delete(c);
        }
        Run noStdout = run(List.of("bash", "-c", "exec >&-; exec \"$0\" \"$@\""), LAUNCHER, null, Map.of(), "gunzip", "-c",
                dir.resolve("in.txt.gz").toString());
        assertThat(noStdout.exit()).isEqualTo(1);
        assertThat(noStdout.stderr()).contains("making the start-up cache").contains("standard output is closed")
                .doesNotContain("could not make");
        assertThat(gunzip().stderr()).doesNotContain("start-up cache");
    }

    /**
     * A {@code java} that is a wrapper adding flags of its own (a module here), and that prints a
     * crash banner on standard output when it runs the cache's maker: the cache is made with the
     * wrapper's flags (it had been made with the JDK's own java, rejected, and made again on every
     * command), and the maker's output never reaches the command's data nor the working folder.
     */
    @Test
    void aJavaWrapperMakesTheCacheItRunsWith() throws Exception {
        Path home = Files.createDirectories(dir.resolve("wrapped-jdk").resolve("bin"));
        Path real = Path.of(System.getProperty("java.home"));
        Files.copy(real.resolve("release"), home.resolveSibling("release"));
        Path java = home.resolve("java");
        String exec = "exec " + real.resolve("bin").resolve("java") + " --add-modules=java.sql \"$@\"\n";
        Files.writeString(java, "#!/bin/sh\n" + exec);
        java.toFile().setExecutable(true);
        Path cacheHome = Files.createDirectories(dir.resolve("wrapped-cache"));
        Map<String, String> env = Map.of("JAVA_HOME", home.getParent().toString(), "XDG_CACHE_HOME", cacheHome.toString());
        Path cwd = Files.createDirectories(dir.resolve("cwd"));
        for (int i = 0; i < 2; i++) {
            Run r = run(List.of(), LAUNCHER, cwd, env, "gunzip", "-c", dir.resolve("in.txt.gz").toString());
            assertThat(r.exit()).as(r.stderr()).isZero();
            assertThat(r.stdout()).isEqualTo(text);
            assertThat(r.stderr().contains("making the start-up cache")).as(r.stderr()).isEqualTo(i == 0);
        }
        // a maker that crashes: a banner on its standard output, killed by a signal
        Path makers = dir.resolve("makers.txt");
        Files.writeString(java, "#!/bin/sh\ncase \"$*\" in *StartupCache*) echo made >> " + makers
                + "; echo '# A fatal error has been detected'; kill -SEGV $$;; esac\n" + exec);
        Files.delete(caches(cacheHome.resolve("fastio")).get(0));
        for (int i = 0; i < 2; i++) {
            Run r = run(List.of(), LAUNCHER, cwd, env, "gunzip", "-c", dir.resolve("in.txt.gz").toString());
            assertThat(r.exit()).as(r.stderr()).isZero();
            assertThat(r.stdout()).isEqualTo(text);
        }
        assertThat(Files.readAllLines(makers)).as("a failed make is not tried again for this jar").hasSize(1);
        try (Stream<Path> s = Files.list(cwd)) {
            assertThat(s).as("nothing in the working folder").isEmpty();
        }
    }

    /** A tool jar dated in the future (a skewed clock): the cache is made once, not on every command. */
    @Test
    void aJarDatedInTheFutureGetsItsCacheOnce() throws Exception {
        Path jar = Path.of("target", "fastio-tool.jar");
        FileTime was = Files.getLastModifiedTime(jar);
        Path bench = Path.of("target", "fastio.jar");
        FileTime benchWas = Files.getLastModifiedTime(bench);
        try {
            Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 3_600_000));
            Files.setLastModifiedTime(bench, FileTime.fromMillis(System.currentTimeMillis() + 3_600_000));
            assertThat(gunzip().stderr()).contains("making the start-up cache");
            assertThat(gunzip().stderr()).doesNotContain("making the start-up cache");
        } finally {
            Files.setLastModifiedTime(jar, was);
            Files.setLastModifiedTime(bench, benchWas);
        }
    }

    /**
     * Ctrl-\ (SIGQUIT) makes the JVM print a thread dump; with data on standard output it goes to
     * standard error, so {@code gunzip -c} still writes exactly the file's bytes.
     */
    @Test
    void aThreadDumpNeverLandsInTheData() throws Exception {
        Path big = dir.resolve("big.gz");
        byte[] block = new byte[1 << 20];
        new java.util.Random(3).nextBytes(block);
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        try (var o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(big))) {
            for (int i = 0; i < 64; i++) {
                o.write(block);
                all.write(block);
            }
        }
        List<String> cmd = List.of(LAUNCHER.toString(), "gunzip", "-c", big.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("FASTIO_NO_BUILD", "1");
        pb.environment().put("XDG_CACHE_HOME", CACHE_HOME.toString());
        Process p = pb.start();
        p.getOutputStream().close();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.InputStream in = p.getInputStream();
        byte[] buf = new byte[1 << 16];
        boolean signalled = false;
        for (int n; (n = in.read(buf)) > 0; ) {
            out.write(buf, 0, n);
            if (!signalled && out.size() > (8 << 20)) {
                new ProcessBuilder("kill", "-QUIT", Long.toString(p.pid())).start().waitFor();
                signalled = true;
            }
        }
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(signalled).isTrue();
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(out.toByteArray()).isEqualTo(all.toByteArray());
        assertThat(err).contains("Full thread dump");
    }

    /** {@code ln -s …/fastio ~/bin/fastio}: the link's folder (here one with a POM of its own) is not the checkout. */
    @Test
    void theLauncherReachedThroughALinkRunsItsCheckout() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("other-project"));
        Files.writeString(bin.resolve("pom.xml"), "<project/>");
        Path link = Files.createSymbolicLink(bin.resolve("fastio"), LAUNCHER);
        Path linkToLink = Files.createSymbolicLink(dir.resolve("fastio"), link);
        for (Path l : List.of(link, linkToLink)) {
            Run r = run(List.of(), l, bin, Map.of(), "gunzip", "-c", dir.resolve("in.txt.gz").toString());
            assertThat(r.exit()).as(r.stderr()).isZero();
            assertThat(r.stdout()).isEqualTo(text);
        }
        assertThat(bin.resolve("target")).doesNotExist();
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
