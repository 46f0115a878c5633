package dev.fastio.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.ipv4.MalformedIpv4Exception;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HadoopIpv4} against core's parser on a local copy of the same bytes (which core's own
 * tests hold to the exact line-by-line parser): valid and near-miss lines, LF and CRLF, a final
 * newline or not, 1, 3 and 7 threads, blocks small enough that lines straddle them, on HDFS (64 KiB
 * blocks) and {@code file://}.
 */
class HadoopIpv4Test {
    @TempDir java.nio.file.Path dir;

    static final String[] NEAR_MISSES = {"256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1..2.3", "1.2.3.4 ", " 1.2.3.4",
            "1.2.3.1000", "", "a.b.c.d", "1.2.3.٣", "1.2.3.-4"};

    static byte[] text(long seed, int lines, boolean crlf, boolean finalNewline, int badEvery) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            if (badEvery > 0 && r.nextInt(badEvery) == 0) {
                sb.append(NEAR_MISSES[r.nextInt(NEAR_MISSES.length)]);
            } else {
                sb.append(r.nextInt(256)).append('.').append(r.nextInt(256)).append('.').append(r.nextInt(256)).append('.')
                        .append(r.nextInt(256));
            }
            if (i < lines - 1 || finalNewline) {
                sb.append(crlf && r.nextBoolean() ? "\r\n" : "\n");
            }
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    static void write(FileSystem fs, Path p, byte[] bytes) throws IOException {
        try (FSDataOutputStream out = fs.create(p, true)) {
            out.write(bytes);
        }
    }

    @Test
    void resultsEqualCoresOnTheSameBytes() throws IOException {
        FileSystem hdfs = Hdfs.fs();
        FileSystem raw = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        int[][] shapes = {{0, 0}, {1, 0}, {1_000, 50}, {600_000, 0}, {600_000, 3_000}};
        int seed = 0;
        for (int[] shape : shapes) {
            for (boolean crlf : new boolean[] {false, true}) {
                for (boolean finalNewline : new boolean[] {false, true}) {
                    byte[] bytes = text(seed++, shape[0], crlf, finalNewline, shape[1]);
                    java.nio.file.Path local = Files.write(dir.resolve("ips" + seed + ".txt"), bytes);
                    Path onHdfs = new Path("/ipv4/ips" + seed + ".txt");
                    write(hdfs, onHdfs, bytes);
                    Path onFile = new Path(local.toUri().toString());
                    for (int threads : new int[] {1, 3, 7}) {
                        for (int block : new int[] {4 << 10, Ipv4Parser.DEFAULT_BLOCK_BYTES}) {
                            Ipv4Parser lenient = Ipv4Parser.lenient().withParallelism(threads).withBlockBytes(block);
                            Ipv4ParseResult expected = lenient.parse(local);
                            for (FileSystem fs : List.of(hdfs, raw)) {
                                Path p = fs == hdfs ? onHdfs : onFile;
                                String as = fs.makeQualified(p) + " threads=" + threads + " block=" + block;
                                Ipv4ParseResult got = HadoopIpv4.parse(lenient, fs, p);
                                assertThat(got.addresses()).as(as).isEqualTo(expected.addresses());
                                assertThat(got.lines()).as(as).isEqualTo(expected.lines());
                                assertThat(got.malformedLines()).as(as).isEqualTo(expected.malformedLines());
                                assertThat(got.firstMalformed()).as(as).isEqualTo(expected.firstMalformed());
                                Throwable strictLocal = catchThrowable(() -> lenient.withLenient(false).parse(local));
                                Throwable strict = catchThrowable(() -> HadoopIpv4.parse(lenient.withLenient(false), fs, p));
                                if (strictLocal == null) {
                                    assertThat(strict).as(as).isNull();
                                } else {
                                    MalformedIpv4Exception e = (MalformedIpv4Exception) strictLocal;
                                    assertThat(strict).as(as).isInstanceOf(MalformedIpv4Exception.class)
                                            .hasMessage(e.getMessage().replace(local.toString(), fs.makeQualified(p).toString()));
                                    assertThat(((MalformedIpv4Exception) strict).line()).isEqualTo(e.line());
                                    assertThat(((MalformedIpv4Exception) strict).file()).isNull();
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void encodingsAndStrictErrorsNameTheHdfsPath() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path p = new Path("/ipv4/encoded.txt");
        write(fs, p, "10.0.0.1\n255.255.255.255\n0.0.0.0\n".getBytes(StandardCharsets.US_ASCII));
        for (Ipv4Encoding e : Ipv4Encoding.values()) {
            java.nio.file.Path local = Files.write(dir.resolve("enc.txt"), "10.0.0.1\n255.255.255.255\n0.0.0.0\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(HadoopIpv4.parse(Ipv4Parser.strict().withEncoding(e), fs, p).addresses())
                    .isEqualTo(Ipv4Parser.strict().withEncoding(e).parse(local).addresses());
        }
        Path bad = new Path("/ipv4/bad.txt");
        write(fs, bad, "1.2.3.4\n5.6.7.8\n1.2.3.04\n".getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> HadoopIpv4.parse(Ipv4Parser.strict(), fs, bad))
                .isInstanceOf(MalformedIpv4Exception.class)
                .hasMessageStartingWith(fs.makeQualified(bad) + ":3: malformed IPv4 address '1.2.3.04'");
        assertThatThrownBy(() -> HadoopIpv4.parse(Ipv4Parser.strict(), fs, new Path("/ipv4/nosuch.txt")))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("/ipv4/nosuch.txt");
        assertThatThrownBy(() -> HadoopIpv4.parse(Ipv4Parser.strict(), fs, new Path("/ipv4")))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("is a directory");
    }

    /** procfs through file://: a length of 0, parsed to the end on one thread (lenient: its lines are not addresses). */
    @Test
    void aLengthOfZeroIsParsedToTheEnd() throws IOException {
        FileSystem raw = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        Path proc = new Path("file:///proc/self/mountinfo");
        assertThat(raw.getFileStatus(proc).getLen()).isZero();
        long lines = Files.readAllLines(java.nio.file.Path.of("/proc/self/mountinfo")).size();
        Ipv4ParseResult r = HadoopIpv4.parse(Ipv4Parser.lenient(), raw, proc);
        assertThat(r.lines()).isEqualTo(lines).isPositive();
        assertThat(r.malformedLines()).isEqualTo(lines);
    }

    @Test
    void aFileRewrittenDuringTheParseIsAnError() throws Exception {
        FileSystem fs = Hdfs.fs();
        Path p = new Path("/ipv4/changing.txt");
        byte[] v1 = text(99, 600_000, false, true, 0);
        write(fs, p, v1);
        AtomicBoolean rewritten = new AtomicBoolean();
        // the progress callback runs after each block: rewrite the file after the first one
        Ipv4Parser parser = Ipv4Parser.strict().withParallelism(2).withProgress(n -> {
            if (rewritten.compareAndSet(false, true)) {
                try {
                    write(fs, p, text(100, 600_000, false, true, 0));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        Throwable t = catchThrowable(() -> HadoopIpv4.parse(parser, fs, p));
        assertThat(rewritten).isTrue();
        assertThat(t).isInstanceOf(IOException.class).hasMessageContaining(fs.makeQualified(p).toString());
        assertThat(HadoopArraysFaultTest.partThreads()).isZero();
    }
}
