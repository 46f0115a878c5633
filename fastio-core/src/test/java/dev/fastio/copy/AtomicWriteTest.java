package dev.fastio.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriteTest {
    @TempDir
    Path dir;

    private String[] listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    @Test
    void createsAndReplaces() throws IOException {
        Path t = dir.resolve("out.txt");
        AtomicWrite.write(t, out -> out.write(java.nio.ByteBuffer.wrap("one".getBytes())));
        assertThat(Files.readString(t)).isEqualTo("one");
        AtomicWrite.write(t, out -> out.write(java.nio.ByteBuffer.wrap("two".getBytes())));
        assertThat(Files.readString(t)).isEqualTo("two");
        assertThat(listing()).containsExactly("out.txt");
    }

    @Test
    void aFailingWriterLeavesTheTargetAsItWasAndNoTemporaryFile() throws IOException {
        Path t = Files.writeString(dir.resolve("keep.txt"), "old");
        assertThatThrownBy(() -> AtomicWrite.write(t, tmp -> {
            tmp.write(java.nio.ByteBuffer.wrap("half".getBytes()));
            throw new IOException("disk on fire");
        })).hasMessage("disk on fire");
        assertThat(Files.readString(t)).isEqualTo("old");
        assertThat(listing()).containsExactly("keep.txt");
        assertThatThrownBy(() -> AtomicWrite.write(dir.resolve("new.txt"), tmp -> {
            throw new IllegalStateException("boom");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(listing()).containsExactly("keep.txt");
    }

    @Test
    void aMissingFolderIsNamed() {
        Path t = dir.resolve("no/such/out.txt");
        assertThatThrownBy(() -> AtomicWrite.write(t, tmp -> {}))
                .isInstanceOfSatisfying(NoSuchFileException.class, e -> {
                    assertThat(e.getFile()).isEqualTo(dir.resolve("no/such").toString());
                    assertThat(e.getReason()).contains("destination folder does not exist");
                });
    }

    @Test
    void bytesStreamsAndLinesAreWrittenWholeDurableOrNot() throws IOException {
        Path t = dir.resolve("t.bin");
        byte[] big = new byte[3 << 20];
        new java.util.Random(1).nextBytes(big);
        for (boolean durable : new boolean[] {false, true}) {
            AtomicWrite.write(t, big, durable);
            assertThat(Files.readAllBytes(t)).isEqualTo(big);
            AtomicWrite.write(t, new java.io.ByteArrayInputStream(new byte[] {1, 2, 3}), durable);
            assertThat(Files.readAllBytes(t)).containsExactly(1, 2, 3);
            AtomicWrite.writeLines(t, java.util.List.of("a", "é"), java.nio.charset.StandardCharsets.UTF_8, durable);
            assertThat(Files.readString(t)).isEqualTo("a\né\n");
            AtomicWrite.write(t, new byte[0], durable);
            assertThat(Files.size(t)).isZero();
        }
        assertThat(listing()).containsExactly("t.bin");
    }

    @Test
    void aLineThatCannotBeEncodedLeavesTheTargetAsItWas() throws IOException {
        Path t = Files.writeString(dir.resolve("ascii.txt"), "old");
        assertThatThrownBy(() -> AtomicWrite.writeLines(t, java.util.List.of("ok", "é"), java.nio.charset.StandardCharsets.US_ASCII, false))
                .isInstanceOf(java.nio.charset.CharacterCodingException.class);
        assertThat(Files.readString(t)).isEqualTo("old");
        assertThat(listing()).containsExactly("ascii.txt");
    }

    /**
     * Every call a durable write makes (open, write, force, close, rename, the folder's sync) fails
     * once, in turn, before or after its work: the target is then the old file or the whole new
     * one, never a part, and no temporary file is left.
     */
    @Test
    void everyInjectedFailureLeavesTheOldFileOrTheWholeNewOne() throws IOException {
        Path t = dir.resolve("target.bin");
        byte[] next = new byte[300_000];
        new java.util.Random(2).nextBytes(next);
        FaultyOps counting = new FaultyOps(0, FaultyOps.Mode.BEFORE);
        Files.writeString(t, "old");
        AtomicWrite.write(t, next, true, counting);
        assertThat(counting.calls()).isGreaterThanOrEqualTo(8); // open, write, close, open, force, close, move, open dir, force, close
        for (FaultyOps.Mode mode : FaultyOps.Mode.values()) {
            for (int n = 1; n <= counting.calls(); n++) {
                Files.writeString(t, "old");
                FaultyOps ops = new FaultyOps(n, mode);
                String what = mode + " call " + n;
                try {
                    AtomicWrite.write(t, next, true, ops);
                } catch (IOException e) {
                    assertThat(e.getMessage()).as(what).contains("injected failure");
                }
                byte[] now = Files.readAllBytes(t);
                assertThat(now.length == 3 ? new String(now) : now).as(what).isEqualTo(now.length == 3 ? "old" : next);
                assertThat(listing()).as(what).containsExactly("target.bin");
            }
        }
    }
}
