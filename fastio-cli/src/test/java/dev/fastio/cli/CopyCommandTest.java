package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CopyCommandTest {
    @TempDir
    Path dir;

    private List<String> folder() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private Path source(int size) throws Exception {
        byte[] b = new byte[size];
        new Random(size).nextBytes(b);
        return Files.write(dir.resolve("src.bin"), b);
    }

    @Test
    void copiesAndSaysHowAndHowFast() throws Exception {
        Path src = source(300_000);
        Cli r = Cli.run("copy", src.toString(), dir.resolve("dst.bin").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.mismatch(src, dir.resolve("dst.bin"))).isEqualTo(-1);
        assertThat(r.out()).matches("(?s)copied 300,000 bytes .* in [0-9.]+ s, [0-9.]+ GB/s with (transferTo|buffer, sparse|copy_file_range), atomic\\s*");
        Cli small = Cli.run("copy", "--no-atomic", dir.resolve("dst.bin").toString(), dir.resolve("small.bin").toString());
        assertThat(small.out()).containsPattern("with (transferTo|buffer, sparse|copy_file_range)").doesNotContain("atomic");
        Cli never = Cli.run("copy", "--sparse=never", "--reflink=never", dir.resolve("dst.bin").toString(), dir.resolve("never.bin").toString());
        assertThat(never.out()).containsPattern("with (transferTo|read/write), atomic");
        Files.delete(dir.resolve("never.bin"));
        assertThat(folder()).containsExactly("dst.bin", "small.bin", "src.bin");
    }

    @Test
    void aBigCopyShowsProgressAndARefusedOneDoesNot() throws Exception {
        Path src = dir.resolve("big.bin");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(src.toFile(), "rw")) {
            f.setLength((64L << 20) + 1); // sparse: cheap to make, 64 MB to copy
            f.write(42);
        }
        // standard error is not a terminal here (a pipe to the test): no progress unless asked for, as with cp and curl
        Cli quiet = Cli.run("copy", src.toString(), dir.resolve("plain.bin").toString());
        assertThat(quiet.exit()).as(quiet.err()).isZero();
        assertThat(quiet.err()).isEmpty();
        Cli r = Cli.run("copy", "--progress", src.toString(), dir.resolve("copy.bin").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("copy 100%").contains("copy.bin").contains("copy done in");
        assertThat(Files.mismatch(src, dir.resolve("copy.bin"))).isEqualTo(-1);
        Cli refused = Cli.run("copy", "--progress", src.toString(), dir.resolve("copy.bin").toString());
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).doesNotContain("copy done");
    }

    @Test
    void quietPrintsNoSummaryInEveryFileCommand() throws Exception {
        Path src = source(1000);
        Cli copy = Cli.run("copy", "-q", src.toString(), dir.resolve("q.bin").toString());
        assertThat(copy.exit()).as(copy.err()).isZero();
        assertThat(copy.out()).isEmpty();
        assertThat(Files.mismatch(src, dir.resolve("q.bin"))).isEqualTo(-1);
        Path gz = dir.resolve("q.gz");
        try (var o = dev.fastio.gzip.Gzip.writer(Files.newOutputStream(gz), 6)) {
            o.write(Files.readAllBytes(src));
        }
        Cli gunzip = Cli.run("gunzip", "--quiet", gz.toString());
        assertThat(gunzip.exit()).as(gunzip.err()).isZero();
        assertThat(gunzip.out()).isEmpty();
        assertThat(Files.mismatch(src, dir.resolve("q"))).isEqualTo(-1);
        Path txt = Files.writeString(dir.resolve("ips.txt"), "1.2.3.4\n");
        Cli pack = Cli.run("ips", "pack", "-q", txt.toString(), dir.resolve("ips.bin").toString());
        assertThat(pack.exit()).as(pack.err()).isZero();
        assertThat(pack.out()).isEmpty();
        Cli unpack = Cli.run("ips", "unpack", "-q", dir.resolve("ips.bin").toString(), dir.resolve("back.txt").toString());
        assertThat(unpack.exit()).as(unpack.err()).isZero();
        assertThat(unpack.out()).isEmpty();
        assertThat(Files.readString(dir.resolve("back.txt"))).isEqualTo("1.2.3.4\n");
    }

    @Test
    void aFolderDestinationGetsTheSourceName() throws Exception {
        Path src = source(10);
        Path sub = Files.createDirectory(dir.resolve("sub"));
        assertThat(Cli.run("copy", src.toString(), sub.toString()).exit()).isZero();
        assertThat(Files.readAllBytes(sub.resolve("src.bin"))).isEqualTo(Files.readAllBytes(src));
    }

    @Test
    void existingDestinationNeedsReplaceAndStaysUntouchedWithoutIt() throws Exception {
        Path src = source(1000);
        Path dst = Files.writeString(dir.resolve("dst.bin"), "old");
        Cli r = Cli.run("copy", src.toString(), dst.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("fastio: " + dst + ": already exists (use --replace to replace it)");
        assertThat(Files.readString(dst)).isEqualTo("old");
        assertThat(Cli.run("copy", "--replace", src.toString(), dst.toString()).exit()).isZero();
        assertThat(Files.mismatch(src, dst)).isEqualTo(-1);
    }

    @Test
    void errorsAreOneLine() throws Exception {
        Path src = source(100);
        Cli missing = Cli.run("copy", dir.resolve("none").toString(), dir.resolve("x").toString());
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.err().strip()).isEqualTo("fastio: no such file: " + dir.resolve("none"));
        Cli noFolder = Cli.run("copy", src.toString(), dir.resolve("no/such/x").toString());
        assertThat(noFolder.err().strip()).isEqualTo("fastio: " + dir.resolve("no/such") + ": the destination folder does not exist");
        Cli self = Cli.run("copy", "--replace", src.toString(), src.toString());
        assertThat(self.exit()).isEqualTo(1);
        assertThat(self.err().strip()).isEqualTo("fastio: " + src + " -> " + src
                + ": source and destination are the same file; nothing was copied");
        assertThat(Files.size(src)).isEqualTo(100);
        assertThat(folder()).containsExactly("src.bin");
    }

    private static long blocks(Path f) throws Exception {
        Process p = new ProcessBuilder("stat", "-c", "%b", f.toString()).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor();
        return Long.parseLong(out);
    }

    @Test
    void sparseAndReflinkTakeCpsWords() throws Exception {
        Path src = dir.resolve("holes.bin");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(src.toFile(), "rw")) {
            f.setLength(64L << 20);
            f.write(new byte[] {1, 2, 3, 4});
        }
        Cli auto = Cli.run("copy", src.toString(), dir.resolve("auto.bin").toString());
        assertThat(auto.exit()).as(auto.err()).isZero();
        assertThat(blocks(dir.resolve("auto.bin"))).isLessThanOrEqualTo(Math.max(8, blocks(src)));
        Cli never = Cli.run("copy", "--sparse=never", src.toString(), dir.resolve("never.bin").toString());
        assertThat(never.exit()).as(never.err()).isZero();
        assertThat(blocks(dir.resolve("never.bin"))).isGreaterThanOrEqualTo((64L << 20) / 512);
        assertThat(Files.mismatch(src, dir.resolve("never.bin"))).isEqualTo(-1);

        Cli bad = Cli.run("copy", "--sparse=sometimes", src.toString(), dir.resolve("x.bin").toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("'sometimes' is not one of auto, always, never");
        // this folder's filesystem (ext4 or tmpfs here) cannot clone
        Cli clone = Cli.run("copy", "--reflink=always", src.toString(), dir.resolve("clone.bin").toString());
        assertThat(clone.exit()).isEqualTo(1);
        assertThat(clone.err().strip()).startsWith("fastio: copy " + src).contains("cannot clone (reflink=always)");
        assertThat(clone.err().strip().lines()).hasSize(1);
        assertThat(folder()).containsExactly("auto.bin", "holes.bin", "never.bin");
    }

    /** Line {@code i} of a test log: its number and a fixed text, 64 bytes with the line end. */
    private static byte[] logLine(long i) {
        byte[] b = "0000000000 GET /index.html 200 fastio-test-agent ..............\n".getBytes();
        for (int d = 9; d >= 0; d--, i /= 10) {
            b[d] = (byte) ('0' + i % 10);
        }
        return b;
    }

    private static boolean isPrefixOfTheLog(byte[] got) {
        for (int at = 0; at < got.length; at += 64) {
            int n = Math.min(64, got.length - at);
            if (!java.util.Arrays.equals(got, at, at + n, logLine(at / 64), 0, n)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A live log (16 MiB, a line appended every 2 ms): {@code copy --growing} copies its first
     * bytes every time (issue 40: {@code fastio copy} of such a log failed 5 times in 5), says on
     * standard error when the log grew and how many bytes it copied; {@code copy} without it still
     * refuses it.
     */
    @Test
    void growingCopiesALiveLogsPrefixAndSaysSoAndPlainCopyRefusesIt() throws Exception {
        Path log = dir.resolve("app.log");
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(log, java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16 << 20);
            for (long i = 0; i < (16 << 20) / 64; i++) {
                b.put(logLine(i));
            }
            ch.write(b.flip());
        }
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread writer = new Thread(() -> {
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(log, java.nio.file.StandardOpenOption.APPEND)) {
                for (long i = (16 << 20) / 64; !stop.get(); i++) {
                    ch.write(java.nio.ByteBuffer.wrap(logLine(i)));
                    java.util.concurrent.locks.LockSupport.parkNanos(2_000_000);
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "log writer");
        writer.start();
        int grew = 0;
        int refused = 0;
        try {
            for (int round = 0; round < 8; round++) {
                Path out = dir.resolve("copy" + round + ".log");
                long before = Files.size(log);
                Cli r = Cli.run("copy", "--growing", log.toString(), out.toString());
                assertThat(r.exit()).as(r.err()).isZero();
                byte[] got = Files.readAllBytes(out);
                assertThat((long) got.length).isGreaterThanOrEqualTo(before);
                assertThat(isPrefixOfTheLog(got)).as("round %d: the log's first %d bytes", round, got.length).isTrue();
                if (!r.err().isEmpty()) {
                    assertThat(r.err().strip()).isEqualTo("fastio: " + log + " was growing; copied its first " + got.length + " bytes");
                    grew++;
                }
                assertThat(r.out()).contains("copied " + String.format(java.util.Locale.ROOT, "%,d", got.length) + " bytes");

                Path plain = dir.resolve("plain" + round + ".log");
                Cli p = Cli.run("copy", log.toString(), plain.toString());
                if (p.exit() != 0) {
                    assertThat(p.exit()).isEqualTo(1);
                    assertThat(p.err()).contains(log.toString()).containsAnyOf("grew", "changed");
                    assertThat(plain).doesNotExist();
                    refused++;
                }
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        assertThat(grew).as("growing copies that said the log grew").isPositive();
        assertThat(refused).as("plain copies refused").isPositive();
    }
}
