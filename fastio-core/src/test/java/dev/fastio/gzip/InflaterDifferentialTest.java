package dev.fastio.gzip;

import static dev.fastio.gzip.GzipReaderTest.data;
import static dev.fastio.gzip.GzipReaderTest.gzip;
import static dev.fastio.gzip.GzipReaderTest.gzipDc;
import static dev.fastio.gzip.GzipReaderTest.hasGzip;
import static dev.fastio.gzip.GzipReaderTest.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fastio.internal.gzip.Inflaters;
import dev.fastio.internal.gzip.Decoders;
import dev.fastio.internal.nativeio.NativeDecoder;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.read.FastRead;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every inflater this JVM has (the JDK's always; ISA-L on JDK 22+ where libisal2 is installed)
 * against the JDK's and {@code gzip -dc}: the same bytes, and the same errors at the same offsets
 * where the error is the framing's.
 */
class InflaterDifferentialTest {
    static final String JDK = "jdk";
    static final String ISAL = "isal";
    static final String LIBDEFLATE = "libdeflate";

    @TempDir
    Path dir;

    /** Every decoder pair this JVM can bind: the JDK's always, ISA-L and libdeflate where they load. */
    static Stream<String> inflaters() {
        Stream.Builder<String> all = Stream.builder();
        all.add(JDK);
        if (Decoders.refusal(NativeLayer.awaitBound(), NativeDecoder.ISAL) == null) {
            all.add(ISAL);
        }
        if (Decoders.refusal(NativeLayer.awaitBound(), NativeDecoder.LIBDEFLATE) == null) {
            all.add(LIBDEFLATE);
        }
        return all.build();
    }

    static Decoders decoders(String inflater) {
        return switch (inflater) {
            case ISAL -> Decoders.isal(NativeLayer.awaitBound());
            case LIBDEFLATE -> Decoders.libdeflate(NativeLayer.awaitBound());
            default -> Decoders.jdk();
        };
    }

    static GzipReader reader(byte[] gz, int buffer, String inflater) {
        return new GzipReader(new ByteArrayInputStream(gz), "test.gz", buffer, 1, decoders(inflater));
    }

    static byte[] inflate(byte[] gz, int buffer, String inflater) throws IOException {
        try (GzipReader in = reader(gz, buffer, inflater)) {
            return readAll(in);
        }
    }

    /** Where ISA-L should be there (the native layer on: FFM on JDK 22+, jffi before; the library installed), it is. */
    @Test
    void isalIsUsedWhereItIsInstalled() {
        boolean installed = Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libisal.so.2"))
                || Files.exists(Path.of("/usr/lib/aarch64-linux-gnu/libisal.so.2"));
        if (NativeLayer.awaitBound().active() && installed) {
            assertThat(Decoders.refusal(NativeLayer.awaitBound(), NativeDecoder.ISAL)).isNull();
            assertThat(Inflaters.isNative()).isTrue();
            assertThat(Inflaters.status()).startsWith(NativeDecoder.ISAL.label());
            try (GzipReader in = new GzipReader(new ByteArrayInputStream(new byte[0]), "x.gz")) {
                assertThat(in.inflater()).isEqualTo(NativeDecoder.ISAL.label());
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        } else {
            assertThat(Inflaters.isNative()).isFalse();
            assertThat(Inflaters.status()).startsWith(Inflaters.JDK + ", because ");
        }
    }

    @ParameterizedTest
    @MethodSource("inflaters")
    void roundTripsAtManySizesLevelsAndInputBuffers(String inflater) throws IOException {
        for (int size : new int[] {0, 1, 2, 511, 512, 65535, 65536, 65537, 262_143, 262_144, 262_145, 600_000}) {
            byte[] d = data(size, size);
            for (int level : new int[] {0, 1, 6, 9}) {
                byte[] gz = gzip(d, level);
                for (int buf : new int[] {1, 7, 512, 65536}) {
                    assertThat(inflate(gz, buf, inflater)).as("%s size %d level %d buffer %d", inflater, size, level, buf).isEqualTo(d);
                }
            }
        }
    }

    /** Members of every size back to back: each trailer must be found where its deflate data end. */
    @ParameterizedTest
    @MethodSource("inflaters")
    void manyMembersAtEveryInputBufferSize(String inflater) throws Exception {
        Random r = new Random(11);
        ByteArrayOutputStream cat = new ByteArrayOutputStream();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int m = 0; m < 60; m++) {
            byte[] d = data(m % 7 == 0 ? 0 : r.nextInt(m % 3 == 0 ? 200_000 : 300), m);
            cat.write(gzip(d, r.nextInt(10)));
            expected.write(d);
        }
        byte[] gz = cat.toByteArray();
        for (int buf : new int[] {1, 2, 3, 5, 8, 9, 17, 100, 4096, 65536}) {
            assertThat(inflate(gz, buf, inflater)).as("%s buffer %d", inflater, buf).isEqualTo(expected.toByteArray());
        }
        if (hasGzip()) {
            assertThat(gzipDc(Files.write(dir.resolve("multi.gz"), gz))).isEqualTo(expected.toByteArray());
        }
    }

    @ParameterizedTest
    @MethodSource("inflaters")
    void agreesWithGzipDcOnEveryGzFileUnderUsrShareDoc(String inflater) throws Exception {
        Assumptions.assumeTrue(hasGzip(), "needs gzip");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("/usr/share/doc"))) {
            s.filter(p -> p.toString().endsWith(".gz") && Files.isRegularFile(p) && Files.isReadable(p)).forEach(files::add);
        }
        Assumptions.assumeTrue(!files.isEmpty(), "no .gz files");
        for (Path f : files) {
            try (GzipReader in = new GzipReader(FastRead.openInputStream(f), f.toString(), 65536, 1, decoders(inflater))) {
                assertThat(readAll(in)).as(f.toString()).isEqualTo(gzipDc(f));
            }
        }
    }

    /**
     * A flipped bit anywhere after the header: an error naming the file and an offset inside it,
     * with every inflater. Where the JDK's error is the framing's (CRC-32, length), every inflater
     * gives the same message; deflate errors may be found at other places by other decoders.
     */
    @Test
    void everyFlippedBitGivesTheSameFramingErrorWithEveryInflater() throws IOException {
        byte[] gz = gzip(data(40_000, 5), 6);
        Random r = new Random(3);
        for (int t = 0; t < 400; t++) {
            byte[] bad = gz.clone();
            int at = 10 + r.nextInt(bad.length - 10);
            bad[at] ^= (byte) (1 << r.nextInt(8));
            Throwable jdk = catchThrowable(() -> inflate(bad, 4096, JDK));
            assertThat(jdk).as("flip at %d", at).isInstanceOf(GzipFormatException.class);
            for (String inflater : inflaters().toList()) {
                Throwable e = catchThrowable(() -> inflate(bad, 4096, inflater));
                assertThat(e).as("%s, flip at %d", inflater, at).isInstanceOf(GzipFormatException.class)
                        .hasMessageStartingWith("test.gz: ").hasMessageContaining("at compressed offset ");
                assertThat(((GzipFormatException) e).offset()).isBetween(0L, (long) bad.length);
                if (!jdk.getMessage().contains("corrupt deflate data") && !e.getMessage().contains("corrupt deflate data")) {
                    assertThat(e).as("%s, flip at %d", inflater, at).hasMessage(jdk.getMessage());
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("inflaters")
    void everyTruncationIsAnUnexpectedEndOfFileWhereTheInputEnds(String inflater) throws IOException {
        byte[] gz = gzip(data(40_000, 6), 6);
        for (int cut = 0; cut < gz.length; cut += 1 + cut / 20) {
            byte[] part = Arrays.copyOf(gz, cut);
            Throwable e = catchThrowable(() -> inflate(part, 512, inflater));
            assertThat(e).as("%s cut at %d", inflater, cut).isInstanceOf(GzipFormatException.class)
                    .hasMessageContaining("unexpected end of file");
            if (cut > 12) { // past the header's first bytes: the error is where the input ended
                assertThat(((GzipFormatException) e).offset()).as("%s cut at %d", inflater, cut).isEqualTo(cut);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("inflaters")
    void trailingGarbageAfterTheLastMemberIsReportedAtItsOffset(String inflater) throws IOException {
        byte[] d = data(70_000, 7);
        byte[] gz = gzip(d, 6);
        for (int extra = 1; extra <= 12; extra++) {
            byte[] garbage = Arrays.copyOf(gz, gz.length + extra);
            garbage[gz.length] = 'x';
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            Throwable e = catchThrowable(() -> {
                try (GzipReader in = reader(garbage, 1000, inflater)) {
                    got.write(readAll(in));
                }
            });
            assertThat(e).isInstanceOf(GzipTrailingGarbageException.class);
            assertThat(((GzipFormatException) e).offset()).isEqualTo(gz.length);
            assertThat(inflate(Arrays.copyOf(gz, gz.length + extra), 1000, inflater)).isEqualTo(d); // zeros: padding
        }
    }
}
