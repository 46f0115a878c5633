package dev.fastio.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential test: random sequences of read / read(byte[]) / skip / mark / reset / available
 * against {@code BufferedInputStream} over the same bytes. Both must deliver the same byte
 * sequence; call-by-call counts may differ (a read may return fewer bytes), so after each call
 * the stream that is behind catches up and the bytes are compared.
 */
class FastBufferedInputStreamTest {
    @TempDir
    Path dir;

    /** Position-tracking pair: each side's bytes so far must be equal at every sync point. */
    private static final class Pair {
        final InputStream ours;
        final InputStream theirs;
        long oursPos;
        long theirsPos;
        final byte[] data;
        long markAt = -1;
        int markLimit;

        Pair(InputStream ours, InputStream theirs, byte[] data) {
            this.ours = ours;
            this.theirs = theirs;
            this.data = data;
        }

        /** Brings the one behind up to the other, checking every byte against the data. */
        void sync() throws IOException {
            while (oursPos < theirsPos) {
                int c = ours.read();
                assertThat(c).as("ours at %d", oursPos).isEqualTo(data[(int) oursPos] & 0xFF);
                oursPos++;
            }
            while (theirsPos < oursPos) {
                int c = theirs.read();
                assertThat(c).isEqualTo(data[(int) theirsPos] & 0xFF);
                theirsPos++;
            }
        }
    }

    private static boolean resets(InputStream in) {
        try {
            in.reset();
            return true;
        } catch (IOException e) {
            assertThat(e).hasMessage("Resetting to invalid mark");
            return false;
        }
    }

    /** Regression: seed 1897616879967538594 found the end-of-stream mark drop both classes share. */
    @Test
    void aMarkDroppedAtTheEndOfTheStreamIsDroppedByBoth() throws IOException {
        behavesLikeBufferedInputStream(55, 3, 2);
    }

    @Property(tries = 300)
    void behavesLikeBufferedInputStream(@ForAll @IntRange(max = 70_000) int size, @ForAll @IntRange(min = 1, max = 9000) int bufSize,
            @ForAll long seed) throws IOException {
        byte[] data = new byte[size];
        Random r = new Random(seed);
        r.nextBytes(data);
        Pair p = new Pair(new FastBufferedInputStream(new ByteArrayInputStream(data), bufSize),
                new BufferedInputStream(new ByteArrayInputStream(data), bufSize), data);
        for (int step = 0; step < 400; step++) {
            p.sync(); // both at the same position before each call
            switch (r.nextInt(7)) {
                case 0 -> {
                    int a = p.ours.read();
                    int b = p.theirs.read();
                    assertThat(a).isEqualTo(b);
                    if (a >= 0) {
                        assertThat(a).isEqualTo(data[(int) p.oursPos] & 0xFF);
                        p.oursPos++;
                        p.theirsPos++;
                    }
                }
                case 1 -> {
                    int len = r.nextInt(3 * bufSize + 2);
                    int off = r.nextInt(5);
                    byte[] ba = new byte[len + off + 3];
                    byte[] bb = new byte[len + off + 3];
                    int na = p.ours.read(ba, off, len);
                    int nb = p.theirs.read(bb, off, len);
                    if (len == 0) {
                        assertThat(na).isZero();
                    } else if (nb < 0) {
                        assertThat(na).as("end of stream together").isEqualTo(-1);
                    } else {
                        assertThat(na).as("never 0 before the end").isPositive();
                        for (int i = 0; i < na; i++) {
                            assertThat(ba[off + i]).isEqualTo(data[(int) p.oursPos + i]);
                        }
                        assertThat(ba[off + na]).as("no write past the count").isZero();
                        p.oursPos += na;
                        p.theirsPos += nb;
                    }
                }
                case 2 -> {
                    long n = r.nextInt(2 * bufSize + 10) - 5;
                    long sa = p.ours.skip(n);
                    long sb = p.theirs.skip(n);
                    assertThat(sa).isBetween(0L, Math.max(0, n));
                    p.oursPos += sa;
                    p.theirsPos += sb;
                }
                case 3 -> {
                    p.sync();
                    int limit = r.nextInt(3 * bufSize + 1);
                    p.ours.mark(limit);
                    p.theirs.mark(limit);
                    p.markAt = p.oursPos;
                    p.markLimit = limit;
                }
                case 4 -> {
                    p.sync();
                    // Within the read limit the outcome must be BufferedInputStream's: both reset, or both
                    // refuse (both drop a mark whose limit equals the buffer when a read meets the end).
                    if (p.markAt >= 0 && p.oursPos - p.markAt <= p.markLimit) {
                        boolean oursOk = resets(p.ours);
                        boolean theirsOk = resets(p.theirs);
                        assertThat(oursOk).as("reset outcome as BufferedInputStream's").isEqualTo(theirsOk);
                        if (oursOk) {
                            p.oursPos = p.theirsPos = p.markAt;
                        } else {
                            p.markAt = -1;
                        }
                    }
                }
                case 5 -> {
                    p.sync();
                    int a = p.ours.available();
                    int b = p.theirs.available();
                    assertThat(a > 0).as("available() > 0 exactly when bytes remain").isEqualTo(b > 0)
                            .isEqualTo(p.oursPos < size);
                    assertThat(a).isLessThanOrEqualTo(b);
                }
                default -> {
                    p.sync();
                    assertThat(p.ours.markSupported()).isTrue();
                }
            }
        }
        p.sync();
        // drain both: the rest must be the rest of the data
        assertThat(p.ours.readAllBytes()).isEqualTo(java.util.Arrays.copyOfRange(data, (int) p.oursPos, size));
    }

    @Test
    void overARealFileEveryChunkSizeReadsTheSameBytes() throws IOException {
        byte[] data = new byte[300_001];
        new Random(9).nextBytes(data);
        Path f = Files.write(dir.resolve("f.bin"), data);
        for (int chunk : new int[] {1, 511, 512, 8192, 65536, 65537, 1 << 20}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (InputStream in = new FastBufferedInputStream(new FileInputStream(f.toFile()))) {
                byte[] b = new byte[chunk];
                for (int n; (n = in.read(b)) >= 0; ) {
                    out.write(b, 0, n);
                }
            }
            assertThat(out.toByteArray()).as("chunk %d", chunk).isEqualTo(data);
        }
    }

    @Test
    void availableAnswersFromTheBufferWithoutAskingTheStream() throws IOException {
        int[] asked = {0};
        InputStream counting = new ByteArrayInputStream(new byte[100_000]) {
            @Override
            public synchronized int available() {
                asked[0]++;
                return super.available();
            }
        };
        try (FastBufferedInputStream in = new FastBufferedInputStream(counting, 65536)) {
            byte[] b = new byte[512];
            while (in.available() > 0) {
                in.read(b);
            }
        }
        // asked only when the buffer was empty: at the start, after the first 64 KB and at the end
        assertThat(asked[0]).isLessThanOrEqualTo(3);
    }

    @Test
    void transferToAndClose() throws IOException {
        byte[] data = new byte[200_000];
        new Random(1).nextBytes(data);
        FastBufferedInputStream in = new FastBufferedInputStream(new ByteArrayInputStream(data), 1000);
        assertThat(in.read()).isEqualTo(data[0] & 0xFF);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(in.transferTo(out)).isEqualTo(data.length - 1);
        assertThat(out.toByteArray()).isEqualTo(java.util.Arrays.copyOfRange(data, 1, data.length));
        in.close();
        in.close(); // idempotent
        assertThatThrownBy(in::read).isInstanceOf(IOException.class).hasMessage("Stream closed");
        assertThatThrownBy(in::available).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> new FastBufferedInputStream(new ByteArrayInputStream(data), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
