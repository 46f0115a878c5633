package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -} reads standard input where a command reads a file, as {@code gzip}, {@code cat} and
 * {@code cp} do: from a pipe (no size, read to its end) and from a redirected file; with no OUT,
 * {@code gunzip -} writes to standard output as {@code gzip -d} does. Each run is a child JVM,
 * whose standard input the test chooses.
 */
class StandardInputTest {
    @TempDir
    Path dir;

    record Run(int exit, byte[] out, String err) {}

    /** The CLI in a child JVM, with {@code stdin} written to it through a pipe or, when {@code viaFile}, redirected from a file. */
    private Run run(byte[] stdin, boolean viaFile, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), "dev.fastio.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        if (viaFile) {
            pb.redirectInput(Files.write(dir.resolve("stdin.bin"), stdin).toFile());
        }
        Process p = pb.start();
        Thread feed = new Thread(() -> {
            try (OutputStream o = p.getOutputStream()) {
                if (!viaFile) {
                    o.write(stdin);
                }
            } catch (IOException e) {
                // the command stopped reading: its status says why
            }
        });
        feed.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        drain.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        feed.join();
        drain.join();
        return new Run(p.exitValue(), out.toByteArray(), err);
    }

    static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(data);
        }
        return b.toByteArray();
    }

    @Test
    void gunzipReadsStandardInput() throws Exception {
        byte[] text = GunzipCommandTest.text(3 << 20, 5);
        byte[] gz = gzip(text);
        for (boolean viaFile : new boolean[] {false, true}) {
            Run toStdout = run(gz, viaFile, "gunzip", "-");
            assertThat(toStdout.exit()).as(toStdout.err()).isZero();
            assertThat(toStdout.out()).isEqualTo(text);
            Run c = run(gz, viaFile, "gunzip", "-c", "-");
            assertThat(c.out()).isEqualTo(text);
            Path out = dir.resolve("out-" + viaFile + ".txt");
            Run toFile = run(gz, viaFile, "gunzip", "-", out.toString());
            assertThat(toFile.exit()).as(toFile.err()).isZero();
            assertThat(out).hasBinaryContent(text);
        }
    }

    @Test
    void ipsPackAndUnpackReadStandardInput() throws Exception {
        byte[] list = "10.0.0.1\n192.168.1.255\n0.0.0.0\n".getBytes(StandardCharsets.US_ASCII);
        for (boolean viaFile : new boolean[] {false, true}) {
            Path bin = dir.resolve("ips-" + viaFile + ".bin");
            Run pack = run(list, viaFile, "ips", "pack", "-", bin.toString());
            assertThat(pack.exit()).as(pack.err()).isZero();
            assertThat(Files.readAllBytes(bin)).containsExactly(10, 0, 0, 1, 192 - 256, 168 - 256, 1, 255 - 256, 0, 0, 0, 0);
            Path txt = dir.resolve("ips-" + viaFile + ".txt");
            Run unpack = run(Files.readAllBytes(bin), viaFile, "ips", "unpack", "-", txt.toString());
            assertThat(unpack.exit()).as(unpack.err()).isZero();
            assertThat(txt).hasBinaryContent(list);
        }
    }

    /**
     * A standard input that an earlier command read part of ({@code { read header; fastio …; } < file}):
     * a stream command reads on from there, as gzip does; one that reads by name says it cannot,
     * rather than read the file again from its start.
     */
    @Test
    void standardInputReadInPartBeforeIsReadOnOrRefused() throws Exception {
        byte[] text = "1.2.3.4\n5.6.7.8\n".getBytes(StandardCharsets.US_ASCII);
        byte[] gz = gzip(text);
        Path withHeader = dir.resolve("with-header");
        try (OutputStream o = Files.newOutputStream(withHeader)) {
            o.write("header\n".getBytes(StandardCharsets.US_ASCII));
            o.write(gz);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String main = java + " -cp '" + System.getProperty("java.class.path") + "' dev.fastio.cli.Main";
        Process p = new ProcessBuilder("bash", "-c", "{ read -r h; " + main + " gunzip -c -; } < '" + withHeader + "'").start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(err).isZero();
        assertThat(out).isEqualTo(text);
        Path list = Files.writeString(dir.resolve("list.txt"), "address\n1.2.3.4\n");
        p = new ProcessBuilder("bash", "-c", "{ read -r h; " + main + " ips pack - '" + dir.resolve("o.bin") + "'; } < '" + list + "'").start();
        err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isEqualTo(1);
        assertThat(err).isEqualTo("fastio: standard input is a file already read up to byte 8; give the file's name instead of -\n");
        assertThat(dir.resolve("o.bin")).doesNotExist();
    }

    @Test
    void copyReadsStandardInput() throws Exception {
        byte[] data = GunzipCommandTest.text(1 << 20, 9);
        for (boolean viaFile : new boolean[] {false, true}) {
            Path out = dir.resolve("copy-" + viaFile);
            Run r = run(data, viaFile, "copy", "-", out.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(out).hasBinaryContent(data);
        }
        Run intoFolder = run(data, false, "copy", "-", dir.toString());
        assertThat(intoFolder.exit()).isEqualTo(2);
        assertThat(intoFolder.err()).contains("has no name to give the copy in it");
    }

    @Test
    void reportReadsStandardInput() throws Exception {
        byte[] json = ("[{\"benchmark\":\"org.example.Bench.m\",\"mode\":\"avgt\",\"threads\":1,\"params\":{\"size\":\"16\"},"
                + "\"primaryMetric\":{\"score\":10.0,\"scoreError\":0.1,\"scoreUnit\":\"us/op\",\"rawData\":[[10.0,10.1,9.9]]}}]")
                .getBytes(StandardCharsets.UTF_8);
        for (boolean viaFile : new boolean[] {false, true}) {
            Path page = dir.resolve("page-" + viaFile + ".html");
            Run r = run(json, viaFile, "report", "-", "-o", page.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(Files.readString(page)).contains("org.example.Bench");
        }
        Run noOutput = run(json, false, "report", "-");
        assertThat(noOutput.exit()).isEqualTo(2);
        assertThat(noOutput.err()).contains("name the report with -o");
    }

    /** Standard input redirected from the output file: the same file, refused before anything is written. */
    @Test
    void standardInputThatIsTheOutputIsRefused() throws Exception {
        byte[] gz = gzip("data\n".getBytes(StandardCharsets.US_ASCII));
        Path out = dir.resolve("stdin.bin");
        Run r = run(gz, true, "gunzip", "-", out.toString(), "--force");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("input and output are the same file");
        assertThat(out).hasBinaryContent(gz);
    }
}
