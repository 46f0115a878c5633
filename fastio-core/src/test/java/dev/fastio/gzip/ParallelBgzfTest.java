package dev.fastio.gzip;

import static dev.fastio.gzip.GzipReaderTest.data;
import static dev.fastio.gzip.GzipReaderTest.gzip;
import static dev.fastio.gzip.GzipReaderTest.gzipDc;
import static dev.fastio.gzip.GzipReaderTest.hasGzip;
import static dev.fastio.gzip.GzipReaderTest.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** BGZF: the writer, and the reader's blocks on several threads against one thread, gzip -dc and bgzip. */
class ParallelBgzfTest {
    @TempDir
    Path dir;

    static byte[] bgzf(byte[] data, int level) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = Gzip.bgzfWriter(bytes, level)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    /** What a reader gave before it stopped, and how it stopped. */
    record Outcome(byte[] bytes, Throwable error) {}

    static Outcome read(byte[] gz, int threads, String inflater, int buffer) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        Throwable e = catchThrowable(() -> {
            try (GzipReader in = new GzipReader(new ByteArrayInputStream(gz), "t.gz", buffer, threads,
                    InflaterDifferentialTest.decoders(inflater))) {
                byte[] b = new byte[5003];
                for (int n; (n = in.read(b)) >= 0; ) {
                    got.write(b, 0, n);
                }
            }
        });
        return new Outcome(got.toByteArray(), e);
    }

    static Stream<String> inflaters() {
        return InflaterDifferentialTest.inflaters();
    }

    static long gunzipThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("fastio-gunzip-") && t.isAlive()).count();
    }

    /**
     * The gunzip threads left once those that were stopped have exited. The pool counts as
     * terminated when its last worker has finished its work, a moment before that thread dies, so
     * a thread can still be alive right after the reader stopped and waited for the pool (a CI
     * run on JDK 17 saw one): wait up to 10 s for them to go. A thread that never stops still fails.
     */
    static long gunzipThreadsOnceExited() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (gunzipThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return gunzipThreads();
    }

    @Test
    void theWriterMakesBlocksThatGzipAndBgzipReadBack() throws Exception {
        Assumptions.assumeTrue(hasGzip(), "needs gzip");
        Random r = new Random(1);
        byte[] noise = new byte[200_000];
        r.nextBytes(noise); // incompressible: blocks are stored, and still fit
        for (byte[] d : new byte[][] {new byte[0], data(1, 1), data(BgzfWriter.BLOCK_INPUT, 2), data(BgzfWriter.BLOCK_INPUT + 1, 3),
                data(1_000_000, 4), noise}) {
            for (int level : new int[] {0, 1, 6, 9}) {
                byte[] gz = bgzf(d, level);
                Path f = Files.write(dir.resolve("b.gz"), gz);
                assertThat(gzipDc(f)).as("%d bytes, level %d", d.length, level).isEqualTo(d);
                // every member names its size, and the last is the 28-byte end-of-file block
                int at = 0;
                int members = 0;
                while (at < gz.length) {
                    assertThat(gz[at + 12]).isEqualTo((byte) 'B');
                    at += ((gz[at + 16] & 0xFF) | (gz[at + 17] & 0xFF) << 8) + 1;
                    members++;
                }
                assertThat(at).isEqualTo(gz.length);
                assertThat(members).isEqualTo((d.length + BgzfWriter.BLOCK_INPUT - 1) / BgzfWriter.BLOCK_INPUT + 1);
                if (Files.isExecutable(Path.of("/usr/bin/bgzip"))) {
                    Process p = new ProcessBuilder("bgzip", "-dc", f.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                    assertThat(p.getInputStream().readAllBytes()).isEqualTo(d);
                    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
                    assertThat(p.exitValue()).isZero();
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("inflaters")
    void blocksOnManyThreadsGiveTheBytesOfOneThread(String inflater) throws IOException {
        for (int size : new int[] {0, 1, BgzfWriter.BLOCK_INPUT - 1, BgzfWriter.BLOCK_INPUT, BgzfWriter.BLOCK_INPUT + 1, 3_000_000}) {
            byte[] d = data(size, size);
            byte[] gz = bgzf(d, 6);
            for (int threads : new int[] {1, 2, 3, 8, 1 << 29, Integer.MAX_VALUE}) {
                for (int buffer : new int[] {7, 65536}) {
                    Outcome o = read(gz, threads, inflater, buffer);
                    assertThat(o.error()).as("%d bytes, %d threads", size, threads).isNull();
                    assertThat(o.bytes()).as("%d bytes, %d threads, buffer %d", size, threads, buffer).isEqualTo(d);
                }
            }
        }
    }

    /** BGZF, a plain member, BGZF again, zero padding: the reader switches between threads and its own. */
    @ParameterizedTest
    @MethodSource("inflaters")
    void mixedFilesSwitchBetweenThreadsAndOneThread(String inflater) throws Exception {
        byte[] a = data(500_000, 1);
        byte[] b = data(100_000, 2);
        byte[] c = data(70_000, 3);
        ByteArrayOutputStream cat = new ByteArrayOutputStream();
        cat.write(bgzf(a, 6));
        cat.write(gzip(b, 6));
        cat.write(bgzf(c, 1));
        cat.write(new byte[100]);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.write(a);
        expected.write(b);
        expected.write(c);
        byte[] gz = cat.toByteArray();
        if (hasGzip()) {
            assertThat(gzipDc(Files.write(dir.resolve("m.gz"), gz))).isEqualTo(expected.toByteArray());
        }
        for (int threads : new int[] {1, 2, 5}) {
            Outcome o = read(gz, threads, inflater, 4096);
            assertThat(o.error()).isNull();
            assertThat(o.bytes()).isEqualTo(expected.toByteArray());
        }
        byte[] garbage = Arrays.copyOf(gz, gz.length + 3);
        garbage[gz.length] = 7;
        Outcome one = read(garbage, 1, InflaterDifferentialTest.JDK, 4096);
        Outcome many = read(garbage, 4, inflater, 4096);
        assertThat(many.bytes()).isEqualTo(expected.toByteArray()).isEqualTo(one.bytes());
        assertThat(many.error()).isInstanceOf(GzipTrailingGarbageException.class).hasMessage(one.error().getMessage());
    }

    @Test
    void aFileMadeByBgzipReadsOnManyThreads() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/bgzip")), "needs bgzip (Debian's tabix)");
        byte[] d = data(2_000_000, 9);
        Path f = Files.write(dir.resolve("x"), d);
        Process p = new ProcessBuilder("bgzip", "-f", f.toString()).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        try (GzipReader in = Gzip.open(dir.resolve("x.gz"), 3)) {
            assertThat(readAll(in)).isEqualTo(d);
            assertThat(in.inParallel()).isTrue();
        }
        try (GzipReader in = Gzip.open(dir.resolve("x.gz"), 1)) {
            assertThat(readAll(in)).isEqualTo(d);
            assertThat(in.inParallel()).isFalse();
        }
    }

    /**
     * Any thread count gives what one thread gives: the same bytes, then the same outcome (no
     * error, or the same error with the same message). Threads that meet a block they cannot
     * trust read on from it the one-thread way, in the same buffer fills.
     */
    static void assertSameAsOneThread(byte[] gz, String inflater, String what) {
        // 65536: the default; 7: every header spans buffer fills, the first block's too
        for (int buffer : new int[] {65536, 7}) {
            assertSameAsOneThread(gz, inflater, what + ", buffer " + buffer, buffer);
        }
    }

    static void assertSameAsOneThread(byte[] gz, String inflater, String what, int buffer) {
        Outcome one = read(gz, 1, inflater, buffer);
        for (int threads : new int[] {2, 3}) {
            Outcome many = read(gz, threads, inflater, buffer);
            assertThat(many.bytes()).as("%s, %d threads: the bytes", what, threads).isEqualTo(one.bytes());
            if (one.error() == null) {
                assertThat(many.error()).as("%s, %d threads", what, threads).isNull();
            } else {
                assertThat(many.error()).as("%s, %d threads", what, threads).isNotNull().hasSameClassAs(one.error())
                        .hasMessage(one.error().getMessage());
            }
        }
    }

    /**
     * An ordinary member, then BGZF blocks whose first one's size lies: for every input buffer that
     * ends inside the first block's header (the header spans two fills), threads give what one
     * thread gives. (Before, the threads failed with "offset … is outside the kept input": the
     * header's first fill was not kept.)
     */
    @ParameterizedTest
    @MethodSource("inflaters")
    void aFirstBlockWhoseHeaderSpansTwoFillsIsReadAgainLikeOneThread(String inflater) throws IOException {
        byte[] plainContent = data(50_000, 12);
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(plain)) {
            z.write(plainContent);
        }
        byte[] blocks = bgzf(data(200_000, 13), 6);
        int size = (blocks[16] & 0xFF) | (blocks[17] & 0xFF) << 8;
        for (int delta : new int[] {-9, 3, 4000}) {
            byte[] lying = blocks.clone();
            lying[16] = (byte) (size + delta);
            lying[17] = (byte) ((size + delta) >>> 8);
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            file.writeBytes(plain.toByteArray());
            file.writeBytes(lying);
            byte[] gz = file.toByteArray();
            int at = plain.size(); // the block's header: bytes [at, at + 18)
            for (int buffer = at + 1; buffer < at + 18; buffer += 4) {
                assertSameAsOneThread(gz, inflater, "size off by " + delta, buffer);
            }
            assertSameAsOneThread(lying, inflater, "first in the file, size off by " + delta, 7);
        }
    }

    /**
     * A BGZF block, then one ordinary member of 24 MiB: the member is inflated on the caller's
     * thread, and nothing of it is kept to be read again (no block is in flight then). Before, the
     * replay log kept all of it: a hostile file could fill the heap that one thread reads it in.
     */
    @Test
    void anOrdinaryMemberAfterABlockIsNotKept() throws IOException {
        byte[] big = new byte[24 << 20];
        new Random(14).nextBytes(big); // incompressible: 24 MiB of input too
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(bgzf(data(100_000, 15), 6));
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(file, 65536)) {
            z.write(big);
        }
        file.writeBytes(bgzf(data(100_000, 16), 6));
        long most = 0;
        long total = 0;
        try (GzipReader in = new GzipReader(new ByteArrayInputStream(file.toByteArray()), "t.gz", 65536, 2)) {
            byte[] b = new byte[65536];
            for (int n; (n = in.read(b)) >= 0; ) {
                total += n;
                most = Math.max(most, in.replayKeptBytes());
            }
        }
        assertThat(total).isEqualTo(100_000 + big.length + 100_000);
        // the blocks in flight (4 a thread, each at most 64 KiB compressed) and two input buffers
        assertThat(most).as("bytes kept to be read again").isLessThanOrEqualTo(4L * 2 * 65536 + 2 * 65536);
    }

    /**
     * An error met while reading ahead (trailing garbage, a cut header) is thrown once the blocks
     * before it are delivered, and the threads are gone then, not when the caller closes; a read
     * after it throws it again.
     */
    @Test
    void theThreadsStopAtAnErrorBeforeClose() throws Exception {
        byte[] good = bgzf(data(400_000, 17), 6);
        byte[] garbage = java.util.Arrays.copyOf(good, good.length + 5);
        garbage[good.length] = 'x';
        byte[] cut = java.util.Arrays.copyOf(good, good.length + 10);
        cut[good.length] = 0x1f;
        cut[good.length + 1] = (byte) 0x8b;
        cut[good.length + 2] = 8;
        cut[good.length + 3] = 4;
        for (byte[] gz : new byte[][] {garbage, cut}) {
            try (GzipReader in = new GzipReader(new ByteArrayInputStream(gz), "t.gz", 65536, 4)) {
                byte[] b = new byte[65536];
                Throwable e = catchThrowable(() -> {
                    while (in.read(b) >= 0) {
                        // drain
                    }
                });
                assertThat(e).isInstanceOf(GzipFormatException.class);
                assertThat(gunzipThreadsOnceExited()).as("threads before close").isZero();
                assertThat(catchThrowable(() -> in.read(b))).as("a read after the error").isInstanceOf(e.getClass())
                        .hasMessage(e.getMessage());
            }
        }
    }

    /**
     * Cut and bit-flipped BGZF files: on threads, the bytes and the error of one thread, for every
     * inflater (a bad CRC gave fewer bytes before the error on threads before: they delivered only
     * checked blocks).
     */
    @ParameterizedTest
    @MethodSource("inflaters")
    void corruptAndCutFilesGiveWhatOneThreadGives(String inflater) throws IOException {
        byte[] d = data(400_000, 5);
        byte[] gz = bgzf(d, 6);
        Random r = new Random(7);
        for (int t = 0; t < 600; t++) {
            byte[] bad;
            String what;
            if (t % 3 == 0) {
                int cut = r.nextInt(gz.length);
                bad = Arrays.copyOf(gz, cut);
                what = "cut at " + cut;
            } else {
                bad = gz.clone();
                int at = r.nextInt(bad.length);
                bad[at] ^= (byte) (1 << r.nextInt(8));
                what = "flip at " + at;
            }
            assertSameAsOneThread(bad, inflater, what);
        }
    }

    /** The offsets of every BGZF block in {@code gz}, by their own sizes. */
    static int[] blockStarts(byte[] gz) {
        java.util.List<Integer> starts = new java.util.ArrayList<>();
        for (int at = 0; at + 18 <= gz.length; at += ((gz[at + 16] & 0xFF) | (gz[at + 17] & 0xFF) << 8) + 1) {
            starts.add(at);
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Block sizes that lie, by small and large amounts, on the first, a middle and the last
     * blocks: one thread never looks at them (as gzip -d) and succeeds; threads must too. Before,
     * threads failed with "BGZF block of 143335168 bytes", a size read at the wrong offset.
     */
    @ParameterizedTest
    @MethodSource("inflaters")
    void aWrongBlockSizeGivesWhatOneThreadGives(String inflater) throws IOException {
        byte[] d = data(600_000, 8);
        byte[] gz = bgzf(d, 6);
        int[] starts = blockStarts(gz);
        Random r = new Random(11);
        for (int block : new int[] {0, 1, starts.length / 2, starts.length - 2}) {
            int at = starts[block];
            int size = ((gz[at + 16] & 0xFF) | (gz[at + 17] & 0xFF) << 8);
            for (int delta : new int[] {-size, -9, -3, -1, 1, 3, 9, 4000, 65535 - size, r.nextInt(65536) - size}) {
                byte[] bad = gz.clone();
                int lie = size + delta;
                bad[at + 16] = (byte) lie;
                bad[at + 17] = (byte) (lie >>> 8);
                assertSameAsOneThread(bad, inflater, "block " + block + " size off by " + delta);
            }
        }
        assertThat(read(gz, 3, inflater, 4096).bytes()).isEqualTo(d);
    }

    /**
     * Members that carry a {@code BC} subfield but are not BGZF blocks: a 4 MiB member whose size
     * field says 1000 bytes, between good blocks; and one whose field says more than the file
     * holds. One thread reads them as gzip; so must threads.
     */
    @ParameterizedTest
    @MethodSource("inflaters")
    void aBcFieldOnAnOrdinaryMemberGivesWhatOneThreadGives(String inflater) throws IOException {
        byte[] big = data(4 << 20, 3);
        byte[] small = data(100_000, 4);
        for (int claimed : new int[] {1000, 30, 65535, 0}) {
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            file.write(bgzf(small, 6));
            file.write(memberWithBc(big, claimed));
            file.write(bgzf(small, 1));
            byte[] gz = file.toByteArray();
            assertSameAsOneThread(gz, inflater, "BC says " + claimed);
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            expected.write(small);
            expected.write(big);
            expected.write(small);
            assertThat(read(gz, 3, inflater, 65536).bytes()).isEqualTo(expected.toByteArray());
        }
    }

    /** A gzip member of {@code content} in one deflate stream, its header carrying BC = {@code bsize}. */
    static byte[] memberWithBc(byte[] content, int bsize) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 4, 0, 0, 0, 0, 0, (byte) 0xff, 6, 0, 'B', 'C', 2, 0,
                (byte) bsize, (byte) (bsize >>> 8)});
        java.util.zip.Deflater def = new java.util.zip.Deflater(6, true);
        def.setInput(content);
        def.finish();
        byte[] buf = new byte[65536];
        while (!def.finished()) {
            out.write(buf, 0, def.deflate(buf));
        }
        def.end();
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(content);
        long c = crc.getValue();
        out.writeBytes(new byte[] {(byte) c, (byte) (c >>> 8), (byte) (c >>> 16), (byte) (c >>> 24),
                (byte) content.length, (byte) (content.length >>> 8), (byte) (content.length >>> 16), (byte) (content.length >>> 24)});
        return out.toByteArray();
    }

    @Test
    void threadsStopAtTheEndOnAnErrorAndWhenClosedEarly() throws Exception {
        byte[] d = data(3_000_000, 6);
        byte[] gz = bgzf(d, 6);
        Path f = Files.write(dir.resolve("t.gz"), gz);
        long fds = openDescriptors();
        // early close, after one read
        try (GzipReader in = Gzip.open(f, 4)) {
            assertThat(in.read(new byte[100])).isPositive();
            assertThat(in.inParallel()).isTrue();
            assertThat(gunzipThreads()).isPositive();
        }
        assertThat(gunzipThreadsOnceExited()).isZero();
        // to the end: the threads stop there, before close
        try (GzipReader in = Gzip.open(f, 4)) {
            assertThat(readAll(in)).isEqualTo(d);
            assertThat(gunzipThreadsOnceExited()).isZero();
        }
        // a corrupt block in the middle
        byte[] bad = gz.clone();
        bad[bad.length / 2] ^= 0x10;
        Path g = Files.write(dir.resolve("bad.gz"), bad);
        Throwable e = catchThrowable(() -> {
            try (GzipReader in = Gzip.open(g, 4)) {
                readAll(in);
            }
        });
        assertThat(e).isInstanceOf(GzipFormatException.class).hasMessageContaining(g.toString());
        assertThat(gunzipThreadsOnceExited()).isZero();
        assertThat(openDescriptors()).as("descriptors: none leaked (fewer: one of an earlier test closed by its cleaner meanwhile)").isLessThanOrEqualTo(fds);
    }

    /**
     * A source whose read fails while the first BGZF block is being cut (after its header, before
     * its end): the error is the source's, named, and the threads started for the blocks stop,
     * whether the failure comes at that first block or at a later one.
     */
    @Test
    void aSourceThatFailsInsideABlockLeavesNoThread() throws Exception {
        byte[] gz = bgzf(data(300_000, 7), 6);
        for (int failAt : new int[] {20, 40, 1000, gz.length / 2}) {
            InputStream failing = new InputStream() {
                private int at;

                @Override
                public int read() throws IOException {
                    byte[] one = new byte[1];
                    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    if (at >= failAt) {
                        throw new IOException("disk gone at " + at);
                    }
                    int n = Math.min(len, failAt - at);
                    System.arraycopy(gz, at, b, off, n);
                    at += n;
                    return n;
                }
            };
            Throwable e = catchThrowable(() -> {
                try (GzipReader in = new GzipReader(failing, "failing.gz", 16, 4)) {
                    readAll(in);
                }
            });
            assertThat(e).as("failing at %d", failAt).isInstanceOf(IOException.class)
                    .hasMessageContaining("failing.gz").hasMessageContaining("disk gone");
            assertThat(gunzipThreadsOnceExited()).as("failing at %d", failAt).isZero();
        }
    }

    @Test
    void threadsMustBePositive() {
        assertThat(catchThrowable(() -> Gzip.open(dir.resolve("none.gz"), 0))).isInstanceOf(IllegalArgumentException.class);
        assertThat(catchThrowable(() -> new GzipReader(new ByteArrayInputStream(new byte[0]), "x", 10, -1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
    }

    private static long openDescriptors() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            return s.count();
        }
    }
}
