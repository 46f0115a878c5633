package dev.fastio.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.version.OneVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cloning on a filesystem that shares extents: an XFS made with {@code -m reflink=1} in a loop
 * image, mounted for this test. It needs root, {@code mkfs.xfs} (Debian's {@code xfsprogs}) and
 * a kernel that lets this machine mount loop devices; CI has all three. Elsewhere it is skipped,
 * and says which was missing.
 */
class ReflinkTest {
    @TempDir
    static Path work;

    static Path mount;
    static String missing;

    @BeforeAll
    static void mountXfs() throws Exception {
        missing = prepare();
    }

    private static String prepare() throws Exception {
        if (!System.getProperty("os.name").equals("Linux")) {
            return "Linux only";
        }
        if (!run(List.of("id", "-u")).equals("0")) {
            return "mounting needs root";
        }
        if (run(List.of("sh", "-c", "command -v mkfs.xfs || true")).isEmpty()) {
            return "no mkfs.xfs (apt-get install xfsprogs)";
        }
        Path image = work.resolve("xfs.img");
        mount = Files.createDirectory(work.resolve("mnt"));
        run(List.of("truncate", "-s", "600M", image.toString()));
        run(List.of("mkfs.xfs", "-q", "-m", "reflink=1", image.toString()));
        String out = run(List.of("sh", "-c", "mount -o loop " + image + " " + mount + " 2>&1 && echo mounted"));
        if (!out.endsWith("mounted")) {
            mount = null;
            return "this machine refuses to mount a loop image: " + out;
        }
        return null;
    }

    @AfterAll
    static void unmount() throws Exception {
        if (mount != null) {
            run(List.of("umount", mount.toString()));
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(command + " timed out");
        }
        return out;
    }

    @Test
    void aCloneSharesTheSourcesBlocksAndSaysSo() throws Exception {
        assumeThat(missing).as("an XFS with reflink: %s", missing).isNull();
        Path src = Files.write(mount.resolve("src"), FileCopyTest.random(64 << 20, 9));
        run(List.of("sync"));
        long free = Files.getFileStore(mount).getUnallocatedSpace();
        if (NativeLayer.awaitBound().active()) {
            CopyResult r = FileCopy.copy(src, mount.resolve("clone"));
            assertThat(r.strategy()).isEqualTo("reflink");
            CopyResult always = FileCopy.copy(src, mount.resolve("clone2"), CopyOptions.defaults().reflink(When.ALWAYS));
            assertThat(always.strategy()).isEqualTo("reflink");
            run(List.of("sync"));
            long used = free - Files.getFileStore(mount).getUnallocatedSpace();
            assertThat(used).as("bytes the two clones took").isLessThan(8L << 20);
            CopyResult never = FileCopy.copy(src, mount.resolve("own"), CopyOptions.defaults().reflink(When.NEVER));
            assertThat(never.strategy()).isEqualTo("read/write");
            run(List.of("sync"));
            long usedNow = free - Files.getFileStore(mount).getUnallocatedSpace();
            assertThat(usedNow - used).as("reflink=never gets its own blocks").isGreaterThan(60L << 20);
            for (String name : new String[] {"clone", "clone2", "own"}) {
                assertThat(Files.mismatch(src, mount.resolve(name))).as(name).isEqualTo(-1L);
            }
            // a clone is a copy: writing to it leaves the source as it was
            byte[] before = Files.readAllBytes(src);
            try (var ch = java.nio.channels.FileChannel.open(mount.resolve("clone"), java.nio.file.StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3}), 1000);
            }
            assertThat(Files.readAllBytes(src)).isEqualTo(before);
        } else {
            assertThatThrownBy(() -> FileCopy.copy(src, mount.resolve("clone"), CopyOptions.defaults().reflink(When.ALWAYS)))
                    .isInstanceOf(CopyFailedException.class)
                    .hasMessageContaining("cloning needs the native layer");
            assertThat(mount.resolve("clone")).doesNotExist();
            CopyResult r = FileCopy.copy(src, mount.resolve("copy"));
            assertThat(Files.mismatch(src, mount.resolve("copy"))).isEqualTo(-1L);
            assertThat(r.strategy()).isIn("transferTo", "buffer, sparse"); // random data: no block of zeros to keep as a hole
        }
    }

    /**
     * A growing copy that clones: the clone takes the whole source, bytes appended before the
     * {@code ioctl} included, and the copy is cut back to the source's size at open.
     */
    @Test
    void aGrowingSourceClonedIsCutBackToItsSizeAtOpen() throws Exception {
        assumeThat(missing).as("an XFS with reflink: %s", missing).isNull();
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        byte[] content = FileCopyTest.random(3 << 20, 5);
        Path src = Files.write(mount.resolve("growing"), content);
        dev.fastio.internal.nativeio.SyscallFaults plan = dev.fastio.internal.nativeio.SyscallFaults.counting().before("ioctl", 1, () -> {
            try {
                Files.write(src, new byte[5000], java.nio.file.StandardOpenOption.APPEND);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        // FileCopy.copy, through a layer whose calls consult the plan
        CopyResult r = dev.fastio.internal.copy.CopyRunner.copy(src, mount.resolve("growing-clone"),
                CopyOptions.defaults().reflink(When.ALWAYS).growth(dev.fastio.read.Growth.PREFIX), null,
                dev.fastio.internal.copy.FileOps.JDK, NativeLayer.awaitBound().withFaults(plan), OneVersion.SYSTEM);
        assertThat(r.strategy()).isEqualTo("reflink");
        assertThat(r.sourceGrew()).isTrue();
        assertThat(Files.size(src)).isEqualTo(content.length + 5000L);
        assertThat(Files.readAllBytes(mount.resolve("growing-clone"))).isEqualTo(content);
    }
}
