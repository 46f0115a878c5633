package dev.fastio.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileModes;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.copy.TemporaryFiles;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every writer does with what is at its destination, on both paths (native on JDK 22+, and
 * the JDK's): names up to the filesystem's 255 bytes work; a FIFO or a device is refused and left
 * as it is; modes are those of {@code cp} and {@code Files.write}, and the file is never readable
 * by others while it is written; messages name the user's path, never a temporary name.
 */
class DestinationRulesTest {
    @TempDir
    Path dir;

    /** The JDK path even on JDK 22+. */
    private static final FileOps JDK_PATH = new FileOps() {
        @Override
        public FileChannel open(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
            return FileChannel.open(path, options, attrs);
        }
    };

    interface Write {
        void to(Path dst, Path src) throws IOException;
    }

    /** Every writer, replacing where it can, on both paths. */
    private static Map<String, Write> writers() {
        CopyOptions r = CopyOptions.defaults().replaceExisting(true);
        Map<String, Write> w = new LinkedHashMap<>();
        w.put("copy --replace", (dst, src) -> FileCopy.copy(src, dst, r));
        w.put("copy --replace --attributes", (dst, src) -> FileCopy.copy(src, dst, r.copyAttributes(true)));
        w.put("copy --replace --no-atomic", (dst, src) -> FileCopy.copy(src, dst, r.atomic(false)));
        w.put("copy --replace, JDK path", (dst, src) -> CopyRunner.copy(src, dst, r, null, JDK_PATH));
        w.put("copy --replace --attributes, JDK path", (dst, src) -> CopyRunner.copy(src, dst, r.copyAttributes(true), null, JDK_PATH));
        w.put("AtomicWrite", (dst, src) -> AtomicWrite.write(dst, Files.readAllBytes(src), false));
        w.put("AtomicWrite, durable, JDK path", (dst, src) -> AtomicWrite.write(dst, Files.readAllBytes(src), true, JDK_PATH));
        return w;
    }

    private List<String> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void namesUpToTheFilesystemsLimitWork() throws Exception {
        Path src = Files.writeString(dir.resolve("src"), "content");
        for (int length : new int[] {1, 200, 226, 227, 240, 254, 255}) {
            for (Map.Entry<String, Write> w : writers().entrySet()) {
                Path dst = dir.resolve("n".repeat(length));
                w.getValue().to(dst, src);
                assertThat(Files.readString(dst)).as(w.getKey() + ", " + length + " bytes").isEqualTo("content");
                w.getValue().to(dst, src); // and over an existing one
                assertThat(listing()).as(w.getKey()).containsExactlyInAnyOrder("src", dst.getFileName().toString());
                Files.delete(dst);
            }
            Path dst = dir.resolve("n".repeat(length));
            FileCopy.copy(src, dst); // new, not replacing: the unnamed file's or the link's path
            FileCopy.copy(src, dir.resolve("l".repeat(length)), CopyOptions.defaults().atomic(true));
            Files.delete(dst);
            Files.delete(dir.resolve("l".repeat(length)));
        }
        // a name past the limit is the filesystem's error, naming it
        Path tooLong = dir.resolve("n".repeat(256));
        assertThatThrownBy(() -> AtomicWrite.write(tooLong, new byte[1], false)).isInstanceOf(FileSystemException.class)
                .hasMessageContaining(tooLong.toString());
        assertThat(listing()).containsExactly("src");
    }

    @Test
    void aFifoOrADeviceIsRefusedAndLeftAsItIs() throws Exception {
        Path src = Files.writeString(dir.resolve("src"), "content");
        Path fifo = dir.resolve("fifo");
        assumeTrue(run("mkfifo", fifo.toString()), "needs mkfifo");
        List<Path> odd = new ArrayList<>(List.of(fifo));
        Path device = dir.resolve("null-device");
        if (run("mknod", device.toString(), "c", "1", "3")) {
            odd.add(device); // root only: a character device like /dev/null
        }
        var fds = OpenDescriptors.snapshot();
        for (Path o : odd) {
            for (Map.Entry<String, Write> w : writers().entrySet()) {
                assertThatThrownBy(() -> w.getValue().to(o, src)).as(w.getKey() + " onto " + o.getFileName())
                        .isInstanceOf(FileSystemException.class)
                        .hasMessageContaining(o.toString())
                        .hasMessageContaining("not a regular file");
                assertThat(Files.isRegularFile(o, LinkOption.NOFOLLOW_LINKS)).as(w.getKey()).isFalse();
                assertThat(Files.exists(o, LinkOption.NOFOLLOW_LINKS)).as(w.getKey()).isTrue();
            }
        }
        assertThat(OpenDescriptors.openedSince(fds)).as("descriptors left open").isEmpty();
        assertThat(listing()).allMatch(n -> n.equals("src") || n.equals("fifo") || n.equals("null-device"));
    }

    @Test
    void modesAreThoseOfCpAndFilesWrite() throws Exception {
        int umask = FileModes.umask();
        Path src = Files.writeString(dir.resolve("src"), "content");
        Files.setPosixFilePermissions(src, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (boolean jdk : new boolean[] {false, true}) {
            FileOps ops = jdk ? JDK_PATH : FileOps.JDK;
            String what = jdk ? "JDK path" : "default path";
            CopyOptions d = CopyOptions.defaults();
            // a new copy: the source's bits less the umask, as cp gives a new file
            Path fresh = dir.resolve("fresh");
            CopyRunner.copy(src, fresh, d, null, ops);
            assertThat(mode(fresh)).as(what).isEqualTo(0755 & ~umask);
            // replacing: the old destination keeps its mode, as cp keeps it
            Path kept = dir.resolve("kept");
            Files.writeString(kept, "old");
            Files.setPosixFilePermissions(kept, PosixFilePermissions.fromString("rw-------"));
            CopyRunner.copy(src, kept, d.replaceExisting(true), null, ops);
            assertThat(mode(kept)).as(what + ": an existing destination keeps its mode").isEqualTo(0600);
            // with attributes: the source's exact bits, over the old ones too
            CopyRunner.copy(src, kept, d.replaceExisting(true).copyAttributes(true), null, ops);
            assertThat(mode(kept)).as(what + ": --attributes").isEqualTo(0755);
            // AtomicWrite: an existing target keeps its mode, a new one gets 0666 less the umask
            Path config = dir.resolve("config");
            AtomicWrite.write(config, new byte[] {1}, false, ops);
            assertThat(mode(config)).as(what).isEqualTo(0666 & ~umask);
            Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r-----"));
            AtomicWrite.write(config, new byte[] {2}, false, ops);
            assertThat(mode(config)).as(what + ": AtomicWrite keeps an existing target's mode").isEqualTo(0640);
            for (String f : new String[] {"fresh", "kept", "config"}) {
                Files.delete(dir.resolve(f));
            }
        }
        // exact bits, not masked, when a tool asks for them (gzip -d gives its input's)
        Path exact = dir.resolve("exact");
        AtomicWrite.write(exact, out -> out.write(ByteBuffer.wrap(new byte[] {1})), false, false,
                PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThat(mode(exact)).isEqualTo(0666);
        assertThatThrownBy(() -> AtomicWrite.write(exact, out -> { }, false, false, null))
                .isInstanceOf(FileAlreadyExistsException.class).hasMessageContaining(exact.toString());
    }

    @Test
    void theNewFileIsPrivateWhileItIsWritten() throws Exception {
        Path target = dir.resolve("target");
        for (boolean jdk : new boolean[] {false, true}) {
            List<Integer> seen = new ArrayList<>();
            List<Integer> unnamed = new ArrayList<>();
            AtomicWrite.Writer look = out -> {
                // every descriptor this process holds on a file in the folder: the new file, named or not
                try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                    for (Path fd : fds.toList()) {
                        try {
                            String link = Files.readSymbolicLink(fd).toString();
                            if (link.startsWith(dir.toString() + "/")) {
                                // followed, the magic link reaches the open file itself, whatever its name (or none);
                                // an O_TMPFILE file has none ("/dir/#123 (deleted)"): nobody else can open it, so it
                                // may have its final mode already
                                (link.endsWith(" (deleted)") ? unnamed : seen).add(FileModes.bits(Files.getPosixFilePermissions(fd)));
                            }
                        } catch (IOException gone) {
                            // the listing's own descriptor, closed meanwhile
                        }
                    }
                }
                out.write(ByteBuffer.wrap(new byte[] {1}));
            };
            AtomicWrite.write(target, look, false, jdk ? JDK_PATH : FileOps.JDK);
            String what = (jdk ? "JDK path" : "default path") + ": modes of the new file while it is written";
            if (jdk || !NativeLayer.awaitBound().active()) {
                assertThat(unnamed).as(what + ": the JDK path names every file").isEmpty();
            }
            assertThat(seen.size() + unnamed.size()).as(what).isPositive();
            assertThat(seen).as(what + ", named").allMatch(m -> m == 0600);
            assertThat(unnamed).as(what + ", unnamed: private, or its final mode")
                    .allMatch(m -> m == 0600 || m == (0666 & ~FileModes.umask()));
            assertThat(mode(target)).isEqualTo(0666 & ~FileModes.umask());
            Files.delete(target);
        }
    }

    /**
     * A copy's new file while it is written, in every mode: a file with a name is 0600; an
     * unnamed one (O_TMPFILE, the native layer) may have its final mode, except where the umask
     * would change that mode (exact bits asked for), when it is 0600 too and gets it at the end.
     * Atomic, no part of the copy is ever at the destination's name.
     */
    @Test
    void aCopysNewFileIsPrivateOrUnnamedWhileItIsWritten() throws Exception {
        Path src = Files.write(dir.resolve("src"), FileCopyTest.random(5000, 3));
        Path dst = dir.resolve("dst");
        CopyOptions d = CopyOptions.defaults();
        // 0444: the owner may not write it, so the new file stays 0600 while written (the copy reopens it)
        for (int srcMode : new int[] {0666, 0444}) {
            for (CopyOptions o : new CopyOptions[] {d, d.atomic(false), d.copyAttributes(true), d.atomic(false).copyAttributes(true)}) {
                Files.setPosixFilePermissions(src, FileModes.permissions(srcMode));
                int masked = srcMode & ~FileModes.umask();
                for (boolean old : new boolean[] {false, true}) {
                    Files.deleteIfExists(dst);
                    if (old) {
                        Files.writeString(dst, "old");
                        Files.setPosixFilePermissions(dst, FileModes.permissions(masked));
                    }
                    List<Integer> named = new ArrayList<>();
                    List<Integer> unnamed = new ArrayList<>();
                    boolean[] dstWhole = {true};
                    CopyOptions look = o.replaceExisting(old).progress((done, total) -> {
                        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
                            for (Path fd : fds.toList()) {
                                try {
                                    String link = Files.readSymbolicLink(fd).toString();
                                    if (link.startsWith(dir + "/") && !link.equals(src.toString())) {
                                        (link.endsWith(" (deleted)") ? unnamed : named).add(FileModes.bits(Files.getPosixFilePermissions(fd)));
                                    }
                                } catch (IOException gone) {
                                    // the listing's own descriptor
                                }
                            }
                            if (Files.exists(dst) && Files.size(dst) != 3 && Files.size(dst) != 5000) {
                                dstWhole[0] = false;
                            }
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
                    FileCopy.copy(src, dst, look);
                    String what = Integer.toOctalString(srcMode) + ", " + (o.atomic() ? "atomic" : "in place")
                            + (o.copyAttributes() ? ", attributes" : "") + (old ? ", replacing" : "");
                    assertThat(named.size() + unnamed.size()).as(what).isPositive();
                    assertThat(named).as(what + ": a named new file is private").allMatch(m -> m == 0600);
                    int finalMode = o.copyAttributes() ? srcMode : masked; // replacing, cp's rule keeps the old one's: masked too
                    boolean atOnce = (finalMode & FileModes.umask()) == 0 && (finalMode & 0600) == 0600;
                    int expectedUnnamed = atOnce ? finalMode : 0600;
                    assertThat(unnamed).as(what + ": an unnamed one").allMatch(m -> m == expectedUnnamed);
                    if (NativeLayer.awaitBound().active() && o.atomic()) {
                        assertThat(named).as(what + ": the native layer writes unnamed").isEmpty();
                    }
                    if (o.atomic()) {
                        assertThat(dstWhole[0]).as(what + ": no part of the copy at the destination's name").isTrue();
                    }
                    assertThat(FileModes.bits(Files.getPosixFilePermissions(dst))).as(what).isEqualTo(finalMode);
                    assertThat(Files.readAllBytes(dst)).isEqualTo(Files.readAllBytes(src));
                }
            }
        }
    }

    @Test
    void messagesNameTheUsersPath() throws Exception {
        Path src = Files.writeString(dir.resolve("src"), "content");
        Path folder = Files.createDirectory(dir.resolve("a-folder"));
        for (Map.Entry<String, Write> w : writers().entrySet()) {
            assertThatThrownBy(() -> w.getValue().to(folder, src)).as(w.getKey())
                    .isInstanceOf(FileSystemException.class)
                    .hasMessageContaining(folder.toString())
                    .hasMessageNotContaining(TemporaryFiles.PREFIX);
        }
        assertThatThrownBy(() -> AtomicWrite.write(Path.of("/"), new byte[1], false))
                .isInstanceOf(FileSystemException.class).hasMessageContaining("not a file name");
        Path missing = dir.resolve("no/such/out");
        assertThatThrownBy(() -> AtomicWrite.write(missing, new byte[1], false))
                .hasMessageContaining(missing.getParent().toString()).hasMessageContaining("does not exist");
        assertThat(listing()).containsExactly("a-folder", "src");
    }

    /** Runs a command with no pipes to leak; true when it succeeded. */
    private static boolean run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectInput(new java.io.File("/dev/null"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    private static int mode(Path p) throws IOException {
        return FileModes.bits(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }
}
