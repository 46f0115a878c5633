package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.gzip.Gzip;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file commands against the destinations the unlucky user of docs/GUARANTEES.md's threat model
 * gives them, with the rules of the tools they stand beside ({@code gzip -d}, {@code cp}): an
 * existing output is replaced only with {@code --force}/{@code --replace}; output and input being
 * one file is an error that touches nothing; a FIFO, a device or a procfs link is never turned into
 * a regular file; outputs get the modes {@code gzip -d} and {@code cp} give; a failed write to
 * standard output stops the command with a non-zero status; names of 255 bytes work; messages name
 * the user's path.
 */
class OddDestinationsTest {
    @TempDir
    Path dir;

    private List<String> folder() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private Path ipsText() throws IOException {
        return Files.writeString(dir.resolve("ips.txt"), "1.2.3.4\n10.0.0.1\n");
    }

    private Path gz(String name, byte[] content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream o = Gzip.writer(bytes, 6)) {
            o.write(content);
        }
        return Files.write(dir.resolve(name), bytes.toByteArray());
    }

    private static boolean run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectInput(new File("/dev/null"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    private static int mode(Path p) throws IOException {
        String s = PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
        int m = 0;
        for (char c : s.toCharArray()) {
            m = (m << 1) | (c == '-' ? 0 : 1);
        }
        return m;
    }

    @Test
    void anExistingOutputIsReplacedOnlyWithForce() throws Exception {
        Path in = ipsText();
        Path bin = Files.writeString(dir.resolve("out.bin"), "old");
        Cli r = Cli.run("ips", "pack", in.toString(), bin.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(bin.toString()).contains("--force");
        assertThat(Files.readString(bin)).isEqualTo("old");
        assertThat(Cli.run("ips", "pack", in.toString(), bin.toString(), "--force").exit()).isZero();
        assertThat(Files.size(bin)).isEqualTo(8);

        Path txt = Files.writeString(dir.resolve("out.txt"), "old");
        r = Cli.run("ips", "unpack", bin.toString(), txt.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(txt.toString()).contains("--force");
        assertThat(Files.readString(txt)).isEqualTo("old");
        assertThat(Cli.run("ips", "unpack", bin.toString(), txt.toString(), "-f").exit()).isZero();
        assertThat(Files.readString(txt)).isEqualTo("1.2.3.4\n10.0.0.1\n");
    }

    @Test
    void outputAndInputBeingOneFileIsAnErrorThatTouchesNothing() throws Exception {
        Path in = ipsText();
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), in.getFileName());
        Path hard = Files.createLink(dir.resolve("hard.txt"), in);
        for (Path out : new Path[] {in, link, hard}) {
            Cli r = Cli.run("ips", "pack", in.toString(), out.toString(), "--force");
            assertThat(r.exit()).as(out.toString()).isEqualTo(1);
            assertThat(r.err()).as(out.toString()).contains("same file");
            assertThat(Files.readString(in)).isEqualTo("1.2.3.4\n10.0.0.1\n");
        }
        Path bin = dir.resolve("ips.bin");
        assertThat(Cli.run("ips", "pack", in.toString(), bin.toString()).exit()).isZero();
        byte[] packed = Files.readAllBytes(bin);
        Cli r = Cli.run("ips", "unpack", bin.toString(), bin.toString(), "--force");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("same file");
        assertThat(Files.readAllBytes(bin)).isEqualTo(packed);

        Path gz = gz("data.gz", "hello\n".getBytes());
        byte[] compressed = Files.readAllBytes(gz);
        Path gzHard = Files.createLink(dir.resolve("data"), gz); // the default OUT is the input itself
        r = Cli.run("gunzip", gz.toString(), "--force");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("same file");
        assertThat(Files.readAllBytes(gzHard)).isEqualTo(compressed);
    }

    @Test
    void aFifoADeviceOrAProcfsLinkIsNeverTurnedIntoARegularFile() throws Exception {
        Path in = ipsText();
        Path gz = gz("data.gz", "hello\n".getBytes());
        Path src = Files.writeString(dir.resolve("src"), "content");
        List<Path> odd = new ArrayList<>();
        Path fifo = dir.resolve("fifo");
        if (run("mkfifo", fifo.toString())) {
            odd.add(fifo);
        }
        Path device = dir.resolve("null-device");
        if (run("mknod", device.toString(), "c", "1", "3")) {
            odd.add(device); // root only
        }
        assumeTrue(!odd.isEmpty(), "needs mkfifo");
        for (Path o : odd) {
            List<String[]> commands = List.of(
                    new String[] {"ips", "pack", in.toString(), o.toString(), "--force"},
                    new String[] {"gunzip", gz.toString(), o.toString(), "--force"},
                    new String[] {"copy", src.toString(), o.toString(), "--replace"},
                    new String[] {"copy", src.toString(), o.toString(), "--replace", "--no-atomic"});
            for (String[] c : commands) {
                Cli r = Cli.run(c);
                String what = String.join(" ", c);
                assertThat(r.exit()).as(what).isEqualTo(1);
                assertThat(r.err()).as(what).contains(o.toString()).contains("not a regular file");
                assertThat(Files.isRegularFile(o, LinkOption.NOFOLLOW_LINKS)).as(what).isFalse();
                assertThat(Files.exists(o, LinkOption.NOFOLLOW_LINKS)).as(what).isTrue();
            }
        }
        // standard output by its procfs name: an existing link, refused without --force and never replaced
        Cli r = Cli.run("ips", "pack", in.toString(), "/proc/self/fd/1");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(Files.isSymbolicLink(Path.of("/proc/self/fd/1"))).isTrue();
    }

    @Test
    void outputsGetTheModesGzipAndCpGive() throws Exception {
        Path gz = gz("secret.gz", "secret\n".getBytes());
        Files.setPosixFilePermissions(gz, PosixFilePermissions.fromString("rw-------"));
        assertThat(Cli.run("gunzip", gz.toString()).exit()).isZero();
        assertThat(mode(dir.resolve("secret"))).as("gunzip of a 0600 file").isEqualTo(0600);
        Path open = gz("open.gz", "open\n".getBytes());
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        Path existing = Files.writeString(dir.resolve("over"), "old");
        Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rw-------"));
        assertThat(Cli.run("gunzip", open.toString(), existing.toString(), "--force").exit()).isZero();
        assertThat(mode(existing)).as("gunzip --force: the input's mode, as gzip -d -f").isEqualTo(0644);
        Files.setPosixFilePermissions(gz, PosixFilePermissions.fromString("rw-------"));

        Path in = ipsText();
        Files.setPosixFilePermissions(in, PosixFilePermissions.fromString("rw-------"));
        assertThat(Cli.run("ips", "pack", in.toString(), dir.resolve("ips.bin").toString()).exit()).isZero();
        assertThat(mode(dir.resolve("ips.bin"))).as("ips pack of a 0600 list").isEqualTo(0600);

        Path src = Files.writeString(dir.resolve("public"), "public");
        Files.setPosixFilePermissions(src, PosixFilePermissions.fromString("rw-r--r--"));
        Path dst = Files.writeString(dir.resolve("private"), "old");
        Files.setPosixFilePermissions(dst, PosixFilePermissions.fromString("rw-------"));
        assertThat(Cli.run("copy", src.toString(), dst.toString(), "--replace").exit()).isZero();
        assertThat(mode(dst)).as("copy --replace keeps the destination's mode, as cp").isEqualTo(0600);
        assertThat(Files.readString(dst)).isEqualTo("public");
    }

    @Test
    void namesOf255BytesWork() throws Exception {
        String name = "x".repeat(255);
        Path gz = gz("in.gz", "data\n".getBytes());
        assertThat(Cli.run("gunzip", gz.toString(), dir.resolve(name).toString()).exit()).isZero();
        assertThat(Files.readString(dir.resolve(name))).isEqualTo("data\n");
        assertThat(Cli.run("gunzip", gz.toString(), dir.resolve(name).toString(), "--force").exit()).isZero();
        Path in = ipsText();
        Path bin = dir.resolve("b".repeat(255));
        assertThat(Cli.run("ips", "pack", in.toString(), bin.toString()).exit()).isZero();
        assertThat(Cli.run("ips", "pack", in.toString(), bin.toString(), "--force").exit()).isZero();
        Path copy = dir.resolve("c".repeat(255));
        assertThat(Cli.run("copy", in.toString(), copy.toString()).exit()).isZero();
        assertThat(Cli.run("copy", in.toString(), copy.toString(), "--replace", "--attributes").exit()).isZero();
        assertThat(folder()).hasSize(5);
    }

    @Test
    void messagesNameTheUsersPathNotATemporaryOne() throws Exception {
        Path in = ipsText();
        Path gz = gz("data.gz", "hello\n".getBytes());
        Path folderOut = Files.createDirectory(dir.resolve("adir"));
        for (String[] c : List.of(
                new String[] {"ips", "pack", in.toString(), folderOut.toString(), "--force"},
                new String[] {"gunzip", gz.toString(), folderOut.toString(), "--force"})) {
            Cli r = Cli.run(c);
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.err()).contains(folderOut.toString()).doesNotContain(".fastio-").doesNotContain("Tail.IGNORE");
        }
        Path odd = Files.write(dir.resolve("odd.bin"), new byte[] {1, 2, 3, 4, 5});
        Cli r = Cli.run("ips", "unpack", odd.toString(), dir.resolve("o.txt").toString());
        assertThat(r.err()).contains("--ignore-tail").doesNotContain("Tail.IGNORE");
        assertThat(Cli.run("ips", "unpack", odd.toString(), dir.resolve("o.txt").toString(), "--ignore-tail").exit()).isZero();
        assertThat(Files.readString(dir.resolve("o.txt"))).isEqualTo("1.2.3.4\n");
    }

    @Test
    void aFullDiskNamesTheOutput() throws Exception {
        Path mnt = Files.createDirectory(dir.resolve("small"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mnt.toString()), "cannot mount a tmpfs here (needs root)");
        try {
            Path gz = gz("big.gz", new byte[4 << 20]);
            Path out = mnt.resolve("big");
            Cli r = Cli.run("gunzip", gz.toString(), out.toString());
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.err()).contains(out.toString()).contains("No space left on device");
            try (Stream<Path> s = Files.list(mnt)) {
                assertThat(s).as("nothing left behind").isEmpty();
            }
        } finally {
            run("umount", mnt.toString());
        }
    }

    /** A standard output that fails, as /dev/full or a closed pipe make it fail, after {@code ok} bytes. */
    private static final class FailingOut extends OutputStream {
        private final String message;
        private final long ok;
        long offered;

        FailingOut(String message, long ok) {
            this.message = message;
            this.ok = ok;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            offered += len;
            if (offered > ok) {
                throw new IOException(message);
            }
        }
    }

    @Test
    void aFailedWriteToStandardOutputStopsTheCommand() throws Exception {
        Path bomb = gz("bomb.gz", new byte[64 << 20]);
        FailingOut full = new FailingOut("No space left on device", 0);
        Cli r = Cli.runWithBinaryOut(full, "gunzip", "-c", bomb.toString());
        assertThat(r.exit()).as("gzip -dc > /dev/full exits 1").isEqualTo(1);
        assertThat(r.err()).contains("standard output").contains("No space left on device");
        assertThat(r.err().lines()).as("one line, no stack trace").hasSize(1);

        FailingOut pipe = new FailingOut("Broken pipe", 10);
        r = Cli.runWithBinaryOut(pipe, "gunzip", "-c", bomb.toString());
        assertThat(r.exit()).as("a closed pipe: the status of a process SIGPIPE stopped").isEqualTo(141);
        assertThat(r.err()).as("quietly").isEmpty();
        assertThat(pipe.offered).as("stopped within one buffer, not after the whole 64 MiB").isLessThan(1 << 20);
    }

    /** The same, as a user runs it: a separate JVM whose real standard output is /dev/full, or a pipe closed early. */
    @Test
    void aRealProcessStopsOnDevFullAndOnAClosedPipe() throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/full")), "needs /dev/full");
        Path bomb = gz("bomb.gz", new byte[64 << 20]);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // native access on, as the CLI jar's manifest gives it: else the native layer says in one line how to turn it on
        List<String> cmd = List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), "dev.fastio.cli.Main", "gunzip", "-c",
                bomb.toString());
        Process full = new ProcessBuilder(cmd).redirectInput(new File("/dev/null")).redirectOutput(new File("/dev/full"))
                .redirectError(dir.resolve("err").toFile()).start();
        assertThat(full.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(full.exitValue()).as("> /dev/full").isEqualTo(1);
        assertThat(Files.readString(dir.resolve("err"))).contains("cannot write to standard output");

        Process piped = new ProcessBuilder(cmd).redirectInput(new File("/dev/null")).redirectError(dir.resolve("err2").toFile()).start();
        try (InputStream out = piped.getInputStream()) {
            assertThat(out.readNBytes(10)).hasSize(10); // | head -c 10
        }
        assertThat(piped.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(piped.exitValue()).as("| head -c 10").isEqualTo(141);
        assertThat(Files.readString(dir.resolve("err2"), StandardCharsets.UTF_8)).isEmpty();
    }
}
