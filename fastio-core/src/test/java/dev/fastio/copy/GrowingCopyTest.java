package dev.fastio.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.internal.copy.BufferCopy;
import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.CopyStrategy;
import dev.fastio.internal.copy.SparseCopy;
import dev.fastio.read.Growth;
import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Copies of a source that changes at one exact point of the copy, with and without
 * {@link Growth#PREFIX}: appended to (the prefix, and {@link CopyResult#sourceGrew()}; without
 * the opt-in, refused), truncated, rewritten inside the copied bytes, or renamed over (refused
 * either way). The destination is the old file or the whole prefix on every outcome, and on every
 * injected failure; nothing is left in the folder. The JDK path's strategies are driven through
 * {@code FaultyOps} (the source changes right after the copy's first read or transfer); the
 * public call (the native layer on JDK 22+) through the progress listener, which hears of the
 * first bytes copied before the copy's last look at the source.
 */
class GrowingCopyTest {
    private static final CopyOptions PREFIX = CopyOptions.defaults().replaceExisting(true).growth(Growth.PREFIX);
    private static final CopyOptions STRICT = CopyOptions.defaults().replaceExisting(true);
    private static final byte[] OLD = "old".getBytes();

    @TempDir
    Path dir;

    interface Change {
        void run(Path src) throws IOException;
    }

    static final Change APPEND = src -> Files.write(src, new byte[1000], StandardOpenOption.APPEND);

    static Change truncateTo(long length) {
        return src -> {
            try (FileChannel w = FileChannel.open(src, StandardOpenOption.WRITE)) {
                w.truncate(length);
            }
        };
    }

    /** Byte 0 (copied by then) rewritten, and a line appended: its stamps moved as a growing file's do. */
    static final Change REWRITE_AND_APPEND = src -> {
        try (FileChannel w = FileChannel.open(src, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            w.read(one, 0);
            w.write(ByteBuffer.wrap(new byte[] {(byte) (one.get(0) + 1)}), 0);
            w.write(ByteBuffer.wrap("a line\n".getBytes()), w.size());
        }
    };

    /** Another file, longer than the copy's sources, renamed over the source's name. */
    final Change renameOver = src -> Files.move(Files.write(dir.resolve("other"), FileCopyTest.random(2_000_000, 8)), src,
            StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

    /** {@code size} random bytes, the last 8 KiB zeros when {@code zeroEnd} (a sparse copy then ends on a hole). */
    static byte[] content(int size, boolean zeroEnd) {
        byte[] b = FileCopyTest.random(size, size);
        if (zeroEnd) {
            Arrays.fill(b, Math.max(0, size - 8192), size, (byte) 0);
        }
        return b;
    }

    private void assertOnly(String... names) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(names);
        }
    }

    /** Copies through {@code strategy} on the JDK path, the source changed right after call 3 (its first read or transfer). */
    private CopyResult jdkPath(Path src, Path dst, CopyOptions o, CopyStrategy strategy, Change change) throws IOException {
        FaultyOps ops = new FaultyOps(0, FaultyOps.Mode.BEFORE).onCall(3, () -> {
            change.run(src);
            return null;
        });
        return CopyRunner.copy(src, dst, o, strategy, ops);
    }

    @Test
    void anAppendedSourceGivesItsPrefixWithPrefixAndFailsWithoutOnEveryStrategy() throws IOException {
        int b = CopyRunner.BUFFER_MAX;
        for (CopyStrategy s : FileCopyTest.STRATEGIES) {
            for (int size : new int[] {1, b - 1, b, b + 1, 3 * b + 17}) {
                for (boolean zeroEnd : new boolean[] {false, true}) {
                    String what = s.name() + ", " + size + " bytes" + (zeroEnd ? ", ending in zeros" : "");
                    byte[] content = content(size, zeroEnd);
                    Path src = Files.write(dir.resolve("src"), content);
                    Path dst = Files.write(dir.resolve("dst"), OLD);
                    CopyResult r = jdkPath(src, dst, PREFIX, s, APPEND);
                    assertThat(r.sourceGrew()).as(what).isTrue();
                    assertThat(r.bytes()).as(what).isEqualTo(size);
                    assertThat(Files.readAllBytes(dst)).as(what).isEqualTo(content);
                    if (s == SparseCopy.INSTANCE && zeroEnd && size > 8192) {
                        assertThat(Files.size(dst)).as(what + ": the length, its end a hole").isEqualTo(size);
                    }

                    Files.write(src, content);
                    Files.write(dst, OLD);
                    assertThatThrownBy(() -> jdkPath(src, dst, STRICT, s, APPEND)).as(what)
                            .isInstanceOf(CopyFailedException.class).hasMessageContaining("grew").hasMessageContaining(src.toString());
                    assertThat(Files.readAllBytes(dst)).as(what).isEqualTo(OLD);
                    assertOnly("src", "dst");
                }
            }
        }
    }

    @Test
    void aSourceTruncatedRewrittenOrReplacedFailsAGrowingCopyOnEveryStrategy() throws IOException {
        int size = 3 * CopyRunner.BUFFER_MAX + 17;
        Change[] changes = {truncateTo(CopyRunner.BUFFER_MAX + 10), truncateTo(size - 1), REWRITE_AND_APPEND, renameOver};
        String[] names = {"truncated into the copy", "truncated by a byte", "byte 0 rewritten, a line appended", "renamed over"};
        String[] says = {"shrank", "shrank", "differ", "replaced by another file"};
        for (CopyStrategy s : FileCopyTest.STRATEGIES) {
            for (int c = 0; c < changes.length; c++) {
                String what = s.name() + ", " + names[c];
                Path src = Files.write(dir.resolve("src"), content(size, false));
                Path dst = Files.write(dir.resolve("dst"), OLD);
                Change change = changes[c];
                assertThatThrownBy(() -> jdkPath(src, dst, PREFIX, s, change)).as(what)
                        .isInstanceOf(CopyFailedException.class).hasMessageContaining(src.toString()).hasMessageContaining(says[c]);
                assertThat(Files.readAllBytes(dst)).as(what).isEqualTo(OLD);
                assertOnly("src", "dst");
            }
        }
    }

    /** Each call of a growing copy of a source appended to after its first read fails in turn: the old destination or the whole prefix. */
    @Test
    void everyInjectedFailureOfAGrowingCopyLeavesTheOldDestinationOrTheWholePrefix() throws IOException {
        for (CopyStrategy s : FileCopyTest.STRATEGIES) {
            for (boolean atomic : new boolean[] {true, false}) {
                CopyOptions o = PREFIX.atomic(atomic);
                byte[] content = content(3 * CopyRunner.BUFFER_MAX + 17, false);
                Path src = dir.resolve("src");
                Path dst = dir.resolve("dst");
                Files.write(src, content);
                Files.write(dst, OLD);
                FaultyOps counting = new FaultyOps(0, FaultyOps.Mode.BEFORE).onCall(3, () -> {
                    APPEND.run(src);
                    return null;
                });
                assertThat(CopyRunner.copy(src, dst, o, s, counting).sourceGrew()).isTrue();
                var fds = OpenDescriptors.snapshot();
                for (FaultyOps.Mode mode : FaultyOps.Mode.values()) {
                    for (int n = 1; n <= counting.calls(); n++) {
                        String what = s.name() + (atomic ? ", atomic" : ", in place") + ", " + mode + " call " + n;
                        Files.write(src, content);
                        Files.write(dst, OLD);
                        FaultyOps ops = new FaultyOps(n, mode).onCall(3, () -> {
                            APPEND.run(src);
                            return null;
                        });
                        try {
                            CopyRunner.copy(src, dst, o, s, ops);
                            assertThat(Files.readAllBytes(dst)).as(what).isEqualTo(content);
                        } catch (IOException e) {
                            assertThat(e.getMessage()).as(what).contains("injected failure");
                            assertThat(ops.failed()).as(what).isTrue();
                            if (Files.exists(dst)) {
                                byte[] now = Files.readAllBytes(dst);
                                if (!Arrays.equals(now, content)) {
                                    // in place over an old file truncates it on open, and deletes what it wrote on failure
                                    assertThat(atomic ? now : (now.length == 0 ? OLD : now)).as(what + ": old or the whole prefix").isEqualTo(OLD);
                                }
                            } else {
                                assertThat(atomic).as(what + ": an atomic copy keeps the old destination").isFalse();
                            }
                        }
                        assertOnly(Files.exists(dst) ? new String[] {"src", "dst"} : new String[] {"src"});
                    }
                }
                assertThat(OpenDescriptors.openedSince(fds)).as("descriptors left open").isEmpty();
            }
        }
    }

    /** A listener that runs {@code change} once, at the copy's first progress: after bytes moved, before its last look at the source. */
    private static CopyProgress once(Path src, Change change) {
        boolean[] done = {false};
        return (copied, total) -> {
            if (!done[0]) {
                done[0] = true;
                try {
                    change.run(src);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /** The public call: on JDK 22+ the native layer (clone, data regions, copy_file_range or read/write), else the JDK path's choice. */
    @Test
    void thePublicCopyGivesThePrefixOfAnAppendedSourceOnEveryWayOfMovingBytes() throws IOException {
        for (When sparse : When.values()) {
            for (When reflink : new When[] {When.AUTO, When.NEVER}) {
                for (int size : new int[] {1000, 700_000, (3 << 20) + 5}) {
                    String what = "sparse=" + sparse + ", reflink=" + reflink + ", " + size + " bytes";
                    byte[] content = content(size, true);
                    Path src = Files.write(dir.resolve("src"), content);
                    Files.setPosixFilePermissions(src, PosixFilePermissions.fromString("rwxr-x---"));
                    Path dst = Files.write(dir.resolve("dst"), OLD);
                    CopyOptions o = PREFIX.sparse(sparse).reflink(reflink);
                    CopyResult r = FileCopy.copy(src, dst, o.progress(once(src, APPEND)));
                    assertThat(r.sourceGrew()).as(what + " (" + r.strategy() + ")").isTrue();
                    assertThat(Files.readAllBytes(dst)).as(what).isEqualTo(content);
                    Files.delete(dst);
                    Files.write(src, content);
                    Path plain = dir.resolve("plain");
                    FileCopy.copy(src, plain);
                    FileCopy.copy(src, dst, o.progress(once(src, APPEND)));
                    assertThat(Files.getPosixFilePermissions(dst)).as(what + ": a new file's mode, as a plain copy's")
                            .isEqualTo(Files.getPosixFilePermissions(plain));
                    Files.delete(plain);

                    Files.write(dst, OLD);
                    assertThatThrownBy(() -> FileCopy.copy(src, dst, STRICT.sparse(sparse).reflink(reflink).progress(once(src, APPEND))))
                            .as(what).isInstanceOf(CopyFailedException.class).hasMessageContaining(src.toString());
                    assertThat(Files.readAllBytes(dst)).as(what).isEqualTo(OLD);
                    assertOnly("src", "dst");
                }
            }
        }
    }

    @Test
    void thePublicCopyRefusesASourceTruncatedRewrittenOrReplaced() throws IOException {
        int size = 700_000;
        Change[] changes = {truncateTo(size - 1), REWRITE_AND_APPEND, renameOver};
        for (When reflink : new When[] {When.AUTO, When.NEVER}) {
            for (Change change : changes) {
                Path src = Files.write(dir.resolve("src"), content(size, false));
                Path dst = Files.write(dir.resolve("dst"), OLD);
                assertThatThrownBy(() -> FileCopy.copy(src, dst, PREFIX.reflink(reflink).progress(once(src, change))))
                        .isInstanceOf(CopyFailedException.class).hasMessageContaining(src.toString());
                assertThat(Files.readAllBytes(dst)).isEqualTo(OLD);
                assertOnly("src", "dst");
            }
        }
    }

    @Test
    void anEmptySourceCopiesEmpty() throws IOException {
        Path src = Files.write(dir.resolve("src"), new byte[0]);
        CopyResult r = FileCopy.copy(src, dir.resolve("dst"), PREFIX);
        assertThat(r.bytes()).isZero();
        assertThat(r.sourceGrew()).isFalse();
        assertThat(Files.size(dir.resolve("dst"))).isZero();
    }

    @Test
    void theOptionSaysWhatItIs() {
        assertThat(CopyOptions.defaults().growth()).isEqualTo(Growth.REJECT);
        assertThat(PREFIX.growth()).isEqualTo(Growth.PREFIX);
        assertThat(PREFIX.toString()).contains("growth=PREFIX");
        assertThat(PREFIX.atomic(false).sparse(When.NEVER).growth()).as("kept by the other with-methods").isEqualTo(Growth.PREFIX);
        assertThatThrownBy(() -> CopyOptions.defaults().growth(null)).isInstanceOf(NullPointerException.class);
    }
}
