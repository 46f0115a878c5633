package dev.fastio.gzip;

import static dev.fastio.gzip.GzipReaderTest.data;
import static dev.fastio.gzip.ParallelBgzfTest.bgzf;
import static dev.fastio.gzip.ParallelBgzfTest.blockStarts;
import static dev.fastio.gzip.ParallelBgzfTest.memberWithBc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fastio.internal.gzip.BlockInflater;
import dev.fastio.internal.gzip.Decoders;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one-thread reader's whole-block path for BGZF (one decoder call a block) against the same
 * reader streaming every member, as {@code gzip -d} reads them: the same bytes and the same outcome
 * (no error, or the same error with the same message and offset) on good files, cut files, flipped
 * bits and sizes, CRCs and lengths that lie; and the whole-block path really taken on good files.
 * Read through the caller's array (reads of 64 KiB or more) and through the reader's own block
 * buffer (smaller reads), with every decoder pair this JVM has.
 */
class WholeBlockTest {
    /** Read sizes: one byte, less than a block, one less than BGZF's largest block, the largest, more. */
    private static final int[] READS = {1, 5003, 65535, 65536, 100_000};

    static Stream<String> inflaters() {
        return InflaterDifferentialTest.inflaters();
    }

    /** The decoders of {@code inflater}, whose block decoder refuses every block: the streaming reference. */
    static Decoders streamOnly(String inflater) {
        Decoders d = InflaterDifferentialTest.decoders(inflater);
        return new Decoders("stream only", d::stream, () -> new BlockInflater() {
            @Override
            public int inflate(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
                Arrays.fill(out, outOff, outOff + outLen, (byte) 'X'); // what a refusing decoder may leave
                return -1;
            }

            @Override
            public int crc() {
                throw new AssertionError("no block was inflated");
            }

            @Override
            public String name() {
                return "refuses";
            }

            @Override
            public void close() {}
        });
    }

    /** The decoders of {@code inflater}, counting the blocks their block decoder inflated. */
    static Decoders counting(String inflater, AtomicInteger inflated) {
        Decoders d = InflaterDifferentialTest.decoders(inflater);
        return new Decoders(d.name(), d::stream, () -> {
            BlockInflater real = d.block();
            return new BlockInflater() {
                @Override
                public int inflate(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
                    int n = real.inflate(in, inOff, inLen, out, outOff, outLen);
                    if (n >= 0) {
                        inflated.incrementAndGet();
                    }
                    return n;
                }

                @Override
                public int crc() {
                    return real.crc();
                }

                @Override
                public String name() {
                    return real.name();
                }

                @Override
                public void close() {
                    real.close();
                }
            };
        });
    }

    static ParallelBgzfTest.Outcome read(byte[] gz, Decoders decoders, int inputBuffer, int readSize) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        Throwable e = catchThrowable(() -> {
            try (GzipReader in = new GzipReader(new ByteArrayInputStream(gz), "t.gz", inputBuffer, 1, decoders)) {
                byte[] b = new byte[readSize + 3];
                for (int n; (n = in.read(b, 3, readSize)) >= 0; ) {
                    got.write(b, 3, n);
                }
            }
        });
        return new ParallelBgzfTest.Outcome(got.toByteArray(), e);
    }

    static void assertSameAsStreaming(byte[] gz, String inflater, String what) {
        for (int readSize : new int[] {5003, 65536}) {
            ParallelBgzfTest.Outcome streamed = read(gz, streamOnly(inflater), 65536, readSize);
            ParallelBgzfTest.Outcome whole = read(gz, InflaterDifferentialTest.decoders(inflater), 65536, readSize);
            assertThat(whole.bytes()).as("%s, %s, reads of %d: the bytes", inflater, what, readSize).isEqualTo(streamed.bytes());
            if (streamed.error() == null) {
                assertThat(whole.error()).as("%s, %s, reads of %d", inflater, what, readSize).isNull();
            } else {
                assertThat(whole.error()).as("%s, %s, reads of %d", inflater, what, readSize).isNotNull()
                        .hasSameClassAs(streamed.error()).hasMessage(streamed.error().getMessage());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("inflaters")
    void goodFilesAreInflatedBlockByBlockAtEveryReadSize(String inflater) throws IOException {
        for (int size : new int[] {0, 1, 65279, 65280, 65281, 400_000}) {
            byte[] d = data(size, size);
            for (int level : new int[] {0, 1, 6, 9}) {
                byte[] gz = bgzf(d, level);
                int blocks = blockStarts(gz).length;
                for (int readSize : READS) {
                    AtomicInteger inflated = new AtomicInteger();
                    ParallelBgzfTest.Outcome got = read(gz, counting(inflater, inflated), 65536, readSize);
                    String what = inflater + " size " + size + " level " + level + " reads of " + readSize;
                    assertThat(got.error()).as(what).isNull();
                    assertThat(got.bytes()).as(what).isEqualTo(d);
                    assertThat(inflated.get()).as(what + ": blocks inflated whole").isEqualTo(blocks);
                }
                // an input buffer smaller than every block (the empty one's data and trailer are 10
                // bytes): every block streamed, the same bytes
                AtomicInteger none = new AtomicInteger();
                assertThat(read(gz, counting(inflater, none), 9, 5003).bytes()).isEqualTo(d);
                assertThat(none.get()).isZero();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("inflaters")
    void cutAndFlippedFilesGiveWhatStreamingGives(String inflater) throws IOException {
        byte[] gz = bgzf(data(300_000, 5), 6);
        Random r = new Random(17);
        for (int t = 0; t < 300; t++) {
            if (t % 3 == 0) {
                int cut = r.nextInt(gz.length);
                assertSameAsStreaming(Arrays.copyOf(gz, cut), inflater, "cut at " + cut);
            } else {
                byte[] bad = gz.clone();
                int at = r.nextInt(bad.length);
                bad[at] ^= (byte) (1 << r.nextInt(8));
                assertSameAsStreaming(bad, inflater, "flip at " + at);
            }
        }
    }

    /** Every field of a block's frame that a whole-block decode trusts, made to lie, on several blocks. */
    @ParameterizedTest
    @MethodSource("inflaters")
    void sizesCrcsAndLengthsThatLieGiveWhatStreamingGives(String inflater) throws IOException {
        byte[] gz = bgzf(data(400_000, 8), 6);
        int[] starts = blockStarts(gz);
        for (int block : new int[] {0, 1, starts.length / 2, starts.length - 2}) {
            int at = starts[block];
            int size = (gz[at + 16] & 0xFF) | (gz[at + 17] & 0xFF) << 8;
            int end = at + size + 1;
            for (int delta : new int[] {-size, -19, -9, -1, 1, 9, 4000, 65535 - size}) {
                byte[] bad = gz.clone();
                int lie = size + delta;
                bad[at + 16] = (byte) lie;
                bad[at + 17] = (byte) (lie >>> 8);
                assertSameAsStreaming(bad, inflater, "block " + block + " BSIZE off by " + delta);
            }
            for (int field : new int[] {end - 8, end - 5, end - 4, end - 2, end - 1}) { // CRC-32, then ISIZE
                for (int bit : new int[] {0, 7}) {
                    byte[] bad = gz.clone();
                    bad[field] ^= (byte) (1 << bit);
                    assertSameAsStreaming(bad, inflater, "block " + block + " trailer byte " + (field - end + 8) + " bit " + bit);
                }
            }
        }
    }

    /** Members with a BC subfield that are not BGZF blocks: larger than a block, or sized wrongly. */
    @ParameterizedTest
    @MethodSource("inflaters")
    void aBcFieldOnAnOrdinaryMemberGivesWhatStreamingGives(String inflater) throws IOException {
        byte[] small = data(70_000, 4);
        for (byte[] member : new byte[][] {data(200_000, 3), data(30, 2), new byte[0]}) {
            for (int claimed : new int[] {0, 30, 1000, 65535}) {
                ByteArrayOutputStream file = new ByteArrayOutputStream();
                file.write(bgzf(small, 6));
                file.write(memberWithBc(member, claimed));
                file.write(bgzf(small, 1));
                assertSameAsStreaming(file.toByteArray(), inflater, member.length + " bytes, BC says " + claimed);
            }
        }
    }
}
