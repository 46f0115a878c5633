package dev.fastio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.array.ArrayFiles;
import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.FileCopy;
import dev.fastio.ipv4.Ipv4Encoding;
import dev.fastio.ipv4.Ipv4Files;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.read.FastRead;
import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteOrder;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an interrupt of the calling thread does, as the Javadoc of each entry point says: the
 * call stops with the documented exception, the thread's interrupt status is still set, no part
 * thread and no descriptor is left, and a copy's destination is as it was. The jobs that run in
 * parts (array loads, IPv4 parses) throw one {@link InterruptedIOException} naming the file
 * whenever the interrupt lands; single-channel calls throw {@link ClosedByInterruptException}.
 */
class InterruptTest {
    /** Above both parallel thresholds (8 MB for arrays, 4 MB for IPv4 text), so the jobs run in parts. */
    private static final int INTS = 4 << 20;
    private static final int ADDRESSES = 600_000;

    @TempDir
    static Path dir;
    static Path ints;
    static int[] intValues;
    static Path text;
    static int[] addresses;

    @BeforeEach
    void files() throws IOException {
        if (ints != null) {
            return;
        }
        Random r = new Random(5);
        intValues = r.ints(INTS).toArray();
        ints = dir.resolve("ints");
        ArrayFiles.writeInts(ints, intValues, ByteOrder.LITTLE_ENDIAN);
        addresses = r.ints(ADDRESSES).toArray();
        text = dir.resolve("ips.txt");
        Ipv4Files.write(text, addresses, Ipv4Encoding.NATURAL);
    }

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    private interface Call {
        void run() throws IOException;
    }

    /** Runs {@code call} on an already interrupted thread; returns what it threw, after checking what every case must hold. */
    private static Throwable interruptedBeforehand(Call call) throws Exception {
        var fds = OpenDescriptors.snapshot();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Thread t = new Thread(() -> {
            Thread.currentThread().interrupt();
            try {
                call.run();
            } catch (Throwable e) {
                thrown.set(e);
            }
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        t.start();
        t.join(TimeUnit.SECONDS.toMillis(60));
        assertThat(t.isAlive()).isFalse();
        assertThat(stillInterrupted.get()).as("the interrupt status stays set").isTrue();
        assertThat(partThreads()).as("no part thread is left").isZero();
        assertThat(OpenDescriptors.openedSince(fds)).as("no descriptor is left").isEmpty();
        return thrown.get();
    }

    private static long partThreads() throws InterruptedException {
        for (int i = 0; i < 100; i++) { // a finished thread may take a moment to leave the list
            long n = Thread.getAllStackTraces().keySet().stream().filter(th -> th.getName().equals("fastio-part")).count();
            if (n == 0) {
                return 0;
            }
            Thread.sleep(10);
        }
        return Thread.getAllStackTraces().keySet().stream().filter(th -> th.getName().equals("fastio-part")).count();
    }

    @Test
    void aLoadInPartsThrowsOneNamedInterruptedIOException() throws Exception {
        Throwable e = interruptedBeforehand(() -> ArrayFiles.readInts(ints, ByteOrder.LITTLE_ENDIAN));
        assertThat(e).isInstanceOf(InterruptedIOException.class).hasMessageContaining(ints.toString())
                .hasMessageContaining("interrupted");
        Throwable range = interruptedBeforehand(() -> ArrayFiles.readInts(ints, ByteOrder.LITTLE_ENDIAN, 1, INTS - 2));
        assertThat(range).isInstanceOf(InterruptedIOException.class).hasMessageContaining(ints.toString());
    }

    @Test
    void aParseInPartsThrowsOneNamedInterruptedIOException() throws Exception {
        Throwable e = interruptedBeforehand(() -> Ipv4Parser.strict().parse(text));
        assertThat(e).isInstanceOf(InterruptedIOException.class).hasMessageContaining(text.toString())
                .hasMessageContaining("interrupted");
    }

    /**
     * The documented difference: {@code Files.readAllBytes} and {@code Files.newInputStream} read
     * on through an interrupt (their channel is made uninterruptible inside the JDK), while
     * fastio's reads stop as a {@code FileChannel}'s do.
     */
    @Test
    void aSingleChannelReadStopsWhereTheJdksReadsOn() throws Exception {
        assertThat(interruptedBeforehand(() -> Files.readAllBytes(ints))).isNull();
        assertThat(interruptedBeforehand(() -> FastRead.readAllBytes(ints))).isInstanceOf(ClosedByInterruptException.class);
        assertThat(interruptedBeforehand(() -> FastRead.readAllBytes(ints, dev.fastio.read.Growth.PREFIX)))
                .as("a growing read").isInstanceOf(ClosedByInterruptException.class);
        assertThat(interruptedBeforehand(() -> {
            try (var in = FastRead.openInputStream(ints)) {
                in.read(new byte[100]);
            }
        })).isInstanceOf(ClosedByInterruptException.class);
    }

    @Test
    void aCopyStopsAndLeavesTheDestinationAsItWas() throws Exception {
        Path target = dir.resolve("copy-target");
        Files.writeString(target, "old");
        for (Path source : new Path[] {ints, dir.resolve("small")}) {
            if (!Files.exists(source)) {
                Files.write(source, new byte[1000]);
            }
            for (dev.fastio.read.Growth g : dev.fastio.read.Growth.values()) {
                Throwable e = interruptedBeforehand(() -> FileCopy.copy(source, target,
                        dev.fastio.copy.CopyOptions.defaults().replaceExisting(true).growth(g)));
                assertThat(e).as("%s", g).isInstanceOf(CopyFailedException.class).hasCauseInstanceOf(ClosedByInterruptException.class);
                assertThat(Files.readString(target)).isEqualTo("old");
            }
            try (var files = Files.list(dir)) {
                assertThat(files.filter(f -> f.getFileName().toString().contains(".fastio-"))).as("no temporary file").isEmpty();
            }
        }
    }

    /**
     * Interrupts land at random moments of loads and parses in parts: each call either returns
     * the whole right answer (the interrupt came after it) or throws the one documented
     * exception, and in both cases nothing is left behind.
     */
    @Test
    void interruptsAtRandomMomentsGiveTheAnswerOrTheDocumentedException() throws Exception {
        Random r = new Random(11);
        var fds = OpenDescriptors.snapshot();
        int stopped = 0;
        for (int round = 0; round < 40; round++) {
            boolean load = round % 2 == 0;
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            AtomicReference<Object> result = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    result.set(load ? ArrayFiles.readInts(ints, ByteOrder.LITTLE_ENDIAN) : Ipv4Parser.strict().parse(text).addresses());
                } catch (Throwable e) {
                    thrown.set(e);
                }
            });
            t.start();
            TimeUnit.MICROSECONDS.sleep(r.nextInt(15_000));
            t.interrupt();
            t.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(t.isAlive()).isFalse();
            if (thrown.get() == null) {
                assertThat((int[]) result.get()).isEqualTo(load ? intValues : addresses);
            } else {
                stopped++;
                assertThat(thrown.get()).as("round %d", round).isInstanceOf(InterruptedIOException.class)
                        .hasMessageContaining((load ? ints : text).toString());
            }
        }
        assertThat(partThreads()).isZero();
        assertThat(OpenDescriptors.openedSince(fds)).as("descriptors left open").isEmpty();
        assertThat(stopped).as("some interrupts landed during a call").isPositive();
    }

    @Test
    void anExceptionThatIsNoInterruptIsLeftAsItIs() throws Exception {
        Path odd = Files.write(dir.resolve("odd"), new byte[7]);
        assertThatThrownBy(() -> ArrayFiles.readInts(odd, ByteOrder.LITTLE_ENDIAN)).isNotInstanceOf(InterruptedIOException.class)
                .hasMessageContaining("not a multiple");
    }
}
