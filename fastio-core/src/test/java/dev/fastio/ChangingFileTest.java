package dev.fastio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.array.ArrayFiles;
import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.FileCopy;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.read.FastRead;
import dev.fastio.read.FileChangedException;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file rewritten in place, at the same size, by another writer while fastio reads it: every
 * whole-file read, array load (one thread and parallel parts), IPv4 parse and copy gives one
 * version of the file or an error saying it changed; never a mix reported as a success, with or
 * without the opt-in for growing files ({@link Growth#PREFIX}, which confirms by content). Before,
 * only sizes were compared, and a copy returned 16 MiB of one version and the rest of the next.
 * One kind of mix is the file's real content: when the writer is descheduled half-way through a
 * version (on 2 cores it shares them with the read's two part threads), the file holds the new
 * version up to where it stopped and the old one after, unchanging, and a read that returns that
 * returns what the file held. Anything else (three versions, a later part older than an earlier
 * one, a torn page) is a mix no instant of the file held, and fails the test.
 */
class ChangingFileTest {
    /** Above the 8 MB parallel threshold of loads and parses, so parts read on two threads. */
    static final int SIZE = 12 << 20;
    /** The writer's calls: several per version, each a separate write as an application's would be. */
    static final int WRITE = 256 << 10;

    @TempDir
    Path dir;

    /** Version {@code v} of the file: every line "1.1.1.v\n" (8 bytes), so each version is a valid list of the same size. */
    static byte[] version(int v) {
        byte[] line = ("1.1.1." + v + "\n").getBytes();
        byte[] b = new byte[SIZE];
        for (int i = 0; i < SIZE; i += line.length) {
            System.arraycopy(line, 0, b, i, line.length);
        }
        return b;
    }

    /** Versions 0 to 9 of the file. */
    static byte[][] versions() {
        byte[][] versions = new byte[10][];
        for (int v = 0; v < 10; v++) {
            versions[v] = version(v);
        }
        return versions;
    }

    interface Read {
        /** Reads the file and returns what it got as bytes (a load as its elements' bytes). */
        byte[] read(Path f) throws IOException;
    }

    /**
     * The writer rewrites each version in 256 KiB write calls: a call that starts after a read's
     * first stamp moves the ctime, which the stamp after the read sees.
     */
    @Test
    void everyReadIsOneVersionOrAChangeError() throws Exception {
        race(WRITE);
    }

    /**
     * The writer rewrites each version in one write call: a call already copying when a read's
     * first stamp is taken changes nothing the second stamp shows. The racy window catches it:
     * the file changed less than a second ago, so the read is done twice and compared.
     */
    @Test
    void aWriteCallInProgressIsCaughtByTheRacyWindow() throws Exception {
        race(SIZE);
    }

    /**
     * The case that once got through: a writer rewriting the file in place as fast as it can, one
     * write call per version and no pause, while array loads (two parallel parts) run back to
     * back. Tried from outside on a larger machine, one load in 2,090 returned an array of three
     * runs (old, new, old) that no instant of the file held: two passes torn alike by two write
     * calls, compared by content alone. The rule now also needs their stamps to agree. Loads:
     * {@code -Dfastio.test.rewriteLoads} (default 300; docs/PERFORMANCE.md, "Loads under a writer rewriting at
     * full speed", gives a long run's count and rate).
     */
    @Test
    void loadsUnderAWriterRewritingAtFullSpeedAreOneVersionOrAChangeError() throws Exception {
        int loads = Integer.getInteger("fastio.test.rewriteLoads", 300);
        Path f = dir.resolve("rewritten.bin");
        byte[][] versions = versions();
        Files.write(f, versions[0]);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong written = new AtomicLong();
        Thread writer = new Thread(() -> {
            ByteBuffer[] direct = new ByteBuffer[10];
            for (int v = 0; v < 10; v++) {
                direct[v] = ByteBuffer.allocateDirect(SIZE).put(versions[v]);
            }
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                for (int v = 1; !stop.get(); v = v % 9 + 1) {
                    ByteBuffer b = direct[v].clear();
                    while (b.hasRemaining()) {
                        ch.write(b, b.position()); // one call writes the whole version
                    }
                    written.incrementAndGet();
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, "full-speed writer");
        int[] seen = new int[3];
        List<String> mixes = new ArrayList<>();
        writer.start();
        try {
            for (int i = 0; i < loads; i++) {
                byte[] got;
                try {
                    got = ints(ArrayFiles.readInts(f, ByteOrder.BIG_ENDIAN));
                } catch (FileChangedException e) {
                    seen[1]++;
                    continue;
                }
                int state = state(got, 0, versions);
                if (state == 0) {
                    mixes.add("load " + i + ": " + runs(got, 0));
                } else {
                    seen[state == 1 ? 0 : 2]++;
                }
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        System.out.println("full-speed rewriter: " + loads + " loads: " + seen[0] + " of one version, " + seen[1]
                + " change errors, " + seen[2] + " of a state within one write call, " + mixes.size() + " mixes; "
                + written.get() + " versions written");
        assertThat(mixes).as("loads that returned a mix no instant of the file held").isEmpty();
        assertThat(written.get()).as("versions written meanwhile").isGreaterThan(3);
    }

    /**
     * A name flipped to another file and back during loads (an "atomic deploy" by a link:
     * {@code cur -> A}, then {@code cur -> B}, then back), while {@code A/f} is rewritten in
     * place. Found from outside: stamped by its name, a load of {@code A/f} torn by a write was
     * judged by {@code B/f}'s old stamp, and 10 of 225 loads were mixes. On JDK 22+ the stamp is
     * the open descriptor's. (The JDK 17–21 path has no stamp of an open file, and stamps the
     * name: the limit docs/GUARANTEES.md states.)
     */
    @Test
    void aLinkFlippedToAnotherFileDuringLoadsLendsThemNoStamp() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(dev.fastio.internal.nativeio.NativeLayer.awaitBound().active(), "the native layer");
        byte[][] versions = versions();
        Path a = Files.createDirectories(dir.resolve("A"));
        Path b = Files.createDirectories(dir.resolve("B"));
        Files.write(a.resolve("f"), versions[1]);
        Files.write(b.resolve("f"), versions[9]);
        Path cur = dir.resolve("cur");
        Files.createSymbolicLink(cur, a);
        // B/f older than the racy window: its stamp alone would be trusted. Real time, not a moved
        // clock: A/f's writes during the loads take the kernel's time, and a clock moved ahead
        // would take them for old ones (the rule compares the two)
        Thread.sleep(1_100);
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            try (FileChannel ch = FileChannel.open(a.resolve("f"), StandardOpenOption.WRITE)) {
                for (int v = 2; !stop.get(); v = v % 8 + 1) {
                    ByteBuffer w = ByteBuffer.wrap(versions[v]);
                    while (w.hasRemaining()) {
                        ch.write(w, w.position());
                    }
                    flip(cur, b);
                    java.util.concurrent.locks.LockSupport.parkNanos(2_000_000L);
                    flip(cur, a);
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, "writer and flipper");
        List<String> mixes = new ArrayList<>();
        int ok = 0;
        int changed = 0;
        writer.start();
        try {
            for (int i = 0; i < 150; i++) {
                byte[] got;
                try {
                    got = ints(ArrayFiles.readInts(cur.resolve("f"), ByteOrder.BIG_ENDIAN));
                } catch (FileChangedException | java.nio.file.NoSuchFileException e) {
                    changed++;
                    continue;
                }
                if (state(got, 0, versions, 8) == 0) {
                    mixes.add("load " + i + ": " + runs(got, 0));
                } else {
                    ok++;
                }
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        System.out.println("link flipped during loads: " + ok + " of a state the file held, " + changed + " changes, " + mixes.size() + " mixes");
        assertThat(mixes).as("loads that returned a mix no instant of the file held").isEmpty();
    }

    /** Points {@code link} at {@code target} in one rename, as a deploy tool flips a release. */
    private static void flip(Path link, Path target) throws IOException {
        Path fresh = link.resolveSibling(link.getFileName() + ".new");
        Files.deleteIfExists(fresh);
        Files.createSymbolicLink(fresh, target);
        Files.move(fresh, link, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * The judge itself: a new version up to a page boundary over the one before is a state the
     * file held (as CI once met it: version 1 up to byte 10,928,128, version 9 after); the old
     * version before the new, a boundary inside a page, or three versions are mixes.
     */
    @Test
    void theJudgeTellsAStateTheFileHeldFromAMix() {
        byte[][] versions = versions();
        assertThat(state(splice(versions[1], versions[9], 10_928_128), 0, versions)).isEqualTo(2);
        assertThat(state(splice(versions[5], versions[4], 4096), 0, versions)).isEqualTo(2);
        assertThat(state(Arrays.copyOfRange(splice(versions[5], versions[4], 8192), 4000, SIZE - 8000), 4000, versions)).isEqualTo(2);
        assertThat(state(versions[7], 0, versions)).isEqualTo(1);
        assertThat(state(splice(versions[4], versions[5], 4096), 0, versions)).as("old before new").isZero();
        assertThat(state(splice(versions[5], versions[4], 4096 + 8), 0, versions)).as("inside a page").isZero();
        assertThat(state(splice(splice(versions[5], versions[4], 4096), versions[3], 8192), 0, versions)).as("three").isZero();
        assertThat(runs(splice(versions[1], versions[9], 10_928_128), 0)).isEqualTo("2 runs: [0, 10928128) v1 [10928128, 12582912) v9");
        // the link test's writer cycles 2…8, 1: its "1 over 8" (CI met it at byte 7,905,280) is a state, in the 1…9 cycle a mix
        assertThat(state(splice(versions[1], versions[8], 7_905_280), 0, versions, 8)).isEqualTo(2);
        assertThat(state(splice(versions[1], versions[8], 7_905_280), 0, versions)).isZero();
    }

    /** {@code a} up to byte {@code at}, {@code b} after. */
    private static byte[] splice(byte[] a, byte[] b, int at) {
        byte[] s = b.clone();
        System.arraycopy(a, 0, s, 0, at);
        return s;
    }

    private void race(int writeBytes) throws Exception {
        Path f = dir.resolve("changing-" + writeBytes + ".txt");
        byte[][] versions = versions();
        Files.write(f, versions[0]);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong written = new AtomicLong();
        Thread writer = new Thread(() -> {
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                for (int v = 1; !stop.get(); v = v % 9 + 1) {
                    ByteBuffer b = ByteBuffer.wrap(versions[v]);
                    for (int at = 0; at < SIZE; at += writeBytes) {
                        b.limit(at + writeBytes).position(at);
                        while (b.hasRemaining()) {
                            ch.write(b, b.position());
                        }
                    }
                    written.incrementAndGet();
                    java.util.concurrent.locks.LockSupport.parkNanos(v % 3 * 4_000_000L); // now and then a pause: some reads see one version
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, "in-place writer");
        List<String> mixes = new ArrayList<>();
        int[] seen = new int[3]; // {one version, change errors, a half-written state}
        Read[] reads = {
            FastRead::readAllBytes,
            p -> ints(ArrayFiles.readInts(p, ByteOrder.BIG_ENDIAN)),
            p -> ints(ArrayFiles.readInts(p, ByteOrder.BIG_ENDIAN, 1000, SIZE / 4 - 2000)),
            p -> {
                int[] a = Ipv4Parser.strict().withParallelism(2).parse(p).addresses();
                byte[] text = new byte[a.length * 8]; // the lines again: "1.1.1.v\n", 8 bytes each
                for (int i = 0; i < a.length; i++) {
                    System.arraycopy(("1.1.1." + (a[i] & 0xFF) + "\n").getBytes(), 0, text, i * 8, 8);
                }
                return text;
            },
            p -> {
                Path copy = dir.resolve("copy");
                Files.deleteIfExists(copy);
                FileCopy.copy(p, copy);
                return Files.readAllBytes(copy);
            },
            // the opt-in for growing files accepts moved stamps, and so confirms by content: still one version or an error
            p -> FastRead.readAllBytes(p, Growth.PREFIX),
            p -> {
                Path copy = dir.resolve("copy");
                Files.deleteIfExists(copy);
                FileCopy.copy(p, copy, dev.fastio.copy.CopyOptions.defaults().growth(Growth.PREFIX));
                return Files.readAllBytes(copy);
            },
        };
        String[] names = {"FastRead.readAllBytes", "ArrayFiles.readInts", "ArrayFiles.readInts range", "Ipv4Parser", "FileCopy",
            "FastRead.readAllBytes PREFIX", "FileCopy PREFIX"};
        writer.start();
        try {
            for (int round = 0; round < 25; round++) {
                for (int r = 0; r < reads.length; r++) {
                    byte[] got;
                    try {
                        got = reads[r].read(f);
                    } catch (FileChangedException | CopyFailedException e) {
                        assertThat(e.getMessage()).contains(f.toString()).containsAnyOf("changed", "shrank", "grew");
                        seen[1]++;
                        continue;
                    }
                    int from = r == 2 ? 4000 : 0; // the range: the same range of the file
                    int state = state(got, from, versions);
                    if (state == 1) {
                        seen[0]++;
                    } else if (state == 2) {
                        seen[2]++;
                    } else {
                        mixes.add(names[r] + " " + runs(got, from));
                    }
                }
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        System.out.println("changing file, " + writeBytes + "-byte writes: " + seen[0] + " reads of one version, "
                + seen[1] + " change errors, " + seen[2] + " reads of a state between two write calls, "
                + mixes.size() + " mixes, " + written.get() + " versions written");
        assertThat(mixes).as("reads that returned a mix of versions as a success").isEmpty();
        assertThat(written.get()).as("versions written meanwhile").isGreaterThan(3);
        assertThat(seen[1]).as("change errors (the writer ran throughout)").isPositive();
    }

    /**
     * 1 when {@code got} (bytes {@code from} on of the file) is a whole version; 2 when it is a state
     * the file really held between two of the writer's calls: version v up to a page boundary, the
     * version before it after that (the writer goes 1, 2, …, 9, 1, …, writing each from the start,
     * and a writer descheduled half-way leaves the file so for as long as it is off the CPU, so a
     * read may rightly return it); 0 for anything else, a mix no instant of the file held.
     */
    private static int state(byte[] got, int from, byte[][] versions) {
        return state(got, from, versions, 9);
    }

    /**
     * As {@link #state(byte[], int, byte[][])}, for a writer whose cycle writes version 1 over
     * {@code beforeFirst} (the other tests cycle 1…9, so 9; the link test 2…8, 1, so 8: before,
     * the judge called its legitimate "1 over 8" a mix, a false failure CI met once).
     */
    private static int state(byte[] got, int from, byte[][] versions, int beforeFirst) {
        for (int v = 0; v < versions.length; v++) {
            if (Arrays.equals(got, 0, got.length, versions[v], from, from + got.length)) {
                return 1;
            }
        }
        for (int v = 1; v < versions.length; v++) {
            byte[] now = versions[v];
            int k = Arrays.mismatch(got, 0, got.length, now, from, from + got.length); // the first byte not of the new version
            // the versions differ only in each line's seventh byte, so the first mismatch lies up to
            // 7 bytes past where the new version stops: the page boundary at or below it
            int b = k - (from + k) % 4096;
            if (k <= 0 || b <= 0) {
                continue;
            }
            for (int before : v == 1 ? new int[] {beforeFirst, 0} : new int[] {v - 1}) {
                if (Arrays.equals(got, b, got.length, versions[before], from + b, from + got.length)) {
                    return 2;
                }
            }
        }
        return 0;
    }

    /**
     * What a mix holds, for the failure message: the runs of lines of one version, as
     * "[from, to) vN" in file bytes (each line "1.1.1.v\n" names its version at its seventh
     * byte), at most 12 of them.
     */
    static String runs(byte[] got, int from) {
        StringBuilder s = new StringBuilder();
        int start = 0;
        int count = 0;
        int first = (6 - from % 8 + 8) % 8; // the first version byte in got
        for (int i = first; i < got.length; i += 8) {
            boolean last = i + 8 >= got.length;
            if (last || got[i + 8] != got[i]) {
                if (count++ < 12) {
                    int end = last ? got.length : i + 2;
                    s.append('[').append(from + start).append(", ").append(from + end).append(") v").append((char) got[i]).append(' ');
                }
                start = i + 2;
            }
        }
        return count + " runs: " + s.toString().trim();
    }

    private static byte[] ints(int[] a) {
        ByteBuffer b = ByteBuffer.allocate(a.length * 4);
        b.asIntBuffer().put(a);
        return b.array();
    }
}
