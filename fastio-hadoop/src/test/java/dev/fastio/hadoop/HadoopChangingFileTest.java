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
 * identity, and a write call already copying when the load began changes no stamp at all.
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
                        boolean uniform = a.length == SIZE / 8 && Arrays.stream(a).allMatch(x -> x == a[0]);
                        got = uniform ? version(a[0] & 0xFF) : new byte[0];
                    }
                    boolean one = false;
                    for (byte[] v : versions) {
                        one |= Arrays.equals(got, v);
                    }
                    if (!one) {
                        mixes.add(round % 2 == 0 ? "readInts" : "parse");
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
        System.out.println("file:// changing, " + writeBytes + "-byte writes: " + ok + " loads of one version, " + changed
                + " change errors, " + mixes.size() + " mixes, " + written.get() + " versions written");
        assertThat(mixes).as("loads that returned a mix of versions as a success").isEmpty();
        assertThat(changed).as("change errors (the writer ran throughout)").isPositive();
    }
}
