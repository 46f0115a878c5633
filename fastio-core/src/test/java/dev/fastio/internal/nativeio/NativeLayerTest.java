package dev.fastio.internal.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.fastio.array.ArrayFiles;
import dev.fastio.read.FastRead;
import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native layer against the JDK: the same bytes, the same exception types, no descriptor left
 * behind, through FFM on JDK 22+ and through jffi on JDK 17 to 21. (Array loads read through the
 * JDK's channel on every JDK, measured faster: see docs/PERFORMANCE.md; their tests here check the
 * error and range rules the layer's callers share.) With {@code -Dfastio.native=false} the layer
 * must be off and no binding loaded. Run by {@code mvn verify} on both JDKs: the build's java22
 * profile runs the tests on the classes a JDK 22+ loads from the multi-release jar, with native
 * access enabled; CI runs JDK 17's a second time with the layer off.
 */
class NativeLayerTest {
    private static final int FEATURE = Runtime.version().feature();
    private static final boolean EXPECT_NATIVE = !"false".equals(System.getProperty("fastio.native"));

    @TempDir
    Path dir;

    @Test
    void theLayerIsOnWhereverTheJdkHasItAndOffElsewhere() throws Exception {
        if (EXPECT_NATIVE) {
            assertThat(NativeLayer.awaitBound().active()).as(NativeLayer.awaitBound().status()).isTrue();
            assertThat(NativeLayer.awaitBound().status()).startsWith("on:");
            assertThat(NativeLayer.awaitBound().binding().getClass().getName()).as("found once, by the base's lookup")
                    .endsWith(FEATURE >= 22 ? ".FfmBinding" : ".JffiBinding");
            assertThat(NativeLayer.awaitBound().status()).contains(FEATURE >= 22 ? "FFM" : "jffi");
            Path f = Files.write(dir.resolve("f"), new byte[] {1, 2, 3, 4});
            long before = NativeLayer.awaitBound().uses();
            FastRead.readAllBytes(f);
            FastRead.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1);
            assertThat(NativeLayer.awaitBound().uses() - before).as("calls that took the native path").isEqualTo(2);
        } else {
            assertThat(NativeLayer.awaitBound().active()).isFalse();
            assertThat(NativeLayer.awaitBound().status()).startsWith("off:");
            assertThat(NativeLayer.awaitBound().uses()).isZero();
            assertThat(NativeLayer.awaitBound().binding()).isNull();
            if (FEATURE < 22) { // the overlay lives under META-INF/versions/22 only: on this JDK nothing can load it
                assertThat(loadable("dev.fastio.internal.nativeio.FfmBinding")).isFalse();
            }
        }
    }

    /** Where jffi is the binding (JDK 17 to 21), its stub is mapped from fastio's checked folder, and from nowhere else. */
    @Test
    void jffisStubComesFromTheCheckedFolder() throws IOException {
        assumeThat(EXPECT_NATIVE && NativeLayer.awaitBound().binding() instanceof JffiBinding).isTrue();
        java.util.Set<String> jffi = new java.util.TreeSet<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            int slash = line.indexOf('/');
            if (slash > 0 && line.contains("jffi")) {
                jffi.add(line.substring(slash));
            }
        }
        assertThat(jffi).as("jffi libraries mapped").hasSize(1);
        assertThat(jffi.iterator().next()).contains("/fastio/native/jffi-").endsWith("/libjffi-1.2.so")
                .doesNotContain("(deleted)");
        assertThat(NativeLayer.awaitBound().status()).contains(jffi.iterator().next());
    }

    /**
     * jffi's memory access is its JNI one, not its default through sun.misc.Unsafe (which fastio
     * does not use, and which JDK 24+ warns about); the JVM's own check shows it on JDK 24+.
     */
    @Test
    void jffisMemoryAccessIsNotUnsafe() throws Exception {
        assumeThat(EXPECT_NATIVE && NativeLayer.awaitBound().binding() instanceof JffiBinding).isTrue();
        java.nio.ByteBuffer b = NativeBinding.allocate(64, 8);
        assertThat(NativeLayer.awaitBound().binding().address(b)).isNotZero();
        NativeBinding.Memory m = NativeLayer.awaitBound().binding().allocateNative(100);
        m.free();
        assertThat(NativeLayer.awaitBound().binding().strerror(2)).isEqualTo("No such file or directory");
        Class<?> holder = Class.forName(JffiBinding.class.getName() + "$J");
        java.lang.reflect.Field f = holder.getDeclaredField("MEMORY");
        f.setAccessible(true);
        assertThat(f.get(null).getClass().getName()).startsWith("com.kenai.jffi.MemoryIO$").doesNotContain("Unsafe");
    }

    /**
     * {@code -Dfastio.native} as a user means it: {@code FALSE}, {@code off}, {@code no}, {@code 0}
     * turn the layer off (found from outside: only the exact {@code false} did, and
     * {@code =FALSE} or {@code =off} left it on); a value that is none of these turns it off too,
     * saying why, for a setting misspelt to turn it off must not leave it on.
     */
    @Test
    void theSettingIsReadAsAUserMeansIt() {
        String before = System.getProperty("fastio.native");
        try {
            for (String off : List.of("false", "FALSE", "off", "Off", "no", "0", " false ")) {
                System.setProperty("fastio.native", off);
                assertThat(NativeBindings.setting()).as(off).isEqualTo("false");
                assertThat(NativeBindings.commonRefusal()).as(off).contains("-Dfastio.native=" + off);
            }
            for (String on : List.of("true", "TRUE", "on", "yes", "1")) {
                System.setProperty("fastio.native", on);
                assertThat(NativeBindings.setting()).as(on).isEqualTo("true");
                assertThat(NativeBindings.forcedOn()).isTrue();
            }
            System.setProperty("fastio.native", "Auto");
            assertThat(NativeBindings.setting()).isEqualTo("auto");
            System.setProperty("fastio.native", "flase");
            assertThat(NativeBindings.setting()).isEqualTo("invalid");
            assertThat(NativeBindings.commonRefusal()).contains("flase").contains("not auto, true or false");
        } finally {
            if (before == null) {
                System.clearProperty("fastio.native");
            } else {
                System.setProperty("fastio.native", before);
            }
        }
    }

    /**
     * Native memory an owner dropped without freeing (a gzip reader never closed) is given back
     * once unreachable, and memory freed by its owner is given back once only, never again by
     * the collector.
     */
    @Test
    void memoryIsGivenBackOnceWhetherFreedOrDropped() throws Exception {
        java.util.concurrent.atomic.AtomicInteger dropped = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger freed = new java.util.concurrent.atomic.AtomicInteger();
        NativeBinding.Memory kept = new NativeBinding.Memory(1, java.nio.ByteBuffer.allocateDirect(8), freed::incrementAndGet);
        kept.free();
        kept.free();
        allocateAndDrop(dropped);
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        while (dropped.get() == 0 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(10); // the cleaner's thread runs the release
        }
        assertThat(dropped).as("released once unreachable").hasValue(1);
        assertThat(freed).as("freed once, and not again by the collector").hasValue(1);
        assertThat(kept.address()).isEqualTo(1);
        if (EXPECT_NATIVE) { // the bindings' own: allocated, written, freed
            NativeBinding.Memory m = NativeLayer.awaitBound().binding().allocateNative(4096);
            m.buffer().putLong(4088, 42);
            assertThat(m.buffer().getLong(4088)).isEqualTo(42);
            m.free();
            m.free();
        }
    }

    private static void allocateAndDrop(java.util.concurrent.atomic.AtomicInteger released) {
        new NativeBinding.Memory(2, java.nio.ByteBuffer.allocateDirect(8), released::incrementAndGet);
    }

    private static boolean loadable(String name) {
        try {
            Class.forName(name, false, NativeLayerTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** The native stat says what the JDK's unix view says, field by field, for a file, a folder and through a link. */
    @Test
    void statGivesWhatTheJdksUnixViewGives() throws Exception {
        assumeThat(EXPECT_NATIVE).isTrue();
        Path f = Files.write(dir.resolve("f"), new byte[12345]);
        Path link = Files.createSymbolicLink(dir.resolve("link"), f);
        for (Path p : new Path[] {f, dir, link}) {
            Stat s = NativeLayer.awaitBound().stat(p);
            java.util.Map<String, Object> a = Files.readAttributes(p, "unix:size,lastModifiedTime,ctime,ino,dev");
            assertThat(s.size()).as("size of %s", p).isEqualTo((Long) a.get("size"));
            assertThat(s.mtimeSeconds() * 1_000_000_000L + s.mtimeNanos()).as("mtime")
                    .isEqualTo(((java.nio.file.attribute.FileTime) a.get("lastModifiedTime")).to(java.util.concurrent.TimeUnit.NANOSECONDS));
            assertThat(s.ctimeSeconds() * 1_000_000_000L + s.ctimeNanos()).as("ctime")
                    .isEqualTo(((java.nio.file.attribute.FileTime) a.get("ctime")).to(java.util.concurrent.TimeUnit.NANOSECONDS));
            assertThat(s.inode()).as("inode").isEqualTo((Long) a.get("ino"));
            assertThat(s.regular()).as("regular").isEqualTo(Files.isRegularFile(p));
        }
        assertThat(NativeLayer.awaitBound().stat(link).inode()).isEqualTo(NativeLayer.awaitBound().stat(f).inode());
        assertThat(thrown(() -> NativeLayer.awaitBound().stat(dir.resolve("missing")))).isInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    /** Sizes at and around the chunk, the 8 KiB first buffer of an unsized read, and small ones. */
    @Test
    void readAllBytesGivesTheJdksBytes() throws IOException {
        long chunk = 1 << 20;
        long[] sizes = {0, 1, 2, 15, 16, 4095, 4096, 4097, 8191, 8192, 8193, 32768, chunk - 1, chunk, chunk + 1,
                3 * chunk + 17};
        Random r = new Random(3);
        for (long size : sizes) {
            byte[] content = new byte[(int) size];
            r.nextBytes(content);
            Path f = Files.write(dir.resolve("s" + size), content);
            assertThat(FastRead.readAllBytes(f)).as("size %d", size).isEqualTo(Files.readAllBytes(f));
            assertThat(FastRead.readString(Files.writeString(dir.resolve("t" + size), "é".repeat((int) size / 2))))
                    .isEqualTo(Files.readString(dir.resolve("t" + size)));
        }
    }

    @Test
    void filesWhoseSizeReadsZeroAreReadToTheirEnd() throws IOException {
        for (String p : new String[] {"/proc/self/status", "/proc/self/mountinfo", "/proc/cpuinfo"}) {
            Path f = Path.of(p);
            assumeThat(Files.isReadable(f)).isTrue();
            byte[] jdk = Files.readAllBytes(f);
            byte[] ours = FastRead.readAllBytes(f);
            assertThat(ours.length).as(p).isGreaterThan(0);
            if (!p.endsWith("status")) { // status changes between two reads (memory counters)
                assertThat(ours).as(p).isEqualTo(jdk);
            }
        }
    }

    /** Every failure a user can reach gives the exception type Files gives, naming the file. */
    @Test
    void errorsAreTheJdksExceptionTypesAndNameTheFile() throws IOException {
        Path file = Files.write(dir.resolve("file"), new byte[] {1});
        Path loopA = dir.resolve("loopA");
        Path loopB = dir.resolve("loopB");
        Files.createSymbolicLink(loopA, loopB);
        Files.createSymbolicLink(loopB, loopA);
        Path locked = Files.write(dir.resolve("locked"), new byte[] {1});
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        List<Path> cases = new ArrayList<>(List.of(dir.resolve("missing"), dir, file.resolve("x"), loopA,
                dir.resolve("missing").resolve("x"), locked));
        for (Path p : cases) {
            Throwable jdk = thrown(() -> Files.readAllBytes(p));
            Throwable ours = thrown(() -> FastRead.readAllBytes(p));
            if (jdk == null) { // root reads a file whatever its permissions
                assertThat(ours).as(p.toString()).isNull();
                continue;
            }
            assertThat(ours).as(p.toString()).isNotNull().hasSameClassAs(jdk).hasMessageContaining(p.toString());
            Throwable load = thrown(() -> ArrayFiles.readInts(p, ByteOrder.BIG_ENDIAN, dev.fastio.array.Tail.IGNORE));
            assertThat(load).as("ArrayFiles " + p).isNotNull().hasMessageContaining(p.toString());
        }
    }

    @Test
    void noDescriptorIsLeftByFailingOrInterruptedCalls() throws Exception {
        Path missing = dir.resolve("missing");
        Path f = Files.write(dir.resolve("f"), new byte[64 * 1024]);
        FastRead.readAllBytes(f); // warm: classes loaded, nothing lazily opened later
        thrown(() -> FastRead.readAllBytes(missing));
        var fds = OpenDescriptors.snapshot();
        for (int i = 0; i < 1_000; i++) {
            assertThat(thrown(() -> FastRead.readAllBytes(missing))).isNotNull();
            assertThat(thrown(() -> FastRead.readAllBytes(dir))).isNotNull();
        }
        for (int i = 0; i < 1_000; i++) {
            Thread.currentThread().interrupt();
            Throwable t = thrown(() -> FastRead.readAllBytes(f));
            assertThat(Thread.interrupted()).isTrue();
            assertThat(t).isInstanceOf(ClosedByInterruptException.class);
            Thread.currentThread().interrupt();
            assertThat(thrown(() -> ArrayFiles.readInts(f, ByteOrder.BIG_ENDIAN))).isInstanceOf(java.io.InterruptedIOException.class);
            assertThat(Thread.interrupted()).isTrue();
        }
        assertThat(OpenDescriptors.openedSince(fds)).as("descriptors left open").isEmpty();
    }

    /** Ranges of a sparse file past 2 GiB, where int offsets would overflow. */
    @Test
    void rangesPastTwoGigabytesOfASparseFile() throws IOException {
        Path f = dir.resolve("sparse");
        long[] at = {(1L << 31) - 8, 1L << 31, (3L << 30) + 4096};
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength((3L << 30) + (1 << 20));
            for (int i = 0; i < at.length; i++) {
                raf.seek(at[i]);
                raf.writeLong(0x0102030405060708L * (i + 1));
            }
        }
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            for (long pos : at) {
                long first = pos / 8 - 3;
                long[] ours = ArrayFiles.readLongs(f, order, first, 7);
                ByteBuffer b = ByteBuffer.allocate(56).order(order);
                try (FileChannel ch = FileChannel.open(f)) {
                    ch.read(b, first * 8);
                }
                b.flip();
                long[] jdk = new long[7];
                b.asLongBuffer().get(jdk);
                assertThat(ours).as("%s at %d", order, pos).isEqualTo(jdk);
            }
        }
    }

    @Test
    void loadsInEitherByteOrderMatchTheJdk() throws IOException {
        Random r = new Random(9);
        for (int n : new int[] {0, 1, 3, 65_535, 262_144, 2_100_001}) { // the last is above the 8 MB parallel threshold
            int[] values = r.ints(n).toArray();
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                Path f = dir.resolve("ints-" + n + order);
                ByteBuffer b = ByteBuffer.allocate(n * 4).order(order);
                b.asIntBuffer().put(values);
                Files.write(f, b.array());
                assertThat(ArrayFiles.readInts(f, order)).as("%d %s", n, order).isEqualTo(values);
                double[] d = r.doubles(n / 4).toArray();
                ByteBuffer db = ByteBuffer.allocate(d.length * 8).order(order);
                db.asDoubleBuffer().put(d);
                Files.write(f, db.array());
                assertThat(ArrayFiles.readDoubles(f, order)).isEqualTo(d);
            }
        }
    }

    private interface Call {
        void run() throws Exception;
    }

    private static Throwable thrown(Call c) {
        try {
            c.run();
            return null;
        } catch (Throwable t) {
            return t;
        }
    }
}
