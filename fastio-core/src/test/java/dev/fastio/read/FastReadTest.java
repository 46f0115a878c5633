package dev.fastio.read;

import dev.fastio.internal.read.ReaderStrategy;
import dev.fastio.internal.read.StreamStrategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FastReadTest {
    @TempDir
    Path dir;

    /** 0, 1, the 8 KB read size, the small-file threshold and the 1 MB read chunk, each ±1. */
    static Stream<Long> boundarySizes() {
        long t = 64 * 1024;
        long c = dev.fastio.internal.FileSizes.MAX_READ_CHUNK;
        return LongStream.of(0, 1, 2, 8191, 8192, 8193, t - 1, t, t + 1, c - 1, c, c + 1, 2 * c + 7, 3_000_001)
                .boxed();
    }

    private Path file(long size, long seed) throws IOException {
        byte[] bytes = new byte[(int) size];
        new Random(seed).nextBytes(bytes);
        Path f = dir.resolve("f-" + size + "-" + seed);
        Files.write(f, bytes);
        return f;
    }

    static byte[] drain(InputStream in) throws IOException {
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[7919]; // odd size: reads straddle every boundary
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        }
    }

    static String drain(Reader in) throws IOException {
        try (in) {
            StringWriter out = new StringWriter();
            char[] buf = new char[3001];
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
            }
            return out.toString();
        }
    }

    @ParameterizedTest
    @MethodSource("boundarySizes")
    void readAllBytesMatchesTheJdk(long size) throws IOException {
        Path f = file(size, size);
        assertThat(FastRead.readAllBytes(f)).isEqualTo(Files.readAllBytes(f));
    }

    @ParameterizedTest
    @MethodSource("boundarySizes")
    void everyStreamStrategyAndTheChoiceReadTheSameBytes(long size) throws IOException {
        Path f = file(size, ~size);
        byte[] expected = Files.readAllBytes(f);
        for (StreamStrategy s : StreamStrategy.values()) {
            assertThat(drain(s.open(f))).as(s.name()).isEqualTo(expected);
        }
        assertThat(drain(FastRead.openInputStream(f))).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("boundarySizes")
    void everyReaderStrategyAndTheChoiceDecodeLikeTheJdk(long size) throws IOException {
        Path f = textFile(size);
        String expected = Files.readString(f, StandardCharsets.UTF_8);
        for (ReaderStrategy s : ReaderStrategy.values()) {
            assertThat(drain(s.open(f, StandardCharsets.UTF_8))).as(s.name()).isEqualTo(expected);
        }
        assertThat(drain(FastRead.openReader(f))).isEqualTo(expected);
        assertThat(FastRead.readString(f)).isEqualTo(expected);
    }

    /** Mixed 1-, 2-, 3- and 4-byte UTF-8 characters, cut to whole characters near {@code size} bytes. */
    private Path textFile(long size) throws IOException {
        String[] pieces = {"a", "é", "日本", "😀", "\n", "x y z ", "\uFFFD"};
        Random r = new Random(size);
        StringBuilder sb = new StringBuilder();
        int bytes = 0;
        while (true) {
            String p = pieces[r.nextInt(pieces.length)];
            int len = p.getBytes(StandardCharsets.UTF_8).length;
            if (bytes + len > size) {
                break;
            }
            sb.append(p);
            bytes += len;
        }
        Path f = dir.resolve("t-" + size);
        Files.writeString(f, sb, StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void aRealReplacementCharacterInTheFileIsNotAnError() throws IOException {
        Path f = dir.resolve("fffd.txt");
        Files.writeString(f, "before \uFFFD after", StandardCharsets.UTF_8);
        assertThat(FastRead.readString(f)).isEqualTo("before \uFFFD after");
    }

    @Test
    void malformedUtf8ThrowsNamingFileAndOffsetLikeFilesReadString() throws IOException {
        Path f = dir.resolve("bad.txt");
        byte[] bytes = "hello, wörld".getBytes(StandardCharsets.UTF_8);
        byte[] bad = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, bad, 0, 7);
        bad[7] = (byte) 0xC3; // a lead byte followed by a non-continuation byte
        System.arraycopy(bytes, 7, bad, 8, bytes.length - 7);
        Files.write(f, bad);

        assertThatThrownBy(() -> Files.readString(f)).isInstanceOf(MalformedInputException.class);
        assertThatThrownBy(() -> FastRead.readString(f))
                .isInstanceOf(MalformedInputException.class)
                .isInstanceOfSatisfying(FileDecodingException.class, e -> {
                    assertThat(e.offset()).isEqualTo(7);
                    assertThat(e.file()).isEqualTo(f);
                    assertThat(e.getMessage()).contains(f.toString()).contains("offset 7").contains("UTF-8");
                });
        assertThatThrownBy(() -> drain(FastRead.openReader(f))).isInstanceOf(MalformedInputException.class);
    }

    @Test
    void malformedInputInALargeFileThrowsWhileReading() throws IOException {
        Path f = dir.resolve("big-bad.txt");
        byte[] bytes = new byte[256 * 1024];
        java.util.Arrays.fill(bytes, (byte) 'a');
        bytes[bytes.length - 10] = (byte) 0xFF;
        Files.write(f, bytes);
        assertThatThrownBy(() -> drain(FastRead.openReader(f))).isInstanceOf(MalformedInputException.class);
        assertThatThrownBy(() -> drain(Files.newBufferedReader(f))).isInstanceOf(MalformedInputException.class);
    }

    @Test
    void aMissingFileGivesNoSuchFileExceptionLikeFiles() {
        Path missing = dir.resolve("nope");
        assertThatThrownBy(() -> FastRead.readAllBytes(missing)).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> FastRead.openInputStream(missing)).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> FastRead.openReader(missing)).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> FastRead.readString(missing)).isInstanceOf(NoSuchFileException.class);
    }

    /**
     * A folder opens (Linux allows it) and fails at the first read. The whole-file reads name it;
     * the streams and readers fail as the JDK's do, with "Is a directory" (naming it there needs a
     * wrapper around every read, measured slower: docs/PERFORMANCE.md, "Stream read errors keep
     * the JDK's message").
     */
    @Test
    void aDirectoryIsAnIOException() {
        assertThatThrownBy(() -> FastRead.readAllBytes(dir)).isInstanceOf(IOException.class).hasMessageContaining(dir.toString());
        assertThatThrownBy(() -> FastRead.readString(dir)).isInstanceOf(IOException.class).hasMessageContaining(dir.toString());
        assertThatThrownBy(() -> {
            try (InputStream in = FastRead.openInputStream(dir)) {
                in.read();
            }
        }).isInstanceOf(IOException.class);
    }

    @Test
    void procFilesReportSizeZeroButAreReadWhole() throws IOException {
        Path version = Path.of("/proc/version");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(version), "needs Linux /proc");
        assertThat(Files.size(version)).isZero();
        assertThat(FastRead.readAllBytes(version)).isEqualTo(Files.readAllBytes(version)).isNotEmpty();
        assertThat(drain(FastRead.openInputStream(version))).isEqualTo(Files.readAllBytes(version));
    }

    /**
     * The first read asks for 64 KiB without the size (both paths), and the stat after it proves
     * end of file; larger files go on by their size, and the pooled buffer is 256 KiB: every end
     * of those, ±1, against the JDK's bytes.
     */
    @Test
    void filesAtTheEndsOfTheFirstReadAndOfThePooledBufferMatchTheJdk() throws IOException {
        java.util.Random random = new java.util.Random(41);
        for (int size : new int[] {1, 2, (64 << 10) - 1, 64 << 10, (64 << 10) + 1, (128 << 10) + 3, (256 << 10) - 1, 256 << 10,
            (256 << 10) + 1, (1 << 20) + 1}) {
            byte[] content = new byte[size];
            random.nextBytes(content);
            Path f = dir.resolve("ends-" + size);
            Files.write(f, content);
            assertThat(FastRead.readAllBytes(f)).as("%d bytes", size).isEqualTo(content);
            assertThat(FastRead.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1)).as("%d bytes", size)
                    .isEqualTo(new String(content, java.nio.charset.StandardCharsets.ISO_8859_1));
        }
    }

    /** A procfs file longer than the first read, whose size reads 0, and a sysfs one whose size reads 4096. */
    @Test
    void pseudoFilesWhoseSizesSayNothingAreReadToTheirEnd() throws IOException {
        Path symbols = Path.of("/proc/kallsyms");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(symbols), "needs Linux /proc");
        byte[] jdk = Files.readAllBytes(symbols);
        assertThat(Files.size(symbols)).isZero();
        assertThat(FastRead.readAllBytes(symbols)).isEqualTo(jdk).hasSizeGreaterThan(64 << 10);
        Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        if (Files.isReadable(thp)) {
            assertThat(Files.size(thp)).isEqualTo(4096);
            assertThat(FastRead.readAllBytes(thp)).isEqualTo(Files.readAllBytes(thp)).hasSizeLessThan(4096);
        }
    }

    @Test
    void aFileOverTheArrayLimitIsAClearErrorNotAnOutOfMemoryError() throws IOException {
        Path sparse = dir.resolve("sparse-3g");
        try (RandomAccessFile raf = new RandomAccessFile(sparse.toFile(), "rw")) {
            raf.setLength(3L << 30); // sparse: no disk used
        }
        assertThatThrownBy(() -> FastRead.readAllBytes(sparse))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(sparse.toString())
                .hasMessageContaining(Long.toString(3L << 30));
        // streaming a >2 GB file works: read a little and stop
        try (InputStream in = FastRead.openInputStream(sparse)) {
            assertThat(in.readNBytes(10)).containsOnly(0);
        }
    }

    @Test
    void noDescriptorLeaksOnErrorPaths() throws IOException {
        Path bad = dir.resolve("bad-small.txt");
        Files.write(bad, new byte[] {'o', 'k', (byte) 0xFF});
        Path sparse = dir.resolve("sparse");
        try (RandomAccessFile raf = new RandomAccessFile(sparse.toFile(), "rw")) {
            raf.setLength(3L << 30);
        }
        // one round first: classes and class-path jars the error paths load lazily stay open, and are no leak
        Map<Integer, String> before = Map.of();
        for (int i = 0; i < 501; i++) {
            if (i == 1) {
                before = OpenDescriptors.snapshot();
            }
            assertThatThrownBy(() -> drain(FastRead.openReader(bad))).isInstanceOf(MalformedInputException.class);
            assertThatThrownBy(() -> FastRead.readString(bad)).isInstanceOf(MalformedInputException.class);
            assertThatThrownBy(() -> FastRead.readAllBytes(sparse)).isInstanceOf(IOException.class);
        }
        assertThat(OpenDescriptors.openedSince(before)).as("descriptors left open").isEmpty();
    }
}
