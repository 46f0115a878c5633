package dev.fastio.internal.gzip;

import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/** The JDK's zlib {@link Inflater} in raw mode: the fallback, and the only inflater on JDK 17 to 21. */
final class JdkInflater implements RawInflater {
    private final Inflater inflater = new Inflater(true);

    @Override
    public void reset() {
        inflater.reset();
    }

    @Override
    public void setInput(byte[] b, int off, int len) {
        inflater.setInput(b, off, len);
    }

    @Override
    public int inflate(byte[] out, int off, int len) throws DataFormatException {
        return inflater.inflate(out, off, len); // raw mode never asks for a preset dictionary
    }

    @Override
    public boolean finished() {
        return inflater.finished();
    }

    @Override
    public boolean needsInput() {
        return inflater.needsInput();
    }

    @Override
    public int remaining() {
        return inflater.getRemaining();
    }

    @Override
    public boolean tracksCrc() {
        return false;
    }

    @Override
    public int crc() {
        throw new UnsupportedOperationException("the JDK inflater keeps no CRC-32");
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
