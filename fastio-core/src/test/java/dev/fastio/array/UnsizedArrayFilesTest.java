package dev.fastio.array;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.internal.UnsizedSources;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole-file loads of files whose size reads 0 or is wrong give what reading to end of file gives. */
class UnsizedArrayFilesTest {
    @TempDir
    Path dir;

    private static int[] ints(byte[] b, ByteOrder order) {
        int[] out = new int[b.length / 4];
        ByteBuffer.wrap(b).order(order).asIntBuffer().get(out);
        return out;
    }

    @Test
    void pipesLoadWholeAtEverySizeAndBothOrders() throws Exception {
        int k = 0;
        for (int n : UnsizedSources.PIPE_SIZES) {
            byte[] b = UnsizedSources.content(n - n % 4, n);
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                Path p = UnsizedSources.pipe(dir, "p" + k++, b);
                assertThat(ArrayFiles.readInts(p, order)).as("%d bytes %s", b.length, order).isEqualTo(ints(b, order));
            }
        }
    }

    @Test
    void aPipesTailFollowsTheTailRule() throws Exception {
        byte[] b = UnsizedSources.content(4 * 1000 + 3, 1);
        Path p = UnsizedSources.pipe(dir, "tail", b);
        assertThatThrownBy(() -> ArrayFiles.readInts(p, ByteOrder.BIG_ENDIAN)).isInstanceOf(IOException.class)
                .hasMessageContaining(p.toString()).hasMessageContaining("4003").hasMessageContaining("3 trailing bytes");
        Path q = UnsizedSources.pipe(dir, "tail2", b);
        assertThat(ArrayFiles.readInts(q, ByteOrder.BIG_ENDIAN, Tail.IGNORE)).isEqualTo(ints(b, ByteOrder.BIG_ENDIAN));
    }

    @Test
    void procAndSysFilesLoadWhatReadingToTheEndGives() throws IOException {
        for (Path p : UnsizedSources.stableProcFiles()) {
            byte[] b = Files.readAllBytes(p);
            assertThat(b).isNotEmpty();
            byte[] whole = java.util.Arrays.copyOf(b, b.length - b.length % 4);
            assertThat(ArrayFiles.readInts(p, ByteOrder.LITTLE_ENDIAN, Tail.IGNORE)).as(p.toString())
                    .isEqualTo(ints(whole, ByteOrder.LITTLE_ENDIAN));
        }
        for (Path p : UnsizedSources.sysfsFiles()) {
            byte[] b = Files.readAllBytes(p);
            short[] want = new short[b.length / 2];
            ByteBuffer.wrap(b).asShortBuffer().get(want);
            assertThat(ArrayFiles.readShorts(p, ByteOrder.BIG_ENDIAN, Tail.IGNORE)).as(p.toString()).isEqualTo(want);
        }
    }

    @Test
    void rangesOfUnsizedFilesReadWhatIsThereOrNameTheEnd() throws Exception {
        Path proc = UnsizedSources.stableProcFiles().get(0);
        byte[] b = Files.readAllBytes(proc);
        byte[] want = new byte[8];
        System.arraycopy(b, 4, want, 0, 8);
        assertThat(ArrayFiles.readInts(proc, ByteOrder.BIG_ENDIAN, 1, 2)).isEqualTo(ints(want, ByteOrder.BIG_ENDIAN));
        assertThatThrownBy(() -> ArrayFiles.readInts(proc, ByteOrder.BIG_ENDIAN, 1_000_000, 2)).isInstanceOf(EOFException.class)
                .hasMessageContaining(proc.toString()).hasMessageContaining("ended at byte");
        Path pipe = UnsizedSources.pipe(dir, "range", new byte[64]);
        assertThatThrownBy(() -> ArrayFiles.readInts(pipe, ByteOrder.BIG_ENDIAN, 2, 2)).isInstanceOf(IOException.class)
                .hasMessageContaining(pipe.toString()).hasMessageContaining("position");
    }
}
