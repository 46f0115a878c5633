package dev.fastio.copy;

import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.copy.CopyStrategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.ArrayList;
import dev.fastio.internal.nativeio.NativeLayer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A copy into a file system too small for it fails with a clear message and leaves the old
 * destination intact. Two ways to run out of room: a 2 MB tmpfs (needs root and mount; skipped
 * where the machine refuses) and, everywhere, a child JVM under {@code ulimit -f}, whose writes
 * past the limit fail with EFBIG (the JVM ignores SIGXFSZ).
 */
class DiskFullTest {
    @TempDir
    Path dir;

    private static final int SOURCE_SIZE = 4 << 20;

    private Path source() throws IOException {
        return Files.write(dir.resolve("src.bin"), FileCopyTest.random(SOURCE_SIZE, 99));
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFullTmpfsFailsClearlyAndKeepsTheOldDestination() throws Exception {
        Path mnt = Files.createDirectory(dir.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mnt.toString())
                .redirectErrorStream(true).start();
        boolean mounted = mount.waitFor(20, TimeUnit.SECONDS) && mount.exitValue() == 0;
        Assumptions.assumeTrue(mounted, "cannot mount a tmpfs here (needs root): the ulimit test covers this");
        try {
            Path src = source();
            Path dst = Files.writeString(mnt.resolve("dst.bin"), "old");
            for (CopyStrategy s : FileCopyTest.STRATEGIES) {
                assertThatThrownBy(() -> CopyRunner.copy(src, dst, CopyOptions.defaults().replaceExisting(true), s, FileOps.JDK))
                        .isInstanceOf(CopyFailedException.class)
                        .hasMessageContaining(dst.toString())
                        .hasMessageContaining("No space left on device");
                assertThat(Files.readString(dst)).isEqualTo("old");
                assertThat(names(mnt)).containsExactly("dst.bin");
            }
            if (NativeLayer.awaitBound().active()) { // the native copy, in both destination modes that keep the old file until the end
                for (CopyOptions o : List.of(CopyOptions.defaults().replaceExisting(true),
                        CopyOptions.defaults().replaceExisting(true).sparse(When.ALWAYS).reflink(When.NEVER))) {
                    assertThatThrownBy(() -> FileCopy.copy(src, dst, o))
                            .isInstanceOf(CopyFailedException.class)
                            .hasMessageContaining(dst.toString())
                            .hasMessageContaining("No space left on device");
                    assertThat(Files.readString(dst)).isEqualTo("old");
                    assertThat(names(mnt)).containsExactly("dst.bin");
                }
            }
        } finally {
            new ProcessBuilder("umount", mnt.toString()).start().waitFor(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFileSizeLimitFailsClearlyAndKeepsTheOldDestination() throws Exception {
        Path src = source();
        Path dst = Files.writeString(dir.resolve("dst.bin"), "old");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = classPath();
        List<String> ways = new ArrayList<>(FileCopyTest.STRATEGIES.stream().map(CopyStrategy::name).toList());
        if (NativeLayer.awaitBound().active()) {
            ways.add(NATIVE);
        }
        for (String way : ways) {
            // bash's ulimit -f counts 1024-byte blocks: 1 MB, a quarter of the source
            Process p = new ProcessBuilder("bash", "-c",
                    "ulimit -f 1024 && exec \"$0\" \"$6\" -cp \"$1\" \"$2\" \"$3\" \"$4\" \"$5\"",
                    java, cp, Child.class.getName(), src.toString(), dst.toString(), way,
                    NativeLayer.awaitBound().active() ? "--enable-native-access=ALL-UNNAMED" : "-Dfastio.native=auto")
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(out).as(way).contains("CopyFailedException").contains("File too large")
                    .contains("after ").contains(dst.toString());
            assertThat(p.exitValue()).as(out).isEqualTo(3);
            assertThat(Files.readString(dst)).isEqualTo("old");
            assertThat(names(dir)).containsExactly("dst.bin", "src.bin");
        }
    }

    private static final String NATIVE = "native";

    /** fastio's classes, jffi's and the test's, on the class path (surefire puts the module's on the module path). */
    private static String classPath() {
        String modules = System.getProperty("jdk.module.path");
        String classes = System.getProperty("java.class.path");
        return modules == null || modules.isEmpty() ? classes : modules + File.pathSeparator + classes;
    }

    /** Runs in the size-limited child: copies, prints the failure, exits 3 (0 if it wrongly succeeds). */
    public static final class Child {
        public static void main(String[] args) {
            CopyStrategy s = FileCopyTest.STRATEGIES.stream().filter(x -> x.name().equals(args[2])).findFirst().orElse(null);
            try {
                if (s == null) { // NATIVE: fastio's own choice, which is the native copy in this child
                    if (!NativeLayer.awaitBound().active()) {
                        System.out.println("the native layer is off in the child: " + NativeLayer.awaitBound().status());
                        System.exit(4);
                    }
                    FileCopy.copy(Path.of(args[0]), Path.of(args[1]), CopyOptions.defaults().replaceExisting(true));
                } else {
                    CopyRunner.copy(Path.of(args[0]), Path.of(args[1]), CopyOptions.defaults().replaceExisting(true), s, FileOps.JDK);
                }
                System.out.println("copied: the limit did not apply");
            } catch (IOException e) {
                System.out.println(e);
                System.exit(3);
            }
        }
    }
}
