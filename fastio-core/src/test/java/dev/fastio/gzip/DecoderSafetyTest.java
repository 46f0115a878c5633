package dev.fastio.gzip;

import static dev.fastio.gzip.GzipReaderTest.data;
import static dev.fastio.gzip.GzipReaderTest.hasGzip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fastio.internal.gzip.Inflaters;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two attacks on the whole-block decoders, found from outside: BGZF blocks of malformed deflate
 * data whose CRC-32 and length are set to what a lenient decoder makes of them (libdeflate reads
 * them as data; zlib, ISA-L and {@code gzip -d} refuse them), which the default decoders must
 * refuse at every thread count; and a reader closed from another thread while it inflates, which
 * freed libdeflate's tables under the running call and crashed the JVM.
 */
class DecoderSafetyTest {
    @TempDir
    Path dir;

    /** A fixed-Huffman block: 'A', literal/length symbol 286 (invalid), distance code 0; CRC-32 and ISIZE of 259 'A's. */
    static final byte[] SYMBOL_286 = HexFormat.of().parseHex("1f8b08040000000000ff0600424302001d00731c0300bfaee44f030100001f8b08040000000000ff0600424302001b0003000000000000000000");
    /** Deflate data with a code-length repeat past the table (zlib: "invalid bit length repeat"); CRC-32 and ISIZE of libdeflate's output. */
    static final byte[] REPEAT_PAST_TABLE = HexFormat.of().parseHex("1f8b08040000000000ff06004243020088000dc0810d04210804c05a4f58041114e93ff99fccd9262bb4277d95cf403c28cde38237effb0435e9929dab9ec8ce3a0f5cd51ee7ff9ece3ecb1d2a58c6729f46b2cc5ca5cb238356090d9a2c6f6cabfb7698cd29d75823ea7b58613ba148820e3f852c52ee07d0ec66f716386afc001a30f8b5ad0000001f8b08040000000000ff0600424302001b0003000000000000000000");

    /** The decoders a reader may get without being told: the JDK's, and ISA-L where it binds. */
    static Stream<String> strict() {
        return InflaterDifferentialTest.inflaters().filter(i -> !i.equals(InflaterDifferentialTest.LIBDEFLATE));
    }

    @Test
    void theDefaultIsNeverTheLenientDecoder() {
        if (System.getProperty("fastio.gzip.inflater") == null) {
            assertThat(Inflaters.chosen().name()).doesNotContain("libdeflate");
            assertThat(Inflaters.status()).doesNotContain("libdeflate");
        }
    }

    @ParameterizedTest
    @MethodSource("strict")
    void malformedBlocksWithMatchingTrailersAreRefusedAsGzipRefusesThem(String inflater) throws Exception {
        for (byte[] gz : new byte[][] {SYMBOL_286, REPEAT_PAST_TABLE}) {
            if (hasGzip()) {
                Path f = Files.write(dir.resolve("bad.gz"), gz);
                Process p = new ProcessBuilder("gzip", "-dc", f.toString()).redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                assertThat(p.waitFor()).as("gzip -d refuses it").isNotZero();
            }
            for (int threads : new int[] {1, 3}) {
                for (int readSize : new int[] {5003, 65536}) {
                    ParallelBgzfTest.Outcome o = readWith(gz, inflater, threads, readSize);
                    assertThat(o.error()).as("%s, %d threads, reads of %d", inflater, threads, readSize)
                            .isInstanceOf(GzipFormatException.class).hasMessageContaining("corrupt deflate data");
                }
            }
        }
    }

    static ParallelBgzfTest.Outcome readWith(byte[] gz, String inflater, int threads, int readSize) {
        java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
        Throwable e = catchThrowable(() -> {
            try (GzipReader in = new GzipReader(new ByteArrayInputStream(gz), "t.gz", 65536, threads, InflaterDifferentialTest.decoders(inflater))) {
                byte[] b = new byte[readSize];
                for (int n; (n = in.read(b)) >= 0; ) {
                    got.write(b, 0, n);
                }
            }
        });
        return new ParallelBgzfTest.Outcome(got.toByteArray(), e);
    }

    /**
     * One thread reads in 100,000-byte reads while another closes the reader at a random moment:
     * the JVM survives, close returns (having freed the decoders), and the read either finished or
     * failed with an IOException, never with the decoder's own error.
     */
    @ParameterizedTest
    @MethodSource("dev.fastio.gzip.InflaterDifferentialTest#inflaters")
    void aReaderClosedFromAnotherThreadUnderAReadFailsThatReadOnly(String inflater) throws Exception {
        byte[] gz = ParallelBgzfTest.bgzf(data(4 << 20, 9), 1);
        Random r = new Random(12);
        for (int round = 0; round < 60; round++) {
            int threads = round % 2 == 0 ? 1 : 3;
            GzipReader in = new GzipReader(new ByteArrayInputStream(gz), "t.gz", 65536, threads, InflaterDifferentialTest.decoders(inflater));
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread reader = new Thread(() -> {
                byte[] b = new byte[100_000];
                try {
                    while (in.read(b, 0, b.length) >= 0) {
                        // drain
                    }
                } catch (IOException expected) {
                    // closed under it
                } catch (Throwable t) {
                    failed.set(t);
                }
            });
            reader.start();
            long until = System.nanoTime() + r.nextInt(1_500_000);
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            in.close();
            reader.join(60_000);
            assertThat(reader.isAlive()).isFalse();
            assertThat(failed.get()).as("%s, %d threads, round %d", inflater, threads, round).isNull();
            in.close(); // twice: nothing
        }
    }
}
