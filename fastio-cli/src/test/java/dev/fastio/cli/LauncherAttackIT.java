package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.cli.LauncherIT.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher against another user of the machine and against checkouts in odd places
 * (docs/GUARANTEES.md, the threat model). Each test builds a checkout of its own: a copy of the
 * launcher and of the tool jar, and a link to the benchmark jar, in a folder the test chooses. The
 * tests that act as a second user run it, or plant what they plant, as {@code nobody} through
 * {@code setpriv}, and so need root (CI runs as root); elsewhere they are skipped.
 */
class LauncherAttackIT {
    static final Path TOOL_JAR = Path.of("target", "fastio-tool.jar").toAbsolutePath();
    static final Path BENCH_JAR = Path.of("target", "fastio.jar").toAbsolutePath();
    static final List<String> NOBODY = List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups");

    @TempDir
    Path tmp;
    /** A folder every user can enter (JUnit's is 0700). */
    Path dir;
    byte[] text;
    Path gz;

    @BeforeEach
    void input() throws IOException {
        dir = Files.createDirectories(tmp.resolve("shared"));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        text = "line\n".repeat(10_000).getBytes(StandardCharsets.US_ASCII);
        gz = dir.resolve("in.txt.gz");
        try (var o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(text);
        }
        Files.setPosixFilePermissions(gz, PosixFilePermissions.fromString("rw-r--r--"));
    }

    /** A checkout at {@code root}: the launcher and the jars, readable by every user. */
    static Path checkout(Path root) throws IOException {
        Path target = Files.createDirectories(root.resolve("fastio-cli").resolve("target"));
        Files.createDirectories(root.resolve("fastio-cli").resolve("src"));
        Files.writeString(root.resolve("pom.xml"), "<project/>"); // older than the jars: a checkout that needs no build
        Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.fromMillis(Files.getLastModifiedTime(TOOL_JAR).toMillis() - 60_000));
        Files.setPosixFilePermissions(root.resolve("pom.xml"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.copy(LauncherIT.LAUNCHER, root.resolve("fastio"));
        Files.copy(TOOL_JAR, target.resolve("fastio-tool.jar"));
        Files.createSymbolicLink(target.resolve("fastio.jar"), BENCH_JAR);
        for (Path p : List.of(root, root.resolve("fastio-cli"), root.resolve("fastio-cli").resolve("src"), target)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.setPosixFilePermissions(target.resolve("fastio-tool.jar"), PosixFilePermissions.fromString("rw-r--r--"));
        return root.resolve("fastio");
    }

    static boolean asRootWithSetpriv() {
        return "root".equals(System.getProperty("user.name"))
                && Stream.of("/usr/bin/setpriv", "/bin/setpriv").anyMatch(p -> Files.isExecutable(Path.of(p)));
    }

    /** Runs {@code cmd} as nobody and waits; true when it exited 0. */
    static void asNobody(String... cmd) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(NOBODY);
        all.addAll(List.of(cmd));
        Process p = new ProcessBuilder(all).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", all) + ": " + out).isZero();
    }

    /**
     * The checkout at DIR/fastio:latest. Java splits a class path at ':', so a class path naming
     * the tool jar there also names DIR/fastio, which any user who can write DIR can make, with
     * a Main class of their own in it. The launcher refuses such a path, and runs nothing.
     */
    @Test
    void aCheckoutPathWithAColonRunsNoOtherClasses() throws Exception {
        Path launcher = checkout(dir.resolve("fastio:latest"));
        Path src = Files.createDirectories(tmp.resolve("src/dev/fastio/cli"));
        Files.writeString(src.resolve("Main.java"), "package dev.fastio.cli; public class Main { public static void main(String[] a) {"
                + " System.out.println(\"PLANTED\"); } }");
        Path planted = Files.createDirectories(dir.resolve("fastio"));
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", planted.toString(),
                src.resolve("Main.java").toString())).isZero();
        for (List<String> args : List.of(List.of("--version"), List.of("gunzip", "-c", gz.toString()))) {
            Run r = LauncherIT.run(List.of(), launcher, null, Map.of("XDG_CACHE_HOME", tmp.toString()), args.toArray(String[]::new));
            assertThat(new String(r.stdout(), StandardCharsets.UTF_8)).doesNotContain("PLANTED").isEmpty();
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.stderr().lines()).hasSize(1);
            assertThat(r.stderr()).startsWith("fastio: cannot run from " + dir.resolve("fastio:latest")).contains("':'");
        }
    }

    /** Checkout paths with a space, a newline, a leading dash, glob and quote characters: they run, cache and all. */
    @Test
    void oddCheckoutPathsRun() throws Exception {
        for (String name : List.of("with space", "new\nline", "-dash", "glob*[x]?", "quote'\"$x", "tab\tand\\back")) {
            Path launcher = checkout(dir.resolve(name));
            Path home = Files.createDirectories(tmp.resolve("home-" + Integer.toHexString(name.hashCode())));
            for (int round = 0; round < 2; round++) {
                Run r = LauncherIT.run(List.of(), launcher, null, Map.of("XDG_CACHE_HOME", home.toString()), "gunzip", "-c", gz.toString());
                assertThat(r.exit()).as(name + ": " + r.stderr()).isZero();
                assertThat(r.stdout()).as(name).isEqualTo(text);
                if (round == 1) {
                    assertThat(r.stderr()).as(name + ": the cache made in round 0 is used").doesNotContain("making the start-up cache");
                }
            }
        }
    }

    /**
     * Another user who can write the checkout's target folder, and the folder a victim's
     * XDG_CACHE_HOME names (here both 0777, no sticky bit), plants links in every place the
     * launcher could write: the old cache folder in the checkout and the cache folder in the
     * cache home, under every name the launcher would use. The victim's file stays as it was, and
     * the command still runs.
     */
    @Test
    void linksPlantedByAnotherUserAreNeverWrittenThrough() throws Exception {
        assumeTrue(asRootWithSetpriv(), "needs root and setpriv to act as a second user");
        Path launcher = checkout(dir.resolve("checkout"));
        Path target = launcher.resolveSibling("fastio-cli").resolve("target");
        Path home = Files.createDirectories(dir.resolve("cache-home"));
        for (Path open : List.of(target, home)) {
            Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        }
        Path victim = Files.writeString(tmp.resolve("victim.txt"), "the victim's own\n");
        FileTime before = Files.getLastModifiedTime(victim);
        // the names the launcher uses, learnt from a run of a checkout at the same path in a cache home of the victim's
        Path learn = Files.createDirectories(tmp.resolve("learn"));
        Run first = LauncherIT.run(List.of(), launcher, null, Map.of("XDG_CACHE_HOME", learn.toString()), "gunzip", "-c", gz.toString());
        assertThat(first.exit()).as(first.stderr()).isZero();
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(learn.resolve("fastio"))) {
            s.forEach(p -> names.add(p.getFileName().toString()));
        }
        String cache = names.stream().filter(n -> n.endsWith(".aot") || n.endsWith(".jsa")).findFirst().orElseThrow();
        for (String suffix : List.of(".make.log", ".failed", ".log", ".ok", ".hs_err_1.log", "." + 1 + ".tmp")) {
            names.add(cache + suffix);
        }
        // the old launcher's names too: <jdk>.aot or .jsa in target/start-cache
        String old = cache.substring(cache.indexOf('-') + 1);
        asNobody("mkdir", "-m", "777", target.resolve("start-cache").toString(), home.resolve("fastio").toString());
        for (String n : new java.util.LinkedHashSet<>(names)) {
            asNobody("ln", "-s", victim.toString(), home.resolve("fastio").resolve(n).toString());
        }
        for (String suffix : List.of("", ".make.log", ".failed", ".log")) {
            asNobody("ln", "-s", victim.toString(), target.resolve("start-cache").resolve(old + suffix).toString());
        }
        for (String args : List.of("--version", "gunzip")) {
            Run r = LauncherIT.run(List.of(), launcher, dir, Map.of("XDG_CACHE_HOME", home.toString()),
                    args.equals("gunzip") ? new String[] {"gunzip", "-c", gz.toString()} : new String[] {args});
            assertThat(r.exit()).as(r.stderr()).isZero();
            if (args.equals("gunzip")) {
                assertThat(r.stdout()).isEqualTo(text);
            }
        }
        assertThat(Files.readString(victim)).isEqualTo("the victim's own\n");
        assertThat(Files.getLastModifiedTime(victim)).isEqualTo(before);
        try (Stream<Path> s = Files.list(home.resolve("fastio"))) {
            assertThat(s).allMatch(Files::isSymbolicLink); // nothing made, nothing removed, in a folder that is not the victim's
        }
    }

    /**
     * A cache home that other users can write (0777, no sticky bit: any of them can rename the
     * cache folder away and put a link of theirs in its place, between any two steps of the
     * launcher), with a second user doing just that in a loop and links to the victim's file in
     * the folder they swap in: the cache home is refused before anything is written into it, and
     * the victim's file stays as it was, over many commands.
     */
    @Test
    void aCacheHomeOthersCanWriteIsRefusedWhileAnotherUserSwapsIt() throws Exception {
        assumeTrue(asRootWithSetpriv(), "needs root and setpriv to act as a second user");
        Path launcher = checkout(dir.resolve("checkout"));
        Path home = Files.createDirectories(dir.resolve("open-home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path victim = Files.writeString(tmp.resolve("victim.txt"), "the victim's own\n");
        Path evil = home.resolve("evil");
        asNobody("mkdir", "-m", "777", evil.toString());
        // links under every name the cache could have, to the victim's file
        Path learn = Files.createDirectories(tmp.resolve("learn"));
        assertThat(LauncherIT.run(List.of(), launcher, null, Map.of("XDG_CACHE_HOME", learn.toString()), "--version").exit()).isZero();
        String cache;
        try (Stream<Path> s = Files.list(learn.resolve("fastio"))) {
            cache = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".aot") || n.endsWith(".jsa")).findFirst().orElseThrow();
        }
        for (String suffix : List.of("", ".make.log", ".failed", ".log", ".ok")) {
            asNobody("ln", "-s", victim.toString(), evil.resolve(cache + suffix).toString());
        }
        Path stop = tmp.resolve("stop");
        String swap = "i=0; while [ ! -e " + stop + " ] && [ $i -lt 200000 ]; do i=$((i+1)); mv " + home + "/fastio " + home
                + "/old$i 2>/dev/null; ln -sfn " + evil + " " + home + "/fastio 2>/dev/null; rm -f " + home + "/fastio; done";
        List<String> loop = new ArrayList<>(NOBODY);
        loop.addAll(List.of("bash", "-c", swap));
        Process swapper = new ProcessBuilder(loop).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            for (int i = 0; i < 12; i++) {
                Run r = LauncherIT.run(List.of(), launcher, dir, Map.of("XDG_CACHE_HOME", home.toString()), "gunzip", "-c", gz.toString());
                assertThat(r.exit()).as(r.stderr()).isZero();
                assertThat(r.stdout()).isEqualTo(text);
                assertThat(r.stderr()).doesNotContain("making the start-up cache");
            }
        } finally {
            Files.writeString(stop, ""); // the loop ends by itself, its last mv or ln done, before the folder is removed
            swapper.waitFor(1, java.util.concurrent.TimeUnit.MINUTES);
            swapper.destroyForcibly().waitFor();
        }
        assertThat(Files.readString(victim)).isEqualTo("the victim's own\n");
    }

    /**
     * A cache home under a sticky folder (as /tmp), whose name another user took first with a
     * link, which they then flip between a folder of theirs full of links to the victim's file and
     * a folder of the victim's: the launcher resolves the path once and uses it only where every
     * folder on it is safe; the victim's file stays as it was.
     */
    @Test
    void aCacheHomeNameTakenByAnotherUserInAStickyFolderIsHarmless() throws Exception {
        assumeTrue(asRootWithSetpriv(), "needs root and setpriv to act as a second user");
        Path launcher = checkout(dir.resolve("checkout"));
        Path sticky = Files.createDirectories(dir.resolve("sticky"));
        assertThat(new ProcessBuilder("chmod", "1777", sticky.toString()).start().waitFor()).isZero();
        Path victim = Files.writeString(tmp.resolve("victim.txt"), "the victim's own\n");
        Path rootsOwn = Files.createDirectories(tmp.resolve("roots-own"));
        Path evil = sticky.resolve("evil");
        asNobody("mkdir", "-m", "777", evil.toString());
        asNobody("mkdir", "-m", "777", evil.resolve("fastio").toString());
        Path home = sticky.resolve("rootcache");
        Path stop = tmp.resolve("stop");
        String flip = "i=0; while [ ! -e " + stop + " ] && [ $i -lt 200000 ]; do i=$((i+1)); ln -sfn " + evil + " " + home
                + "; ln -sfn " + rootsOwn + " " + home + "; done";
        List<String> loop = new ArrayList<>(NOBODY);
        loop.addAll(List.of("bash", "-c", flip));
        asNobody("ln", "-s", evil.toString(), home.toString());
        Process flipper = new ProcessBuilder(loop).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            for (int i = 0; i < 12; i++) {
                Run r = LauncherIT.run(List.of(), launcher, dir, Map.of("XDG_CACHE_HOME", home.toString()), "gunzip", "-c", gz.toString());
                assertThat(r.exit()).as(r.stderr()).isZero();
                assertThat(r.stdout()).isEqualTo(text);
            }
        } finally {
            Files.writeString(stop, "");
            flipper.waitFor(1, java.util.concurrent.TimeUnit.MINUTES);
            flipper.destroyForcibly().waitFor();
        }
        assertThat(Files.readString(victim)).isEqualTo("the victim's own\n");
        try (Stream<Path> s = Files.walk(evil)) {
            assertThat(s.filter(Files::isRegularFile)).as("nothing of the victim's written into the other user's folder").isEmpty();
        }
    }

    /**
     * A sticky cache home (as /tmp) in which another user took the name {@code fastio} first, with a
     * link to a folder of the victim's: the launcher would have taken the victim's folder for its
     * cache's, written there, and removed the files no one had read for a month. A link on the
     * path is the user's own or root's, or the path is refused, and said.
     */
    @Test
    void aLinkAnotherUserPutAtTheCacheFolderIsRefused() throws Exception {
        assumeTrue(asRootWithSetpriv(), "needs root and setpriv to act as a second user");
        Path launcher = checkout(dir.resolve("checkout"));
        Path sticky = Files.createDirectories(dir.resolve("sticky-home"));
        assertThat(new ProcessBuilder("chmod", "1777", sticky.toString()).start().waitFor()).isZero();
        Path victims = Files.createDirectories(tmp.resolve("victims-folder"));
        Files.setPosixFilePermissions(victims, PosixFilePermissions.fromString("rwx------"));
        Path key = Files.writeString(victims.resolve("id_ed25519"), "a key not read for a month\n");
        FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 40L * 24 * 3600 * 1000);
        Files.getFileAttributeView(key, java.nio.file.attribute.BasicFileAttributeView.class).setTimes(old, old, null);
        asNobody("ln", "-s", victims.toString(), sticky.resolve("fastio").toString());
        for (int i = 0; i < 2; i++) {
            Run r = LauncherIT.run(List.of(), launcher, dir, Map.of("XDG_CACHE_HOME", sticky.toString()), "gunzip", "-c", gz.toString());
            assertThat(r.exit()).as(r.stderr()).isZero();
            assertThat(r.stdout()).isEqualTo(text);
            assertThat(r.stderr()).contains(sticky.resolve("fastio") + " is writable by other users (or theirs)")
                    .doesNotContain("making the start-up cache");
        }
        assertThat(key).hasContent("a key not read for a month");
        try (Stream<Path> s = Files.list(victims)) {
            assertThat(s).containsExactly(key);
        }
    }

    /** A copy of the launcher (not a link) in another Maven project: it says it is not a checkout, and builds nothing there. */
    @Test
    void aCopyOfTheLauncherElsewhereBuildsNothing() throws Exception {
        Path other = Files.createDirectories(dir.resolve("other-project"));
        Files.writeString(other.resolve("pom.xml"), "<project/>");
        Path copy = Files.copy(LauncherIT.LAUNCHER, other.resolve("fastio"));
        Run r = LauncherIT.run(List.of(), copy, other, Map.of("FASTIO_NO_BUILD", ""), "--version");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.stderr().lines()).as(r.stderr()).hasSize(1);
        assertThat(r.stderr()).contains("is not a fastio checkout");
        assertThat(other.resolve("target")).doesNotExist();
    }

    /**
     * A second user of a checkout that the first one built (and whose old start-up cache folder,
     * 0700, is the first user's): the command runs, with a cache of their own where they have a
     * cache home and without one where they have none, and not a word about the first user's files.
     */
    @Test
    void aSecondUserOfASharedCheckoutRunsQuietly() throws Exception {
        assumeTrue(asRootWithSetpriv(), "needs root and setpriv to act as a second user");
        Path launcher = checkout(dir.resolve("checkout"));
        Path target = launcher.resolveSibling("fastio-cli").resolve("target");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.createDirectory(target.resolve("start-cache"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path homes = Files.createDirectories(dir.resolve("homes"));
        assertThat(new ProcessBuilder("chmod", "1777", homes.toString()).start().waitFor()).isZero(); // as /tmp
        Path home = homes.resolve("nobody-cache");
        asNobody("mkdir", "-m", "700", home.toString());
        List<Map<String, String>> envs = List.of(
                Map.of("HOME", "/nonexistent", "XDG_CACHE_HOME", home.toString()),
                Map.of("HOME", "/nonexistent", "XDG_CACHE_HOME", ""));
        for (Map<String, String> env : envs) {
            for (int round = 0; round < 2; round++) {
                Run r = LauncherIT.run(NOBODY, launcher, dir, env, "gunzip", "-c", gz.toString());
                assertThat(r.exit()).as(r.stderr()).isZero();
                assertThat(r.stdout()).isEqualTo(text);
                assertThat(r.stderr().lines()).as(env + ": " + r.stderr())
                        .allMatch(l -> l.startsWith("gunzip ") || l.startsWith("fastio: making the start-up cache"));
            }
        }
        assertThat(LauncherIT.caches(home.resolve("fastio"))).hasSize(1);
        try (Stream<Path> s = Files.list(target.resolve("start-cache"))) {
            assertThat(s).isEmpty();
        }
    }

    /** The jars need building and the checkout is not the user's to write: one line that says so, no Maven output. */
    @Test
    void aCheckoutThatNeedsBuildingAndIsNotWritableSaysSo() throws Exception {
        assumeTrue(asRootWithSetpriv(), "needs root and setpriv to act as a second user");
        Path launcher = checkout(dir.resolve("checkout"));
        Path root = launcher.getParent();
        Files.writeString(root.resolve("pom.xml"), "<project/>"); // newer than the jars
        Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Files.setPosixFilePermissions(root.resolve("pom.xml"), PosixFilePermissions.fromString("rw-r--r--"));
        Run r = LauncherIT.run(NOBODY, launcher, dir, Map.of("FASTIO_NO_BUILD", "", "HOME", "/nonexistent"), "--version");
        assertThat(r.exit()).as(r.stderr()).isEqualTo(1);
        assertThat(r.stderr().lines()).as(r.stderr()).hasSize(1);
        assertThat(r.stderr()).startsWith("fastio: the CLI jars in " + root.resolve("fastio-cli/target") + " need building")
                .contains("is not writable by you");
        assertThat(r.stdout()).isEmpty();
        assertThat(root.resolve("fastio-cli/target/classes")).doesNotExist();
    }
}
