package dev.fastio.internal.array;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The confirming pass of an array load compares as it reads ({@link ChunkedArrayIO#matches}):
 * held against the plain answer (load the bytes, compare the arrays bit for bit) at chunk
 * boundaries, across the parallel threshold, in both byte orders, and for the float values that
 * {@code Float.equals}-style comparisons fold together (NaN payloads, -0.0).
 */
class ChunkedMatchesTest {
    /** Bytes as a source, every part reading positionally, into heap or direct buffers. */
    private static ChunkedArrayIO.Source bytes(byte[] content, boolean direct) {
        ChunkedArrayIO.PartReader reader = new ChunkedArrayIO.PartReader() {
            @Override
            public boolean direct() {
                return direct;
            }

            @Override
            public int read(ByteBuffer buf, long position) {
                if (position >= content.length) {
                    return -1;
                }
                int n = (int) Math.min(buf.remaining(), content.length - position);
                buf.put(content, (int) position, n);
                return n;
            }
        };
        return new ChunkedArrayIO.Source() {
            @Override
            public Object name() {
                return "bytes";
            }

            @Override
            public ChunkedArrayIO.PartReader part(int part, long position) {
                return reader;
            }
        };
    }

    @Test
    void matchesIsTheLoadComparedBitForBit() throws IOException {
        int chunkInts = ChunkedArrayIO.CHUNK / 4;
        int[] counts = {0, 1, chunkInts - 1, chunkInts, chunkInts + 1, (int) (ChunkedArrayIO.PARALLEL_MIN_BYTES / 4) + 3};
        Random r = new Random(7);
        for (int count : counts) {
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                for (boolean direct : new boolean[] {true, false}) {
                    byte[] content = new byte[count * 4];
                    r.nextBytes(content);
                    int[] loaded = new int[count];
                    ChunkedArrayIO.read(bytes(content, direct), Elements.INT, order, 0, loaded, 0, count);
                    String what = count + " ints, " + order + (direct ? ", direct" : ", heap");
                    assertThat(ChunkedArrayIO.matches(bytes(content, direct), Elements.INT, order, 0, loaded, 0, count)).as(what).isTrue();
                    for (int at : new int[] {0, count / 2, count - 1}) {
                        if (count == 0) {
                            break;
                        }
                        byte[] changed = content.clone();
                        changed[at * 4 + 3] ^= 1;
                        assertThat(ChunkedArrayIO.matches(bytes(changed, direct), Elements.INT, order, 0, loaded, 0, count))
                                .as(what + ", a bit flipped in element " + at).isFalse();
                    }
                }
            }
        }
    }

    @Test
    void floatsAreComparedAsTheirBitsNotAsNumbers() throws IOException {
        float[] loaded = {0.0f, Float.intBitsToFloat(0x7fc00001), 1.5f};
        ByteBuffer file = ByteBuffer.allocate(12);
        file.putFloat(0.0f).putInt(0x7fc00001).putFloat(1.5f);
        assertThat(ChunkedArrayIO.matches(bytes(file.array(), true), Elements.FLOAT, ByteOrder.BIG_ENDIAN, 0, loaded, 0, 3)).isTrue();
        ByteBuffer negativeZero = ByteBuffer.allocate(12).putFloat(-0.0f).putInt(0x7fc00001).putFloat(1.5f);
        assertThat(ChunkedArrayIO.matches(bytes(negativeZero.array(), true), Elements.FLOAT, ByteOrder.BIG_ENDIAN, 0, loaded, 0, 3))
                .as("-0.0 is another version of the file than 0.0").isFalse();
        ByteBuffer otherNaN = ByteBuffer.allocate(12).putFloat(0.0f).putInt(0x7fc00002).putFloat(1.5f);
        assertThat(ChunkedArrayIO.matches(bytes(otherNaN.array(), true), Elements.FLOAT, ByteOrder.BIG_ENDIAN, 0, loaded, 0, 3))
                .as("another NaN payload is other bytes").isFalse();
    }

    @Test
    void aSourceThatEndsEarlyIsEndedEarlyNotADifference() {
        byte[] content = new byte[40];
        int[] loaded = new int[11];
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> ChunkedArrayIO.matches(bytes(content, true), Elements.INT, ByteOrder.BIG_ENDIAN, 0, loaded, 0, 11))
                .isInstanceOf(ChunkedArrayIO.EndedEarly.class);
    }
}
