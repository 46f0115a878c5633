package dev.fastio.cache;

import dev.fastio.internal.version.ManualClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileCacheTest {
    @TempDir
    Path dir;

    @Test
    void hitsMissesAndImmutableViews() throws IOException {
        Path f = Files.writeString(dir.resolve("a.csv"), "0,1,2,3,4,5\n6,7\n");
        try (FileCache cache = FileCache.builder().build()) {
            FileContent first = cache.get(f);
            FileContent second = cache.get(f);
            assertThat(second).isSameAs(first);
            assertThat(first.lines(StandardCharsets.UTF_8)).containsExactly("0,1,2,3,4,5", "6,7");
            assertThat(cache.stats()).isEqualTo(new CacheStats(1, 1, 1, 0, 0, f.toFile().length()));
            byte[] copy = first.bytes();
            copy[0] = 'X';
            assertThat(cache.get(f).asString()).startsWith("0,1");
            assertThatThrownBy(() -> first.asByteBuffer().put(0, (byte) 1)).isInstanceOf(ReadOnlyBufferException.class);
        }
    }

    @Test
    void aSameSizeRewriteWithinOneTimestampTickIsNotServedStale() throws IOException {
        Path f = Files.writeString(dir.resolve("tick.txt"), "version-1");
        try (FileCache cache = FileCache.builder().build()) {
            FileTime mtime = Files.getLastModifiedTime(f);
            assertThat(cache.get(f).asString()).isEqualTo("version-1");
            // same size, same inode, and the clock did not tick: only the bytes differ
            Files.writeString(f, "version-2");
            Files.setLastModifiedTime(f, mtime);
            assertThat(cache.get(f).asString()).isEqualTo("version-2");
        }
    }

    @Test
    void anOldFileIsCheckedByStatAloneAndAMovedMtimeIsCaught() throws IOException {
        long old = System.currentTimeMillis() - 60_000;
        Path f = Files.writeString(dir.resolve("old.txt"), "stable");
        Files.setLastModifiedTime(f, FileTime.fromMillis(old));
        try (FileCache cache = FileCache.builder().build()) {
            cache.get(f);
            assertThat(cache.get(f).asString()).isEqualTo("stable");
            assertThat(cache.stats().loads()).isEqualTo(1); // an old, unchanged file is not re-read
            Files.writeString(f, "STABLE"); // same size, and an mtime that is still old, but not the same
            Files.setLastModifiedTime(f, FileTime.fromMillis(old + 1_000));
            assertThat(cache.get(f).asString()).isEqualTo("STABLE");
        }
    }

    @Test
    void replacementByRenameAndDeletionAreSeen() throws IOException {
        Path f = Files.writeString(dir.resolve("r.txt"), "one");
        try (FileCache cache = FileCache.builder().build()) {
            assertThat(cache.get(f).asString()).isEqualTo("one");
            Path tmp = Files.writeString(dir.resolve("r.tmp"), "two");
            Files.setLastModifiedTime(tmp, Files.getLastModifiedTime(f));
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            assertThat(cache.get(f).asString()).isEqualTo("two"); // new inode
            Files.delete(f);
            assertThatThrownBy(() -> cache.get(f)).isInstanceOf(NoSuchFileException.class);
            assertThat(cache.stats().bytesHeld()).isZero();
        }
    }

    @Test
    void periodicAndTrustedValidation() throws Exception {
        Path f = Files.writeString(dir.resolve("p.txt"), "aaa");
        Files.setLastModifiedTime(f, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        ManualClock clock = new ManualClock();
        try (FileCache every = FileCache.builder().validation(Validation.every(Duration.ofSeconds(1))).clock(clock).build();
                FileCache trust = FileCache.builder().validation(Validation.trustUntilInvalidated()).clock(clock).build()) {
            every.get(f);
            trust.get(f);
            Files.writeString(f, "bbbb");
            assertThat(every.get(f).asString()).isEqualTo("aaa"); // within the interval
            assertThat(trust.get(f).asString()).isEqualTo("aaa");
            clock.advance(Duration.ofMillis(999));
            assertThat(every.get(f).asString()).isEqualTo("aaa"); // still within it
            clock.advance(Duration.ofMillis(1));
            assertThat(every.get(f).asString()).isEqualTo("bbbb");
            assertThat(trust.get(f).asString()).isEqualTo("aaa");
            trust.invalidate(f);
            assertThat(trust.get(f).asString()).isEqualTo("bbbb");
        }
    }

    @Test
    void trustedHitsAreCountedAndReturnTheCachedContent() throws IOException {
        Path f = Files.writeString(dir.resolve("t.txt"), "trusted");
        try (FileCache cache = FileCache.builder().validation(Validation.trustUntilInvalidated()).build()) {
            FileContent first = cache.get(f);
            for (int i = 0; i < 100; i++) {
                assertThat(cache.get(f)).isSameAs(first);
            }
            assertThat(cache.stats().hits()).isEqualTo(100); // one thread: exact
            assertThat(cache.stats().misses()).isEqualTo(1);
            assertThat(cache.stats().loads()).isEqualTo(1);
        }
    }

    @Test
    void theByteBoundHoldsAndLargerFilesAreServedUncached() throws IOException {
        long bound = 1 << 20;
        try (FileCache cache = FileCache.builder().maximumBytes(bound).build()) {
            for (int i = 0; i < 100; i++) {
                Path f = Files.write(dir.resolve("f" + i), new byte[100_000 + i]);
                cache.get(f);
                assertThat(cache.stats().bytesHeld()).isLessThanOrEqualTo(bound);
            }
            assertThat(cache.stats().evictions()).isGreaterThan(80);
            Path big = Files.write(dir.resolve("big"), new byte[(int) bound + 1]);
            assertThat(cache.get(big).size()).isEqualTo((int) bound + 1);
            assertThat(cache.stats().uncached()).isEqualTo(1);
            assertThat(cache.stats().bytesHeld()).isLessThanOrEqualTo(bound);
        }
    }

    @Test
    void concurrentMissesLoadOnce() throws Exception {
        Path f = Files.write(dir.resolve("herd"), new byte[4 << 20]);
        ManualClock clock = new ManualClock();
        clock.advance(Duration.ofMillis(50)); // older than the cache's tick (mtime and ctime), so not racy: a stamp vouches for it
        try (FileCache cache = FileCache.builder().maximumBytes(64 << 20).timestampResolution(Duration.ofMillis(20)).clock(clock).build()) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            CountDownLatch go = new CountDownLatch(1);
            Future<?>[] fs = new Future<?>[8];
            for (int t = 0; t < 8; t++) {
                fs[t] = pool.submit(() -> {
                    go.await();
                    return cache.get(f);
                });
            }
            go.countDown();
            for (Future<?> x : fs) {
                x.get(30, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertThat(cache.stats().loads()).isEqualTo(1);
        }
    }

    /** A version of the file: every byte says which version it belongs to. */
    private static byte[] version(int v, int size) {
        byte[] b = new byte[size];
        Arrays.fill(b, (byte) (v % 251));
        return b;
    }

    private static boolean isOneVersion(byte[] b, int size) {
        if (b.length != size) {
            return false;
        }
        for (byte x : b) {
            if (x != b[0]) {
                return false;
            }
        }
        return true;
    }

    @Test
    void atomicRenameRewritesAreNeverSeenMixed() throws Exception {
        int size = 64 * 1024;
        Path f = Files.write(dir.resolve("atomic"), version(0, size));
        int rounds = 400;
        try (FileCache cache = FileCache.builder().build()) {
            AtomicBoolean done = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(3);
            Future<Integer> writer = pool.submit(() -> {
                for (int v = 1; v <= rounds; v++) {
                    Path tmp = Files.write(dir.resolve("atomic.tmp"), version(v, size));
                    Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
                done.set(true);
                return rounds;
            });
            Future<?>[] readers = new Future<?>[2];
            for (int r = 0; r < 2; r++) {
                readers[r] = pool.submit(() -> {
                    int reads = 0;
                    while (!done.get() || reads < 100) {
                        byte[] b = cache.get(f).bytes();
                        assertThat(isOneVersion(b, size)).as("a complete version").isTrue();
                        reads++;
                    }
                    return null;
                });
            }
            writer.get(60, TimeUnit.SECONDS);
            for (Future<?> r : readers) {
                r.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertThat(cache.get(f).bytes()).isEqualTo(version(rounds, size));
        }
    }

    @Test
    void inPlaceRewritesNeverLeaveATornValueBehind() throws Exception {
        int size = 256 * 1024;
        Path f = Files.write(dir.resolve("inplace"), version(0, size));
        int rounds = 300;
        try (FileCache cache = FileCache.builder().build()) {
            AtomicBoolean done = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(3);
            Future<?> writer = pool.submit(() -> {
                for (int v = 1; v <= rounds; v++) {
                    Files.write(f, version(v, size)); // truncate + write: readers can see anything
                }
                done.set(true);
                return null;
            });
            Future<?>[] readers = new Future<?>[2];
            for (int r = 0; r < 2; r++) {
                readers[r] = pool.submit(() -> {
                    while (!done.get()) {
                        cache.get(f); // may be torn while the writer runs; must not stay so
                    }
                    return null;
                });
            }
            writer.get(60, TimeUnit.SECONDS);
            for (Future<?> r : readers) {
                r.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
            byte[] last = version(rounds, size);
            for (int i = 0; i < 5; i++) {
                assertThat(cache.get(f).bytes()).isEqualTo(last);
            }
        }
    }

    @Test
    void invalidatingOneSpellingInvalidatesEverySpellingOfTheFile() throws IOException {
        Files.createDirectories(dir.resolve("sub"));
        Path f = Files.writeString(dir.resolve("s.txt"), "first");
        Path dotted = dir.resolve(".").resolve("sub").resolve("..").resolve("s.txt");
        Path link = Files.createSymbolicLink(dir.resolve("s.link"), f.getFileName());
        try (FileCache cache = FileCache.builder().validation(Validation.trustUntilInvalidated()).build()) {
            for (Path p : new Path[] {f, dotted, link}) {
                assertThat(cache.get(p).asString()).isEqualTo("first");
            }
            Files.writeString(f, "second");
            assertThat(cache.get(dotted).asString()).isEqualTo("first"); // trusted
            cache.invalidate(f); // the same file by file key, and by the same normalized text
            for (Path p : new Path[] {f, dotted, link}) {
                assertThat(cache.get(p).asString()).isEqualTo("second");
            }
            // replaced by rename: a new inode, so the text match is what reaches the dotted spelling
            Files.move(Files.writeString(dir.resolve("s.tmp"), "third"), f, StandardCopyOption.REPLACE_EXISTING);
            cache.invalidate(f);
            assertThat(cache.get(dotted).asString()).isEqualTo("third");
            assertThat(cache.get(f).asString()).isEqualTo("third");
        }
        try (FileCache small = FileCache.builder().maximumBytes(100).validation(Validation.trustUntilInvalidated()).build()) {
            assertThat(small.get(dotted).asString()).isEqualTo("third");
            for (int i = 0; i < 20; i++) {
                small.get(Files.write(dir.resolve("fill" + i), new byte[40]));
            }
            Files.writeString(f, "fourth");
            assertThat(small.get(dotted).asString()).isIn("third", "fourth");
            small.invalidateAll();
            assertThat(small.get(dotted).asString()).isEqualTo("fourth");
        }
    }

    @Test
    void aWatchedFolderInvalidatesTrustedEntries() throws Exception {
        Path f = Files.writeString(dir.resolve("w.txt"), "before");
        try (FileCache cache = FileCache.builder().validation(Validation.trustUntilInvalidated()).watch(dir).build()) {
            assertThat(cache.get(f).asString()).isEqualTo("before");
            Files.writeString(f, "after!");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            String seen = cache.get(f).asString();
            while (!seen.equals("after!") && System.nanoTime() < deadline) {
                Thread.sleep(20);
                seen = cache.get(f).asString();
            }
            assertThat(seen).isEqualTo("after!");
        }
    }

    @Test
    void contentIsAValue() throws IOException {
        Path f = Files.writeString(dir.resolve("v.txt"), "same bytes");
        try (FileCache one = FileCache.builder().build(); FileCache two = FileCache.builder().build()) {
            FileContent a = one.get(f);
            FileContent b = two.get(f);
            assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotSameAs(b);
            assertThat(a.toString()).isEqualTo("FileContent[10 bytes]");
            Files.writeString(f, "other byte");
            assertThat(one.get(f)).isNotEqualTo(b);
        }
    }

    /**
     * The longest durations the builder takes: a timestamp resolution past Long.MAX_VALUE ms
     * makes every load racy (confirmed by content), an interval past Long.MAX_VALUE ns never
     * checks; neither overflows (both had thrown ArithmeticException).
     */
    @Test
    void theLongestDurationsAreTakenWithoutOverflow() throws IOException {
        Duration forever = Duration.ofSeconds(Long.MAX_VALUE, 999_999_999);
        assertThat(Validation.every(forever).interval()).isEqualTo(Validation.trustUntilInvalidated().interval());
        Path f = Files.writeString(dir.resolve("forever.txt"), "version-1");
        try (FileCache cache = FileCache.builder().timestampResolution(forever).validation(Validation.every(Duration.ZERO)).build()) {
            assertThat(cache.get(f).asString()).isEqualTo("version-1");
            Files.writeString(f, "version-22");
            assertThat(cache.get(f).asString()).isEqualTo("version-22");
        }
        try (FileCache cache = FileCache.builder().validation(Validation.every(forever)).build()) {
            assertThat(cache.get(f).asString()).isEqualTo("version-22");
        }
    }
}
