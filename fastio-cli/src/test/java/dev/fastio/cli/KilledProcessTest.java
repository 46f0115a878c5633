package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.gzip.Gzip;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} in the middle of a write: with the native layer (FFM on JDK 22+, jffi before) every atomic write's
 * new file is unnamed ({@code O_TMPFILE}) until it is complete, so a killed process leaves the
 * folder as it was: the old destination, no hidden file. The process is killed once it holds its
 * new file open (seen in /proc/PID/fd), while the bytes are still going in. (Replacing gives the
 * file a temporary name for the two system calls before the exchange: a kill exactly there
 * leaves it, under the one documented pattern.)
 */
class KilledProcessTest {
    @TempDir
    Path dir;

    @Test
    void aKilledWriteLeavesTheOldDestinationAndNoHiddenFile() throws Exception {
        assumeTrue(dev.fastio.internal.nativeio.NativeLayer.awaitBound().active(), "unnamed files need the native layer");
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc");
        Path core = Path.of(dev.fastio.read.FastRead.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assumeTrue(Runtime.version().feature() < 22 || core.toString().endsWith(".jar"),
                "the FFM binding is in the packaged multi-release jar (mvn verify), not in " + core);
        Path gz = dir.resolve("big.gz");
        try (OutputStream o = Gzip.writer(Files.newOutputStream(gz), 1)) {
            byte[] block = GunzipCommandTest.text(1 << 20, 7);
            for (int i = 0; i < 256; i++) {
                o.write(block);
            }
        }
        Path big = Files.write(dir.resolve("big.bin"), new byte[1 << 20]);
        Path in = Files.writeString(dir.resolve("ips.txt"), "255.255.255.255\n".repeat(4 << 20));
        List<String[]> commands = List.of(
                new String[] {"gunzip", gz.toString(), dir.resolve("out").toString(), "--force"},
                new String[] {"gunzip", gz.toString(), dir.resolve("out").toString()},
                new String[] {"ips", "pack", in.toString(), dir.resolve("out").toString(), "--force"});
        int killed = 0;
        for (String[] c : commands) {
            for (int attempt = 0; attempt < 2; attempt++) {
                Files.deleteIfExists(dir.resolve("out"));
                if (!c[c.length - 1].equals(dir.resolve("out").toString())) {
                    Files.writeString(dir.resolve("out"), "old");
                }
                if (killMidWrite(c)) {
                    killed++;
                }
                try (Stream<Path> s = Files.list(dir)) {
                    assertThat(s.map(p -> p.getFileName().toString()))
                            .as(String.join(" ", c) + ": nothing hidden left")
                            .allMatch(n -> List.of("big.gz", "big.bin", "ips.txt", "out").contains(n));
                }
                if (Files.exists(dir.resolve("out")) && c[c.length - 1].equals("--force")) {
                    // the old file, or (if the kill came after the last step) the whole new one
                    assertThat(Files.size(dir.resolve("out"))).isIn(3L, 256L << 20, 16L << 20);
                }
            }
        }
        assertThat(big).exists();
        assertThat(killed).as("processes killed while they held an unnamed new file").isGreaterThan(0);
    }

    /**
     * SIGINT (Ctrl-C) and SIGTERM in the middle of a write through a named temporary file (every
     * write on JDK 17-21; forced here with {@code -Dfastio.native=false} on any JDK): the shutdown
     * hook removes it, as {@code gzip -d} removes its partial output. The destination is the old
     * file, or absent, and the process ends with the signal's status.
     */
    /** Whether this process ignores signal {@code number} (inherited by the processes it starts), from /proc/self/status. */
    static boolean ignored(int number) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (number - 1))) != 0;
            }
        }
        return false;
    }

    @Test
    void aSignalledWriteRemovesItsUnfinishedFile() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc");
        Path gz = dir.resolve("big.gz");
        try (OutputStream o = Gzip.writer(Files.newOutputStream(gz), 1)) {
            byte[] block = GunzipCommandTest.text(1 << 20, 11);
            for (int i = 0; i < 512; i++) {
                o.write(block);
            }
        }
        int signalled = 0;
        for (String signal : List.of("INT", "TERM")) {
            if (signal.equals("INT") && ignored(2)) {
                // a shell that starts a job in the background without job control (`cmd &` in a
                // script) ignores SIGINT for it, and every child inherits that: the JVM then keeps
                // it ignored, as it should, and the write runs to its end
                continue;
            }
            for (boolean replacing : new boolean[] {false, true}) {
                Files.deleteIfExists(dir.resolve("out"));
                if (replacing) {
                    Files.writeString(dir.resolve("out"), "old");
                }
                String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
                List<String> cmd = new ArrayList<>(List.of(java, "-Dfastio.native=false", "-cp", System.getProperty("java.class.path"),
                        "dev.fastio.cli.Main", "gunzip", gz.toString(), dir.resolve("out").toString()));
                if (replacing) {
                    cmd.add("--force");
                }
                Process p = new ProcessBuilder(cmd).redirectInput(new File("/dev/null"))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                try {
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                    boolean seen = false;
                    while (p.isAlive() && System.nanoTime() < deadline && !seen) {
                        seen = temporaryOf(dir, 1 << 20) != null; // a named temporary file, a MiB in
                        Thread.sleep(1);
                    }
                    if (!seen || !p.isAlive()) {
                        continue; // finished before a signal could land mid-write: nothing to check
                    }
                    new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
                    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
                    assertThat(p.exitValue()).as("SIG" + signal).isEqualTo(128 + (signal.equals("INT") ? 2 : 15));
                    signalled++;
                } finally {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
                try (Stream<Path> s = Files.list(dir)) {
                    assertThat(s.map(q -> q.getFileName().toString())).as("SIG" + signal + ": nothing hidden left")
                            .allMatch(n -> List.of("big.gz", "out").contains(n));
                }
                if (replacing) {
                    assertThat(Files.readString(dir.resolve("out"))).isEqualTo("old");
                } else {
                    assertThat(dir.resolve("out")).doesNotExist();
                }
            }
        }
        assertThat(signalled).as("processes signalled while they wrote a named temporary file").isGreaterThan(0);
    }

    /** A temporary file of fastio's in {@code folder} of at least {@code bytes}, or null. */
    private static Path temporaryOf(Path folder, long bytes) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                try {
                    if (n.startsWith(".fastio-") && Files.size(p) >= bytes) {
                        return p;
                    }
                } catch (IOException gone) {
                    // renamed or removed meanwhile
                }
            }
        }
        return null;
    }

    /** Runs the CLI in a child JVM and kills it with SIGKILL once it holds an unnamed file in the folder; true if it did. */
    private boolean killMidWrite(String[] args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), "dev.fastio.cli.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectInput(new File("/dev/null"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Path fds = Path.of("/proc/" + p.pid() + "/fd");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            while (p.isAlive() && System.nanoTime() < deadline) {
                if (holdsUnnamedFileIn(fds)) {
                    p.destroyForcibly(); // SIGKILL
                    p.waitFor(10, TimeUnit.SECONDS);
                    return true;
                }
                Thread.sleep(1);
            }
            return false;
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** An O_TMPFILE file shows in /proc as "FOLDER/#INODE (deleted)". */
    private boolean holdsUnnamedFileIn(Path fds) {
        try (Stream<Path> s = Files.list(fds)) {
            for (Path fd : s.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith(dir + "/#")) {
                        return true;
                    }
                } catch (IOException gone) {
                    // closed meanwhile
                }
            }
        } catch (IOException | java.io.UncheckedIOException ended) {
            // the process ended
        }
        return false;
    }
}
