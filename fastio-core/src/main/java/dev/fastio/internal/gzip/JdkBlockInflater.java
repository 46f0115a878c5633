package dev.fastio.internal.gzip;

import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The JDK's zlib as a {@link BlockInflater}: the arrays are handed to zlib as they are (the JDK
 * pins them for the call), so a block costs one {@code inflate} and one CRC-32 (an intrinsic).
 */
final class JdkBlockInflater implements BlockInflater {
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final byte[] spare = new byte[1];

    @Override
    public int inflate(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        inflater.reset();
        inflater.setInput(in, inOff, inLen);
        int n;
        try {
            n = inflater.inflate(out, outOff, outLen);
            if (n == outLen && !inflater.finished() && inflater.inflate(spare) != 0) {
                return -1; // an output that fills the room exactly may leave the end code unread: read it
            }
        } catch (DataFormatException e) {
            return -1; // the streaming reader reads the member again and names what is wrong
        }
        // finished with nothing left: the stream ended exactly at inLen; not finished: corrupt,
        // cut short, or more output than room (zlib stops at a full output without finishing)
        if (!inflater.finished() || inflater.getRemaining() != 0) {
            return -1;
        }
        crc.reset();
        crc.update(out, outOff, n);
        return n;
    }

    @Override
    public int crc() {
        return (int) crc.getValue();
    }

    @Override
    public String name() {
        return Inflaters.JDK;
    }

    @Override
    public void close() {
        inflater.end();
    }
}
