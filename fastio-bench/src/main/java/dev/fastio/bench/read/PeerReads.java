package dev.fastio.bench.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import okio.BufferedSource;
import okio.Okio;

/**
 * A whole file into a {@code byte[]}, as each library's documentation shows it: the calls that
 * {@link ReadPeersBenchmark} races with fastio and that {@code PeersAgreeTest} checks give the
 * same bytes.
 */
public final class PeerReads {
    private PeerReads() {}

    /** The JDK: {@code Files.readAllBytes}. */
    public static byte[] jdk(Path file) throws IOException {
        return Files.readAllBytes(file);
    }

    /** Apache Commons IO: {@code FileUtils.readFileToByteArray}. */
    public static byte[] commonsIo(Path file) throws IOException {
        return org.apache.commons.io.FileUtils.readFileToByteArray(file.toFile());
    }

    /** Guava: {@code Files.toByteArray}. */
    public static byte[] guava(Path file) throws IOException {
        return com.google.common.io.Files.toByteArray(file.toFile());
    }

    /** Okio: a buffered source over the file, {@code readByteArray()}. */
    public static byte[] okio(Path file) throws IOException {
        try (BufferedSource in = Okio.buffer(Okio.source(file))) {
            return in.readByteArray();
        }
    }
}
