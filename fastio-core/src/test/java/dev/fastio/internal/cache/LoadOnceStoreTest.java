package dev.fastio.internal.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One load per key at a time, and no lock held while a file is read: a load blocked for as long
 * as a stalled mount blocks it delays no get and no load of another key, even one in the same
 * bin of the map (all keys here hash alike), where loading inside the map's {@code compute}
 * made them wait (issue 60).
 */
class LoadOnceStoreTest {
    /** Every key hashes alike: all of them share one bin of any hash map. */
    record Key(int id) {
        @Override
        public int hashCode() {
            return 7;
        }
    }

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    /** A latch's wait as a loader may wait: an interrupt is an InterruptedIOException. */
    private static void await(CountDownLatch latch) throws IOException {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted");
        }
    }

    /** A load of {@code key} on another thread that has begun reading and waits, until {@link #release}, to return {@code value}. */
    private final class BlockedLoad {
        final CountDownLatch release = new CountDownLatch(1);
        final Future<String> result;

        BlockedLoad(LoadOnceStore<Key, String> store, Key key, String value) throws InterruptedException {
            CountDownLatch started = new CountDownLatch(1);
            result = threads.submit(() -> store.load(key, e -> true, k -> {
                started.countDown();
                await(release);
                return value;
            }));
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        }

        String release() throws Exception {
            release.countDown();
            return result.get(10, TimeUnit.SECONDS);
        }
    }

    private static LoadOnceStore<Key, String> store() {
        return new LoadOnceStore<>(1 << 20, String::length, (k, e) -> {}, new CacheCounters(64));
    }

    @Test
    void aBlockedLoadDelaysNoOtherKeyAndItsOwnWaitersTakeWhatItLoaded() throws Exception {
        LoadOnceStore<Key, String> store = store();
        store.load(new Key(0), e -> true, k -> "cached");
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger slowLoads = new AtomicInteger();
        Future<String> slow = threads.submit(() -> store.load(new Key(1), e -> true, k -> {
            slowLoads.incrementAndGet();
            started.countDown();
            await(release);
            return "slow";
        }));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        try {
            // another key in the same bin: loaded, and a cached one got, while the slow load holds on
            Future<String> other = threads.submit(() -> store.load(new Key(2), e -> true, k -> "other"));
            assertThat(other.get(10, TimeUnit.SECONDS)).isEqualTo("other");
            Future<String> hit = threads.submit(() -> store.load(new Key(0), e -> true, k -> "loaded again"));
            assertThat(hit.get(10, TimeUnit.SECONDS)).isEqualTo("cached");
            assertThat(store.getIfPresent(new Key(2))).isEqualTo("other");
            // the same key waits for the load under way rather than starting its own
            Future<String> same = threads.submit(() -> store.load(new Key(1), e -> true, k -> "a second load"));
            Thread.sleep(200);
            assertThat(same).isNotDone();
            release.countDown();
            assertThat(slow.get(10, TimeUnit.SECONDS)).isEqualTo("slow");
            assertThat(same.get(10, TimeUnit.SECONDS)).isEqualTo("slow");
            assertThat(slowLoads).hasValue(1);
            assertThat(store.stats().loads()).isEqualTo(3);
        } finally {
            release.countDown();
        }
    }

    @Test
    void aWaiterThatCannotUseTheEntryLoadsAgainAndAFailedLoadLeavesTheOldEntry() throws Exception {
        LoadOnceStore<Key, String> store = store();
        store.load(new Key(1), e -> true, k -> "old");
        assertThatThrownBy(() -> store.load(new Key(1), e -> false, k -> {
            throw new IOException("disk gone");
        })).isInstanceOf(IOException.class).hasMessage("disk gone");
        assertThat(store.getIfPresent(new Key(1))).isEqualTo("old");
        // an entry the get will not take: loaded again
        assertThat(store.load(new Key(1), e -> !e.equals("old"), k -> "new")).isEqualTo("new");
        assertThat(store.getIfPresent(new Key(1))).isEqualTo("new");
    }

    @Test
    void aLoadThatOverlapsAnInvalidationIsNotStored() throws Exception {
        LoadOnceStore<Key, String> store = store();
        BlockedLoad load = new BlockedLoad(store, new Key(1), "read before the invalidation");
        store.invalidate(new Key(1));
        assertThat(load.release()).isEqualTo("read before the invalidation");
        assertThat(store.getIfPresent(new Key(1))).as("the invalidation, which came later, stands").isNull();
        assertThat(store.load(new Key(1), e -> true, k -> "after")).isEqualTo("after");
        assertThat(store.getIfPresent(new Key(1))).isEqualTo("after");
    }

    @Test
    void aWaiterInterruptedGivesUpWithAnInterruptedIoException() throws Exception {
        LoadOnceStore<Key, String> store = store();
        BlockedLoad slow = new BlockedLoad(store, new Key(1), "slow");
        try {
            Thread.currentThread().interrupt();
            assertThatThrownBy(() -> store.load(new Key(1), e -> true, k -> "mine")).isInstanceOf(java.io.InterruptedIOException.class);
            assertThat(Thread.interrupted()).as("the interrupt is kept").isTrue();
        } finally {
            slow.release.countDown();
        }
    }

    @Test
    void anInvalidationOfAnotherKeyDoesNotKeepALoadFromBeingStored() throws Exception {
        // a failed stat of one file invalidates its key: every other file's load must still be kept (found from outside)
        LoadOnceStore<Key, String> store = store();
        BlockedLoad load = new BlockedLoad(store, new Key(1), "kept");
        store.invalidate(new Key(2));
        assertThat(load.release()).isEqualTo("kept");
        assertThat(store.getIfPresent(new Key(1))).isEqualTo("kept");
    }

    @Test
    void aLoadThatOverlapsAnInvalidateAllOrAnInvalidateIfIsNotStored() throws Exception {
        for (int way = 0; way < 2; way++) {
            LoadOnceStore<Key, String> store = store();
            BlockedLoad load = new BlockedLoad(store, new Key(1), "read before");
            if (way == 0) {
                store.invalidateAll();
            } else {
                store.invalidateIf((k, e) -> true);
            }
            assertThat(load.release()).isEqualTo("read before");
            assertThat(store.getIfPresent(new Key(1))).as("way %d", way).isNull();
        }
    }

    /**
     * Writers publish a new version and then invalidate; readers take any stored entry. No read
     * that began after an invalidation returned may see a version older than the one published
     * before it (a load overlapping the invalidation must not be stored after it).
     */
    @Test
    void noGetSeesAVersionOlderThanAnInvalidationThatReturnedBeforeItBegan() throws Exception {
        LoadOnceStore<Key, Long> store = new LoadOnceStore<>(1 << 20, v -> 8, (k, e) -> {}, new CacheCounters(64));
        java.util.concurrent.atomic.AtomicLong version = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong invalidated = new java.util.concurrent.atomic.AtomicLong(); // the version current at the last invalidate's return
        java.util.concurrent.atomic.AtomicLong stale = new java.util.concurrent.atomic.AtomicLong();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        List<Future<?>> running = new java.util.ArrayList<>();
        running.add(threads.submit(() -> {
            while (System.nanoTime() < end) {
                long v = version.incrementAndGet();
                if ((v & 1) == 0) {
                    store.invalidate(new Key(1));
                } else {
                    store.invalidateAll();
                }
                invalidated.accumulateAndGet(v, Math::max);
            }
            return null;
        }));
        for (int t = 0; t < 3; t++) {
            running.add(threads.submit(() -> {
                while (System.nanoTime() < end) {
                    long floor = invalidated.get();
                    long got = store.load(new Key(1), e -> true, k -> version.get());
                    if (got < floor) {
                        stale.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get(30, TimeUnit.SECONDS);
        }
        assertThat(stale).as("gets older than an invalidation that returned before they began").hasValue(0);
    }
}
