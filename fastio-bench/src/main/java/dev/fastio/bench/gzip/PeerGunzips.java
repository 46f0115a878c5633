package dev.fastio.bench.gzip;

import com.intel.gkl.compression.IntelInflaterFactory;
import htsjdk.samtools.util.BlockCompressedInputStream;
import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.ZipException;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * A gzip file decompressed, as each library's documentation shows it: the calls that
 * {@link GzipPeersBenchmark} races with fastio and that {@code PeersAgreeTest} checks give the
 * same bytes.
 *
 * <p>Intel GKL's {@code IntelInflater} (ISA-L through JNI) inflates whole blocks only: it keeps
 * no input position between calls, so under an {@code InflaterInputStream} it inflates the same
 * input again ("Invalid deflate block found", measured with 0.8.11). GATK uses it for BGZF, one
 * block per call, through htsjdk's {@code BlockCompressedInputStream} and {@code IntelInflaterFactory};
 * a one-member file it can inflate only whole, in memory: {@link #gklWhole}.
 */
public final class PeerGunzips {
    private PeerGunzips() {}

    /** The JDK: {@code GZIPInputStream} with a 64 KiB input buffer (article 004's advice). */
    public static InputStream jdk(Path file) throws IOException {
        return new GZIPInputStream(new FileInputStream(file.toFile()), 65536);
    }

    /** Apache Commons Compress: {@code GzipCompressorInputStream}, every member, over a {@code BufferedInputStream}. */
    public static InputStream commonsCompress(Path file) throws IOException {
        return new GzipCompressorInputStream(new BufferedInputStream(Files.newInputStream(file)), true);
    }

    /** htsjdk's BGZF reader with its default inflater (the JDK's zlib). It checks no CRC unless asked. */
    public static InputStream htsjdkBgzf(Path file) throws IOException {
        return new BlockCompressedInputStream(file.toFile());
    }

    /**
     * htsjdk's BGZF reader with GKL's inflater, as GATK runs it. Where GKL's native library did not
     * load, an error: the factory would hand out the JDK's inflater, and the race would measure
     * plain htsjdk under GKL's name.
     */
    public static InputStream gklBgzf(Path file) throws IOException {
        requireGkl();
        return new BlockCompressedInputStream(file.toFile(), Gkl.FACTORY);
    }

    private static void requireGkl() {
        if (!gklLoaded()) {
            throw new IllegalStateException("Intel GKL's native library did not load here (it ships for Linux and macOS on x86-64)");
        }
    }

    /**
     * GKL's factory, made (and its native library extracted to the temporary folder and loaded)
     * at the first GKL call only: the JDK, Commons Compress and htsjdk races never touch GKL.
     */
    private static final class Gkl {
        static final IntelInflaterFactory FACTORY = new IntelInflaterFactory();
    }

    /** Whether GKL's native library loaded here (Linux or macOS on x86-64 with AVX). */
    public static boolean gklLoaded() {
        return Gkl.FACTORY.usingIntelInflater();
    }

    /**
     * A one-member gzip file inflated by GKL whole: the file read into memory, its 10-byte header
     * (no optional fields) skipped, one {@code inflate} call into an array of the size its trailer
     * states, then the trailer's CRC-32 and size checked, as {@code GZIPInputStream} and fastio check
     * them: the same work.
     */
    public static byte[] gklWhole(Path file) throws IOException {
        byte[] in = Files.readAllBytes(file);
        if (in.length < 18 || (in[0] & 0xFF) != 0x1F || (in[1] & 0xFF) != 0x8B || in[2] != 8 || in[3] != 0) {
            throw new ZipException(file + ": not a gzip file with a plain 10-byte header");
        }
        ByteBuffer trailer = ByteBuffer.wrap(in, in.length - 8, 8).order(ByteOrder.LITTLE_ENDIAN);
        int crc = trailer.getInt();
        long size = Integer.toUnsignedLong(trailer.getInt());
        byte[] out = new byte[Math.toIntExact(size)];
        requireGkl();
        Inflater inflater = Gkl.FACTORY.makeInflater(true); // an IntelInflater, GKL loaded
        try {
            inflater.setInput(in, 10, in.length - 18);
            int n = out.length == 0 ? 0 : inflater.inflate(out, 0, out.length);
            if (n != out.length || (out.length > 0 && !inflater.finished())) {
                throw new ZipException(file + ": inflated " + n + " bytes, its trailer says " + size);
            }
        } catch (RuntimeException | java.util.zip.DataFormatException e) { // GKL throws RuntimeException for bad data
            throw new ZipException(file + ": " + e.getMessage());
        } finally {
            inflater.end();
        }
        CRC32 check = new CRC32();
        check.update(out);
        if ((int) check.getValue() != crc) {
            throw new ZipException(file + ": CRC-32 mismatch");
        }
        return out;
    }
}
