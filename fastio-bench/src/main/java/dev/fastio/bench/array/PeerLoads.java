package dev.fastio.bench.array;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A file of big-endian ints loaded into an {@code int[]}, the ways a user reaches for without
 * fastio: the JDK's channel into a direct buffer, and the whole file read by Commons IO or Guava
 * then viewed as ints. The calls that {@link ArrayPeersBenchmark} races with fastio and that
 * {@code PeersAgreeTest} checks give the same ints.
 */
public final class PeerLoads {
    private PeerLoads() {}

    /**
     * The JDK: a {@code FileChannel} read into a 64 KiB direct buffer, {@code asIntBuffer().get}
     * each time; a read that ends inside an int keeps its tail for the next ({@code compact}).
     */
    public static int[] jdkChannel(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            int[] a = new int[Math.toIntExact(ch.size() / 4)];
            ByteBuffer b = ByteBuffer.allocateDirect(64 * 1024);
            int at = 0;
            while (at < a.length && ch.read(b) >= 0) {
                b.flip();
                int n = Math.min(b.remaining() / 4, a.length - at);
                b.asIntBuffer().get(a, at, n);
                at += n;
                b.position(n * 4);
                b.compact();
            }
            if (at < a.length) {
                throw new java.io.EOFException(file + ": ended after " + at + " of " + a.length + " ints");
            }
            return a;
        }
    }

    /** Apache Commons IO: {@code FileUtils.readFileToByteArray}, then the bytes viewed as ints. */
    public static int[] commonsIo(Path file) throws IOException {
        return ints(org.apache.commons.io.FileUtils.readFileToByteArray(file.toFile()));
    }

    /** Guava: {@code Files.toByteArray}, then the bytes viewed as ints. */
    public static int[] guava(Path file) throws IOException {
        return ints(com.google.common.io.Files.toByteArray(file.toFile()));
    }

    private static int[] ints(byte[] bytes) {
        int[] a = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).asIntBuffer().get(a);
        return a;
    }
}
