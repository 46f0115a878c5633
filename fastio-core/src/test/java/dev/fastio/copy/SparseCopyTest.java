package dev.fastio.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.copy.SparseCopy;
import dev.fastio.internal.nativeio.NativeLayer;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Holes: every sparse mode, on the path this JDK takes (native on JDK 22+) and on the JDK path
 * with its own choice ({@link SparseCopy}, or transferTo for big files whose sampled blocks hold
 * no zeros), against the source's bytes ({@code Files.mismatch}) and
 * its allocated size ({@code stat -c %b}, 512-byte blocks), for random layouts of data and holes
 * whose edges fall on, beside and between 4 KiB blocks and the 256 KiB buffer.
 */
class SparseCopyTest {
    private static final int BLOCK = 4096;
    private static final int BUF = CopyRunner.BUFFER_MAX;

    @TempDir
    Path dir;

    /** File operations that take fastio's JDK path with its own choice of strategy (the native layer takes only FileOps.JDK). */
    static FileOps jdkPath() {
        return new FaultyOps(0, FaultyOps.Mode.BEFORE);
    }

    /** Allocated 512-byte blocks, as du counts them. */
    static long blocks(Path f) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("stat", "-c", "%b", f.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        assertThat(p.waitFor()).as(out).isZero();
        return Long.parseLong(out);
    }

    /** A file of {@code length} bytes holding the given random regions, holes between. */
    static Path sparse(Path f, long length, long[][] regions, long seed) throws IOException {
        Random r = new Random(seed);
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(length);
            for (long[] region : regions) {
                byte[] b = new byte[(int) region[1]];
                r.nextBytes(b);
                raf.seek(region[0]);
                raf.write(b);
            }
        }
        return f;
    }

    /** Random layouts: 1 to 12 regions of 1 byte to 300 KiB, at edges of blocks and the buffer ±1 or anywhere. */
    static List<Object[]> layouts() {
        List<Object[]> all = new ArrayList<>();
        long[] lengths = {1, BLOCK - 1, BLOCK, BLOCK + 1, BUF - 1, BUF, BUF + 1, 3L * BUF + 17, 5L << 20};
        Random r = new Random(13);
        for (long length : lengths) {
            for (int k = 0; k < 3; k++) {
                int count = 1 + r.nextInt(12);
                long[][] regions = new long[count][];
                for (int i = 0; i < count; i++) {
                    long at = switch (r.nextInt(4)) {
                        case 0 -> (r.nextInt((int) Math.max(1, length / BLOCK)) * (long) BLOCK);
                        case 1 -> Math.max(0, (r.nextInt((int) Math.max(1, length / BLOCK)) * (long) BLOCK) - 1);
                        case 2 -> Math.max(0, length - 1 - r.nextInt(BLOCK));
                        default -> (long) (r.nextDouble() * length);
                    };
                    at = Math.min(at, length - 1);
                    long len = Math.max(1, Math.min(length - at, 1 + r.nextInt(r.nextBoolean() ? 64 : 300 * 1024)));
                    regions[i] = new long[] {at, len};
                }
                all.add(new Object[] {length, regions});
            }
        }
        all.add(new Object[] {0L, new long[0][]});
        all.add(new Object[] {5L << 20, new long[0][]}); // nothing but a hole
        return all;
    }

    @Test
    void everyModeCopiesRandomLayoutsExactlyAndNoBiggerOnDisk() throws Exception {
        int n = 0;
        for (Object[] layout : layouts()) {
            long length = (long) layout[0];
            long[][] regions = (long[][]) layout[1];
            Path src = sparse(dir.resolve("src" + n), length, regions, n);
            long srcBlocks = blocks(src);
            for (When sparse : When.values()) {
                for (boolean jdkPath : new boolean[] {false, true}) {
                    for (boolean atomic : new boolean[] {true, false}) {
                        Path dst = dir.resolve("dst");
                        CopyOptions o = CopyOptions.defaults().sparse(sparse).atomic(atomic);
                        CopyResult result = jdkPath
                                ? CopyRunner.copy(src, dst, o, null, jdkPath())
                                : FileCopy.copy(src, dst, o);
                        String what = "layout " + n + " length " + length + " sparse=" + sparse + " jdkPath=" + jdkPath
                                + " atomic=" + atomic + " via " + result.strategy();
                        assertThat(Files.size(dst)).as(what).isEqualTo(length);
                        assertThat(Files.mismatch(src, dst)).as(what).isEqualTo(-1L);
                        if (sparse != When.NEVER) {
                            // one 4 KiB block of slack: ext4 may place a region's edge differently in the copy
                            assertThat(blocks(dst)).as(what + ": allocated blocks, source has " + srcBlocks)
                                    .isLessThanOrEqualTo(srcBlocks + 8);
                        }
                        Files.delete(dst);
                    }
                }
            }
            Files.delete(src);
            n++;
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aGibibyteWithFourBytesCopiesToFourKibibytesOnEveryPath() throws Exception {
        Path src = sparse(dir.resolve("src"), 1L << 30, new long[][] {{0, 4}}, 1);
        for (boolean jdkPath : new boolean[] {false, true}) {
            Path dst = dir.resolve("dst");
            CopyResult r = jdkPath
                    ? CopyRunner.copy(src, dst, CopyOptions.defaults(), null, jdkPath())
                    : FileCopy.copy(src, dst);
            assertThat(Files.mismatch(src, dst)).isEqualTo(-1L);
            assertThat(blocks(dst)).as(r.strategy()).isLessThanOrEqualTo(Math.max(8, blocks(src)));
            if (!jdkPath && NativeLayer.awaitBound().active()) {
                assertThat(r.strategy()).isEqualTo("copy_file_range, sparse");
            }
            Files.delete(dst);
        }
    }

    @Test
    void neverWritesTheHolesOut() throws Exception {
        Path src = sparse(dir.resolve("src"), 8L << 20, new long[][] {{0, 10}}, 1);
        Path dst = dir.resolve("dst");
        FileCopy.copy(src, dst, CopyOptions.defaults().sparse(When.NEVER));
        assertThat(Files.mismatch(src, dst)).isEqualTo(-1L);
        assertThat(blocks(dst)).isGreaterThanOrEqualTo((8L << 20) / 512);
    }

    @Test
    void alwaysTurnsWrittenZerosIntoHoles() throws Exception {
        byte[] content = new byte[1 << 20]; // written zeros: allocated in the source
        content[0] = 1;
        content[content.length - 1] = 2;
        Path src = Files.write(dir.resolve("src"), content);
        assertThat(blocks(src)).isGreaterThanOrEqualTo(2048);
        for (boolean jdkPath : new boolean[] {false, true}) {
            Path dst = dir.resolve("dst");
            CopyOptions o = CopyOptions.defaults().sparse(When.ALWAYS);
            if (jdkPath) {
                CopyRunner.copy(src, dst, o, SparseCopy.INSTANCE, FileOps.JDK);
            } else {
                FileCopy.copy(src, dst, o);
            }
            assertThat(Files.readAllBytes(dst)).isEqualTo(content);
            assertThat(blocks(dst)).as("jdkPath=" + jdkPath).isLessThanOrEqualTo(16);
            Files.delete(dst);
        }
    }

    @Test
    void aSparseFileBeyondFourGibibytesKeepsItsOffsets() throws Exception {
        long length = (5L << 30) + 123;
        long[][] regions = {{0, 100}, {(1L << 31) - 50, 100}, {(1L << 32) - 1, 4097}, {length - 10, 10}};
        Path src = sparse(dir.resolve("src"), length, regions, 5);
        Path dst = dir.resolve("dst");
        // the native path seeks over the holes; the JDK path reads them (5 GiB of zeros) once
        for (boolean jdkPath : new boolean[] {false, true}) {
            if (jdkPath) {
                CopyRunner.copy(src, dst, CopyOptions.defaults(), SparseCopy.INSTANCE, FileOps.JDK);
            } else {
                FileCopy.copy(src, dst);
            }
            assertThat(Files.size(dst)).isEqualTo(length);
            try (RandomAccessFile a = new RandomAccessFile(src.toFile(), "r");
                    RandomAccessFile b = new RandomAccessFile(dst.toFile(), "r")) {
                for (long[] region : regions) {
                    byte[] x = new byte[(int) region[1] + 2];
                    byte[] y = new byte[x.length];
                    long at = Math.max(0, region[0] - 1);
                    a.seek(at);
                    int nx = a.read(x);
                    b.seek(at);
                    int ny = b.read(y);
                    assertThat(ny).isEqualTo(nx);
                    assertThat(y).as("around offset %d", region[0]).isEqualTo(x);
                }
            }
            assertThat(blocks(dst)).isLessThanOrEqualTo(blocks(src) + 8);
            Files.delete(dst);
        }
    }

    @Test
    void reflinkAlwaysFailsClearlyWhereTheFilesystemCannotCloneAndLeavesTheDestination() throws Exception {
        assumeThat(FsType.of(dir)).as("cloning is refused on this folder's filesystem").isIn("ext4", "tmpfs", "ext3", "overlay");
        Path src = Files.write(dir.resolve("src"), new byte[100_000]);
        Path dst = dir.resolve("dst");
        for (boolean atomic : new boolean[] {true, false}) {
            Files.write(dst, new byte[] {7});
            CopyOptions o = CopyOptions.defaults().reflink(When.ALWAYS).replaceExisting(true).atomic(atomic);
            assertThatThrownBy(() -> FileCopy.copy(src, dst, o))
                    .isInstanceOf(CopyFailedException.class)
                    .hasMessageContaining("cannot clone (reflink=always)")
                    .hasMessageContaining(src.toString());
            if (atomic || Files.exists(dst)) {
                assertThat(Files.readAllBytes(dst)).containsExactly(7);
            } // not atomic: the old destination is deleted before the new one is created, as documented
        }
        Files.write(dst, new byte[] {7});
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("src", "dst");
        }
    }

    @Test
    void reflinkNeverAndAutoNameWhatTheyDid() throws Exception {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        Path src = Files.write(dir.resolve("src"), FileCopyTest.random(300_000, 3));
        CopyResult never = FileCopy.copy(src, dir.resolve("a"), CopyOptions.defaults().reflink(When.NEVER));
        assertThat(never.strategy()).isEqualTo("read/write");
        CopyResult auto = FileCopy.copy(src, dir.resolve("b"));
        assertThat(auto.strategy()).isIn("copy_file_range", "reflink");
        assertThat(Files.mismatch(src, dir.resolve("a"))).isEqualTo(-1L);
        assertThat(Files.mismatch(src, dir.resolve("b"))).isEqualTo(-1L);
    }

    /** The filesystem type of a folder, from /proc/self/mounts (longest matching mount point). */
    static final class FsType {
        static String of(Path p) throws IOException {
            String best = "";
            String type = "?";
            String abs = p.toRealPath().toString();
            for (String line : Files.readAllLines(Path.of("/proc/self/mounts"))) {
                String[] f = line.split(" ");
                String mount = f[1];
                if ((abs.equals(mount) || abs.startsWith(mount.endsWith("/") ? mount : mount + "/")) && mount.length() >= best.length()) {
                    best = mount;
                    type = f[2];
                }
            }
            return type;
        }
    }
}
