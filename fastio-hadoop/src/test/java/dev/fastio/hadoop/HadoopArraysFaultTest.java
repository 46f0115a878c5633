package dev.fastio.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.DataInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.security.PrivilegedExceptionAction;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import dev.fastio.read.OpenDescriptors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link HadoopArrays} when things go wrong: the documented exception, naming the qualified path,
 * never wrong data, and no part thread or local descriptor left behind.
 */
class HadoopArraysFaultTest {
    static final int MB = 1 << 20;

    @AfterEach
    void noPartThreadLeft() throws InterruptedException {
        assertThat(partThreads()).isZero();
    }

    static long partThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("fastio-part")).count();
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    static void write(FileSystem fs, Path p, byte[] bytes) throws IOException {
        try (FSDataOutputStream out = fs.create(p, true)) {
            out.write(bytes);
        }
    }

    static int[] plainInts(FileSystem fs, Path p) throws IOException {
        int[] a = new int[(int) (fs.getFileStatus(p).getLen() / 4)];
        try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(fs.open(p)))) {
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readInt();
            }
        }
        return a;
    }

    @Test
    void aMissingPathAndADirectoryAreFileNotFoundNamingThem() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path missing = new Path("/faults/nosuch.bin");
        assertThatThrownBy(() -> HadoopArrays.readInts(fs, missing, ByteOrder.BIG_ENDIAN))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("/faults/nosuch.bin");
        assertThatThrownBy(() -> HadoopArrays.readInts(fs, missing, ByteOrder.BIG_ENDIAN, 0, 1))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("/faults/nosuch.bin");
        Path dir = new Path("/faults/adir");
        fs.mkdirs(dir);
        assertThatThrownBy(() -> HadoopArrays.readLongs(fs, dir, ByteOrder.BIG_ENDIAN))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(fs.makeQualified(dir).toString()).hasMessageContaining("is a directory");
    }

    @Test
    void anotherUserWithoutPermissionGetsAccessControlExceptionNamingThePath() throws Exception {
        FileSystem fs = Hdfs.fs();
        Path p = new Path("/faults/private.bin");
        write(fs, p, random(4096, 1));
        fs.setPermission(p, new FsPermission((short) 0600));
        UserGroupInformation other = UserGroupInformation.createUserForTesting("mallory", new String[] {"nobody"});
        Configuration conf = Hdfs.shared().getConfiguration(0);
        Throwable t = other.doAs((PrivilegedExceptionAction<Throwable>) () -> {
            try (FileSystem asOther = FileSystem.newInstance(fs.getUri(), conf)) {
                return catchThrowable(() -> HadoopArrays.readInts(asOther, p, ByteOrder.BIG_ENDIAN));
            }
        });
        assertThat(t).isInstanceOf(AccessControlException.class).hasMessageContaining("/faults/private.bin")
                .hasMessageContaining("mallory");
        // and the owner still reads it
        assertThat(HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
    }

    @Test
    void aTruncatedFileIsATailErrorOrAnEofNamingIt() throws Exception {
        FileSystem fs = Hdfs.fs();
        Path p = new Path("/faults/truncated.bin");
        write(fs, p, random(3 * Hdfs.BLOCK + 100, 2));
        String name = fs.makeQualified(p).toString();
        boolean done = fs.truncate(p, 2 * Hdfs.BLOCK + 7);
        if (!done) { // the last block is recovered first
            for (int i = 0; i < 200 && fs.getFileStatus(p).getLen() != 2 * Hdfs.BLOCK + 7; i++) {
                Thread.sleep(50);
            }
            Thread.sleep(500);
        }
        assertThatThrownBy(() -> HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN))
                .isExactlyInstanceOf(IOException.class).hasMessageContaining(name).hasMessageContaining("3 trailing bytes");
        assertThatThrownBy(() -> HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN, 3 * Hdfs.BLOCK / 4 - 10, 10))
                .isInstanceOf(java.io.EOFException.class).hasMessageContaining(name);
        int[] head = HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN, 0, 2 * Hdfs.BLOCK / 4);
        assertThat(head).isEqualTo(java.util.Arrays.copyOf(plainInts(fs, p), head.length));
    }

    /** A file replaced, deleted or appended to after the first chunk of a load: an error naming it, never an array. */
    @Test
    void aFileChangedBetweenPartsIsAnErrorNeverAMix() throws IOException {
        FileSystem fs = Hdfs.fs();
        int size = 9 * MB;
        String[] changes = {"rewrite", "delete", "append"};
        for (String change : changes) {
            Path p = new Path("/faults/changing-" + change + ".bin");
            byte[] v1 = random(size, 3);
            write(fs, p, v1);
            AtomicBoolean changed = new AtomicBoolean();
            FileSystem hooked = new HookedFileSystem(fs, () -> {
                if (changed.compareAndSet(false, true)) {
                    try {
                        switch (change) {
                            case "rewrite": write(fs, p, random(size, 4)); break;
                            case "delete": fs.delete(p, false); break;
                            default:
                                try (FSDataOutputStream out = fs.append(p)) {
                                    out.write(new byte[8]);
                                }
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            });
            Throwable t = catchThrowable(() -> HadoopArrays.readInts(hooked, p, ByteOrder.BIG_ENDIAN));
            assertThat(changed).as(change).isTrue();
            assertThat(t).as(change).isInstanceOf(IOException.class).hasMessageContaining(fs.makeQualified(p).toString());
        }
    }

    /** Replication 2, and one of the two datanodes stops after the first chunk: the right ints, or an error naming the file. */
    @Test
    void aDatanodeStoppedMidLoadGivesTheRightDataOrAClearError() throws IOException {
        MiniDFSCluster cluster = Hdfs.start(2);
        try {
            FileSystem fs = cluster.getFileSystem();
            Path p = new Path("/replicated.bin");
            write(fs, p, random(9 * MB + 12, 5));
            int[] expected = plainInts(fs, p);
            AtomicInteger chunks = new AtomicInteger();
            FileSystem hooked = new HookedFileSystem(fs, () -> {
                if (chunks.incrementAndGet() == 3) {
                    cluster.stopDataNode(0);
                }
            });
            int[] got;
            try {
                got = HadoopArrays.readInts(hooked, p, ByteOrder.BIG_ENDIAN);
            } catch (IOException e) {
                assertThat(e).hasMessageContaining(fs.makeQualified(p).toString());
                return;
            }
            assertThat(chunks.get()).isGreaterThan(3);
            assertThat(got).isEqualTo(expected);
            // with one datanode left, loads still work
            assertThat(HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(expected);
        } finally {
            cluster.shutdown();
        }
    }

    /** Local descriptors before and after loads that fail in every way the local filesystem can. */
    @Test
    void failedLoadsLeaveNoDescriptorOrThread() throws IOException {
        org.apache.hadoop.fs.LocalFileSystem local = FileSystem.getLocal(new Configuration());
        java.nio.file.Path tmp = Files.createTempDirectory("fastio-hadoop-faults");
        Path good = new Path(tmp.toUri().toString(), "good.bin");
        Path odd = new Path(tmp.toUri().toString(), "odd.bin");
        write(local.getRawFileSystem(), good, random(9 * MB, 6));
        write(local.getRawFileSystem(), odd, random(9 * MB + 1, 7));
        for (FileSystem fs : new FileSystem[] {local, local.getRawFileSystem()}) {
            HadoopArrays.readInts(fs, good, ByteOrder.BIG_ENDIAN); // warm: class loading may open jars
            var before = OpenDescriptors.snapshot();
            for (int i = 0; i < 20; i++) {
                catchThrowable(() -> HadoopArrays.readInts(fs, odd, ByteOrder.BIG_ENDIAN));
                catchThrowable(() -> HadoopArrays.readInts(fs, good, ByteOrder.BIG_ENDIAN, 9 * MB / 4 - 1, 2));
                catchThrowable(() -> HadoopArrays.readInts(fs, new Path(tmp.toUri().toString(), "nosuch"), ByteOrder.BIG_ENDIAN));
                AtomicInteger n = new AtomicInteger();
                FileSystem failing = new HookedFileSystem(fs, () -> {
                    if (n.incrementAndGet() == 5) {
                        throw new IllegalStateException("injected failure in a part");
                    }
                });
                assertThatThrownBy(() -> HadoopArrays.readInts(failing, good, ByteOrder.BIG_ENDIAN))
                        .hasMessageContaining("injected failure");
                assertThat(HadoopArrays.readInts(fs, good, ByteOrder.LITTLE_ENDIAN)).hasSize(9 * MB / 4);
            }
            assertThat(OpenDescriptors.openedSince(before)).as(fs.getClass().getSimpleName()).isEmpty();
            assertThat(partThreads()).isZero();
        }
    }

    @Test
    void anInterruptStopsTheLoadNamingTheFile() throws IOException {
        FileSystem fs = Hdfs.fs();
        Path p = new Path("/faults/interrupted.bin");
        write(fs, p, random(9 * MB, 8));
        AtomicInteger n = new AtomicInteger();
        Thread caller = Thread.currentThread();
        FileSystem hooked = new HookedFileSystem(fs, () -> {
            if (n.incrementAndGet() == 2) {
                caller.interrupt();
            }
        });
        Throwable t = catchThrowable(() -> HadoopArrays.readInts(hooked, p, ByteOrder.BIG_ENDIAN));
        boolean interrupted = Thread.interrupted();
        // HDFS may finish a read before it sees the interrupt: then the load completes and is right
        if (t == null) {
            assertThat(interrupted).isTrue();
        } else {
            assertThat(t).isInstanceOf(java.io.InterruptedIOException.class).hasMessageContaining(fs.makeQualified(p).toString());
        }
        assertThat(HadoopArrays.readInts(fs, p, ByteOrder.BIG_ENDIAN)).isEqualTo(plainInts(fs, p));
    }
}
