package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.gzip.Gzip;
import dev.fastio.ipv4.Ipv4;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command takes inputs whose size reads 0 but which have content: procfs, sysfs, named pipes. */
class UnsizedInputsTest {
    @TempDir
    Path dir;

    /** A named pipe that delivers {@code content} once, from a daemon thread. */
    private Path pipe(String name, byte[] content) throws Exception {
        Path fifo = dir.resolve(name);
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0).isTrue();
        Thread t = new Thread(() -> {
            try (OutputStream o = Files.newOutputStream(fifo, StandardOpenOption.WRITE)) {
                o.write(content);
            } catch (IOException ignored) {
                // the reader left early; the test says so
            }
        });
        t.setDaemon(true);
        t.start();
        return fifo;
    }

    @Test
    void copyTakesProcSysAndPipeSources() throws Exception {
        for (String src : new String[] {"/proc/self/mountinfo", "/proc/version", "/sys/devices/system/cpu/online"}) {
            Path p = Path.of(src);
            if (!Files.isReadable(p)) {
                continue;
            }
            Path out = dir.resolve("out" + src.replace('/', '_'));
            Cli r = Cli.run("copy", src, out.toString());
            assertThat(r.exit()).as(src + ": " + r.err()).isZero();
            byte[] want = Files.readAllBytes(p);
            assertThat(Files.readAllBytes(out)).as(src).isEqualTo(want).isNotEmpty();
            assertThat(r.out()).contains(String.format("copied %,d bytes", want.length));
        }
        byte[] content = new byte[700_001];
        new Random(3).nextBytes(content);
        Cli r = Cli.run("copy", pipe("fifo", content).toString(), dir.resolve("from-pipe").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("from-pipe"))).isEqualTo(content);
        assertThat(r.out()).contains("copied 700,001 bytes").contains("to end of file");
    }

    @Test
    void gunzipTakesAPipeAndCountsWhatItRead() throws Exception {
        byte[] content = GunzipCommandTest.text(400_000, 9);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream o = Gzip.writer(gz, 6)) {
            o.write(content);
        }
        Cli r = Cli.run("gunzip", pipe("data.gz", gz.toByteArray()).toString(), dir.resolve("data").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("data"))).isEqualTo(content);
        assertThat(r.out()).contains(String.format(": %,d -> 400,000 bytes", gz.size()));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        Cli c = Cli.runWithBinaryOut(stdout, "gunzip", "-c", pipe("again.gz", gz.toByteArray()).toString());
        assertThat(c.exit()).as(c.err()).isZero();
        assertThat(stdout.toByteArray()).isEqualTo(content);
    }

    @Test
    void ipsPackAndUnpackTakePipes() throws Exception {
        Random rnd = new Random(5);
        int n = 50_000;
        int[] ips = new int[n];
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            ips[i] = rnd.nextInt();
            sb.append(Ipv4.format(ips[i])).append('\n');
        }
        byte[] text = sb.toString().getBytes(StandardCharsets.US_ASCII);
        Path bin = dir.resolve("ips.bin");
        Cli r = Cli.run("ips", "pack", pipe("ips.txt", text).toString(), bin.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains(String.format("packed 50,000 addresses: %,d text bytes", text.length));
        ByteBuffer want = ByteBuffer.allocate(4 * n);
        want.asIntBuffer().put(ips);
        assertThat(Files.readAllBytes(bin)).isEqualTo(want.array());
        Cli u = Cli.run("ips", "unpack", pipe("ips2.bin", want.array()).toString(), dir.resolve("back.txt").toString());
        assertThat(u.exit()).as(u.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("back.txt"))).isEqualTo(text);
    }
}
