package dev.fastio.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.read.FileChangedException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many threads hitting one entry while a writer changes the file every way the stamp must catch:
 * replaced by rename, rewritten in place with the same size and its old mtime put back (only the
 * ctime moves), removed and made again. The writer waits longer than the cache's timestamp tick
 * between changes, so most gets find a clean entry and take the validated hit's check in place
 * (JDK 22+: one {@code statx} on the thread's own scratch); no get may return a version older
 * than the one in place when it began, and none may answer "no such file" while the file was
 * there throughout. A read that overlapped a change may say so ({@code FileChangedException}).
 */
class FileCacheHitRaceTest {
    private static final int SIZE = 4096;
    private static final FileTime OLD = FileTime.fromMillis(1_600_000_000_000L);

    @TempDir
    Path dir;

    private static byte[] version(int v) {
        return ByteBuffer.allocate(SIZE).putInt(v).array();
    }

    private static int versionOf(byte[] b) {
        return ByteBuffer.wrap(b).getInt();
    }

    /** What a get begins in: {@code version} in place, or being removed, or removed after it. */
    private record State(int version, int phase) {
        static final int PRESENT = 0;
        static final int REMOVING = 1;
        static final int REMOVED = 2;
    }

    @Test
    void readersNeverSeeAnOlderVersionWhileTheFileIsReplacedRewrittenAndRemoved() throws Exception {
        Path f = dir.resolve("f");
        Files.write(f, version(0));
        AtomicReference<State> state = new AtomicReference<>(new State(0, State.PRESENT));
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong gets = new AtomicLong();
        int changes = 90;
        int readers = 8;
        try (FileCache cache = FileCache.builder().timestampResolution(Duration.ofMillis(20)).build()) {
            ExecutorService pool = Executors.newFixedThreadPool(readers + 1);
            try {
                Future<?> writer = pool.submit(() -> {
                    for (int v = 1; v <= changes; v++) {
                        switch (v % 3) {
                            case 0 -> { // replaced by rename: another inode
                                Path tmp = Files.write(dir.resolve("tmp"), version(v));
                                Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                            }
                            case 1 -> { // in place, same size, the old mtime put back
                                try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                                    ch.write(ByteBuffer.wrap(version(v)), 0);
                                }
                                Files.setLastModifiedTime(f, OLD);
                            }
                            default -> { // removed, then made again
                                state.set(new State(v - 1, State.REMOVING));
                                Files.delete(f);
                                state.set(new State(v - 1, State.REMOVED));
                                Thread.sleep(40);
                                // made whole, then named: an empty file in between would be a version of its own
                                Files.move(Files.write(dir.resolve("tmp"), version(v)), f, StandardCopyOption.ATOMIC_MOVE);
                            }
                        }
                        state.set(new State(v, State.PRESENT));
                        Thread.sleep(40); // past the 20 ms tick: the loads after it make clean entries
                    }
                    done.set(true);
                    return null;
                });
                List<Future<?>> running = new ArrayList<>();
                for (int r = 0; r < readers; r++) {
                    running.add(pool.submit(() -> {
                        while (!done.get()) {
                            State before = state.get();
                            try {
                                int got = versionOf(cache.get(f).bytes());
                                // once removed, only the version made after the removal may come back
                                int oldest = before.phase == State.REMOVED ? before.version + 1 : before.version;
                                assertThat(got).as("a get that began in %s", before).isGreaterThanOrEqualTo(oldest);
                            } catch (FileChangedException changedDuringTheRead) {
                                // allowed: a read that overlapped a change says so (the uncached read after a
                                // failed stat, which the removal causes, is checked like any FastRead)
                            } catch (NoSuchFileException gone) {
                                assertThat(before.phase != State.PRESENT || state.get() != before)
                                        .as("no such file while %s held throughout", before).isTrue();
                            }
                            gets.incrementAndGet();
                        }
                        return null;
                    }));
                }
                writer.get(2, TimeUnit.MINUTES);
                for (Future<?> r : running) {
                    r.get(1, TimeUnit.MINUTES);
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(versionOf(cache.get(f).bytes())).isEqualTo(changes);
            CacheStats stats = cache.stats();
            assertThat(stats.hits()).as("validated hits taken (%s, %d gets)", stats, gets.get()).isGreaterThan(1000);
        }
    }
}
