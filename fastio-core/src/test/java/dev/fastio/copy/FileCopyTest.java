package dev.fastio.copy;

import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.copy.BufferCopy;
import dev.fastio.internal.copy.TransferToCopy;
import dev.fastio.internal.copy.SparseCopy;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.copy.CopyStrategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Arrays;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileCopyTest {
    @TempDir
    Path dir;

    static final List<CopyStrategy> STRATEGIES = List.of(BufferCopy.INSTANCE, TransferToCopy.INSTANCE, SparseCopy.INSTANCE);

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Only the named files are in the folder: no temporary file was left behind. */
    private void assertOnly(String... names) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(names);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 4095, 4096, 4097, 5 * 1024, CopyRunner.BUFFER_MAX - 1, CopyRunner.BUFFER_MAX,
            CopyRunner.BUFFER_MAX + 1, 3 * CopyRunner.BUFFER_MAX + 17, 1 << 20})
    void everyStrategyAndModeCopiesExactly(int size) throws IOException {
        byte[] content = random(size, size);
        Path src = Files.write(dir.resolve("src"), content);
        List<CopyStrategy> strategies = new ArrayList<>(STRATEGIES);
        strategies.add(null); // fastio's choice
        for (CopyStrategy s : strategies) {
            for (boolean atomic : new boolean[] {true, false}) {
                Path dst = dir.resolve("dst");
                CopyOptions o = CopyOptions.defaults().atomic(atomic);
                CopyResult r = s == null ? FileCopy.copy(src, dst, o) : CopyRunner.copy(src, dst, o, s, FileOps.JDK);
                assertThat(Files.readAllBytes(dst)).as("%s atomic=%s", s, atomic).isEqualTo(content);
                assertThat(r.bytes()).isEqualTo(size);
                assertThat(r.strategy()).isEqualTo(s != null ? s.name()
                        : size > 0 && NativeLayer.awaitBound().active() ? "copy_file_range" : CopyRunner.strategyFor(size, When.AUTO, null).name());
                Files.delete(dst);
            }
        }
        assertOnly("src");
    }

    @Test
    void concurrentCopiesShareNoBuffer() throws Exception {
        int threads = 8;
        List<Path> sources = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            sources.add(Files.write(dir.resolve("src" + t), random(CopyRunner.BUFFER_MAX / 2 + 1000 * t, t)));
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        Path dst = dir.resolve("dst" + id + "-" + i);
                        CopyRunner.copy(sources.get(id), dst, CopyOptions.defaults(), BufferCopy.INSTANCE, FileOps.JDK);
                        assertThat(Files.mismatch(sources.get(id), dst)).isEqualTo(-1);
                        Files.delete(dst);
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theChoiceFollowsTheMeasuredThreshold() throws IOException {
        assertThat(CopyRunner.strategyFor(0)).isSameAs(BufferCopy.INSTANCE);
        assertThat(CopyRunner.strategyFor(CopyRunner.BUFFER_MAX)).isSameAs(BufferCopy.INSTANCE);
        assertThat(CopyRunner.strategyFor(CopyRunner.BUFFER_MAX + 1)).isSameAs(TransferToCopy.INSTANCE);
        assertThat(CopyRunner.strategyFor(CopyRunner.BUFFER_MAX + 1, When.NEVER, null)).isSameAs(TransferToCopy.INSTANCE);
        assertThat(CopyRunner.strategyFor(5, When.NEVER, null)).isSameAs(BufferCopy.INSTANCE);
        assertThat(CopyRunner.strategyFor(5, When.AUTO, null)).isSameAs(SparseCopy.INSTANCE);
        assertThat(CopyRunner.strategyFor(CopyRunner.BUFFER_MAX + 1, When.AUTO, null)).isSameAs(TransferToCopy.INSTANCE);
        assertThat(CopyRunner.strategyFor(1L << 40, When.ALWAYS, null)).isSameAs(SparseCopy.INSTANCE);
        for (When w : When.values()) {
            assertThat(CopyRunner.strategyFor(0, w, null)).as("size 0 reads to end of file").isSameAs(BufferCopy.INSTANCE);
        }
    }

    @Test
    void autoSamplesBigFilesForBlocksOfZeros() throws IOException {
        int size = 3 * CopyRunner.BUFFER_MAX;
        Path dense = Files.write(dir.resolve("dense"), random(size, 1));
        byte[] holey = random(size, 2);
        java.util.Arrays.fill(holey, size - 4096, size, (byte) 0); // the last block, one of the samples
        Path zeros = Files.write(dir.resolve("zeros"), holey);
        try (FileChannel d = FileChannel.open(dense); FileChannel z = FileChannel.open(zeros)) {
            assertThat(CopyRunner.strategyFor(size, When.AUTO, d)).isSameAs(TransferToCopy.INSTANCE);
            assertThat(CopyRunner.strategyFor(size, When.AUTO, z)).isSameAs(SparseCopy.INSTANCE);
            assertThat(d.position()).isZero();
        }
    }

    @Test
    void transferToCopiesManyChunksWithProgress() throws IOException {
        int size = (int) (2 * TransferToCopy.PROGRESS_CHUNK + 12345);
        byte[] content = random(size, 7);
        Path src = Files.write(dir.resolve("src"), content);
        List<long[]> seen = new ArrayList<>();
        CopyRunner.copy(src, dir.resolve("dst"), CopyOptions.defaults().progress((d, t) -> seen.add(new long[] {d, t})),
                TransferToCopy.INSTANCE, FileOps.JDK);
        assertThat(Files.mismatch(src, dir.resolve("dst"))).isEqualTo(-1);
        assertThat(seen).hasSize(3);
        assertThat(seen.get(2)).containsExactly(size, size);
        assertThat(seen.get(0)[0]).isEqualTo(TransferToCopy.PROGRESS_CHUNK);
    }

    @Test
    void emptyFileReportsProgressOnce() throws IOException {
        Path src = Files.createFile(dir.resolve("src"));
        List<long[]> seen = new ArrayList<>();
        FileCopy.copy(src, dir.resolve("dst"), CopyOptions.defaults().progress((d, t) -> seen.add(new long[] {d, t})));
        assertThat(seen).hasSize(1);
        assertThat(Files.size(dir.resolve("dst"))).isZero();
    }

    @Test
    void sparseFileOver2GbCopiesItsContent() throws IOException {
        long size = (2L << 30) + 4099;
        Path src = dir.resolve("sparse");
        try (RandomAccessFile f = new RandomAccessFile(src.toFile(), "rw")) {
            f.setLength(size);
            for (long at : new long[] {0, (1L << 31) - 3, size - 5}) {
                f.seek(at);
                f.write(new byte[] {1, 2, 3, 4, 5});
            }
        }
        for (CopyStrategy s : STRATEGIES) {
            Path dst = dir.resolve("dst-" + s.name());
            CopyRunner.copy(src, dst, CopyOptions.defaults(), s, FileOps.JDK);
            assertThat(Files.size(dst)).isEqualTo(size);
            assertThat(Files.mismatch(src, dst)).as(s.name()).isEqualTo(-1);
            Files.delete(dst);
        }
    }

    @Test
    void copyingAFileOntoItselfIsAnErrorAndKeepsIt() throws IOException {
        byte[] content = random(10_000, 1);
        Path src = Files.write(dir.resolve("src"), content);
        Path link = Files.createSymbolicLink(dir.resolve("link"), src);
        Path hard = Files.createLink(dir.resolve("hard"), src);
        Path viaDots = dir.resolve("sub").resolve("..").resolve("src");
        Files.createDirectory(dir.resolve("sub"));
        for (Path target : List.of(src, link, hard, viaDots)) {
            for (boolean atomic : new boolean[] {true, false}) {
                CopyOptions o = CopyOptions.defaults().replaceExisting(true).atomic(atomic);
                assertThatThrownBy(() -> FileCopy.copy(src, target, o))
                        .isInstanceOf(FileSystemException.class)
                        .hasMessageContaining("same file");
                // and the other way round: the link as the source
                assertThatThrownBy(() -> FileCopy.copy(target, src, o)).hasMessageContaining("same file");
            }
        }
        assertThat(Files.readAllBytes(src)).isEqualTo(content);
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void anExistingDestinationNeedsReplace() throws IOException {
        Path src = Files.writeString(dir.resolve("src"), "new");
        Path dst = Files.writeString(dir.resolve("dst"), "old");
        for (boolean atomic : new boolean[] {true, false}) {
            assertThatThrownBy(() -> FileCopy.copy(src, dst, CopyOptions.defaults().atomic(atomic)))
                    .isInstanceOf(FileAlreadyExistsException.class)
                    .hasMessageContaining(dst.toString());
            assertThat(Files.readString(dst)).isEqualTo("old");
        }
        FileCopy.copy(src, dst, CopyOptions.defaults().replaceExisting(true));
        assertThat(Files.readString(dst)).isEqualTo("new");
        assertOnly("src", "dst");
    }

    @Test
    void aDestinationThatAppearsDuringTheCopyIsNotClobbered() throws IOException {
        Path src = Files.write(dir.resolve("src"), random(3 * CopyRunner.BUFFER_MAX, 12));
        Path dst = dir.resolve("dst");
        // call 3 is the first read: by then the destination was checked absent; someone creates it
        FaultyOps ops = new FaultyOps(0, FaultyOps.Mode.BEFORE).onCall(3, () -> Files.writeString(dst, "theirs"));
        assertThatThrownBy(() -> CopyRunner.copy(src, dst, CopyOptions.defaults(), null, ops))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(dst)).isEqualTo("theirs");
        assertOnly("src", "dst");
    }

    @Test
    void aDanglingLinkAtTheDestinationCountsAsExisting() throws IOException {
        Path src = Files.writeString(dir.resolve("src"), "x");
        Path dst = Files.createSymbolicLink(dir.resolve("dst"), dir.resolve("nowhere"));
        assertThatThrownBy(() -> FileCopy.copy(src, dst)).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.isSymbolicLink(dst)).isTrue();
        assertOnly("src", "dst");
        FileCopy.copy(src, dst, CopyOptions.defaults().replaceExisting(true));
        assertThat(Files.isSymbolicLink(dst)).isFalse();
        assertThat(Files.readString(dst)).isEqualTo("x");
    }

    @Test
    void aMissingDestinationFolderIsNamed() throws IOException {
        Path src = Files.writeString(dir.resolve("src"), "x");
        Path missing = dir.resolve("no").resolve("such");
        for (boolean atomic : new boolean[] {true, false}) {
            assertThatThrownBy(() -> FileCopy.copy(src, missing.resolve("dst"), CopyOptions.defaults().atomic(atomic)))
                    .isInstanceOf(NoSuchFileException.class)
                    .hasMessageContaining(missing.toString())
                    .hasMessageContaining("destination folder does not exist");
        }
    }

    @Test
    void aMissingSourceOrADirectoryIsAnError() throws IOException {
        assertThatThrownBy(() -> FileCopy.copy(dir.resolve("nope"), dir.resolve("dst")))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("nope");
        Path sub = Files.createDirectory(dir.resolve("sub"));
        assertThatThrownBy(() -> FileCopy.copy(sub, dir.resolve("dst"))).isInstanceOf(FileSystemException.class)
                .hasMessageContaining(sub.toString()).hasMessageContaining("is a directory");
        Path src = Files.writeString(dir.resolve("src"), "x");
        assertThatThrownBy(() -> FileCopy.copy(src, sub, CopyOptions.defaults().replaceExisting(true)))
                .hasMessageContaining("is a directory");
        assertOnly("src", "sub");
    }

    @Test
    void symbolicLinksAreFollowedUnlessAskedNotTo() throws IOException {
        Path src = Files.writeString(dir.resolve("src"), "content");
        Path link = Files.createSymbolicLink(dir.resolve("link"), src.getFileName());
        FileCopy.copy(link, dir.resolve("followed"));
        assertThat(Files.isSymbolicLink(dir.resolve("followed"))).isFalse();
        assertThat(Files.readString(dir.resolve("followed"))).isEqualTo("content");
        for (boolean atomic : new boolean[] {true, false}) {
            Path asLink = dir.resolve("as-link-" + atomic);
            FileCopy.copy(link, asLink, CopyOptions.defaults().followLinks(false).atomic(atomic));
            assertThat(Files.isSymbolicLink(asLink)).isTrue();
            assertThat(Files.readSymbolicLink(asLink)).isEqualTo(src.getFileName());
        }
        assertOnly("src", "link", "followed", "as-link-true", "as-link-false");
    }

    @Test
    void atomicModeReplacesALinkAtTheDestinationInsteadOfWritingThroughIt() throws IOException {
        Path src = Files.writeString(dir.resolve("src"), "new");
        Path other = Files.writeString(dir.resolve("other"), "other");
        Path dst = Files.createSymbolicLink(dir.resolve("dst"), other);
        FileCopy.copy(src, dst, CopyOptions.defaults().replaceExisting(true));
        assertThat(Files.isSymbolicLink(dst)).isFalse();
        assertThat(Files.readString(dst)).isEqualTo("new");
        assertThat(Files.readString(other)).isEqualTo("other");
    }

    @Test
    void permissionsAndTimes() throws IOException {
        Path src = Files.writeString(dir.resolve("src"), "x");
        Files.setPosixFilePermissions(src, PosixFilePermissions.fromString("rwxr-x---"));
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(src, old);
        FileCopy.copy(src, dir.resolve("plain"));
        assertThat(Files.getLastModifiedTime(dir.resolve("plain"))).isNotEqualTo(old);
        // a new file gets the source's bits less the umask; these bits survive any usual umask
        assertThat(Files.getPosixFilePermissions(dir.resolve("plain")))
                .containsAll(PosixFilePermissions.fromString("rwxr-x---"))
                .isSubsetOf(PosixFilePermissions.fromString("rwxr-x---"));
        FileCopy.copy(src, dir.resolve("kept"), CopyOptions.defaults().copyAttributes(true));
        assertThat(Files.getLastModifiedTime(dir.resolve("kept"))).isEqualTo(old);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("kept")))).isEqualTo("rwxr-x---");
    }

    @Test
    void durableCopyForcesBeforeTheRename() throws IOException {
        Path src = Files.write(dir.resolve("src"), random(1000, 3));
        FaultyOps counting = new FaultyOps(0, FaultyOps.Mode.BEFORE);
        CopyRunner.copy(src, dir.resolve("dst"), CopyOptions.defaults().durable(true), null, counting);
        assertThat(counting.log).containsSubsequence("write", "force", "close", "link");
        assertThat(Files.mismatch(src, dir.resolve("dst"))).isEqualTo(-1);
    }

    @Test
    void aSourceThatChangesSizeDuringTheCopyIsAnError() throws IOException {
        int size = 3 * CopyRunner.BUFFER_MAX + 17;
        for (CopyStrategy s : STRATEGIES) {
            for (long newLength : new long[] {CopyRunner.BUFFER_MAX + 10, size + 1000}) {
                Path src = Files.write(dir.resolve("src"), random(size, 5));
                Path dst = Files.writeString(dir.resolve("dst"), "old");
                // calls: 1 open source, 2 open temporary, 3 the first read or transfer; then the source changes
                FaultyOps ops = new FaultyOps(0, FaultyOps.Mode.BEFORE).onCall(3, () -> resize(src, newLength));
                assertThatThrownBy(() -> CopyRunner.copy(src, dst, CopyOptions.defaults().replaceExisting(true), s, ops))
                        .as("%s -> %d", s.name(), newLength)
                        .isInstanceOf(CopyFailedException.class)
                        .hasMessageMatching(".*(shrank|grew).*")
                        .hasMessageContaining(src.toString());
                assertThat(Files.readString(dst)).isEqualTo("old");
                assertOnly("src", "dst");
            }
        }
    }

    private static Void resize(Path file, long length) throws IOException {
        try (FileChannel w = FileChannel.open(file, StandardOpenOption.WRITE)) {
            if (length < w.size()) {
                w.truncate(length);
            } else {
                w.write(ByteBuffer.allocate((int) (length - w.size())), w.size());
            }
        }
        return null;
    }

    @Test
    void aFailureMidCopyNamesBothFilesAndTheOffset() throws IOException {
        Path src = Files.write(dir.resolve("src"), random(3 * CopyRunner.BUFFER_MAX, 9));
        Path dst = dir.resolve("dst");
        // calls: open src, open tmp, read, write, read, write (fails after writing: 2 buffers are in)
        FaultyOps ops = new FaultyOps(6, FaultyOps.Mode.AFTER);
        assertThatThrownBy(() -> CopyRunner.copy(src, dst, CopyOptions.defaults(), BufferCopy.INSTANCE, ops))
                .isInstanceOf(CopyFailedException.class)
                .hasMessageContaining(src.toString())
                .hasMessageContaining(dst.toString())
                .hasMessageContaining("after " + CopyRunner.BUFFER_MAX + " of " + 3 * CopyRunner.BUFFER_MAX + " bytes")
                .hasMessageContaining("injected failure");
        assertOnly("src");
    }

    /**
     * Every call the copy makes fails once, in turn, before or after doing its work: the
     * destination is then its old content (or absent), or complete and correct; never a part,
     * and no temporary file is left.
     */
    @ParameterizedTest
    @ValueSource(strings = {"atomic-replace", "atomic-new", "atomic-durable", "in-place-new", "in-place-replace"})
    void everyInjectedFailureLeavesTheOldDestinationOrTheWholeNewOne(String config) throws IOException {
        boolean atomic = config.startsWith("atomic");
        boolean replace = config.endsWith("replace") || config.endsWith("durable");
        CopyOptions o = CopyOptions.defaults().atomic(atomic).replaceExisting(replace).durable(config.endsWith("durable"));
        for (CopyStrategy s : STRATEGIES) {
            // several reads and writes (buffer) or several transfers (transferTo)
            int size = s == BufferCopy.INSTANCE ? 3 * CopyRunner.BUFFER_MAX + 17 : (int) TransferToCopy.PROGRESS_CHUNK + 1000;
            byte[] content = random(size, size);
            Path src = Files.write(dir.resolve("src"), content);
            Path dst = dir.resolve("dst");
            FaultyOps counting = new FaultyOps(0, FaultyOps.Mode.BEFORE);
            reset(dst, replace);
            CopyRunner.copy(src, dst, o, s, counting);
            assertThat(counting.calls()).isGreaterThan(5);
            for (FaultyOps.Mode mode : FaultyOps.Mode.values()) {
                for (int n = 1; n <= counting.calls(); n++) {
                    reset(dst, replace);
                    FaultyOps ops = new FaultyOps(n, mode);
                    String what = config + " " + s.name() + " " + mode + " call " + n;
                    try {
                        CopyRunner.copy(src, dst, o, s, ops);
                    } catch (IOException e) {
                        assertThat(e.getMessage()).as(what).contains("injected failure");
                        if (atomic || !replace) {
                            assertOldOrComplete(dst, replace, content, what);
                        } else {
                            // in place over an old file: documented to truncate it on open and to delete what it
                            // wrote on failure, so absent, old (failed before the open), empty or complete
                            long len = Files.exists(dst) ? Files.size(dst) : 0;
                            assertThat(len == 0 || len == 3 || Files.mismatch(src, dst) == -1).as(what).isTrue();
                        }
                        assertThat(ops.failed()).as(what).isTrue();
                    }
                    assertOnly(Files.exists(dst) ? new String[] {"src", "dst"} : new String[] {"src"});
                }
            }
        }
    }

    /** Removes {@code dst}, or leaves "old" there when {@code old}: the state before each injected copy. */
    static void reset(Path dst, boolean old) throws IOException {
        Files.deleteIfExists(dst);
        if (old) {
            Files.writeString(dst, "old");
        }
    }

    private static void assertOldOrComplete(Path dst, boolean mustKeepOld, byte[] content, String what) throws IOException {
        if (!Files.exists(dst)) {
            assertThat(mustKeepOld).as(what + ": the old destination is gone").isFalse();
            return;
        }
        byte[] now = Files.readAllBytes(dst);
        if (now.length != content.length) {
            assertThat(new String(now, java.nio.charset.StandardCharsets.UTF_8)).as(what).isEqualTo("old");
        } else {
            assertThat(now).as(what).isEqualTo(content);
        }
    }

    @Test
    void aThousandFailingCopiesLeakNoDescriptorAndLeaveNothing() throws IOException {
        Path src = Files.write(dir.resolve("src"), random(3 * CopyRunner.BUFFER_MAX, 11));
        Path dst = Files.writeString(dir.resolve("dst"), "old");
        Random r = new Random(42);
        var before = OpenDescriptors.snapshot();
        int failures = 0;
        for (int i = 0; i < 1000; i++) {
            FaultyOps ops = new FaultyOps(1 + r.nextInt(9), r.nextBoolean() ? FaultyOps.Mode.BEFORE : FaultyOps.Mode.AFTER);
            CopyStrategy s = STRATEGIES.get(r.nextInt(2));
            try {
                CopyRunner.copy(src, dst, CopyOptions.defaults().replaceExisting(true), s, ops);
                Files.writeString(dst, "old");
            } catch (IOException expected) {
                failures++;
                // after every failure, not only the last: the old file, or the whole new one where the
                // injected failure came after the rename had done its work (a rename that reports an error
                // once done, as NFS's retransmitted ones can); a close of the source that failed after the
                // rename reported a failed copy over a replaced destination before
                byte[] now = Files.readAllBytes(dst);
                if (!Arrays.equals(now, "old".getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
                    assertThat(now).as("after failing copy %d, %s: %s", i, ops.log, expected).isEqualTo(Files.readAllBytes(src));
                    assertThat(expected).hasMessageContaining("injected failure after rename");
                    Files.writeString(dst, "old");
                }
            }
        }
        assertThat(failures).isGreaterThan(500);
        assertThat(OpenDescriptors.openedSince(before)).as("descriptors left open").isEmpty();
        assertThat(Files.readString(dst)).isEqualTo("old");
        assertOnly("src", "dst");
    }
}
