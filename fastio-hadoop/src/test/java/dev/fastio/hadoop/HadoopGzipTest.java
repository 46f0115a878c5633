package dev.fastio.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.gzip.Gzip;
import dev.fastio.gzip.GzipFormatException;
import dev.fastio.gzip.GzipReader;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** {@link HadoopGzip} on HDFS against {@code GZIPInputStream} over {@code fs.open}: one member, many, BGZF on 1 and 3 threads, corruption. */
class HadoopGzipTest {
    static byte[] text(int n, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (r.nextInt(8) == 0 ? '\n' : '0' + r.nextInt(10));
        }
        return b;
    }

    static byte[] plainGunzip(FileSystem fs, Path p) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(fs.open(p))) {
            return in.readAllBytes();
        }
    }

    static byte[] fastio(FileSystem fs, Path p, int threads) throws IOException {
        try (GzipReader in = HadoopGzip.open(fs, p, threads)) {
            return in.readAllBytes();
        }
    }

    @Test
    void gzipAndBgzfEqualGzipInputStream() throws IOException {
        FileSystem fs = Hdfs.fs();
        for (int size : new int[] {0, 1, 65_535, 65_536, 65_537, 3_000_000}) {
            byte[] data = text(size, size);
            Path gz = new Path("/gzip/one" + size + ".gz");
            try (OutputStream out = new GZIPOutputStream(fs.create(gz, true))) {
                out.write(data);
            }
            Path members = new Path("/gzip/members" + size + ".gz");
            try (FSDataOutputStream out = fs.create(members, true)) {
                for (int m = 0; m < 3; m++) {
                    GZIPOutputStream g = new GZIPOutputStream(new NonClosing(out));
                    g.write(data, m * data.length / 3, data.length / 3);
                    g.finish();
                }
            }
            Path bgz = new Path("/gzip/blocks" + size + ".bgz");
            try (OutputStream out = Gzip.bgzfWriter(fs.create(bgz, true), 6)) {
                out.write(data);
            }
            for (Path p : new Path[] {gz, members, bgz}) {
                for (int threads : new int[] {1, 3}) {
                    assertThat(fastio(fs, p, threads)).as("%s threads=%d", p, threads).isEqualTo(plainGunzip(fs, p));
                }
            }
            try (GzipReader in = HadoopGzip.open(fs, bgz, 3)) {
                in.read();
                assertThat(in.inParallel()).as("BGZF, even the empty file of one EOF block").isTrue();
            }
        }
    }

    @Test
    void errorsNameTheQualifiedPath() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path p = new Path("/gzip/corrupt.gz");
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(b)) {
            out.write(text(100_000, 7));
        }
        byte[] bytes = b.toByteArray();
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 5);
        try (FSDataOutputStream out = fs.create(p, true)) {
            out.write(cut);
        }
        assertThatThrownBy(() -> fastio(fs, p, 1)).isInstanceOf(IOException.class)
                .hasMessageContaining(fs.makeQualified(p).toString()).hasMessageContaining("unexpected end");
        bytes[bytes.length - 6] ^= 1; // the CRC-32
        try (FSDataOutputStream out = fs.create(p, true)) {
            out.write(bytes);
        }
        assertThatThrownBy(() -> fastio(fs, p, 1)).isInstanceOf(GzipFormatException.class)
                .hasMessageContaining(fs.makeQualified(p).toString());
        assertThatThrownBy(() -> HadoopGzip.open(fs, new Path("/gzip/nosuch.gz"))).isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining("/gzip/nosuch.gz");
        assertThatThrownBy(() -> HadoopGzip.open(fs, p, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Lets several gzip members go to one stream. */
    static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
