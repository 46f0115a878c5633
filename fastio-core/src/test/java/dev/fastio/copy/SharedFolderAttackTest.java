package dev.fastio.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The attacker next door of docs/GUARANTEES.md's threat model, as the attack is made: a second user
 * ({@code nobody}, through {@code setpriv}) runs {@link Swapper} in a folder everyone may write
 * (0777, no sticky bit) while fastio writes there, round after round, with every writer and option
 * set: each temporary name fastio makes is taken away and replaced by a symbolic link to a victim
 * file outside the folder, and the destination's name, whenever free, too. After every round the
 * victim must have its content, size, mode and modification time, and a call that reported success
 * must have left a regular file with the new content at the destination. Calls may fail (the attack
 * is seen); they may not be turned.
 *
 * <p>Runs where the test runs as root with {@code setpriv} installed (CI does); skipped, saying
 * so, elsewhere. On JDK 22+ both paths are attacked: the native one (descriptors, an unnamed
 * file) and the JDK one ({@code SecureDirectoryStream}).
 */
class SharedFolderAttackTest {
    private static final int ROUNDS = 30;
    private static final byte[] VICTIM = "the victim's own bytes, which no write of fastio may touch\n".getBytes();
    private static final FileTime VICTIM_TIME = FileTime.from(Instant.parse("2001-02-03T04:05:06Z"));

    private final List<Path> cleanUp = new ArrayList<>();
    private Process swapper;

    /** The JDK path even on JDK 22+: a FileOps that is not FileOps.JDK keeps the native layer out. */
    private static final FileOps JDK_PATH = new FileOps() {
        @Override
        public FileChannel open(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
            return FileChannel.open(path, options, attrs);
        }
    };

    interface Write {
        void to(Path dst, Path src, byte[] content) throws IOException;
    }

    static Map<String, Write> writers() {
        CopyOptions d = CopyOptions.defaults();
        Map<String, Write> w = new LinkedHashMap<>();
        w.put("copy", (dst, src, c) -> FileCopy.copy(src, dst));
        w.put("copy --replace", (dst, src, c) -> FileCopy.copy(src, dst, d.replaceExisting(true)));
        w.put("copy --replace --attributes", (dst, src, c) -> FileCopy.copy(src, dst, d.replaceExisting(true).copyAttributes(true)));
        w.put("copy --attributes", (dst, src, c) -> FileCopy.copy(src, dst, d.copyAttributes(true)));
        w.put("copy --replace --durable --sparse=always", (dst, src, c) -> FileCopy.copy(src, dst,
                d.replaceExisting(true).durable(true).sparse(When.ALWAYS)));
        w.put("copy --no-atomic", (dst, src, c) -> FileCopy.copy(src, dst, d.atomic(false)));
        w.put("copy --no-atomic --replace --attributes", (dst, src, c) -> FileCopy.copy(src, dst,
                d.atomic(false).replaceExisting(true).copyAttributes(true)));
        w.put("copy, JDK path, --replace --attributes", (dst, src, c) -> CopyRunner.copy(src, dst,
                d.replaceExisting(true).copyAttributes(true), null, JDK_PATH));
        w.put("copy, JDK path, --attributes --sparse=always", (dst, src, c) -> CopyRunner.copy(src, dst,
                d.copyAttributes(true).sparse(When.ALWAYS), null, JDK_PATH));
        w.put("AtomicWrite bytes", (dst, src, c) -> AtomicWrite.write(dst, c, false));
        w.put("AtomicWrite bytes, durable, JDK path", (dst, src, c) -> AtomicWrite.write(dst, c, true, JDK_PATH));
        w.put("AtomicWrite writer", (dst, src, c) -> AtomicWrite.write(dst, out -> out.write(ByteBuffer.wrap(c))));
        w.put("AtomicWrite writer, new only, 0644", (dst, src, c) -> AtomicWrite.write(dst, out -> out.write(ByteBuffer.wrap(c)),
                false, false, PosixFilePermissions.fromString("rw-r--r--")));
        // the array writers that take a path (issue 60: they once opened the name with CREATE, TRUNCATE_EXISTING)
        w.put("ArrayFiles.writeInts", (dst, src, c) -> {
            int[] a = new int[c.length / 4];
            ByteBuffer.wrap(c).asIntBuffer().get(a);
            dev.fastio.array.ArrayFiles.writeInts(dst, a, java.nio.ByteOrder.BIG_ENDIAN);
        });
        w.put("ArrayFiles.writeDoubles, little-endian", (dst, src, c) -> {
            double[] a = new double[c.length / 8];
            ByteBuffer.wrap(c).order(java.nio.ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(a);
            dev.fastio.array.ArrayFiles.writeDoubles(dst, a, java.nio.ByteOrder.LITTLE_ENDIAN);
        });
        return w;
    }

    @AfterEach
    void stop() throws Exception {
        if (swapper != null) {
            swapper.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (Path p : cleanUp) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> all = Files.walk(p)) {
                    for (Path q : all.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(q);
                    }
                }
            }
        }
    }

    @Test
    void noWriterCanBeTurnedOntoAFileOutsideTheFolder() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "the attack runs as a second user: needs root to start one");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")) || Files.isExecutable(Path.of("/bin/setpriv")),
                "needs setpriv (util-linux) to run the attacker as nobody");

        Path shared = Files.createTempDirectory(Path.of("/tmp"), "fastio-shared-");
        cleanUp.add(shared);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx")); // 0777, no sticky bit
        Path outside = Files.createTempDirectory("fastio-victim-");
        cleanUp.add(outside);
        Path victim = outside.resolve("victim");
        Files.write(victim, VICTIM);
        Files.setPosixFilePermissions(victim, PosixFilePermissions.fromString("rw-------"));
        Files.setLastModifiedTime(victim, VICTIM_TIME);
        Path sources = Files.createTempDirectory("fastio-sources-");
        cleanUp.add(sources);

        var fds = OpenDescriptors.snapshot();
        Path stop = startSwapper(shared, victim);
        Random random = new Random(28);
        Map<String, int[]> outcome = new LinkedHashMap<>(); // {succeeded, failed}
        int rounds = 0;
        for (Map.Entry<String, Write> w : writers().entrySet()) {
            int[] counts = outcome.computeIfAbsent(w.getKey(), k -> new int[2]);
            for (int round = 0; round < ROUNDS; round++, rounds++) {
                byte[] content = new byte[((64 << 10) + random.nextInt(512 << 10)) & ~7]; // whole elements for the array writers
                random.nextBytes(content);
                Path src = Files.write(sources.resolve("src"), content);
                Path dst = shared.resolve("dst");
                if (round % 2 == 0) {
                    putOld(shared, dst, round); // half the rounds replace a file, half find the attacker's link or nothing
                }
                String what = w.getKey() + ", round " + round;
                boolean ok;
                try {
                    w.getValue().to(dst, src, content);
                    ok = true;
                } catch (IOException e) {
                    ok = false;
                }
                if (ok) {
                    BasicFileAttributes a = Files.readAttributes(dst, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    assertThat(a.isRegularFile()).as(what + ": a write that returned left a regular file").isTrue();
                    assertThat(Files.readAllBytes(dst)).as(what + ": with the new content").isEqualTo(content);
                }
                counts[ok ? 0 : 1]++;
                assertVictimIntact(victim, what);
                clear(shared);
            }
        }
        Files.createFile(stop);
        assertThat(swapper.waitFor(30, TimeUnit.SECONDS)).as("the swapper stops").isTrue();
        swapper.getOutputStream().close(); // its standard input, the one pipe left
        String swaps = Files.readString(stop.resolveSibling("out")).trim();
        String errors = Files.readString(stop.resolveSibling("err")).trim();
        System.out.println("shared-folder attack, native layer " + NativeLayer.awaitBound().status() + ": " + rounds + " rounds, "
                + swaps + " swaps by the attacker; per writer {succeeded, failed}: "
                + outcome.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()[0] + "/" + e.getValue()[1]).toList());
        assertThat(swapper.exitValue()).as("the swapper ran: " + errors).isZero();
        assertThat(Long.parseLong(swaps)).as("the attacker made swaps").isGreaterThan(0);
        assertThat(rounds).isGreaterThanOrEqualTo(300);
        assertVictimIntact(victim, "at the end");
        assertThat(OpenDescriptors.openedSince(fds)).as("descriptors").isEmpty();
    }

    /** Starts the attacker as nobody, from a copy of its class file in a folder nobody can read; returns its stop file. */
    private Path startSwapper(Path shared, Path victim) throws Exception {
        Path home = Files.createTempDirectory(Path.of("/tmp"), "fastio-swapper-");
        cleanUp.add(home);
        Path classFile = home.resolve("dev/fastio/copy/Swapper.class");
        Files.createDirectories(classFile.getParent());
        try (InputStream in = Swapper.class.getResourceAsStream("Swapper.class")) {
            Files.write(classFile, in.readAllBytes());
        }
        for (Path p = classFile.getParent(); !p.equals(Path.of("/tmp")); p = p.getParent()) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.setPosixFilePermissions(classFile, PosixFilePermissions.fromString("rw-r--r--"));
        Path stop = home.resolve("stop");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        swapper = new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                java, "-Xshare:auto", "-cp", home.toString(), "dev.fastio.copy.Swapper",
                shared.toString(), victim.toString(), "dst", "300", stop.toString())
                .redirectOutput(home.resolve("out").toFile()).redirectError(home.resolve("err").toFile()).start();
        // it is at work once its first link stands at the free destination name
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.isSymbolicLink(shared.resolve("dst"))) {
            if (!swapper.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("the swapper did not start: " + Files.readString(home.resolve("err")));
            }
            Thread.sleep(20);
        }
        return stop;
    }

    /** Puts a regular file at {@code dst} by rename (which replaces the attacker's link instead of writing through it). */
    private static void putOld(Path shared, Path dst, int round) throws IOException {
        Path old = shared.resolve("old-" + round);
        Files.write(old, "old".getBytes(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        Files.move(old, dst, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void clear(Path shared) throws IOException {
        try (Stream<Path> entries = Files.list(shared)) {
            for (Path e : entries.toList()) {
                Files.deleteIfExists(e); // a link is removed, not followed
            }
        }
    }

    private static void assertVictimIntact(Path victim, String what) throws IOException {
        BasicFileAttributes a = Files.readAttributes(victim, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        assertThat(a.size()).as(what + ": the victim's size").isEqualTo(VICTIM.length);
        assertThat(Files.readAllBytes(victim)).as(what + ": the victim's content").isEqualTo(VICTIM);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(victim))).as(what + ": the victim's mode")
                .isEqualTo("rw-------");
        assertThat(a.lastModifiedTime()).as(what + ": the victim's mtime").isEqualTo(VICTIM_TIME);
    }
}
