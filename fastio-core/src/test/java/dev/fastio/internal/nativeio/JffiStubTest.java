package dev.fastio.internal.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jffi's native stub, loaded so that no other user can put their code in its place
 * ({@link JffiStub}): the folder rule on its own, then the attack as it is made, a second user
 * ({@code nobody}, through {@code setpriv}, where the test runs as root) planting a library of
 * its own everywhere it can while a fresh JVM binds jffi; that library, if ever loaded, writes a
 * marker file, which must never appear.
 */
class JffiStubTest {
    private static final byte[] STUB = "not really a library, but bytes to put in place".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private final List<Process> attackers = new ArrayList<>();

    @AfterEach
    void stopAttackers() {
        attackers.forEach(Process::destroyForcibly);
    }

    private static int uid() throws IOException {
        return JffiStub.uid();
    }

    private Path folder(String name, String mode) throws IOException {
        Path p = Files.createDirectory(dir.resolve(name));
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
        return p;
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void theStubGoesInFoldersOfThisUsersAloneUnderAStickyFolder() throws IOException {
        Path sticky = folder("tmp", "rwxrwxrwx");
        Files.setAttribute(sticky, "unix:mode", 01777);
        Path got = JffiStub.prepare(sticky.resolve("fastio-" + uid()).resolve("native"), "jffi-x", "x86_64-Linux", STUB, uid());
        Path file = got.resolve("x86_64-Linux").resolve("libjffi-1.2.so");
        assertThat(Files.readAllBytes(file)).isEqualTo(STUB);
        assertThat(mode(file)).isEqualTo("rw-------");
        for (Path p = file.getParent(); !p.equals(sticky); p = p.getParent()) {
            assertThat(mode(p)).as(p.toString()).isEqualTo("rwx------");
        }
        // and again: what is there is checked, not written twice
        long mtime = Files.getLastModifiedTime(file).toMillis();
        assertThat(JffiStub.prepare(sticky.resolve("fastio-" + uid()).resolve("native"), "jffi-x", "x86_64-Linux", STUB, uid()))
                .isEqualTo(got);
        assertThat(Files.getLastModifiedTime(file).toMillis()).isEqualTo(mtime);
    }

    @Test
    void aFolderOthersMayWriteWithoutTheStickyBitIsRefused() throws IOException {
        Path shared = folder("shared", "rwxrwxrwx");
        assertThatThrownBy(() -> JffiStub.prepare(shared.resolve("fastio-" + uid()), "jffi-x", "x86_64-Linux", STUB, uid()))
                .isInstanceOf(AccessDeniedException.class).hasMessageContaining(shared.toString())
                .hasMessageContaining("writable by others without the sticky bit");
        Path group = folder("group", "rwxrwx---");
        assertThatThrownBy(() -> JffiStub.prepare(group.resolve("fastio"), "jffi-x", "x86_64-Linux", STUB, uid()))
                .isInstanceOf(AccessDeniedException.class).hasMessageContaining(group.toString());
    }

    @Test
    void aWrongOrLinkedStubIsReplacedWithoutTouchingWhatTheLinkPointsTo() throws IOException {
        Path base = folder("cache", "rwx------");
        Path got = JffiStub.prepare(base, "jffi-x", "x86_64-Linux", STUB, uid());
        Path file = got.resolve("x86_64-Linux").resolve("libjffi-1.2.so");
        Files.write(file, "other bytes of the same length as the stub, or not".getBytes(StandardCharsets.UTF_8));
        JffiStub.prepare(base, "jffi-x", "x86_64-Linux", STUB, uid());
        assertThat(Files.readAllBytes(file)).isEqualTo(STUB);
        Path outside = Files.write(dir.resolve("outside"), "mine".getBytes(StandardCharsets.UTF_8));
        Files.delete(file);
        Files.createSymbolicLink(file, outside);
        JffiStub.prepare(base, "jffi-x", "x86_64-Linux", STUB, uid());
        assertThat(Files.isSymbolicLink(file)).isFalse();
        assertThat(Files.readAllBytes(file)).isEqualTo(STUB);
        assertThat(Files.readString(outside)).isEqualTo("mine");
    }

    @Test
    void aFolderOfAnotherUserAtOurNameIsRefused() throws Exception {
        assumeTrue(uid() == 0, "needs root, to give a folder to another user");
        Path sticky = folder("tmp", "rwxrwxrwx");
        Files.setAttribute(sticky, "unix:mode", 01777);
        Path squat = Files.createDirectory(sticky.resolve("fastio-0"));
        Files.setAttribute(squat, "unix:uid", 65534);
        assertThatThrownBy(() -> JffiStub.prepare(squat.resolve("native"), "jffi-x", "x86_64-Linux", STUB, 0))
                .isInstanceOf(IOException.class).hasMessageContaining("another user");
        try (java.util.stream.Stream<Path> in = Files.list(squat)) {
            assertThat(in).as("nothing made in another user's folder").isEmpty();
        }
        // a link at our name to a folder of theirs: followed by nothing, refused all the same
        Path theirs = Files.createDirectory(sticky.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", 65534);
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rwx------"));
        Files.delete(squat);
        Files.createSymbolicLink(sticky.resolve("fastio-0"), theirs);
        assertThatThrownBy(() -> JffiStub.prepare(sticky.resolve("fastio-0").resolve("native"), "jffi-x", "x86_64-Linux", STUB, 0))
                .isInstanceOf(IOException.class).hasMessageContaining("another user");
    }

    /**
     * The attack as it is made: the victim's only folders (its home's cache and its temporary
     * folder) are in a folder everyone may write, without the sticky bit; the attacker plants a
     * library whose constructor writes a marker file, at every name jffi or fastio might load, and
     * swaps folders for its own, in a loop, while a fresh JVM binds jffi. The layer must go off
     * (no folder is safe) saying why, and the marker never appear. Then the same in a sticky
     * folder where the attacker squats the victim's folder name: off again, never the attacker's code.
     */
    @Test
    void aSecondUserCannotPlantTheStub() throws Exception {
        assumeTrue(uid() == 0 && Files.isExecutable(Path.of("/usr/bin/setpriv")), "needs root and setpriv, to be a second user");
        assumeTrue(onPath("cc"), "needs a C compiler, to build the attacker's library");
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "Linux");
        Path lab = Files.createTempDirectory(Path.of("/tmp"), "fastio-stub-attack-");
        try {
            Files.setPosixFilePermissions(lab, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path marker = lab.resolve("pwned");
            Path evil = evilLibrary(lab, marker);

            Path shared = Files.createDirectory(lab.resolve("shared"));
            Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
            attack(lab, shared, evil);
            String out = bindInChild(shared, shared.resolve("home"));
            assertThat(out).contains("status off: jffi could not be loaded").contains(shared.toString());
            assertThat(mapped(out)).as("no jffi library loaded at all").isEmpty();
            assertThat(marker).doesNotExist();

            Path sticky = Files.createDirectory(lab.resolve("sticky"));
            Files.setAttribute(sticky, "unix:mode", 01777);
            for (String name : new String[] {"fastio-0", ".cache"}) { // the temporary folder's name, and the home's cache
                Path squat = Files.createDirectory(sticky.resolve(name));
                Files.setAttribute(squat, "unix:uid", 65534);
                Files.setAttribute(squat, "unix:mode", 0777);
            }
            attack(lab, sticky, evil);
            out = bindInChild(sticky, sticky);
            assertThat(out).contains("status off: jffi could not be loaded").contains("another user");
            assertThat(mapped(out)).as("no jffi library loaded at all").isEmpty();
            assertThat(marker).doesNotExist();
        } finally {
            stopAttackers();
            new ProcessBuilder("rm", "-rf", lab.toString()).start().waitFor();
        }
    }

    /** Builds, in {@code lab}, the attacker's library: its constructor writes {@code marker}. */
    private static Path evilLibrary(Path lab, Path marker) throws Exception {
        Path evil = lab.resolve("evil.so");
        Path c = Files.writeString(lab.resolve("evil.c"), "#include <stdio.h>\n"
                + "__attribute__((constructor)) static void pwn(void) { FILE *f = fopen(\"" + marker + "\", \"w\");"
                + " if (f) { fputs(\"the attacker's code ran\\n\", f); fclose(f); } }\n");
        Process cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-o", evil.toString(), c.toString()).inheritIO().start();
        assertThat(cc.waitFor()).isZero();
        Files.setPosixFilePermissions(evil, PosixFilePermissions.fromString("rwxr-xr-x"));
        return evil;
    }

    /**
     * A cache folder whose path holds {@code :} (a home, {@code XDG_CACHE_HOME} or temporary
     * folder so named): jffi splits {@code jffi.boot.library.path} there and looks in the part
     * before it first, a folder another user may make in a sticky {@code /tmp}
     * ({@code /tmp/job} for {@code /tmp/job:42}), or in the part after it, relative to the working
     * folder. Found from outside (2026-11-28): the attacker's library ran as root. The folder is
     * refused, the next one used, and the attacker's library never loads.
     */
    @Test
    void aFolderWhosePathHoldsAColonIsRefused() throws Exception {
        assumeTrue(uid() == 0, "needs root, to give the planted library to another user");
        assumeTrue(onPath("cc"), "needs a C compiler, to build the attacker's library");
        Path sticky = folder("sticky", "rwxrwxrwx");
        Files.setAttribute(sticky, "unix:mode", 01777);
        Path home = Files.createDirectory(sticky.resolve("job:42"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
        assertThatThrownBy(() -> JffiStub.prepare(home.resolve(".cache/fastio/native"), "jffi-x", "x86_64-Linux", STUB, 0))
                .isInstanceOf(IOException.class).hasMessageContaining("':'");
        // what the attacker makes: the folder before the colon, in the sticky folder, with their library where jffi looks
        Path marker = dir.resolve("pwned");
        Path evil = evilLibrary(dir, marker);
        Path planted = Files.createDirectories(sticky.resolve("job/x86_64-Linux"));
        Files.copy(evil, planted.resolve("libjffi-1.2.so"));
        for (Path p : List.of(sticky.resolve("job"), planted, planted.resolve("libjffi-1.2.so"))) {
            Files.setAttribute(p, "unix:uid", 65534);
        }
        Path tmp = folder("tmp", "rwx------");
        String out = bindInChild(tmp, home);
        assertThat(marker).as("the attacker's library never ran").doesNotExist();
        assertThat(out).contains("status on: libc through jffi");
        assertThat(mapped(out)).as(out).hasSize(1).allMatch(p -> p.startsWith(tmp.resolve("fastio-0/native/jffi-").toString()));
        try (java.util.stream.Stream<Path> made = Files.walk(home)) {
            assertThat(made).as("nothing made under the refused folder").containsExactly(home);
        }
    }

    /**
     * A symbolic link of another user's on the way (at our name in a sticky folder, where the
     * kernel follows it unless fs.protected_symlinks is set): refused, and nothing made where it
     * points, even a folder of this user's own (found from outside: folders were made through it).
     */
    @Test
    void aLinkOfAnotherUsersOnTheWayIsRefusedAndNothingMadeThroughIt() throws Exception {
        assumeTrue(uid() == 0, "needs root, to give a link to another user");
        Path sticky = folder("sticky", "rwxrwxrwx");
        Files.setAttribute(sticky, "unix:mode", 01777);
        Path mine = folder("mine", "rwx------");
        Path link = Files.createSymbolicLink(sticky.resolve("fastio-0"), mine);
        Files.setAttribute(link, "unix:uid", 65534, LinkOption.NOFOLLOW_LINKS);
        assertThatThrownBy(() -> JffiStub.prepare(link.resolve("native"), "jffi-x", "x86_64-Linux", STUB, 0))
                .isInstanceOf(AccessDeniedException.class).hasMessageContaining("symbolic link of another user's");
        try (java.util.stream.Stream<Path> in = Files.list(mine)) {
            assertThat(in).as("nothing made through another user's link").isEmpty();
        }
        // this user's own link, in a folder only it can change: followed
        Files.delete(link);
        Path ownLink = Files.createSymbolicLink(folder("own", "rwx------").resolve("cache"), mine);
        Path made = JffiStub.prepare(ownLink.resolve("native"), "jffi-x", "x86_64-Linux", STUB, 0);
        assertThat(made).startsWith(mine.toRealPath());
    }

    /**
     * A user's own {@code -Djffi.boot.library.path} that holds no stub: refused, saying so, where
     * jffi would have gone on to extract its own to a temporary file and load that (found from
     * outside: the status named the user's path while a deleted temporary file was mapped).
     */
    @Test
    void aUsersBootPathWithoutTheStubIsRefused() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "Linux");
        Path tmp = folder("tmp", "rwx------");
        String out = bindInChild(tmp, folder("home", "rwx------"), "-Djffi.boot.library.path=" + dir.resolve("nothing-here"));
        assertThat(out).contains("status off: jffi could not be loaded").contains("holds no x86_64-Linux/libjffi-1.2.so");
        assertThat(mapped(out)).as(out).isEmpty();
        try (java.util.stream.Stream<Path> left = Files.list(tmp)) {
            assertThat(left).as("nothing of jffi's own in the temporary folder").isEmpty();
        }
    }

    /**
     * A home and temporary folder on a {@code noexec} mount, where no library can be loaded: the
     * folder is refused before jffi is asked (which would otherwise try its own temporary file
     * there, then the working folder), and the layer goes off saying so.
     */
    @Test
    void aNoexecMountIsRefusedAndTheLayerSaysWhy() throws Exception {
        assumeTrue(uid() == 0, "needs root, to mount a noexec tmpfs");
        Path mount = Files.createDirectory(dir.resolve("noexec"));
        Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "noexec,size=8m", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        assumeTrue(m.waitFor() == 0, "mount refused here: " + new String(m.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        try {
            Files.setPosixFilePermissions(mount, PosixFilePermissions.fromString("rwx------"));
            assertThatThrownBy(() -> JffiStub.prepare(mount.resolve("cache"), "jffi-x", "x86_64-Linux", STUB, 0))
                    .isInstanceOf(IOException.class).hasMessageContaining("noexec");
            String out = bindInChild(mount, mount);
            assertThat(out).contains("status off: jffi could not be loaded").contains("noexec");
            assertThat(mapped(out)).isEmpty();
        } finally {
            new ProcessBuilder("umount", mount.toString()).start().waitFor();
        }
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Starts the attacker (nobody) in {@code shared}: plants {@code evil} at every stub name and folder, over and over. */
    private void attack(Path lab, Path shared, Path evil) throws IOException {
        Path script = Files.writeString(lab.resolve("attack-" + shared.getFileName() + ".sh"), String.join("\n",
                "s=\"$1\"; evil=\"$2\"",
                "while :; do",
                "  for d in \"$s\" \"$s\"/fastio-0 \"$s\"/fastio-0/native \"$s\"/fastio-0/native/jffi-* \"$s\"/home/.cache/fastio/native/jffi-*; do",
                "    mkdir -p \"$d/x86_64-Linux\" 2>/dev/null",
                "    cp \"$evil\" \"$d/x86_64-Linux/.e$$\" 2>/dev/null && mv -f \"$d/x86_64-Linux/.e$$\" \"$d/x86_64-Linux/libjffi-1.2.so\" 2>/dev/null",
                "    cp \"$evil\" \"$d/.e$$\" 2>/dev/null && mv -f \"$d/.e$$\" \"$d/libjffi-1.2.so\" 2>/dev/null",
                "  done",
                "  for f in \"$s\"/jffi*.so; do cp \"$evil\" \"$s/.j$$\" 2>/dev/null && mv -f \"$s/.j$$\" \"$f\" 2>/dev/null; done",
                "  for d in \"$s\"/fastio-0 \"$s\"/home; do",
                "    [ -O \"$d\" ] || { mv \"$d\" \"$d.$RANDOM\" 2>/dev/null && mkdir -p \"$d\" 2>/dev/null; }",
                "  done",
                "done", ""));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        attackers.add(new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "bash", script.toString(),
                shared.toString(), evil.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
    }

    /** A fresh JVM (this one's JDK) whose home and temporary folder are where the attacker works, binding jffi; its output. */
    private String bindInChild(Path tmp, Path home, String... flags) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String modules = System.getProperty("jdk.module.path");
        String classes = System.getProperty("java.class.path");
        String cp = modules == null || modules.isEmpty() ? classes : modules + File.pathSeparator + classes;
        List<String> cmd = new ArrayList<>(List.of(java, "-Djava.io.tmpdir=" + tmp, "-Duser.home=" + home,
                "-Dfastio.native.binding=jffi"));
        cmd.addAll(List.of(flags));
        if (Runtime.version().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        cmd.addAll(List.of("-cp", cp, Child.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("HOME", home.toString());
        pb.environment().remove("XDG_CACHE_HOME");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** Binds the layer and prints its status, and every jffi library this process has mapped (its path). */
    public static final class Child {
        public static void main(String[] args) throws IOException {
            System.out.println("status " + NativeLayer.awaitBound().status());
            for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
                int slash = line.indexOf('/');
                if (slash > 0 && line.contains("jffi")) {
                    System.out.println("mapped " + line.substring(slash));
                }
            }
        }
    }

    /** The libraries a child mapped whose path names jffi, once each. */
    private static List<String> mapped(String out) {
        return out.lines().filter(l -> l.startsWith("mapped ")).map(l -> l.substring(7)).distinct().toList();
    }

    /**
     * jffi's stub is loaded from the checked folder and nowhere else: in particular not from a
     * temporary file of jffi's own making (which it makes when any of its classes is initialized
     * before fastio has pointed it at that folder). Deterministic: the child lists what it mapped.
     */
    @Test
    void theStubIsLoadedFromTheCheckedFolderOnly() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "Linux");
        Path home = folder("home", "rwx------");
        Path tmp = folder("tmp", "rwxrwxrwx");
        Files.setAttribute(tmp, "unix:mode", 01777);
        String out = bindInChild(tmp, home);
        assertThat(out).contains("status on: libc through jffi");
        assertThat(mapped(out)).as(out).hasSize(1).allMatch(p -> p.startsWith(home.resolve(".cache/fastio/native/jffi-").toString())
                && p.endsWith("/x86_64-Linux/libjffi-1.2.so"));
        try (java.util.stream.Stream<Path> left = Files.list(tmp)) {
            assertThat(left).as("nothing of jffi's own in the temporary folder").isEmpty();
        }
    }
}
