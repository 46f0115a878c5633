package dev.fastio.ipv4;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Writes addresses as text, one per line ({@code \n}), the inverse of {@link Ipv4Parser}. */
public final class Ipv4Files {
    private static final int BLOCK = 1 << 20;

    private Ipv4Files() {}

    /**
     * Writes {@code addresses} to {@code file}, created or truncated, one dotted quad and
     * {@code \n} per address. JDK equivalent: a {@code BufferedWriter} of
     * {@code InetAddress.getHostAddress()} per address. The file is written in place: for an
     * all-or-nothing replacement use {@link #write(WritableByteChannel, int[], Ipv4Encoding)}.
     *
     * @param file the file to write
     * @param addresses the addresses, in file order
     * @param encoding how {@code addresses} are stored
     * @throws IOException the file cannot be created or written
     */
    public static void write(Path file, int[] addresses, Ipv4Encoding encoding) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            write(ch, addresses, encoding);
        }
    }

    /**
     * Writes {@code addresses} to {@code out} at its position, one dotted quad and {@code \n} per
     * address; {@code out} stays open. For the new file of an all-or-nothing write:
     * {@code AtomicWrite.write(file, out -> Ipv4Files.write(out, addresses, encoding))}.
     *
     * @param out where to write
     * @param addresses the addresses, in file order
     * @param encoding how {@code addresses} are stored
     * @throws IOException a write failed
     */
    public static void write(WritableByteChannel out, int[] addresses, Ipv4Encoding encoding) throws IOException {
        byte[] buf = new byte[BLOCK];
        int n = 0;
        for (int a : addresses) {
            if (n > BLOCK - Ipv4.MAX_TEXT_LENGTH - 1) {
                writeFully(out, buf, n);
                n = 0;
            }
            n += Ipv4.formatTo(encoding.decode(a), buf, n);
            buf[n++] = '\n';
        }
        writeFully(out, buf, n);
    }

    private static void writeFully(WritableByteChannel ch, byte[] buf, int n) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(buf, 0, n);
        while (bb.hasRemaining()) {
            ch.write(bb);
        }
    }
}
