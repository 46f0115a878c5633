package dev.fastio.internal.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DirectBuffersTest {
    @Test
    void aBufferGivenBackIsHandedOutAgainClearedAndBigEndian() {
        ByteBuffer a = DirectBuffers.take();
        assertThat(a.isDirect()).isTrue();
        assertThat(a.capacity()).isEqualTo(DirectBuffers.SIZE);
        a.order(ByteOrder.LITTLE_ENDIAN).position(17).limit(99);
        DirectBuffers.give(a);
        ByteBuffer again = drainUntil(a);
        assertThat(again.position()).isZero();
        assertThat(again.limit()).isEqualTo(DirectBuffers.SIZE);
        assertThat(again.order()).isEqualTo(ByteOrder.BIG_ENDIAN);
        DirectBuffers.give(again);
    }

    /** Takes buffers until {@code wanted} comes back (other tests may have left buffers pooled), then returns the others. */
    private static ByteBuffer drainUntil(ByteBuffer wanted) {
        List<ByteBuffer> others = new ArrayList<>();
        try {
            for (int i = 0; i <= DirectBuffers.POOL_MAX; i++) {
                ByteBuffer b = DirectBuffers.take();
                if (b == wanted) {
                    return b;
                }
                others.add(b);
            }
            throw new AssertionError("the buffer given back was not pooled");
        } finally {
            others.forEach(DirectBuffers::give);
        }
    }

    @Test
    void thePoolKeepsAtMostTwoBuffersPerCore() {
        List<ByteBuffer> many = new ArrayList<>();
        for (int i = 0; i < DirectBuffers.POOL_MAX + 5; i++) {
            many.add(DirectBuffers.take());
        }
        many.forEach(DirectBuffers::give);
        assertThat(DirectBuffers.pooled()).isEqualTo(DirectBuffers.POOL_MAX);
    }

    @Test
    void onlyItsOwnBuffersGoBack() {
        assertThatThrownBy(() -> DirectBuffers.give(ByteBuffer.allocate(DirectBuffers.SIZE)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DirectBuffers.give(ByteBuffer.allocateDirect(1024)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBufferGivenBackTwiceIsRefused() {
        ByteBuffer b = DirectBuffers.take();
        DirectBuffers.give(b);
        assertThatThrownBy(() -> DirectBuffers.give(b)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("twice");
        assertThat(drainUntil(b)).isSameAs(b); // still pooled once
        DirectBuffers.give(b);
    }

    @Test
    void noTwoHoldersShareABufferUnderContention() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        Set<ByteBuffer> held = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 20_000; i++) {
                        ByteBuffer b = DirectBuffers.take();
                        assertThat(held.add(b)).as("a buffer handed to two holders at once").isTrue();
                        held.remove(b);
                        DirectBuffers.give(b);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(DirectBuffers.pooled()).isLessThanOrEqualTo(DirectBuffers.POOL_MAX);
    }
}
