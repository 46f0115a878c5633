package dev.fastio.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A validated get never returns content older than the file's state when the get began: once a
 * rename of version N has returned, every get that starts afterwards gives N or later.
 */
class FileCacheLinearizableTest {
    private static final int SIZE = 4096;

    @TempDir
    Path dir;

    /** Version {@code v}: its number in the first four bytes, the same length for every version. */
    private static byte[] version(int v) {
        return ByteBuffer.allocate(SIZE).putInt(v).array();
    }

    private static int versionOf(byte[] b) {
        return ByteBuffer.wrap(b).getInt();
    }

    private void publish(Path f, int v) throws IOException {
        Path tmp = Files.write(dir.resolve("v.tmp"), version(v));
        Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The interleaving that served an old version: a load that read version 2 is paused before it
     * publishes; version 3 is renamed in; a get that starts then must wait for that load (one load
     * per key) and must not take its version-2 entry.
     */
    @RepeatedTest(5)
    void aGetWaitingOnAnOlderLoadDoesNotTakeItsResult() throws Exception {
        Path f = dir.resolve("f");
        publish(f, 1);
        CountDownLatch paused = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean pauseNext = new AtomicBoolean();
        try (FileCache cache = FileCache.builder().loadHook(() -> {
            if (pauseNext.compareAndSet(true, false)) {
                paused.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }).build()) {
            assertThat(versionOf(cache.get(f).bytes())).isEqualTo(1);
            publish(f, 2);
            pauseNext.set(true);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<Integer> early = pool.submit(() -> versionOf(cache.get(f).bytes()));
                assertThat(paused.await(10, TimeUnit.SECONDS)).isTrue(); // it has read version 2
                publish(f, 3);
                AtomicReference<Thread> lateThread = new AtomicReference<>();
                Future<Integer> late = pool.submit(() -> {
                    lateThread.set(Thread.currentThread());
                    return versionOf(cache.get(f).bytes()); // began after version 3 was in place
                });
                awaitBlocked(lateThread);
                release.countDown();
                assertThat(early.get(10, TimeUnit.SECONDS)).isEqualTo(2); // began before version 3: fine
                assertThat(late.get(10, TimeUnit.SECONDS)).isEqualTo(3);
            } finally {
                release.countDown();
                pool.shutdownNow();
            }
        }
    }

    /** Waits until {@code t} is parked or blocked: here, on the key's lock, behind the paused load. */
    private static void awaitBlocked(AtomicReference<Thread> t) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Thread x = t.get();
            if (x != null && (x.getState() == Thread.State.BLOCKED || x.getState() == Thread.State.WAITING)) {
                return;
            }
            Thread.sleep(1);
        }
        throw new AssertionError("the second get never waited for the first load");
    }

    /** The same rule by chance: three readers against a writer renaming numbered versions in. */
    @Test
    void readersNeverSeeAVersionOlderThanTheLastCompletedRename() throws Exception {
        Path f = dir.resolve("f");
        publish(f, 0);
        AtomicInteger published = new AtomicInteger();
        int rounds = 1500;
        for (Duration tick : new Duration[] {Duration.ofSeconds(2), Duration.ofMillis(1)}) {
            try (FileCache cache = FileCache.builder().timestampResolution(tick).build()) {
                AtomicBoolean done = new AtomicBoolean();
                ExecutorService pool = Executors.newFixedThreadPool(4);
                try {
                    Future<?> writer = pool.submit(() -> {
                        for (int v = published.get() + 1, end = v + rounds; v < end; v++) {
                            publish(f, v);
                            published.set(v);
                        }
                        done.set(true);
                        return null;
                    });
                    Future<?>[] readers = new Future<?>[3];
                    for (int r = 0; r < readers.length; r++) {
                        readers[r] = pool.submit(() -> {
                            while (!done.get()) {
                                int before = published.get();
                                int got = versionOf(cache.get(f).bytes());
                                assertThat(got).as("a get that began after version %d was renamed in", before)
                                        .isGreaterThanOrEqualTo(before);
                            }
                            return null;
                        });
                    }
                    writer.get(120, TimeUnit.SECONDS);
                    for (Future<?> r : readers) {
                        r.get(60, TimeUnit.SECONDS);
                    }
                } finally {
                    pool.shutdownNow();
                }
                assertThat(versionOf(cache.get(f).bytes())).isEqualTo(published.get());
            }
        }
    }
}
