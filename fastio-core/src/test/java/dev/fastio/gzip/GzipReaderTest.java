package dev.fastio.gzip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GzipReaderTest {
    @TempDir
    Path dir;

    static byte[] inflate(byte[] gz, int bufferSize) throws IOException {
        try (GzipReader in = new GzipReader(new ByteArrayInputStream(gz), "test.gz", bufferSize)) {
            return readAll(in);
        }
    }

    static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] b = new byte[7001];
        for (int n; (n = in.read(b)) >= 0; ) {
            out.write(b, 0, n);
        }
        return out.toByteArray();
    }

    static byte[] gzip(byte[] data, int level) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = Gzip.writer(bytes, level)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    /** Text-like data (compressible) of the given size. */
    static byte[] data(int size, long seed) {
        Random r = new Random(seed);
        byte[] d = new byte[size];
        for (int i = 0; i < size; i++) {
            d[i] = (byte) (r.nextInt(100) < 80 ? 'a' + r.nextInt(6) : r.nextInt(256));
        }
        return d;
    }

    static boolean hasGzip() {
        return Files.isExecutable(Path.of("/usr/bin/gzip")) || Files.isExecutable(Path.of("/bin/gzip"));
    }

    static byte[] gzipDc(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("gzip", "-dc", file.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    @Test
    void roundTripsAtManySizesLevelsAndInputBuffers() throws IOException {
        for (int size : new int[] {0, 1, 2, 511, 512, 65535, 65536, 65537, 300_000}) {
            byte[] d = data(size, size);
            for (int level : new int[] {0, 1, 6, 9}) {
                byte[] gz = gzip(d, level);
                for (int buf : new int[] {1, 7, 512, 65536}) {
                    assertThat(inflate(gz, buf)).as("size %d level %d buffer %d", size, level, buf).isEqualTo(d);
                }
            }
        }
    }

    @Test
    void agreesWithGzipDcOnGeneratedAndMultiMemberFiles() throws Exception {
        Assumptions.assumeTrue(hasGzip(), "needs gzip");
        byte[] a = data(100_000, 1);
        byte[] b = data(3, 2);
        byte[] empty = new byte[0];
        ByteArrayOutputStream cat = new ByteArrayOutputStream();
        cat.write(gzip(a, 6));
        cat.write(gzip(empty, 6));
        cat.write(gzip(b, 1));
        Path f = Files.write(dir.resolve("multi.gz"), cat.toByteArray());
        byte[] expected = new byte[a.length + b.length];
        System.arraycopy(a, 0, expected, 0, a.length);
        System.arraycopy(b, 0, expected, a.length, b.length);
        assertThat(gzipDc(f)).isEqualTo(expected);
        try (GzipReader in = Gzip.open(f)) {
            assertThat(readAll(in)).isEqualTo(expected);
        }
        Path e = Files.write(dir.resolve("empty-content.gz"), gzip(empty, 6));
        try (GzipReader in = Gzip.open(e)) {
            assertThat(readAll(in)).isEqualTo(gzipDc(e)).isEmpty();
        }
    }

    @Test
    void agreesWithGzipDcOnEveryGzFileUnderUsrShareDoc() throws Exception {
        Assumptions.assumeTrue(hasGzip(), "needs gzip");
        Path doc = Path.of("/usr/share/doc");
        Assumptions.assumeTrue(Files.isDirectory(doc), "needs /usr/share/doc");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(doc)) {
            s.filter(p -> p.toString().endsWith(".gz") && Files.isRegularFile(p) && Files.isReadable(p)).forEach(files::add);
        }
        Assumptions.assumeTrue(!files.isEmpty(), "no .gz files");
        int checked = 0;
        for (Path f : files) {
            byte[] expected = gzipDc(f);
            try (GzipReader in = Gzip.open(f)) {
                assertThat(readAll(in)).as(f.toString()).isEqualTo(expected);
            }
            checked++;
        }
        assertThat(checked).isEqualTo(files.size());
    }

    @Test
    void everyFlippedBitAfterTheHeaderIsReportedWithFileAndOffset() throws IOException {
        byte[] d = data(20_000, 5);
        byte[] gz = gzip(d, 6);
        Random r = new Random(3);
        for (int t = 0; t < 300; t++) {
            byte[] bad = gz.clone();
            int at = 10 + r.nextInt(bad.length - 10); // after the 10-byte header (no optional fields)
            bad[at] ^= (byte) (1 << r.nextInt(8));
            Throwable e = catchThrowable(() -> inflate(bad, 4096));
            assertThat(e).as("flip at %d", at).isInstanceOf(GzipFormatException.class)
                    .hasMessageStartingWith("test.gz: ").hasMessageContaining("at compressed offset ");
        }
    }

    @Test
    void aDirectoryIsAnErrorNamingIt() {
        for (int threads : new int[] {1, 2}) {
            assertThatThrownBy(() -> {
                try (GzipReader in = Gzip.open(dir, threads)) {
                    in.read();
                }
            }).as("threads=%d", threads).isInstanceOf(IOException.class).hasMessageContaining(dir.toString());
        }
    }

    @Test
    void everyTruncationIsAnUnexpectedEndOfFile() throws IOException {
        byte[] gz = gzip(data(20_000, 6), 6);
        for (int cut = 0; cut < gz.length; cut += 1 + cut / 10) {
            byte[] part = Arrays.copyOf(gz, cut);
            int c = cut;
            assertThatThrownBy(() -> inflate(part, 512)).as("cut at %d", c)
                    .isInstanceOf(GzipFormatException.class).hasMessageContaining("unexpected end of file");
        }
    }

    @Test
    void trailingZerosAreIgnoredAndTrailingGarbageIsReportedAfterTheData() throws IOException {
        byte[] d = data(5000, 7);
        byte[] gz = gzip(d, 6);
        byte[] zeros = Arrays.copyOf(gz, gz.length + 100);
        assertThat(inflate(zeros, 512)).isEqualTo(d);
        byte[] garbage = Arrays.copyOf(gz, gz.length + 7);
        garbage[gz.length] = 'x';
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        Throwable e = catchThrowable(() -> {
            try (GzipReader in = new GzipReader(new ByteArrayInputStream(garbage), "g.gz")) {
                byte[] b = new byte[1000];
                for (int n; (n = in.read(b)) >= 0; ) {
                    got.write(b, 0, n);
                }
            }
        });
        assertThat(got.toByteArray()).isEqualTo(d); // everything delivered first, as gzip -d does
        assertThat(e).isInstanceOf(GzipTrailingGarbageException.class)
                .hasMessage("g.gz: decompression OK, trailing garbage at compressed offset " + gz.length);
        assertThatThrownBy(() -> inflate(new byte[0], 512)).hasMessageContaining("empty input");
        assertThatThrownBy(() -> inflate("not gzip".getBytes(), 512)).hasMessageContaining("not in gzip format");
    }

    @Test
    void optionalHeaderFieldsAndHeaderCrcAreHandled() throws IOException {
        byte[] d = data(3000, 8);
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        int flg = 2 | 4 | 8 | 16; // FHCRC FEXTRA FNAME FCOMMENT
        m.write(new byte[] {0x1f, (byte) 0x8b, 8, (byte) flg, 0, 0, 0, 0, 0, 3});
        m.write(new byte[] {3, 0, 'a', 'b', 'c'});
        m.write("name.txt\0".getBytes());
        m.write("a comment\0".getBytes());
        CRC32 hcrc = new CRC32();
        hcrc.update(m.toByteArray());
        int h = (int) hcrc.getValue();
        m.write(new byte[] {(byte) h, (byte) (h >>> 8)});
        Deflater def = new Deflater(6, true);
        def.setInput(d);
        def.finish();
        byte[] buf = new byte[10_000];
        int n = def.deflate(buf);
        def.end();
        m.write(buf, 0, n);
        CRC32 c = new CRC32();
        c.update(d);
        long v = c.getValue();
        m.write(new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)});
        m.write(new byte[] {(byte) d.length, (byte) (d.length >>> 8), 0, 0});
        byte[] gz = m.toByteArray();
        assertThat(inflate(gz, 3)).isEqualTo(d);
        byte[] badHcrc = gz.clone();
        badHcrc[10 + 5 + 9 + 10] ^= 1; // the header CRC's low byte
        assertThatThrownBy(() -> inflate(badHcrc, 64)).hasMessageContaining("header CRC mismatch");
    }

    @Test
    void closeFreesAndLaterReadsFail() throws IOException {
        GzipReader in = new GzipReader(new ByteArrayInputStream(gzip(data(10, 1), 6)), "c.gz");
        in.close();
        in.close();
        assertThatThrownBy(in::read).hasMessage("Stream closed");
        assertThatThrownBy(() -> Gzip.writer(new ByteArrayOutputStream(), 10)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBufferSizeBelowOneIsRefusedUpFront() {
        for (int size : new int[] {0, -1}) {
            assertThatThrownBy(() -> new GzipReader(new ByteArrayInputStream(new byte[0]), "x.gz", size))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(String.valueOf(size));
        }
    }
}
