package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.gzip.Gzip;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GunzipCommandTest {
    @TempDir
    Path dir;

    private List<String> folder() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    static byte[] text(int size, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (r.nextInt(10) == 0 ? '\n' : 'a' + r.nextInt(26));
        }
        return b;
    }

    private byte[] gzip(byte[] content) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream o = Gzip.writer(bytes, 6)) {
            o.write(content);
        }
        return bytes.toByteArray();
    }

    @Test
    void decompressesNextToTheInputAndSaysHowFast() throws Exception {
        byte[] content = text(300_000, 1);
        Path gz = Files.write(dir.resolve("data.txt.gz"), gzip(content));
        Cli r = Cli.run("gunzip", gz.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("data.txt"))).isEqualTo(content);
        assertThat(r.out()).matches("(?s)gunzip .*data.txt.gz -> .*data.txt: [0-9,]+ -> 300,000 bytes in [0-9.]+ s, [0-9]+ MB/s out \\((JDK zlib|ISA-L igzip \\(libisal.so.2\\))\\)\\s*");
        assertThat(folder()).containsExactly("data.txt", "data.txt.gz");
    }

    @Test
    void bgzfFilesAreInflatedOnTheThreadsAsked() throws Exception {
        byte[] content = text(1_000_000, 4);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream o = Gzip.bgzfWriter(bytes, 6)) {
            o.write(content);
        }
        Path gz = Files.write(dir.resolve("b.txt.gz"), bytes.toByteArray());
        for (String threads : new String[] {"1", "3"}) {
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            Cli r = Cli.runWithBinaryOut(captured, "gunzip", "-c", "--threads", threads, gz.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(captured.toByteArray()).isEqualTo(content);
            if (threads.equals("3")) {
                assertThat(r.err()).contains(", BGZF blocks on 3 threads)");
            } else {
                assertThat(r.err()).doesNotContain("BGZF blocks on");
            }
        }
        Cli bad = Cli.run("gunzip", "-c", "--threads", "0", gz.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--threads must be from 1 to 1024, not 0");
    }

    @Test
    void multiMemberFilesGiveEveryMemberAndStdoutWorks() throws Exception {
        byte[] a = text(70_000, 2);
        byte[] b = text(5, 3);
        byte[] both = concat(gzip(a), gzip(b));
        Path gz = Files.write(dir.resolve("two.gz"), both);
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        Cli r = Cli.runWithBinaryOut(captured, "gunzip", "-c", gz.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(captured.toByteArray()).isEqualTo(concat(a, b));
        assertThat(r.err()).contains("-> stdout: ");
        assertThat(folder()).containsExactly("two.gz");
    }

    @Test
    void aTruncatedFileFailsNamingTheOffsetAndLeavesNothing() throws Exception {
        byte[] gz = gzip(text(200_000, 4));
        Path cut = Files.write(dir.resolve("cut.gz"), Arrays.copyOf(gz, gz.length / 2));
        Cli r = Cli.run("gunzip", cut.toString(), dir.resolve("out.txt").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).startsWith("fastio: " + cut + ": unexpected end of file")
                .contains("at compressed offset");
        assertThat(folder()).containsExactly("cut.gz");
    }

    @Test
    void anExistingOutputNeedsForce() throws Exception {
        Path gz = Files.write(dir.resolve("a.gz"), gzip("new".getBytes(StandardCharsets.UTF_8)));
        Path old = Files.writeString(dir.resolve("a"), "old");
        Cli r = Cli.run("gunzip", gz.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(old + ": already exists (use --force to replace it)");
        assertThat(Files.readString(old)).isEqualTo("old");
        assertThat(Cli.run("gunzip", "--force", gz.toString()).exit()).isZero();
        assertThat(Files.readString(old)).isEqualTo("new");
    }

    @Test
    void trailingGarbageKeepsTheOutputAndExits2LikeGzip() throws Exception {
        byte[] content = text(1000, 5);
        Path gz = Files.write(dir.resolve("g.gz"), concat(gzip(content), "garbage".getBytes(StandardCharsets.UTF_8)));
        Cli r = Cli.run("gunzip", gz.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("decompression OK, trailing garbage at compressed offset").contains("ignored");
        assertThat(Files.readAllBytes(dir.resolve("g"))).isEqualTo(content);
    }

    @Test
    void anInputWithoutGzNeedsAnOutputName() throws Exception {
        Path f = Files.write(dir.resolve("plain"), gzip(new byte[1]));
        Cli r = Cli.run("gunzip", f.toString());
        assertThat(r.exit()).isEqualTo(2); // a missing operand: usage
        assertThat(r.err().strip()).isEqualTo("fastio: " + f + " does not end in .gz: give OUT, or -c (try: fastio gunzip --help)");
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
