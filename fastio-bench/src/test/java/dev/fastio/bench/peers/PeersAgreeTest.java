package dev.fastio.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.array.ArrayFiles;
import dev.fastio.bench.array.PeerLoads;
import dev.fastio.bench.copy.PeerCopies;
import dev.fastio.bench.gzip.PeerGunzips;
import dev.fastio.bench.read.PeerReads;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.FileCopy;
import dev.fastio.gzip.Gzip;
import dev.fastio.read.FastRead;
import htsjdk.samtools.util.BlockCompressedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peer suites race fairly: every library's call gives what fastio gives (the same bytes, the
 * same file, the same ints) on the sizes where reads and chunks change hands: 0, 1, buffer and
 * chunk boundaries ±1, past the parallel threshold, and a file whose size reads 0 but has content.
 */
class PeersAgreeTest {
    @TempDir
    Path dir;

    private final Random random = new Random(34);

    private static final int[] SIZES = {0, 1, 4095, 4096, 4097, 8191, 8192, 8193, 65535, 65536, 65537,
        (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 5_000_000};

    private Path file(String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    @Test
    void everyPeerReadsTheBytesFastioReads() throws IOException {
        for (int size : SIZES) {
            Path f = file("read-" + size, bytes(size));
            byte[] want = FastRead.readAllBytes(f);
            assertThat(want).as("fastio, %d bytes", size).hasSize(size);
            assertThat(PeerReads.jdk(f)).as("JDK, %d bytes", size).isEqualTo(want);
            assertThat(PeerReads.commonsIo(f)).as("Commons IO, %d bytes", size).isEqualTo(want);
            assertThat(PeerReads.guava(f)).as("Guava, %d bytes", size).isEqualTo(want);
            assertThat(PeerReads.okio(f)).as("Okio, %d bytes", size).isEqualTo(want);
        }
        Path proc = Path.of("/proc/version"); // its size reads 0, its content does not change
        if (Files.isReadable(proc)) {
            byte[] want = FastRead.readAllBytes(proc);
            assertThat(want).isNotEmpty();
            assertThat(PeerReads.commonsIo(proc)).isEqualTo(want);
            assertThat(PeerReads.guava(proc)).isEqualTo(want);
            assertThat(PeerReads.okio(proc)).isEqualTo(want);
        }
    }

    @Test
    void everyPeerCopiesToANewNameOrOverAnOldOneAsFastioDoes() throws IOException {
        for (int size : SIZES) {
            byte[] content = bytes(size);
            Path source = file("copy-" + size, content);
            byte[] longer = bytes(size + 10_000); // a replaced target longer than the source: truncated by every peer
            for (boolean replace : new boolean[] {false, true}) {
                Path[] targets = new Path[6];
                for (int i = 0; i < targets.length; i++) {
                    targets[i] = dir.resolve("copy-" + size + "-" + replace + "-" + i);
                    if (replace) {
                        Files.write(targets[i], longer);
                    }
                }
                CopyOptions o = CopyOptions.defaults().replaceExisting(replace);
                FileCopy.copy(source, targets[0], o);
                FileCopy.copy(source, targets[1], o.atomic(false));
                PeerCopies.jdk(source, targets[2], replace);
                PeerCopies.commonsIo(source, targets[3]);
                PeerCopies.guava(source, targets[4]);
                PeerCopies.okio(source, targets[5]);
                String[] names = {"fastio", "fastio atomic(false)", "JDK", "Commons IO", "Guava", "Okio"};
                for (int i = 0; i < targets.length; i++) {
                    assertThat(Files.readAllBytes(targets[i])).as("%s, %d bytes, replace=%s", names[i], size, replace)
                            .isEqualTo(content);
                }
            }
        }
    }

    /** IPv4-list-like text: what the gzip suites decompress. */
    private byte[] text(int lines) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            s.append(random.nextInt(256)).append('.').append(random.nextInt(256)).append('.')
                    .append(random.nextInt(256)).append('.').append(random.nextInt(256)).append('\n');
        }
        return s.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Test
    void everyPeerInflatesWhatFastioInflates() throws IOException {
        for (int lines : new int[] {0, 1, 1000, 20_000, 300_000}) {
            byte[] plain = text(lines);
            Path gz = dir.resolve("t-" + lines + ".gz");
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
                out.write(plain);
            }
            Path bgzf = dir.resolve("t-" + lines + ".bgz");
            try (OutputStream out = new BlockCompressedOutputStream(bgzf.toFile())) {
                out.write(plain);
            }
            assertThat(all(Gzip.open(gz))).as("fastio, %d lines", lines).isEqualTo(plain);
            assertThat(all(Gzip.open(bgzf))).as("fastio BGZF, %d lines", lines).isEqualTo(plain);
            assertThat(all(Gzip.open(bgzf, 1))).as("fastio BGZF one thread, %d lines", lines).isEqualTo(plain);
            for (Path f : new Path[] {gz, bgzf}) {
                assertThat(all(PeerGunzips.jdk(f))).as("JDK, %s", f).isEqualTo(plain);
                assertThat(all(PeerGunzips.commonsCompress(f))).as("Commons Compress, %s", f).isEqualTo(plain);
            }
            assertThat(all(PeerGunzips.htsjdkBgzf(bgzf))).as("htsjdk, %d lines", lines).isEqualTo(plain);
            if (PeerGunzips.gklLoaded()) {
                assertThat(PeerGunzips.gklWhole(gz)).as("GKL whole, %d lines", lines).isEqualTo(plain);
                assertThat(all(PeerGunzips.gklBgzf(bgzf))).as("GKL BGZF, %d lines", lines).isEqualTo(plain);
            }
        }
    }

    /** GKL's whole-file inflate checks what the others check: a flipped CRC byte is an error, not bytes. */
    @Test
    void gklWholeRejectsACorruptTrailer() throws IOException {
        assumeTrue(PeerGunzips.gklLoaded(), "Intel GKL's native library does not load here");
        Path gz = dir.resolve("bad.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text(1000));
        }
        byte[] b = Files.readAllBytes(gz);
        b[b.length - 8] ^= 1;
        Files.write(gz, b);
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> PeerGunzips.gklWhole(gz)))
                .isInstanceOf(java.util.zip.ZipException.class).hasMessageContaining("CRC");
    }

    private static byte[] all(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    @Test
    void everyPeerLoadsTheIntsFastioLoads() throws IOException {
        // 16 Ki ints = one 64 KiB buffer of the JDK loop; 3 Mi + 1 ints passes fastio's chunk; 2.5 Mi ints (10 MB) its parallel threshold
        for (int n : new int[] {0, 1, 16_383, 16_384, 16_385, (3 << 20) / 4 + 1, 2_500_000}) {
            ByteBuffer b = ByteBuffer.allocate(n * 4).order(ByteOrder.BIG_ENDIAN);
            for (int i = 0; i < n; i++) {
                b.putInt(random.nextInt());
            }
            Path f = file("ints-" + n, b.array());
            int[] want = ArrayFiles.readInts(f, ByteOrder.BIG_ENDIAN);
            assertThat(want).hasSize(n);
            assertThat(PeerLoads.jdkChannel(f)).as("JDK channel, %d ints", n).isEqualTo(want);
            assertThat(PeerLoads.commonsIo(f)).as("Commons IO, %d ints", n).isEqualTo(want);
            assertThat(PeerLoads.guava(f)).as("Guava, %d ints", n).isEqualTo(want);
        }
    }
}
