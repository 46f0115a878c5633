package dev.fastio.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.read.FileChangedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A local file ({@code file://}) rewritten in place, at the same size, while {@link HadoopArrays}
 * and {@link HadoopIpv4} load it: one version or a {@link FileChangedException}, never an array
 * mixing two. Before, 2–3 of about 180 loads of a 16 MiB file returned half of one version and
 * half of the next, split at the part boundary: a local status has a millisecond mtime and no
 * identity, and a write call already copying when the load began changes no stamp at all. A
 * state the file really held between two of the writer's calls (the writer descheduled half-way
 * through a version) is one version of the file, as core's {@code ChangingFileTest} counts it.
 */
class HadoopChangingFileTest {
    static final int SIZE = 16 << 20;

    @TempDir
    java.nio.file.Path dir;

    /** Every line "1.1.1.v\n": each version is a valid list of the same size. */
    static byte[] version(int v) {
        byte[] line = ("1.1.1." + v + "\n").getBytes();
        byte[] b = new byte[SIZE];
        for (int i = 0; i < SIZE; i += line.length) {
            System.arraycopy(line, 0, b, i, line.length);
        }
        return b;
    }

    @ParameterizedTest(name = "{0}-byte write calls")
    @ValueSource(ints = {256 << 10, SIZE})
    void loadsAreOneVersionOrAChangeError(int writeBytes) throws Exception {
        java.nio.file.Path local = dir.resolve("changing.txt");
        byte[][] versions = new byte[10][];
        for (int v = 0; v < 10; v++) {
            versions[v] = version(v);
        }
        Files.write(local, versions[0]);
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        Path file = new Path(local.toUri());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong written = new AtomicLong();
        Thread writer = new Thread(() -> {
            try (FileChannel ch = FileChannel.open(local, StandardOpenOption.WRITE)) {
                for (int v = 1; !stop.get(); v = v % 9 + 1) {
                    ByteBuffer b = ByteBuffer.wrap(versions[v]);
                    for (int at = 0; at < SIZE; at += writeBytes) {
                        b.limit(at + writeBytes).position(at);
                        while (b.hasRemaining()) {
                            ch.write(b, b.position());
                        }
                    }
                    written.incrementAndGet();
                    java.util.concurrent.locks.LockSupport.parkNanos(v % 3 * 4_000_000L);
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, "in-place writer");
        List<String> mixes = new ArrayList<>();
        int ok = 0;
        int between = 0;
        int changed = 0;
        writer.start();
        try {
            for (int round = 0; round < 40; round++) {
                try {
                    int[] a = round % 2 == 0 ? HadoopArrays.readInts(fs, file, ByteOrder.BIG_ENDIAN)
                            : HadoopIpv4.parse(Ipv4Parser.strict(), fs, file).addresses();
                    byte[] got;
                    if (round % 2 == 0) {
                        ByteBuffer b = ByteBuffer.allocate(a.length * 4);
                        b.asIntBuffer().put(a);
                        got = b.array();
                    } else {
                        got = new byte[a.length * 8]; // the lines again: "1.1.1.v\n", 8 bytes each
                        for (int i = 0; i < a.length; i++) {
                            System.arraycopy(("1.1.1." + (a[i] & 0xFF) + "\n").getBytes(), 0, got, i * 8, 8);
                        }
                    }
                    int state = state(got, versions);
                    if (state == 0) {
                        mixes.add((round % 2 == 0 ? "readInts " : "parse ") + runs(got));
                    } else if (state == 2) {
                        between++;
                    }
                    ok++;
                } catch (FileChangedException e) {
                    assertThat(e.getMessage()).contains(local.getFileName().toString());
                    changed++;
                }
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        System.out.println("file:// changing, " + writeBytes + "-byte writes: " + ok + " loads (" + between
                + " of them a state between two write calls), " + changed + " change errors, " + mixes.size() + " mixes, "
                + written.get() + " versions written");
        assertThat(mixes).as("loads that returned a mix of versions as a success").isEmpty();
        assertThat(changed).as("change errors (the writer ran throughout)").isPositive();
    }

    /** The judge itself: a new version up to a page boundary over the one before is a state the file held; the rest are mixes. */
    @org.junit.jupiter.api.Test
    void theJudgeTellsAStateTheFileHeldFromAMix() {
        byte[][] versions = new byte[10][];
        for (int v = 0; v < 10; v++) {
            versions[v] = version(v);
        }
        assertThat(state(versions[4], versions)).isEqualTo(1);
        assertThat(state(splice(versions[5], versions[4], 8 << 20), versions)).as("5 up to a page, 4 after").isEqualTo(2);
        assertThat(state(splice(versions[1], versions[9], 4096), versions)).as("1 over 9").isEqualTo(2);
        assertThat(state(splice(versions[4], versions[5], 4096), versions)).as("old before new").isZero();
        assertThat(state(splice(versions[5], versions[4], 4096 + 8), versions)).as("inside a page").isZero();
        assertThat(state(splice(splice(versions[5], versions[4], 4096), versions[3], 8192), versions)).as("three").isZero();
        assertThat(runs(splice(versions[5], versions[4], 4096))).isEqualTo("2 runs: [0, 4096) v5 [4096, 16777216) v4");
    }

    /** {@code a} up to byte {@code at}, {@code b} after. */
    private static byte[] splice(byte[] a, byte[] b, int at) {
        byte[] s = b.clone();
        System.arraycopy(a, 0, s, 0, at);
        return s;
    }

    /**
     * 1 when {@code got} is a whole version; 2 when it is a state the file really held between
     * two of the writer's calls: version v up to a page boundary, the version before it after
     * that (the writer goes 1, 2, …, 9, 1, … from the start of the file each time; descheduled
     * half-way, it leaves the file so, unchanging, and a load may rightly return it, as core's
     * {@code ChangingFileTest} judges); 0 for anything else, a mix no instant of the file held.
     */
    static int state(byte[] got, byte[][] versions) {
        for (byte[] v : versions) {
            if (Arrays.equals(got, v)) {
                return 1;
            }
        }
        for (int v = 1; v < versions.length; v++) {
            int k = Arrays.mismatch(got, versions[v]); // up to 7 bytes past where the new version stops
            int b = k - k % 4096;
            if (k <= 0 || b <= 0 || got.length != versions[v].length) {
                continue;
            }
            for (int before : v == 1 ? new int[] {9, 0} : new int[] {v - 1}) {
                if (Arrays.equals(got, b, got.length, versions[before], b, got.length)) {
                    return 2;
                }
            }
        }
        return 0;
    }

    /** The runs of lines of one version in {@code got}, "[from, to) vN", for a failure message; at most 12. */
    static String runs(byte[] got) {
        StringBuilder s = new StringBuilder();
        int start = 0;
        int count = 0;
        for (int i = 6; i < got.length; i += 8) {
            if (i + 8 >= got.length || got[i + 8] != got[i]) {
                if (count++ < 12) {
                    s.append('[').append(start).append(", ").append(i + 2).append(") v").append((char) got[i]).append(' ');
                }
                start = i + 2;
            }
        }
        return count + " runs: " + s.toString().trim();
    }
}
