package dev.fastio.internal.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PartsTest {
    @Test
    void everyPartRunsOncePartZeroOnTheCaller() throws IOException {
        ConcurrentHashMap<Integer, Thread> ran = new ConcurrentHashMap<>();
        Parts.run(5, k -> assertThat(ran.put(k, Thread.currentThread())).isNull());
        assertThat(ran).containsOnlyKeys(0, 1, 2, 3, 4);
        assertThat(ran.get(0)).isSameAs(Thread.currentThread());
        assertThat(ran.values()).doesNotHaveDuplicates();
    }

    @Test
    void theFirstFailureInPartOrderIsThrownAfterEveryPartHasStopped() {
        AtomicBoolean slowPartFinished = new AtomicBoolean();
        assertThatThrownBy(() -> Parts.run(4, k -> {
            if (k == 1) {
                sleep(200);
                slowPartFinished.set(true);
            }
            if (k == 2) {
                throw new IOException("part 2");
            }
            if (k == 3) {
                throw new IOException("part 3");
            }
        })).isInstanceOf(IOException.class).hasMessage("part 2");
        assertThat(slowPartFinished).isTrue();
    }

    @Test
    void uncheckedFailuresKeepTheirType() {
        assertThatThrownBy(() -> Parts.run(2, k -> {
            if (k == 1) {
                throw new IllegalStateException("boom");
            }
        })).isInstanceOf(IllegalStateException.class).hasMessage("boom");
        assertThatThrownBy(() -> Parts.run(1, k -> {
            throw new StackOverflowError("deep");
        })).isInstanceOf(StackOverflowError.class);
    }

    @Test
    void anInterruptWaitsForThePartsThenSaysSo() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger finished = new AtomicInteger();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean flagAfter = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            try {
                Parts.run(3, k -> {
                    if (k == 0) {
                        started.countDown();
                    } else {
                        sleep(300);
                    }
                    finished.incrementAndGet();
                });
            } catch (Throwable t) {
                thrown.set(t);
            }
            flagAfter.set(Thread.currentThread().isInterrupted());
        });
        caller.start();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        caller.interrupt();
        caller.join(10_000);
        assertThat(finished).hasValue(3);
        assertThat(thrown.get()).isInstanceOf(InterruptedIOException.class);
        assertThat(flagAfter).isTrue();
    }

    @Test
    void atLeastOnePart() {
        assertThatThrownBy(() -> Parts.run(0, k -> {})).isInstanceOf(IllegalArgumentException.class);
    }

    private static void sleep(long ms) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (System.nanoTime() < end) {
            try {
                Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
            } catch (InterruptedException e) {
                // keep sleeping: the test interrupts the caller, not the parts
            }
        }
    }
}
