package dev.fastio.internal.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.internal.nativeio.Stat;
import dev.fastio.internal.nativeio.SyscallFaults;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The validated hit's compare in place ({@link StatVersion#check}, {@link StatVersion#matches},
 * the native layer's {@code statx} buffer) against {@link FileStamp#sameVersion}, which it
 * replaces on the hot path: the two must agree on every pair of stamps, or a hit is served stale
 * (a false "unchanged") or costs a second stat (a false "changed").
 */
class StatVersionTest {
    private static final boolean NATIVE = NativeLayer.awaitBound().active();

    @TempDir
    Path dir;

    /** The compare in place of the version a check of {@code loaded} holds against a {@code statx} that says {@code now}. */
    private static boolean unchanged(FileStamp loaded, Stat now) {
        long[] v = StatVersion.version(loaded);
        assertThat(v).as("a check for %s", loaded).isNotNull();
        return StatVersion.matches(v, now.size(), now.mtimeSeconds(), now.mtimeNanos(), now.ctimeSeconds(), now.ctimeNanos(),
                now.device(), now.inode());
    }

    private static Stat with(Stat s, long size, long ms, long mn, long cs, long cn, long dev, long ino, boolean reg) {
        return new Stat(size, ms, mn, cs, cn, dev, ino, reg);
    }

    /** Each field of the stat moved on its own, by the smallest step and by large ones. */
    private static List<UnaryOperator<Stat>> oneFieldChanges() {
        List<UnaryOperator<Stat>> changes = new ArrayList<>();
        for (long d : new long[] {1, -1, 1L << 32, Long.MIN_VALUE}) {
            changes.add(s -> with(s, s.size() + d, s.mtimeSeconds(), s.mtimeNanos(), s.ctimeSeconds(), s.ctimeNanos(), s.device(), s.inode(), s.regular()));
            changes.add(s -> with(s, s.size(), s.mtimeSeconds() + d, s.mtimeNanos(), s.ctimeSeconds(), s.ctimeNanos(), s.device(), s.inode(), s.regular()));
            changes.add(s -> with(s, s.size(), s.mtimeSeconds(), s.mtimeNanos() + d, s.ctimeSeconds(), s.ctimeNanos(), s.device(), s.inode(), s.regular()));
            changes.add(s -> with(s, s.size(), s.mtimeSeconds(), s.mtimeNanos(), s.ctimeSeconds(), s.ctimeNanos() + d, s.device(), s.inode(), s.regular()));
            changes.add(s -> with(s, s.size(), s.mtimeSeconds(), s.mtimeNanos(), s.ctimeSeconds() + d, s.ctimeNanos(), s.device(), s.inode(), s.regular()));
            changes.add(s -> with(s, s.size(), s.mtimeSeconds(), s.mtimeNanos(), s.ctimeSeconds(), s.ctimeNanos(), s.device() + d, s.inode(), s.regular()));
            changes.add(s -> with(s, s.size(), s.mtimeSeconds(), s.mtimeNanos(), s.ctimeSeconds(), s.ctimeNanos(), s.device(), s.inode() + d, s.regular()));
        }
        for (long n : new long[] {1, 999_999_999}) { // nanoseconds within the second: a same-second rewrite
            changes.add(s -> with(s, s.size(), s.mtimeSeconds(), (s.mtimeNanos() + n) % 1_000_000_000L, s.ctimeSeconds(), s.ctimeNanos(), s.device(), s.inode(), s.regular()));
            changes.add(s -> with(s, s.size(), s.mtimeSeconds(), s.mtimeNanos(), s.ctimeSeconds(), (s.ctimeNanos() + n) % 1_000_000_000L, s.device(), s.inode(), s.regular()));
        }
        changes.add(s -> with(s, s.size(), s.mtimeSeconds(), s.mtimeNanos(), s.ctimeSeconds(), s.ctimeNanos(), s.device() ^ (1L << 32), s.inode(), s.regular())); // major only
        changes.add(s -> with(s, s.size(), s.mtimeSeconds(), s.mtimeNanos(), s.ctimeSeconds(), s.ctimeNanos(), s.device(), s.inode(), !s.regular())); // type
        changes.add(s -> with(s, s.size(), s.ctimeSeconds(), s.ctimeNanos(), s.mtimeSeconds(), s.mtimeNanos(), s.device(), s.inode(), s.regular())); // times swapped
        changes.add(s -> s); // nothing
        return changes;
    }

    private static Stat random(Random r) {
        long[] seconds = {0, 1, 1_600_000_000L, 1_800_000_000L, -1, Long.MAX_VALUE / 1_000_000_000L, 9_300_000_000L, r.nextLong()};
        return new Stat(r.nextBoolean() ? r.nextInt(1 << 20) : r.nextLong(), seconds[r.nextInt(seconds.length)], r.nextInt(1_000_000_000),
                seconds[r.nextInt(seconds.length)], r.nextInt(1_000_000_000), r.nextLong(), r.nextLong(), r.nextBoolean());
    }

    @Test
    void theCompareInPlaceAgreesWithSameVersionOnEveryPair() throws IOException {
        Random r = new Random(20261126);
        int same = 0;
        int differ = 0;
        for (int i = 0; i < 2_000; i++) {
            Stat loaded = random(r);
            for (UnaryOperator<Stat> change : oneFieldChanges()) {
                Stat later = change.apply(loaded);
                boolean expected = FileStamp.of(loaded).sameVersion(FileStamp.of(later));
                assertThat(unchanged(FileStamp.of(loaded), later)).as("loaded %s, now %s", loaded, later).isEqualTo(expected);
                if (expected) {
                    same++;
                } else {
                    differ++;
                }
            }
            // and two unrelated stats
            Stat other = random(r);
            assertThat(unchanged(FileStamp.of(loaded), other)).isEqualTo(FileStamp.of(loaded).sameVersion(FileStamp.of(other)));
        }
        assertThat(same).as("pairs that are one version (the type, nothing changed)").isGreaterThan(2_000);
        assertThat(differ).isGreaterThan(40_000);
    }

    /** A stamp without a device and inode or a ctime (another filesystem's) has no check: the cache stamps the file as before. */
    @Test
    void stampsWithoutDeviceInodeAndCtimeHaveNoCheck() {
        FileTime t = FileTime.fromMillis(1_600_000_000_000L);
        assertThat(StatVersion.version(new FileStamp(5, t, t, "some other key", true))).isNull();
        assertThat(StatVersion.version(new FileStamp(5, t, null, new FileStamp.NativeKey(1, 2), true))).isNull();
        assertThat(StatVersion.version(new FileStamp(5, t, t, null, true))).isNull();
    }

    /** On JDK 17 to 21 (and with the layer off) there is no check: the JDK's attribute view stamps each validated get. */
    @Test
    void theJdkPathHasNoCheck() throws IOException {
        assumeThat(NATIVE).isFalse();
        Path f = Files.write(dir.resolve("f"), new byte[10]);
        assertThat(StatVersion.check(NativeLayer.awaitBound(), f, FileStamp.read(f))).isNull();
    }

    /**
     * The real {@code statx} buffer, read in place: the version of the stat just taken matches,
     * and a version differing in any one field (each read from its own offset) does not.
     */
    @Test
    void eachFieldOfTheStatxBufferIsCompared() throws IOException {
        assumeThat(NATIVE).isTrue();
        Path f = Files.write(dir.resolve("f"), new byte[12345]);
        Stat s = NativeLayer.awaitBound().stat(f);
        long m = s.mtimeSeconds() * 1_000_000_000L + s.mtimeNanos();
        long c = s.ctimeSeconds() * 1_000_000_000L + s.ctimeNanos();
        NativeLayer n = NativeLayer.awaitBound();
        assertThat(StatVersion.of(n, f, s.size(), m, c, s.device(), s.inode()).unchanged()).isTrue();
        assertThat(StatVersion.of(n, f, s.size() + 1, m, c, s.device(), s.inode()).unchanged()).as("size").isFalse();
        assertThat(StatVersion.of(n, f, s.size(), m + 1, c, s.device(), s.inode()).unchanged()).as("mtime").isFalse();
        assertThat(StatVersion.of(n, f, s.size(), m, c + 1, s.device(), s.inode()).unchanged()).as("ctime").isFalse();
        assertThat(StatVersion.of(n, f, s.size(), m, c, s.device() + 1, s.inode()).unchanged()).as("device minor").isFalse();
        assertThat(StatVersion.of(n, f, s.size(), m, c, s.device() + (1L << 32), s.inode()).unchanged()).as("device major").isFalse();
        assertThat(StatVersion.of(n, f, s.size(), m, c, s.device(), s.inode() + 1).unchanged()).as("inode").isFalse();
    }

    /**
     * Real files changed each way a writer changes them: the check says what a fresh
     * {@code FileStamp}'s {@code sameVersion} says, and a removed file is the stat's exception.
     */
    @Test
    void realChangesAreSeenAsSameVersionSeesThem() throws Exception {
        assumeThat(NATIVE).isTrue();
        Path f = dir.resolve("f");
        FileTime old = FileTime.fromMillis(1_600_000_000_000L);
        List<Changer> changes = List.of(
                () -> Files.write(f, new byte[] {1, 2, 3}, StandardOpenOption.APPEND),
                () -> { // same size, mtime put back: only the ctime moves
                    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                        ch.write(ByteBuffer.wrap(new byte[] {9}), 0);
                    }
                    Files.setLastModifiedTime(f, old);
                },
                () -> Files.move(Files.write(dir.resolve("tmp"), Files.readAllBytes(f)), f, StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE), // same bytes, another inode
                () -> Files.setLastModifiedTime(f, old),
                () -> { }); // nothing
        for (Changer change : changes) {
            Files.write(f, new byte[100]);
            Files.setLastModifiedTime(f, old);
            Thread.sleep(15); // the next change lands in another ctime tick
            FileStamp loaded = FileStamp.read(f);
            VersionCheck check = StatVersion.check(NativeLayer.awaitBound(), f, loaded);
            assertThat(check).isNotNull();
            change.run();
            assertThat(check.unchanged()).isEqualTo(loaded.sameVersion(FileStamp.read(f)));
        }
        VersionCheck check = StatVersion.check(NativeLayer.awaitBound(), f, FileStamp.read(f));
        assertThat(check.unchanged()).isTrue();
        Files.delete(f);
        assertThatThrownBy(check::unchanged).isInstanceOf(NoSuchFileException.class).hasMessageContaining(f.toString());
    }

    /** The check's {@code statx} goes through its layer's fault plan like every other call: a failed one is the error, named. */
    @Test
    void aFailedStatxIsTheErrorAndTheNextCheckRecovers() throws IOException {
        assumeThat(NATIVE).isTrue();
        Path f = Files.write(dir.resolve("f"), new byte[10]);
        SyscallFaults plan = SyscallFaults.failing(1, 13); // EACCES
        VersionCheck check = StatVersion.check(NativeLayer.awaitBound().withFaults(plan), f, FileStamp.read(f));
        assertThatThrownBy(check::unchanged).isInstanceOf(java.nio.file.AccessDeniedException.class).hasMessageContaining(f.toString());
        assertThat(plan.log()).containsExactly("statx");
        assertThat(check.unchanged()).isTrue();
        assertThat(check.unchanged()).isTrue();
        assertThat(plan.log()).containsExactly("statx", "statx", "statx");
    }

    /** Checks from many threads at once, each on its own scratch, and from a virtual thread (a scratch per call). */
    @Test
    void checksFromManyThreadsAndAVirtualThread() throws Exception {
        assumeThat(NATIVE).isTrue();
        Path f = Files.write(dir.resolve("f"), new byte[10]);
        Path g = Files.write(dir.resolve("g"), new byte[20]);
        VersionCheck cf = StatVersion.check(NativeLayer.awaitBound(), f, FileStamp.read(f));
        VersionCheck wrong = StatVersion.of(NativeLayer.awaitBound(), g, 10, 0, 0, 0, 0)::unchanged;
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 8; t++) {
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < 20_000; i++) {
                        if (!cf.unchanged() || wrong.unchanged()) {
                            throw new AssertionError("a check answered another thread's statx, round " + i);
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join(TimeUnit.MINUTES.toMillis(2));
        }
        assertThat(failures).isEmpty();
        Runnable once = () -> {
            try {
                if (!cf.unchanged() || wrong.unchanged()) {
                    failures.add(new AssertionError("virtual thread"));
                }
            } catch (IOException e) {
                failures.add(e);
            }
        };
        if (Runtime.version().feature() >= 21) { // virtual threads: JDK 21+
            Thread v = (Thread) Thread.class.getMethod("startVirtualThread", Runnable.class).invoke(null, once);
            v.join(TimeUnit.MINUTES.toMillis(1));
        }
        assertThat(failures).isEmpty();
    }

    @FunctionalInterface
    private interface Changer {
        void run() throws Exception;
    }
}
