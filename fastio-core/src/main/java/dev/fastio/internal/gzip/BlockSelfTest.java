package dev.fastio.internal.gzip;

import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * The check a whole-block decoder passes before fastio trusts it (at class loading, once): 100 KB of
 * text deflated by the JDK, inflated at awkward offsets into room that fits exactly, and refused
 * (-1) when the input runs 8 bytes past the stream's end, stops 1 byte short of it, or the room is
 * 1 byte short. A library that answers otherwise (another ABI, a broken build) is not used.
 */
final class BlockSelfTest {
    private BlockSelfTest() {}

    /** 100 KB of digits and line ends, the same every time: what the self-tests deflate and inflate. */
    static byte[] sampleText() {
        Random random = new Random(42);
        byte[] text = new byte[100_000];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) (random.nextInt(8) == 0 ? '\n' : '0' + random.nextInt(10));
        }
        return text;
    }

    /** @return null when {@code decoders} passed, else what went wrong, naming {@code label} */
    static String run(String label, Supplier<BlockInflater> decoders) {
        byte[] text = sampleText();
        Deflater deflater = new Deflater(6, true);
        deflater.setInput(text);
        deflater.finish();
        byte[] packed = new byte[7 + text.length + 1024];
        int packedLength = 0;
        while (!deflater.finished()) {
            packedLength += deflater.deflate(packed, 7 + packedLength, packed.length - 7 - packedLength);
        }
        deflater.end();
        Arrays.fill(packed, 7 + packedLength, 7 + packedLength + 8, (byte) 0x5A);
        CRC32 crc = new CRC32();
        crc.update(text);
        byte[] out = new byte[5 + text.length];
        try (BlockInflater d = decoders.get()) {
            int n = d.inflate(packed, 7, packedLength, out, 5, text.length);
            if (n != text.length || !Arrays.equals(out, 5, out.length, text, 0, text.length)) {
                return label + " self-test: the bytes differ (" + n + " of " + text.length + ")";
            }
            if (d.crc() != (int) crc.getValue()) {
                return label + " self-test: the CRC-32 differs";
            }
            if (d.inflate(packed, 7, packedLength + 8, out, 5, text.length) != -1) {
                return label + " self-test: input past the stream's end was not refused";
            }
            if (d.inflate(packed, 7, packedLength - 1, out, 5, text.length) != -1) {
                return label + " self-test: a stream cut short was not refused";
            }
            if (d.inflate(packed, 7, packedLength, out, 5, text.length - 1) != -1) {
                return label + " self-test: output larger than the room was not refused";
            }
            return null;
        } catch (RuntimeException | Error e) {
            return label + " self-test failed: " + e;
        }
    }
}
