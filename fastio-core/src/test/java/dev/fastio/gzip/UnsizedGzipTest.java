package dev.fastio.gzip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.internal.UnsizedSources;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Gzip#open} needs no size: a named pipe (size 0) decompresses like a regular file, errors included. */
class UnsizedGzipTest {
    @TempDir
    Path dir;

    private static byte[] gzip(byte[] content) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream o = Gzip.writer(bytes, 6)) {
            o.write(content);
        }
        return bytes.toByteArray();
    }

    @Test
    void aPipeDecompressesWholeAtEverySize() throws Exception {
        int k = 0;
        for (int n : UnsizedSources.PIPE_SIZES) {
            byte[] content = UnsizedSources.content(n, n);
            byte[] gz = gzip(content);
            try (InputStream in = Gzip.open(UnsizedSources.pipe(dir, "p" + k++, gz))) {
                assertThat(in.readAllBytes()).as("%d bytes", n).isEqualTo(content);
            }
            try (InputStream jdk = new GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
                assertThat(jdk.readAllBytes()).isEqualTo(content);
            }
        }
    }

    @Test
    void aTruncatedPipeIsAnErrorNamingIt() throws Exception {
        byte[] gz = gzip(UnsizedSources.content(100_000, 1));
        Path p = UnsizedSources.pipe(dir, "cut.gz", Arrays.copyOf(gz, gz.length - 5));
        assertThatThrownBy(() -> {
            try (InputStream in = Gzip.open(p)) {
                in.readAllBytes();
            }
        }).isInstanceOf(GzipFormatException.class).hasMessageContaining(p.toString());
    }
}
