package dev.fastio.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.copy.CopyRunner;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.SyscallFaults;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.read.Growth;
import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native copy (JDK 22+) with each of its system calls failing in turn: {@code open},
 * {@code statx}, {@code ioctl}, {@code lseek}, {@code copy_file_range}, {@code pread},
 * {@code pwrite}, {@code ftruncate}, {@code fsync}, {@code linkat}, {@code renameat2}, {@code rename},
 * {@code unlink} and {@code close}, in every destination mode and byte strategy. After each:
 * the destination is the old one, absent, or complete (never partial), no temporary file is in
 * the folder, no descriptor is left open, and an error names the files. A growing copy
 * ({@code Growth.PREFIX}) of a source appended to during the copy keeps the same promises, its
 * "complete" being the source's bytes up to its size at open.
 */
class NativeCopyFaultTest {
    private static final int EIO = 5;
    private static final int ENOSPC = 28;

    @TempDir
    Path dir;

    record Mode(String name, CopyOptions options, boolean oldExists) {}

    static List<Mode> modes() {
        CopyOptions d = CopyOptions.defaults();
        List<Mode> modes = new ArrayList<>();
        modes.add(new Mode("atomic, new", d, false));
        modes.add(new Mode("atomic, replacing", d.replaceExisting(true), true));
        modes.add(new Mode("atomic, durable, attributes", d.replaceExisting(true).durable(true).copyAttributes(true), true));
        modes.add(new Mode("in place, new", d.atomic(false), false));
        modes.add(new Mode("in place, replacing", d.atomic(false).replaceExisting(true), true));
        // the source grows by 1000 bytes at the copy's first progress: the destination is the old one or the prefix
        modes.add(new Mode("atomic, replacing, growing", d.replaceExisting(true).growth(Growth.PREFIX), true));
        return modes;
    }

    @Test
    void everyFailingCallLeavesTheDestinationOldAbsentOrCompleteAndNothingBehind() throws Exception {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        byte[] dense = FileCopyTest.random(700_000, 1);
        Path denseSrc = Files.write(dir.resolve("dense"), dense);
        Path sparseSrc = SparseCopyTest.sparse(dir.resolve("sparse"), 3L << 20,
                new long[][] {{0, 5000}, {1 << 20, 70_000}, {(3 << 20) - 3, 3}}, 2);
        byte[] sparse = Files.readAllBytes(sparseSrc);
        Path dst = dir.resolve("dst");
        byte[] old = "the old destination".getBytes();
        var fds = OpenDescriptors.snapshot();
        int runs = 0;
        List<String> callsSeen = new ArrayList<>();
        for (Mode mode : modes()) {
            for (Path src : new Path[] {denseSrc, sparseSrc}) {
                byte[] content = src == denseSrc ? dense : sparse;
                for (When sparseMode : When.values()) {
                    for (When reflink : new When[] {When.AUTO, When.NEVER}) {
                        boolean growing = mode.options().growth() == Growth.PREFIX;
                        CopyOptions base = mode.options().sparse(sparseMode).reflink(reflink);
                        for (int errno : new int[] {EIO, ENOSPC, -EIO}) { // -EIO: EIO, on a filesystem that refuses renameat2
                            for (int failAt = 1; ; failAt++) {
                                Files.deleteIfExists(dst);
                                if (mode.oldExists()) {
                                    Files.write(dst, old);
                                }
                                CopyOptions o = base;
                                if (growing) {
                                    try (FileChannel w = FileChannel.open(src, StandardOpenOption.WRITE)) {
                                        w.truncate(content.length); // the prefix, as before the last run's append
                                    }
                                    o = base.progress(appendOnce(src));
                                }
                                SyscallFaults plan = SyscallFaults.failing(failAt, Math.abs(errno));
                                if (errno < 0) {
                                    plan.refusing("renameat2", 22);
                                }
                                String what = mode.name() + ", " + src.getFileName() + ", sparse=" + sparseMode
                                        + ", reflink=" + reflink + ", errno " + errno + ", failing call " + failAt;
                                IOException failure = null;
                                try {
                                    // FileCopy.copy, through a layer whose calls consult the plan
                                    CopyRunner.copy(src, dst, o, null, FileOps.JDK, NativeLayer.awaitBound().withFaults(plan), OneVersion.SYSTEM);
                                } catch (IOException e) {
                                    failure = e;
                                }
                                runs++;
                                List<String> log = plan.log();
                                String failed = plan.fired() ? log.get(failAt - 1) : "none";
                                what += " (" + failed + "; calls " + log + ")";
                                if (plan.fired()) {
                                    callsSeen.add(failed);
                                }
                                if (failure == null) {
                                    assertThat(Files.readAllBytes(dst)).as(what + ": a copy that returned is complete")
                                            .isEqualTo(content);
                                } else {
                                    assertThat(plan.fired()).as(what + ": failed without a fault: " + failure).isTrue();
                                    assertThat(failure.getMessage()).as(what).isNotNull();
                                    boolean named = failure.getMessage().contains(dst.toString())
                                            || failure.getMessage().contains(src.toString())
                                            || failure.getMessage().contains(dir.toString());
                                    assertThat(named).as(what + ": the error names a file: " + failure).isTrue();
                                    if (Files.exists(dst)) {
                                        byte[] now = Files.readAllBytes(dst);
                                        if (!java.util.Arrays.equals(now, content)) {
                                            assertThat(now).as(what + ": the destination is old or complete, never partial")
                                                    .isEqualTo(old);
                                        }
                                    }
                                    if (mode.options().atomic() && mode.oldExists()
                                            && !(failure instanceof FileAlreadyExistsException)) {
                                        assertThat(Files.readAllBytes(dst)).as(what + ": atomic keeps the old one").isEqualTo(old);
                                    }
                                }
                                try (Stream<Path> files = Files.list(dir)) {
                                    assertThat(files.map(p -> p.getFileName().toString()))
                                            .as(what + ": nothing left behind")
                                            .allMatch(n -> n.equals("dense") || n.equals("sparse") || n.equals("dst"));
                                }
                                assertThat(OpenDescriptors.openedSince(fds)).as(what + ": descriptors").isEmpty();
                                if (!plan.fired()) {
                                    break; // every call of this copy has failed once
                                }
                            }
                        }
                    }
                }
            }
        }
        assertThat(runs).isGreaterThan(300);
        assertThat(callsSeen).contains("open", "statx", "ioctl", "lseek", "copy_file_range", "pread", "pwrite",
                "ftruncate", "fsync", "linkat", "renameat2", "rename", "unlink", "close");
    }

    /** A listener that appends 1000 bytes to {@code src} at the first progress, through the JDK (no syscall of the plan). */
    private static CopyProgress appendOnce(Path src) {
        boolean[] done = {false};
        return (copied, total) -> {
            if (!done[0]) {
                done[0] = true;
                try {
                    Files.write(src, new byte[1000], StandardOpenOption.APPEND);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        };
    }

    @Test
    void aDestinationThatAppearsDuringTheCopyIsNotClobbered() throws Exception {
        assumeThat(NativeLayer.awaitBound().active()).as("the native layer").isTrue();
        Path src = Files.write(dir.resolve("src"), FileCopyTest.random(40 << 20, 4));
        Path dst = dir.resolve("dst");
        boolean[] once = {false};
        CopyOptions o = CopyOptions.defaults().reflink(When.NEVER).progress((d, t) -> {
            if (!once[0]) {
                once[0] = true;
                try {
                    Files.writeString(dst, "theirs");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> FileCopy.copy(src, dst, o))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(dst)).isEqualTo("theirs");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(2);
        }
    }
}
