package dev.fastio.cache;

import dev.fastio.internal.version.ManualClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers that rewrite a file in place with the same size and put its old modification time
 * back: size, mtime and often the inode stay as they were, and only the ctime (and the bytes)
 * change. A validated get must see the new bytes. Each file is made older than the cache's
 * timestamp tick before it is loaded, so the entry is clean and only the stamp can catch the
 * change.
 */
class FileCacheRewriteTest {
    private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);

    @TempDir
    Path dir;

    /** One way to rewrite {@code f} with {@code content} (same length) and leave its mtime at {@link #OLD}. */
    enum Writer {
        JAVA_SET_MTIME {
            @Override
            void rewrite(Path dir, Path f, String content) throws Exception {
                Files.writeString(f, content);
                Files.setLastModifiedTime(f, OLD);
            }
        },
        JAVA_SET_TIMES {
            @Override
            void rewrite(Path dir, Path f, String content) throws Exception {
                Files.writeString(f, content);
                Files.getFileAttributeView(f, BasicFileAttributeView.class).setTimes(OLD, OLD, null);
            }
        },
        TOUCH_R {
            @Override
            void rewrite(Path dir, Path f, String content) throws Exception {
                Path ref = Files.writeString(dir.resolve("ref"), "");
                Files.setLastModifiedTime(ref, OLD);
                Files.writeString(f, content);
                run(dir, "touch", "-r", ref.toString(), f.toString());
            }
        },
        CP_P { // in place: cp opens the existing destination with O_TRUNC, then copies the times
            @Override
            void rewrite(Path dir, Path f, String content) throws Exception {
                Path src = Files.writeString(dir.resolve("src"), content);
                Files.setLastModifiedTime(src, OLD);
                run(dir, "cp", "-p", src.toString(), f.toString());
            }
        },
        TAR_X { // unlink and create: the freed inode number is often reused at once
            @Override
            void rewrite(Path dir, Path f, String content) throws Exception {
                Path stage = Files.createDirectories(dir.resolve("stage"));
                Path s = Files.writeString(stage.resolve(f.getFileName().toString()), content);
                Files.setLastModifiedTime(s, OLD);
                run(stage, "tar", "-cf", dir.resolve("a.tar").toString(), f.getFileName().toString());
                run(f.getParent(), "tar", "-xf", dir.resolve("a.tar").toString());
            }
        },
        RSYNC_T_INPLACE {
            @Override
            void rewrite(Path dir, Path f, String content) throws Exception {
                Path src = Files.writeString(dir.resolve("src"), content);
                Files.setLastModifiedTime(src, OLD);
                run(dir, "rsync", "-t", "--inplace", "--ignore-times", src.toString(), f.toString());
            }
        };

        abstract void rewrite(Path dir, Path f, String content) throws Exception;

        static void run(Path cwd, String... command) throws Exception {
            Process p;
            try {
                p = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
            } catch (IOException notInstalled) {
                assumeThat(false).as(command[0] + " is not installed").isTrue();
                return;
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(String.join(" ", command) + ": " + out).isZero();
        }
    }

    private final ManualClock clock = new ManualClock();

    private FileCache cache() throws IOException {
        return FileCache.builder().timestampResolution(Duration.ofMillis(20)).clock(clock).build();
    }

    /** A file whose mtime is {@link #OLD} and whose ctime the cache's clock sees as older than its 20 ms tick. */
    private Path oldFile(String content) throws Exception {
        Path f = Files.writeString(dir.resolve("data.txt"), content);
        Files.setLastModifiedTime(f, OLD);
        makeOld(f);
        return f;
    }

    /**
     * Moves the cache's clock past {@code f}'s tick, and waits until the filesystem's own
     * timestamp clock (coarse: a few ms on ext4 and tmpfs before Linux 6.13's fine-grained
     * ctimes) has moved past {@code f}'s ctime, so that a rewrite gets another one. No test
     * clock moves a filesystem's: this waits for an event (a probe file's ctime changing), not
     * for a set time.
     */
    private void makeOld(Path f) throws IOException {
        clock.advance(Duration.ofMillis(60));
        FileTime ctime = (FileTime) Files.getAttribute(f, "unix:ctime");
        Path probe = dir.resolve(".tick");
        do {
            Files.writeString(probe, "tick");
        } while (((FileTime) Files.getAttribute(probe, "unix:ctime")).compareTo(ctime) <= 0);
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void aSameSizeRewriteThatRestoresTheMtimeIsSeen(Writer writer) throws Exception {
        Path f = oldFile("version-1");
        try (FileCache cache = cache()) {
            assertThat(cache.get(f).asString()).isEqualTo("version-1");
            assertThat(cache.get(f).asString()).isEqualTo("version-1");
            assertThat(cache.stats().loads()).as("a clean entry: the second get was a stat").isEqualTo(1);
            writer.rewrite(dir, f, "version-2");
            assertThat(Files.size(f)).isEqualTo(9);
            assertThat(Files.getLastModifiedTime(f)).isEqualTo(OLD);
            assertThat(cache.get(f).asString()).isEqualTo("version-2");
            makeOld(f);
            writer.rewrite(dir, f, "version-3");
            assertThat(cache.get(f).asString()).isEqualTo("version-3");
        }
    }

    @Test
    void anEntryLoadedJustAfterAnOldMtimeWasRestoredIsConfirmedByContent() throws Exception {
        // the mtime is old but the ctime is new: the entry is racy by its ctime, so a rewrite in
        // the same ctime tick is caught by comparing bytes
        Path f = Files.writeString(dir.resolve("racy.txt"), "aaaa");
        Files.setLastModifiedTime(f, OLD);
        try (FileCache cache = FileCache.builder().timestampResolution(Duration.ofSeconds(2)).clock(clock).build()) {
            assertThat(cache.get(f).asString()).isEqualTo("aaaa");
            for (String v : List.of("bbbb", "cccc", "dddd")) {
                Files.writeString(f, v);
                Files.setLastModifiedTime(f, OLD);
                assertThat(cache.get(f).asString()).isEqualTo(v);
            }
        }
    }
}
