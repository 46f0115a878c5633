package dev.fastio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.copy.CopyFailedException;
import dev.fastio.copy.CopyOptions;
import dev.fastio.copy.CopyResult;
import dev.fastio.copy.FileCopy;
import dev.fastio.internal.UnsizedSources;
import dev.fastio.read.FastRead;
import dev.fastio.read.FileChangedException;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live log: a writer appends a line every 2 ms to an 8 MiB file while fastio reads and copies
 * it (issue 40, item 10: {@code FastRead.readAllBytes} read such a log 0 times in 30, and
 * {@code fastio copy} 0 in 5). With {@link Growth#PREFIX} every read and copy succeeds and gives
 * the log's first bytes, at least as many as it had before the call; without it, a read still
 * fails with {@link FileChangedException} (or, in a quiet moment, gives the file whole). Runs on
 * the JDK path on JDK 17 and through the native layer on JDK 22+. The exact changes (rewritten,
 * truncated, replaced) are {@code GrowingReadTest}'s and {@code GrowingNativeReadTest}'s; a file
 * rewritten in place under a growing read is {@code ChangingFileTest}'s.
 */
class GrowingFileTest {
    static final int START = 8 << 20;
    static final int LINE = 64;
    static final long PERIOD_NANOS = 2_000_000;

    @TempDir
    Path dir;

    /** Line {@code i} of the log: its number, padded, and a fixed text, 64 bytes with the line end. */
    static byte[] line(long i) {
        byte[] b = "0000000000 GET /index.html 200 fastio-test-agent ..............\n".getBytes();
        for (int d = 9; d >= 0; d--, i /= 10) {
            b[d] = (byte) ('0' + i % 10);
        }
        return b;
    }

    /** Whether {@code got} is the log's first {@code got.length} bytes. */
    static boolean isPrefixOfTheLog(byte[] got) {
        for (int at = 0; at < got.length; at += LINE) {
            byte[] l = line(at / LINE);
            int n = Math.min(LINE, got.length - at);
            if (!java.util.Arrays.equals(got, at, at + n, l, 0, n)) {
                return false;
            }
        }
        return true;
    }

    /** The log, started with {@link #START} bytes, and a thread appending one line per write call every 2 ms. */
    static final class Log implements AutoCloseable {
        final Path file;
        private final AtomicBoolean stop = new AtomicBoolean();
        final AtomicLong lines = new AtomicLong();
        private final Thread writer;

        Log(Path file) throws IOException {
            this.file = file;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer b = ByteBuffer.allocate(START);
                for (long i = 0; i < START / LINE; i++) {
                    b.put(line(i));
                }
                ch.write(b.flip());
            }
            lines.set(START / LINE);
            writer = new Thread(() -> {
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.APPEND)) {
                    while (!stop.get()) {
                        ByteBuffer b = ByteBuffer.wrap(line(lines.get()));
                        while (b.hasRemaining()) {
                            ch.write(b);
                        }
                        lines.incrementAndGet();
                        LockSupport.parkNanos(PERIOD_NANOS);
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, "log writer");
            writer.start();
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            writer.join();
        }
    }

    @Test
    void aLiveLogIsReadAsItsPrefixEveryTimeWithPrefix() throws Exception {
        try (Log log = new Log(dir.resolve("app.log"))) {
            long linesBefore = log.lines.get();
            for (int round = 0; round < 30; round++) {
                long before = Files.size(log.file);
                byte[] got = FastRead.readAllBytes(log.file, Growth.PREFIX);
                assertThat((long) got.length).as("round %d: at least its size before the call", round).isGreaterThanOrEqualTo(before);
                assertThat(isPrefixOfTheLog(got)).as("round %d: the log's first %d bytes", round, got.length).isTrue();
            }
            assertThat(log.lines.get()).as("lines appended meanwhile").isGreaterThan(linesBefore);
        }
    }

    @Test
    void aLiveLogIsStillAnErrorWithoutPrefix() throws Exception {
        int changed = 0;
        try (Log log = new Log(dir.resolve("app.log"))) {
            for (int round = 0; round < 30; round++) {
                try {
                    byte[] got = FastRead.readAllBytes(log.file);
                    assertThat(isPrefixOfTheLog(got)).as("round %d: a quiet moment's read is the file then", round).isTrue();
                } catch (FileChangedException e) {
                    assertThat(e.file()).isEqualTo(log.file.toString());
                    changed++;
                }
            }
        }
        assertThat(changed).as("strict reads of a live log that failed").isPositive();
    }

    @Test
    void aLiveLogIsCopiedAsItsPrefixWithPrefixAndRefusedWithout() throws Exception {
        int grew = 0;
        int refused = 0;
        List<String> names = new ArrayList<>(List.of("app.log"));
        try (Log log = new Log(dir.resolve("app.log"))) {
            for (int round = 0; round < 10; round++) {
                Path dst = dir.resolve("copy" + round);
                long before = Files.size(log.file);
                CopyResult r = FileCopy.copy(log.file, dst, CopyOptions.defaults().growth(Growth.PREFIX));
                names.add(dst.getFileName().toString());
                byte[] got = Files.readAllBytes(dst);
                assertThat(r.bytes()).as("round %d", round).isEqualTo(got.length).isGreaterThanOrEqualTo(before);
                assertThat(isPrefixOfTheLog(got)).as("round %d", round).isTrue();
                grew += r.sourceGrew() ? 1 : 0;

                Path strict = dir.resolve("strict" + round);
                try {
                    FileCopy.copy(log.file, strict);
                    names.add(strict.getFileName().toString());
                    assertThat(isPrefixOfTheLog(Files.readAllBytes(strict))).isTrue();
                } catch (CopyFailedException e) {
                    assertThat(e.getMessage()).contains(log.file.toString()).containsAnyOf("grew", "changed");
                    assertThat(strict).doesNotExist();
                    refused++;
                }
            }
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).as("no temporary file left").containsExactlyInAnyOrderElementsOf(names);
        }
        assertThat(grew).as("growing copies that saw the log grow").isPositive();
        assertThat(refused).as("strict copies refused").isPositive();
    }

    @Test
    void aFileThatDoesNotGrowReadsAndCopiesAsWithoutPrefix() throws Exception {
        for (int size : new int[] {0, 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, (256 << 10) + 1}) {
            byte[] content = UnsizedSources.content(size, size);
            Path f = Files.write(dir.resolve("still" + size), content);
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-x---"));
            assertThat(FastRead.readAllBytes(f, Growth.PREFIX)).as("size %d", size).isEqualTo(content);
            Path prefix = dir.resolve("prefix" + size);
            Path plain = dir.resolve("plain" + size);
            CopyResult r = FileCopy.copy(f, prefix, CopyOptions.defaults().growth(Growth.PREFIX));
            FileCopy.copy(f, plain);
            assertThat(r.sourceGrew()).isFalse();
            assertThat(Files.readAllBytes(prefix)).isEqualTo(content);
            assertThat(Files.getPosixFilePermissions(prefix)).as("the mode a plain copy gets").isEqualTo(Files.getPosixFilePermissions(plain));
        }
    }

    /** Sizes that say nothing: procfs (0) is read to its end; sysfs (4096, content shorter) as far as it goes. */
    @Test
    void filesWhoseSizeSaysNothingAreReadAsWithoutPrefix() throws Exception {
        for (Path p : UnsizedSources.stableProcFiles()) {
            assertThat(FastRead.readAllBytes(p, Growth.PREFIX)).as(p.toString()).isEqualTo(Files.readAllBytes(p)).isNotEmpty();
        }
        for (Path p : UnsizedSources.sysfsFiles()) {
            assertThat(FastRead.readAllBytes(p, Growth.PREFIX)).as(p.toString()).isEqualTo(Files.readAllBytes(p));
        }
    }
}
