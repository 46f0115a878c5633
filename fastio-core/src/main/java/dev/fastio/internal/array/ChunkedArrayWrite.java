package dev.fastio.internal.array;

import dev.fastio.internal.buffer.DirectBuffers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import java.nio.channels.WritableByteChannel;

/**
 * Writes primitive arrays in {@link ChunkedArrayIO#CHUNK}-byte chunks through the pooled direct
 * buffer: each chunk's elements put in the byte order asked (a typed bulk copy), then written
 * whole. The loads are {@link ChunkedArrayIO}'s. A write to a path goes through the copy job's
 * staged file ({@code ArrayFiles}, above both).
 */
public final class ChunkedArrayWrite {
    private ChunkedArrayWrite() {}

    /** Writes the elements at {@code out}'s position, through the pooled buffer; {@code out} stays open. */
    public static <A> void write(WritableByteChannel out, Elements<A> type, ByteOrder order, A src, int off, int count) throws IOException {
        Objects.requireNonNull(order, "order"); // not taken for little-endian
        checkBounds(type, src, off, count);
        ByteBuffer buf = DirectBuffers.take();
        try {
            int perChunk = ChunkedArrayIO.CHUNK / type.size;
            for (int done = 0; done < count; ) {
                int n = Math.min(perChunk, count - done);
                buf.clear();
                type.put(buf.order(order), src, off + done, n);
                buf.limit(n * type.size);
                while (buf.hasRemaining()) {
                    out.write(buf);
                }
                done += n;
            }
        } finally {
            DirectBuffers.give(buf);
        }
    }

    private static <A> void checkBounds(Elements<A> type, A src, int off, int count) {
        if (off < 0 || count < 0 || off > type.length(src) - count) {
            throw new IndexOutOfBoundsException("off=" + off + ", count=" + count + ", array length=" + type.length(src));
        }
    }
}
