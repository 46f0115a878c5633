package dev.fastio.hadoop;

import static dev.fastio.hadoop.HadoopArraysFaultTest.plainInts;
import static dev.fastio.hadoop.HadoopArraysFaultTest.random;
import static dev.fastio.hadoop.HadoopArraysFaultTest.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fastio.array.Tail;
import dev.fastio.cache.CacheStats;
import dev.fastio.cache.Validation;
import dev.fastio.internal.version.ManualClock;
import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4ParseResult;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.ipv4.MalformedIpv4Exception;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link HadoopFileCache} on HDFS and {@code RawLocalFileSystem}: every get equals a fresh load
 * under {@link Validation#always()} across rewrites of the same length, appends, truncates and
 * deletes; the policies that trust; the byte bound; one load for concurrent gets; a get that
 * begins after a replace never returns the old version, even when it waits for a load that began
 * before; users have their own entries; failed loads keep nothing.
 */
class HadoopFileCacheTest {
    static FileSystem fs(String name) throws IOException {
        return name.equals("hdfs") ? Hdfs.fs() : FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }

    static Path dir(String name) throws IOException {
        return name.equals("hdfs") ? new Path("/cache/" + System.nanoTime())
                : new Path(Files.createTempDirectory("fastio-hadoop-cache").toUri().toString());
    }

    /** A cache that trusts fresh stamps at once (no racy window): what a long-lived file sees. */
    static HadoopFileCache.Builder noRacyWindow() {
        return HadoopFileCache.builder().timestampResolution(Duration.ZERO);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hdfs", "file"})
    void loadsOnceThenReturnsTheSameArray(String fsName) throws IOException {
        FileSystem fs = fs(fsName);
        Path p = new Path(dir(fsName), "ips.bin");
        write(fs, p, random(3 * Hdfs.BLOCK + 4 * 1000, 1));
        HadoopFileCache cache = noRacyWindow().build();
        int[] first = cache.ints(fs, p, ByteOrder.BIG_ENDIAN);
        assertThat(first).isEqualTo(plainInts(fs, p));
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isSameAs(first);
        // another spelling of the same file: relative to the working directory, or qualified
        assertThat(cache.ints(fs, fs.makeQualified(p), ByteOrder.BIG_ENDIAN)).isSameAs(first);
        CacheStats s = cache.stats();
        assertThat(s.loads()).isEqualTo(1);
        assertThat(s.misses()).isEqualTo(1);
        assertThat(s.hits()).isEqualTo(2);
        assertThat(s.bytesHeld()).isEqualTo(fs.getFileStatus(p).getLen());
    }

    @Test
    void everyTypeAndOrderIsItsOwnEntryAndEqualsHadoopArrays() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path p = new Path(dir("hdfs"), "mixed.bin");
        write(fs, p, random(Hdfs.BLOCK + 8 * 37, 2));
        HadoopFileCache cache = noRacyWindow().build();
        for (ByteOrder o : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
            assertThat(cache.shorts(fs, p, o)).isEqualTo(HadoopArrays.readShorts(fs, p, o));
            assertThat(cache.ints(fs, p, o)).isEqualTo(HadoopArrays.readInts(fs, p, o));
            assertThat(cache.longs(fs, p, o)).isEqualTo(HadoopArrays.readLongs(fs, p, o));
            // raw bits: NaN payloads count
            assertThat(Kinds.ALL.get(3).bytes(cache.floats(fs, p, o), o)).isEqualTo(Kinds.ALL.get(3).bytes(HadoopArrays.readFloats(fs, p, o), o));
            assertThat(Kinds.ALL.get(4).bytes(cache.doubles(fs, p, o), o)).isEqualTo(Kinds.ALL.get(4).bytes(HadoopArrays.readDoubles(fs, p, o), o));
        }
        assertThat(cache.stats().loads()).isEqualTo(10);
        assertThat(cache.stats().bytesHeld()).isEqualTo(10L * fs.getFileStatus(p).getLen());
        cache.invalidate(fs, p);
        assertThat(cache.stats().bytesHeld()).isZero();
    }

    /**
     * Same-length rewrites, back to back, often within the modification time's millisecond: on
     * HDFS the inode id tells them apart even with no racy window; on {@code file://} the racy
     * window (the default 2 s) does.
     */
    @ParameterizedTest
    @ValueSource(strings = {"hdfs", "file"})
    void everyGetSeesASameLengthRewrite(String fsName) throws IOException {
        FileSystem fs = fs(fsName);
        Path p = new Path(dir(fsName), "rewritten.bin");
        HadoopFileCache cache = fsName.equals("hdfs") ? noRacyWindow().build() : HadoopFileCache.builder().build();
        for (int round = 0; round < 40; round++) {
            write(fs, p, random(4 * 1024, 100 + round));
            assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("round %d", round).isEqualTo(plainInts(fs, p));
            assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("round %d, again", round).isEqualTo(plainInts(fs, p));
        }
    }

    /**
     * A same-length copy that keeps the modification time ({@code distcp -pt} does): only HDFS's
     * inode id tells the versions apart. ({@code file://} has no identity in its status; the
     * class's Javadoc says so.)
     */
    @Test
    void hdfsSeesARewriteThatKeepsLengthAndModificationTime() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path p = new Path(dir("hdfs"), "copied.bin");
        long mtime = System.currentTimeMillis() - 60_000;
        HadoopFileCache cache = HadoopFileCache.builder().build(); // the default racy window: these files are older
        for (int round = 0; round < 5; round++) {
            write(fs, p, random(4 * 1024, 200 + round));
            fs.setTimes(p, mtime, -1);
            assertThat(fs.getFileStatus(p).getModificationTime()).isEqualTo(mtime);
            assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("round %d", round).isEqualTo(plainInts(fs, p));
        }
        assertThat(cache.stats().loads()).isEqualTo(5);
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
        assertThat(cache.stats().loads()).as("an old file, unchanged: its stamp vouches for it").isEqualTo(5);
    }

    @Test
    void theIntervalAndTheRacyWindowRunOnTheCachesClock() throws IOException {
        FileSystem fs = fs("file");
        Path p = new Path(dir("file"), "clock.bin");
        write(fs, p, random(4096, 50));
        ManualClock clock = new ManualClock();
        HadoopFileCache racy = HadoopFileCache.builder().clock(clock).build(); // a 2 s window: the new file is racy
        racy.ints(fs, p, ByteOrder.BIG_ENDIAN);
        racy.ints(fs, p, ByteOrder.BIG_ENDIAN);
        assertThat(racy.stats().loads()).as("a racy entry loads again").isEqualTo(2);
        clock.advance(Duration.ofSeconds(3));
        racy.ints(fs, p, ByteOrder.BIG_ENDIAN); // still racy as loaded: loads once more, now with an old stamp
        racy.ints(fs, p, ByteOrder.BIG_ENDIAN);
        assertThat(racy.stats().loads()).as("the stamp vouches once the file is older than the window").isEqualTo(3);

        HadoopFileCache every = noRacyWindow().validation(Validation.every(Duration.ofSeconds(1))).clock(clock).build();
        int[] old = every.ints(fs, p, ByteOrder.BIG_ENDIAN);
        write(fs, p, random(8192, 51));
        clock.advance(Duration.ofMillis(999));
        assertThat(every.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("within the interval").isSameAs(old);
        clock.advance(Duration.ofMillis(1));
        assertThat(every.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p)).hasSize(2048);
    }

    @Test
    void appendsAndTruncatesAreSeen() throws Exception {
        FileSystem fs = Hdfs.fs();
        Path p = new Path(dir("hdfs"), "grows.bin");
        write(fs, p, random(Hdfs.BLOCK + 400, 3));
        HadoopFileCache cache = noRacyWindow().build();
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).hasSize((Hdfs.BLOCK + 400) / 4);
        try (FSDataOutputStream out = fs.append(p)) {
            out.write(random(40, 4));
        }
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p)).hasSize((Hdfs.BLOCK + 440) / 4);
        boolean done = fs.truncate(p, 400);
        for (int i = 0; !done && i < 200; i++) { // a truncate inside a block finishes in the background
            Thread.sleep(50);
            done = ((org.apache.hadoop.hdfs.DistributedFileSystem) fs).isFileClosed(p);
        }
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p)).hasSize(100);
        assertThat(cache.stats().loads()).isEqualTo(3);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hdfs", "file"})
    void aDeletedFileIsNotFoundAndItsEntriesGo(String fsName) throws IOException {
        FileSystem fs = fs(fsName);
        Path p = new Path(dir(fsName), "deleted.bin");
        write(fs, p, random(4096, 5));
        HadoopFileCache cache = noRacyWindow().build();
        cache.ints(fs, p, ByteOrder.BIG_ENDIAN);
        cache.longs(fs, p, ByteOrder.LITTLE_ENDIAN);
        assertThat(cache.stats().bytesHeld()).isEqualTo(8192);
        fs.delete(p, false);
        assertThatThrownBy(() -> cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(p.toUri().getPath());
        assertThat(cache.stats().bytesHeld()).isZero();
        // a folder, and a path that never was
        assertThatThrownBy(() -> cache.ints(fs, p.getParent(), ByteOrder.BIG_ENDIAN)).isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(p.getParent().toUri().getPath()).hasMessageContaining("directory");
        assertThatThrownBy(() -> cache.ints(fs, new Path(p.getParent(), "never.bin"), ByteOrder.BIG_ENDIAN))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("never.bin");
    }

    @Test
    void trustingPoliciesServeTheLoadedArrayUntilInvalidated() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path p = new Path(dir("hdfs"), "trusted.bin");
        write(fs, p, random(4096, 6));
        for (Validation v : List.of(Validation.every(Duration.ofHours(1)), Validation.trustUntilInvalidated())) {
            write(fs, p, random(4096, 6));
            HadoopFileCache cache = HadoopFileCache.builder().validation(v).build();
            assertThat(cache.validation()).isSameAs(v);
            int[] old = cache.ints(fs, p, ByteOrder.BIG_ENDIAN);
            write(fs, p, random(8192, 7));
            assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("%s", v).isSameAs(old);
            cache.invalidate(fs, p);
            assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("%s", v).isEqualTo(plainInts(fs, p)).hasSize(2048);
        }
    }

    @Test
    void theBoundHoldsAndBiggerFilesAreLoadedNotKept() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path dir = dir("hdfs");
        HadoopFileCache cache = noRacyWindow().maximumBytes(100_000).build();
        Path big = new Path(dir, "big.bin");
        write(fs, big, random(100_004, 8));
        assertThat(cache.ints(fs, big, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, big));
        assertThat(cache.ints(fs, big, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, big));
        assertThat(cache.stats().uncached()).isEqualTo(2);
        assertThat(cache.stats().bytesHeld()).isZero();
        for (int i = 0; i < 4; i++) {
            Path p = new Path(dir, "f" + i + ".bin");
            write(fs, p, random(40_000, 9 + i));
            assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
            assertThat(cache.stats().bytesHeld()).isLessThanOrEqualTo(100_000);
        }
        assertThat(cache.stats().evictions()).isGreaterThanOrEqualTo(2);
    }

    /**
     * Gets that arrive while a slow load runs share it: validated ones because the stamp they saw
     * vouches for it (no racy window), trusting ones whatever the stamp says (here a file just
     * written, inside the default racy window, so only the policy lets them share).
     */
    @ParameterizedTest
    @ValueSource(strings = {"validated", "trusting"})
    void concurrentGetsShareOneLoad(String policy) throws Exception {
        FileSystem fs = Hdfs.fs();
        Path p = new Path(dir("hdfs"), "shared.bin");
        write(fs, p, random(3 * ArrayLoad.CHUNK + 4, 10));
        // a slow load: the other gets arrive while it runs
        HadoopFileCache cache = (policy.equals("validated") ? noRacyWindow()
                : HadoopFileCache.builder().validation(Validation.trustUntilInvalidated())).loadHook(() -> sleep(200)).build();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<int[]>> gets = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                gets.add(pool.submit(() -> {
                    start.await();
                    return cache.ints(fs, p, ByteOrder.BIG_ENDIAN);
                }));
            }
            start.countDown();
            int[] first = gets.get(0).get(60, TimeUnit.SECONDS);
            for (Future<int[]> g : gets) {
                assertThat(g.get(60, TimeUnit.SECONDS)).isSameAs(first);
            }
            assertThat(first).isEqualTo(plainInts(fs, p));
            assertThat(cache.stats().loads()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Linearizable with a replace: a load of the old version has read and checked its file and is
     * held before it publishes; the file is replaced by a rename (same length; both files older
     * than the racy window, so only their modification times differ); a get that begins then
     * waits for that load and must not take its entry, but load the new version.
     */
    @Test
    void aGetAfterAReplaceNeverReturnsTheOldVersion() throws Exception {
        FileSystem fs = fs("file");
        Path dir = dir("file");
        Path p = new Path(dir, "replaced.bin");
        Path next = new Path(dir, "next.bin");
        int size = 3 * ArrayLoad.CHUNK;
        for (int round = 0; round < 3; round++) {
            write(fs, p, random(size, 20 + round));
            int[] oldInts = plainInts(fs, p);
            write(fs, next, random(size, 40 + round));
            int[] newInts = plainInts(fs, next);
            long now = System.currentTimeMillis();
            fs.setTimes(p, now - 20_000, -1);
            fs.setTimes(next, now - 10_000, -1);
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicBoolean once = new AtomicBoolean();
            HadoopFileCache cache = HadoopFileCache.builder().loadHook(() -> {
                if (once.compareAndSet(false, true)) {
                    held.countDown();
                    await(release);
                }
            }).build();
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<int[]> before = pool.submit(() -> cache.ints(fs, p, ByteOrder.BIG_ENDIAN));
                assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();
                Files.move(java.nio.file.Paths.get(next.toUri()), java.nio.file.Paths.get(p.toUri()), StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
                AtomicReference<Thread> afterThread = new AtomicReference<>();
                Future<int[]> after = pool.submit(() -> {
                    afterThread.set(Thread.currentThread());
                    return cache.ints(fs, p, ByteOrder.BIG_ENDIAN);
                });
                awaitParked(afterThread); // it reached the load it must wait for
                release.countDown();
                assertThat(before.get(60, TimeUnit.SECONDS)).as("round %d: began before the replace", round).isEqualTo(oldInts);
                assertThat(after.get(60, TimeUnit.SECONDS)).as("round %d: began after it", round).isEqualTo(newInts);
                assertThat(cache.stats().loads()).isEqualTo(2);
                assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(newInts);
            } finally {
                        release.countDown();
                pool.shutdownNow();
            }
        }
    }

    @Test
    void eachUserHasEntriesOfTheirOwn() throws Exception {
        FileSystem fs = Hdfs.fs();
        Path p = new Path(dir("hdfs"), "private.bin");
        write(fs, p, random(4096, 11));
        fs.setPermission(p, new FsPermission((short) 0600));
        HadoopFileCache cache = noRacyWindow().build();
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
        UserGroupInformation other = UserGroupInformation.createUserForTesting("mallory", new String[] {"nobody"});
        Configuration conf = Hdfs.shared().getConfiguration(0);
        Throwable t = other.doAs((PrivilegedExceptionAction<Throwable>) () -> {
            try (FileSystem asOther = FileSystem.newInstance(fs.getUri(), conf)) {
                return catchThrowable(() -> cache.ints(asOther, p, ByteOrder.BIG_ENDIAN));
            }
        });
        assertThat(t).isInstanceOf(AccessControlException.class).hasMessageContaining("private.bin").hasMessageContaining("mallory");
        assertThat(cache.stats().loads()).isEqualTo(2); // the owner's, and mallory's refused one
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
        assertThat(cache.stats().loads()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hdfs", "file"})
    void aFailedLoadKeepsNothing(String fsName) throws IOException {
        FileSystem fs = fs(fsName);
        Path p = new Path(dir(fsName), "ragged.bin");
        write(fs, p, random(4099, 12));
        HadoopFileCache cache = noRacyWindow().build();
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isInstanceOf(IOException.class)
                    .hasMessageContaining("ragged.bin").hasMessageContaining("not a multiple of the 4");
        }
        assertThat(cache.stats().loads()).isEqualTo(2);
        assertThat(cache.stats().bytesHeld()).isZero();
        assertThat(catchThrowable(() -> cache.ints(fs, p, ByteOrder.BIG_ENDIAN))).as("a cache takes no Tail: no advice to pass one")
                .hasMessageNotContaining("Tail");
        // the same rule as HadoopArrays, whose callers can load it anyway
        assertThat(HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN, Tail.IGNORE)).hasSize(1024);
    }

    /**
     * IPv4 text through the cache: each parse the cache keeps equals {@link HadoopIpv4}'s of the
     * same version, lines and malformed counts included (text with CRLF and near-miss lines,
     * lines straddling blocks); one load for many gets; strict, lenient, the two encodings and an
     * int load of the same file are entries of their own; the bound counts the file's length.
     */
    @ParameterizedTest
    @ValueSource(strings = {"hdfs", "file"})
    void ipv4TextIsParsedOnceAndEqualsHadoopIpv4(String fsName) throws IOException {
        FileSystem fs = fs(fsName);
        Path p = new Path(dir(fsName), "ips.txt");
        HadoopIpv4Test.write(fs, p, HadoopIpv4Test.text(21, 20_000, true, false, 50));
        HadoopFileCache cache = noRacyWindow().build();
        Ipv4Parser lenient = Ipv4Parser.lenient().withBlockBytes(4096).withParallelism(3);
        Ipv4ParseResult first = cache.ipv4(fs, p, lenient);
        assertThat(first).isEqualTo(HadoopIpv4.parse(Ipv4Parser.lenient(), fs, p));
        assertThat(first.malformedLines()).isPositive();
        assertThat(first.lines()).isEqualTo(20_000);
        assertThat(cache.ipv4(fs, p, Ipv4Parser.lenient().withParallelism(1))).as("threads and blocks are not the entry's").isSameAs(first);
        assertThat(cache.stats().loads()).isEqualTo(1);
        assertThat(cache.stats().bytesHeld()).as("the file's length, as for arrays").isEqualTo(fs.getFileStatus(p).getLen());

        Ipv4ParseResult sortable = cache.ipv4(fs, p, Ipv4Parser.lenient().withEncoding(Ipv4Encoding.SIGNED_SORTABLE));
        assertThat(sortable).isNotSameAs(first).isEqualTo(HadoopIpv4.parse(Ipv4Parser.lenient().withEncoding(Ipv4Encoding.SIGNED_SORTABLE), fs, p));
        assertThat(catchThrowable(() -> cache.ipv4(fs, p, Ipv4Parser.strict()))).as("a strict parse is an entry of its own")
                .isInstanceOf(MalformedIpv4Exception.class).hasMessageContaining("ips.txt:").hasMessageContaining(": malformed IPv4 address");
        HadoopIpv4Test.write(fs, p, java.util.Arrays.copyOf(HadoopIpv4Test.text(21, 20_000, true, false, 50), 4 * (int) (fs.getFileStatus(p).getLen() / 4)));
        first = cache.ipv4(fs, p, lenient); // the same file cut to whole ints: parsed again
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("an int load is an entry of its own").isEqualTo(plainInts(fs, p));
        assertThat(cache.stats().loads()).isEqualTo(5);
        assertThat(cache.ipv4(fs, p, lenient)).isSameAs(first).isEqualTo(HadoopIpv4.parse(Ipv4Parser.lenient(), fs, p));
        assertThat(cache.stats().loads()).isEqualTo(5);
    }

    /** A replaced text file (same length: only its status tells) is parsed again; a malformed one fails the get and keeps nothing. */
    @ParameterizedTest
    @ValueSource(strings = {"hdfs", "file"})
    void ipv4TextSeesARewriteAndAMalformedFileKeepsNothing(String fsName) throws IOException {
        FileSystem fs = fs(fsName);
        Path p = new Path(dir(fsName), "replaced.txt");
        HadoopFileCache cache = fsName.equals("hdfs") ? noRacyWindow().build() : HadoopFileCache.builder().build();
        for (int round = 0; round < 10; round++) {
            HadoopIpv4Test.write(fs, p, "10.0.0.1\n10.0.0.2\n10.0.0.3\n".replace('3', (char) ('0' + round)).getBytes(StandardCharsets.US_ASCII));
            int[] want = HadoopIpv4.parse(Ipv4Parser.strict(), fs, p).addresses();
            assertThat(cache.ipv4(fs, p, Ipv4Parser.strict()).addresses()).as("round %d", round).isEqualTo(want);
        }
        cache.invalidateAll();
        HadoopIpv4Test.write(fs, p, "10.0.0.1\n10.0.0.256\n".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> cache.ipv4(fs, p, Ipv4Parser.strict())).isInstanceOf(MalformedIpv4Exception.class)
                    .hasMessageContaining("replaced.txt:2: malformed").hasMessageContaining("10.0.0.256");
        }
        assertThat(cache.stats().bytesHeld()).isZero();
        Path gone = new Path(p.getParent(), "gone.txt");
        assertThatThrownBy(() -> cache.ipv4(fs, gone, Ipv4Parser.strict())).isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining("gone.txt");
    }

    /** A cached file replaced by one bigger than the bound is served uncached and its entry dropped, as a first get of it would be. */
    @ParameterizedTest
    @ValueSource(strings = {"hdfs", "file"})
    void aFileReplacedByOneBiggerThanTheBoundIsServedUncached(String fsName) throws IOException {
        FileSystem fs = fs(fsName);
        Path p = new Path(dir(fsName), "grows.bin");
        write(fs, p, random(4 * 256, 31));
        HadoopFileCache cache = noRacyWindow().maximumBytes(4096).build();
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
        assertThat(cache.stats().bytesHeld()).isEqualTo(1024);
        write(fs, p, random(4 * 4096, 32)); // 16 KiB: over the bound
        for (int i = 0; i < 2; i++) {
            assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
            assertThat(cache.stats().bytesHeld()).isZero();
        }
        assertThat(cache.stats().uncached()).isEqualTo(2);
    }

    /**
     * A FIFO (a file:// path that is not a regular file) is refused at once, naming it: its open
     * would wait for a writer forever. Also under a name above ASCII, which Hadoop's qualified URI
     * keeps unescaped (the local path was once not found for such names, and nothing was checked).
     */
    @ParameterizedTest
    @ValueSource(strings = {"ips.fifo", "données ips.fifo"})
    void aFifoIsRefusedNotWaitedFor(String name) throws Exception {
        java.nio.file.Path d = Files.createTempDirectory("fastio-fifo");
        java.nio.file.Path fifo = d.resolve(name);
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo");
        FileSystem fs = fs("file");
        HadoopFileCache cache = HadoopFileCache.builder().build();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Throwable> t = pool.submit(() -> catchThrowable(() -> cache.ipv4(fs, new Path(fifo.toUri()), Ipv4Parser.lenient())));
            assertThat(t.get(20, TimeUnit.SECONDS)).isInstanceOf(IOException.class).hasMessageContaining(name)
                    .hasMessageContaining("not a regular file");
        } finally {
            pool.shutdownNow();
            Files.delete(fifo);
        }
    }

    /**
     * A text file rewritten in place during a strict parse (lines of another length, so the mix has
     * lines of neither version) is a FileChangedException, with the malformed line suppressed in it,
     * not a malformed line that is in no version of the file.
     */
    @Test
    void aRewriteDuringAStrictParseIsAChangeNotAMalformedLine() throws Exception {
        java.nio.file.Path d = Files.createTempDirectory("fastio-rewrite");
        java.nio.file.Path local = d.resolve("ips.txt");
        byte[] v1 = "1.1.1.1\n".repeat(20_000).getBytes(StandardCharsets.US_ASCII);
        byte[] v2 = "33.33.3.3\n1.1.1.1\n".repeat(v1.length / 18 + 1).substring(0, v1.length - 1).concat("\n").getBytes(StandardCharsets.US_ASCII);
        Files.write(local, v1);
        AtomicBoolean changed = new AtomicBoolean();
        FileSystem hooked = new HookedFileSystem(fs("file"), () -> {
            if (changed.compareAndSet(false, true)) {
                try {
                    Files.write(local, v2); // in place: the same length, the same inode
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        Throwable t = catchThrowable(() -> HadoopIpv4.parse(Ipv4Parser.strict().withParallelism(1).withBlockBytes(4096), hooked,
                new Path(local.toUri())));
        assertThat(changed).isTrue();
        assertThat(t).isInstanceOf(dev.fastio.read.FileChangedException.class).hasMessageContaining("ips.txt");
    }

    /**
     * {@code file://}, checksummed (Hadoop's default local filesystem) and raw: a same-length
     * replace that keeps the old modification time ({@code cp -p} over the file, {@code rsync -t}'s
     * rename of a new file over it) is seen, once the file is older than the racy window too,
     * since the cache reads the local file's own stamp (inode, ctime) beside Hadoop's status.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void fileSeesASameLengthReplaceThatKeepsItsModificationTime(boolean checksummed) throws Exception {
        FileSystem fs = checksummed ? FileSystem.getLocal(new Configuration()) : fs("file");
        java.nio.file.Path d = Files.createTempDirectory("fastio-keep-mtime");
        java.nio.file.Path local = d.resolve("index.bin");
        Path p = new Path(local.toUri());
        java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000);
        ManualClock clock = new ManualClock();
        HadoopFileCache cache = HadoopFileCache.builder().clock(clock).build(); // the default 2 s racy window
        Files.write(local, random(4096, 1));
        Files.setLastModifiedTime(local, old);
        clock.advance(Duration.ofSeconds(3)); // the file is older than the window now
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
        assertThat(cache.stats().loads()).as("an old file, unchanged: its stamp vouches for it").isEqualTo(1);
        long mtime = fs.getFileStatus(p).getModificationTime();

        // rsync -t: a new file of the same length, the old mtime, renamed over it
        java.nio.file.Path next = d.resolve(".index.bin.tmp");
        Files.write(next, random(4096, 2));
        Files.setLastModifiedTime(next, old);
        Files.move(next, local, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        clock.advance(Duration.ofSeconds(3));
        assertThat(fs.getFileStatus(p).getModificationTime()).as("Hadoop's status alone cannot tell").isEqualTo(mtime);
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("after rsync -t").isEqualTo(plainInts(fs, p));

        // cp -p over it: the same inode, rewritten in place, the old mtime put back
        Files.write(local, random(4096, 3));
        Files.setLastModifiedTime(local, old);
        clock.advance(Duration.ofSeconds(3));
        assertThat(fs.getFileStatus(p).getLen()).isEqualTo(4096);
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("after cp -p").isEqualTo(plainInts(fs, p));
        assertThat(cache.stats().loads()).isEqualTo(3);
    }

    /**
     * A file of the kernel's ({@code /proc}, whose sizes read 0) through Hadoop's default, checksummed
     * local filesystem: read as the raw one reads it, as fastio-core reads it.
     */
    @Test
    void aProcFileIsReadThroughTheRawLocalFileSystem() throws Exception {
        java.nio.file.Path version = java.nio.file.Path.of("/proc/version");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(version), "needs /proc");
        FileSystem checksummed = FileSystem.getLocal(new Configuration());
        Ipv4ParseResult expected = Ipv4Parser.lenient().parse(version);
        Ipv4ParseResult viaHadoop = HadoopIpv4.parse(Ipv4Parser.lenient(), checksummed, new Path("file:///proc/version"));
        assertThat(expected.lines()).isPositive();
        assertThat(viaHadoop).isEqualTo(expected);
        Ipv4ParseResult cached = HadoopFileCache.builder().build().ipv4(checksummed, new Path("file:///proc/version"), Ipv4Parser.lenient());
        assertThat(cached).isEqualTo(expected);
    }

    /** A sysfs file says 4096 bytes whatever it holds: read to its end, as the core reads it, by every entry point and both local filesystems (found from outside). */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aSysFileIsReadToItsEndAsTheCoreReadsIt(boolean checksummed) throws Exception {
        java.nio.file.Path online = java.nio.file.Path.of("/sys/devices/system/cpu/online");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(online), "no /sys here");
        byte[] content = Files.readAllBytes(online);
        org.junit.jupiter.api.Assumptions.assumeTrue(content.length % 4 == 0 && content.length > 0, "its length is not a whole number of ints here");
        FileSystem fs = checksummed ? FileSystem.getLocal(new Configuration()) : fs("file");
        int[] expected = dev.fastio.array.ArrayFiles.readInts(online, ByteOrder.BIG_ENDIAN);
        Path p = new Path("file://" + online);
        assertThat(HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(expected);
        HadoopFileCache cache = HadoopFileCache.builder().build();
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(expected);
        assertThat(cache.ints(fs, p, ByteOrder.BIG_ENDIAN)).as("again, from a stamp that cannot vouch for it").isEqualTo(expected);
    }

    /**
     * A ':' in a file name: Hadoop's {@code Path} takes the file's name, but not its checksum
     * file's ({@code .ips:2026.bin.crc}), and the checksummed local filesystem failed with an
     * IllegalArgumentException from deep inside Hadoop. Such a file has no checksum file: it is
     * read through the raw local filesystem, by every entry point, as the core reads it.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aNameWithAColonIsReadAsTheCoreReadsIt(boolean checksummed) throws Exception {
        FileSystem fs = checksummed ? FileSystem.getLocal(new Configuration()) : fs("file");
        java.nio.file.Path d = Files.createTempDirectory("fastio-colon");
        java.nio.file.Path local = d.resolve("ips:2026.bin");
        Files.write(local, random(4096, 4));
        int[] expected = dev.fastio.array.ArrayFiles.readInts(local, ByteOrder.BIG_ENDIAN);
        Path p = new Path(local.toUri());
        assertThat(HadoopFileCache.builder().build().ints(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(expected);
        assertThat(HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(expected);
    }

    /** A name Hadoop's {@code Path} takes but its filesystem does not: one IOException naming the file, not Hadoop's IllegalArgumentException. */
    @Test
    void anIllegalArgumentFromInsideHadoopIsOneIoExceptionNamingTheFile() throws IOException {
        FileSystem fs = new org.apache.hadoop.fs.FilterFileSystem(fs("file")) {
            @Override
            public org.apache.hadoop.fs.FileStatus getFileStatus(Path f) {
                throw new IllegalArgumentException("java.net.URISyntaxException: Relative path in absolute URI: " + f.getName());
            }
        };
        Path p = new Path("file:///data/odd-name.bin");
        for (Throwable t : List.of(catchThrowable(() -> HadoopFileCache.builder().build().ints(fs, p, ByteOrder.BIG_ENDIAN)),
                catchThrowable(() -> HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN)))) {
            assertThat(t).isInstanceOf(IOException.class).hasMessageContaining("odd-name.bin").hasMessageContaining("Hadoop cannot name this file");
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until the thread {@code ref} will hold is parked (on a lock or a future), at most 60 s. */
    static void awaitParked(AtomicReference<Thread> ref) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            Thread t = ref.get();
            if (t != null && (t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING)) {
                return;
            }
            Thread.onSpinWait();
            Thread.yield();
        }
        throw new AssertionError("the thread never waited: " + ref.get());
    }

    static void await(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
