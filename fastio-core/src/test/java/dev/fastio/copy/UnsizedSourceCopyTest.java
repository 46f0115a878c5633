package dev.fastio.copy;

import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.copy.BufferCopy;
import dev.fastio.internal.copy.TransferToCopy;
import dev.fastio.internal.copy.CopyStrategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.internal.UnsizedSources;
import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sources whose size reads 0 or is wrong are copied whole, as {@code cp} and {@code Files.copy}
 * copy them: procfs (size 0), sysfs (size 4096, less content) and named pipes (size 0, no
 * seeking), in every mode and with every strategy.
 */
class UnsizedSourceCopyTest {
    @TempDir
    Path dir;

    private static final List<CopyStrategy> STRATEGIES = List.of(BufferCopy.INSTANCE, TransferToCopy.INSTANCE);

    private static List<CopyOptions> modes() {
        return List.of(CopyOptions.defaults(), CopyOptions.defaults().atomic(false),
                CopyOptions.defaults().replaceExisting(true), CopyOptions.defaults().copyAttributes(true).durable(true));
    }

    @Test
    void procAndSysFilesAreCopiedWhole() throws Exception {
        List<Path> sources = new java.util.ArrayList<>(UnsizedSources.stableProcFiles());
        sources.addAll(UnsizedSources.sysfsFiles());
        assertThat(sources).isNotEmpty();
        int i = 0;
        for (Path src : sources) {
            for (CopyOptions o : modes()) {
                for (CopyStrategy s : STRATEGIES) {
                    Path dst = dir.resolve("out" + i++);
                    if (o.replaceExisting()) {
                        Files.writeString(dst, "old");
                    }
                    CopyResult r = CopyRunner.copy(src, dst, o, s, FileOps.JDK);
                    byte[] want = Files.readAllBytes(src);
                    assertThat(want).as("%s has content", src).isNotEmpty();
                    assertThat(Files.readAllBytes(dst)).as("%s with %s", src, s.name()).isEqualTo(want);
                    assertThat(r.bytes()).isEqualTo(want.length);
                }
            }
            // fastio's own choice too, and the JDK agrees
            Path dst = dir.resolve("choice" + i++);
            FileCopy.copy(src, dst);
            Path jdk = Files.copy(src, dir.resolve("jdk" + i++));
            assertThat(Files.readAllBytes(dst)).isEqualTo(Files.readAllBytes(jdk));
        }
    }

    @Test
    void namedPipesAreCopiedWholeAtEverySize() throws Exception {
        int i = 0;
        for (int n : UnsizedSources.PIPE_SIZES) {
            for (CopyOptions o : modes()) {
                byte[] want = UnsizedSources.content(n, n + i);
                Path pipe = UnsizedSources.pipe(dir, "pipe", want);
                Path dst = dir.resolve("out" + i++);
                if (o.replaceExisting()) {
                    Files.writeString(dst, "old");
                }
                CopyResult r = FileCopy.copy(pipe, dst, o);
                assertThat(Files.readAllBytes(dst)).as("%d bytes, %s", n, o).isEqualTo(want);
                assertThat(r.bytes()).isEqualTo(n);
                assertThat(r.strategy()).isEqualTo(n == 0 ? "buffer" : CopyRunner.TO_END);
            }
        }
        try (var files = Files.list(dir)) {
            assertThat(files.filter(f -> f.getFileName().toString().startsWith(".")).toList()).as("no temporary file left").isEmpty();
        }
    }

    /**
     * A pipe whose name is gone by the time the copy ends (a FIFO removed once opened, as a shell's
     * {@code <(…)} can be): the copy reads it to its end and asks its name nothing more.
     */
    @Test
    void aPipeWhoseNameIsRemovedMeanwhileIsCopiedWhole() throws Exception {
        byte[] want = UnsizedSources.content(300_000, 5);
        Path fifo = dir.resolve("vanishing");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertThat(mk.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && mk.exitValue() == 0).as("mkfifo").isTrue();
        Thread writer = new Thread(() -> {
            try (java.io.OutputStream out = Files.newOutputStream(fifo, java.nio.file.StandardOpenOption.WRITE)) {
                Files.delete(fifo); // both ends are open: the name is no longer needed
                out.write(want);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        Path dst = dir.resolve("from-vanished-pipe");
        CopyResult r = FileCopy.copy(fifo, dst);
        writer.join(10_000);
        assertThat(Files.exists(fifo)).isFalse();
        assertThat(Files.readAllBytes(dst)).isEqualTo(want);
        assertThat(r.bytes()).isEqualTo(want.length);
    }

    /**
     * The read-to-end path under fault injection: every call fails once, in turn, before or after
     * its work, for a pipe of several buffers; the destination is old (or absent) or whole, and
     * no temporary file is left.
     */
    @ParameterizedTest
    @ValueSource(strings = {"atomic-replace", "atomic-new", "in-place-new"})
    void everyInjectedFailureOnAPipeLeavesTheOldDestinationOrTheWholeNewOne(String config) throws Exception {
        boolean atomic = config.startsWith("atomic");
        boolean replace = config.endsWith("replace");
        CopyOptions o = CopyOptions.defaults().atomic(atomic).replaceExisting(replace);
        byte[] content = UnsizedSources.content(3 * CopyRunner.BUFFER_MAX + 17, 7);
        Path dst = dir.resolve("dst");
        FaultyOps counting = new FaultyOps(0, FaultyOps.Mode.BEFORE);
        FileCopyTest.reset(dst, replace);
        CopyRunner.copy(UnsizedSources.pipe(dir, "count", content), dst, o, null, counting);
        assertThat(counting.calls()).isGreaterThan(5);
        int k = 0;
        for (FaultyOps.Mode mode : FaultyOps.Mode.values()) {
            for (int n = 1; n <= counting.calls(); n++) {
                FileCopyTest.reset(dst, replace);
                FaultyOps ops = new FaultyOps(n, mode);
                String what = config + " " + mode + " call " + n;
                Path pipe = UnsizedSources.pipe(dir, "p" + k++, content);
                try {
                    CopyRunner.copy(pipe, dst, o, null, ops);
                } catch (IOException e) {
                    assertThat(e.getMessage()).as(what).contains("injected failure");
                    if (Files.exists(dst)) {
                        byte[] now = Files.readAllBytes(dst);
                        assertThat(now.length == content.length ? now : new String(now))
                                .as(what).isEqualTo(now.length == content.length ? content : "old");
                    } else {
                        assertThat(replace).as(what + ": the old destination is gone").isFalse();
                    }
                }
                Files.delete(pipe);
                try (var files = Files.list(dir)) {
                    assertThat(files.map(f -> f.getFileName().toString()).filter(f -> !f.equals("count") && !f.equals("dst")).toList())
                            .as(what + ": nothing left behind").isEmpty();
                }
            }
        }
    }

    @Test
    void aThousandFailingCopiesOfAProcFileLeakNoDescriptor() throws IOException {
        Path src = UnsizedSources.stableProcFiles().get(0);
        Path dst = Files.writeString(dir.resolve("dst"), "old");
        Random r = new Random(43);
        var before = OpenDescriptors.snapshot();
        int failures = 0;
        for (int i = 0; i < 1000; i++) {
            FaultyOps ops = new FaultyOps(1 + r.nextInt(7), r.nextBoolean() ? FaultyOps.Mode.BEFORE : FaultyOps.Mode.AFTER);
            try {
                CopyRunner.copy(src, dst, CopyOptions.defaults().replaceExisting(true), null, ops);
                Files.writeString(dst, "old");
            } catch (IOException expected) {
                failures++;
            }
        }
        assertThat(failures).isGreaterThan(300);
        assertThat(OpenDescriptors.openedSince(before)).as("descriptors left open").isEmpty();
        // a failure reported after the rename (AFTER mode on the last call) leaves the whole copy
        assertThat(Files.readString(dst)).isIn("old", Files.readString(src));
    }
}
