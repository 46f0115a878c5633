package dev.fastio.internal.read;

import java.io.ByteArrayInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The ways to open a file as an InputStream that article 000 races, plus fastio's own
 * whole-file snapshot. {@link dev.fastio.read.FastRead#openInputStream} chooses among them; the benchmark
 * {@code dev.fastio.bench.read.OpenStreamBenchmark} measures each.
 */
public enum StreamStrategy implements StreamOpener {
    /** {@code new FileInputStream(file)}: one native open, reads through JNI with a stack buffer up to 8 KB. */
    FILE_INPUT_STREAM {
        @Override
        public InputStream open(Path file) throws IOException {
            return new FileInputStream(file.toFile());
        }
    },
    /** {@code Files.newInputStream}: the NIO provider's channel wrapped as a stream. */
    FILES_NEW_INPUT_STREAM {
        @Override
        public InputStream open(Path file) throws IOException {
            return Files.newInputStream(file);
        }
    },
    /** The article's Java 6 route: {@code RandomAccessFile.getChannel()} wrapped by {@code Channels.newInputStream}. */
    RANDOM_ACCESS_FILE_CHANNEL {
        @Override
        public InputStream open(Path file) throws IOException {
            RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r");
            // Closing the channel stream closes the channel, and closing the channel closes the RandomAccessFile.
            return Channels.newInputStream(raf.getChannel());
        }
    },
    /** {@code Channels.newInputStream(FileChannel.open(file))}. */
    FILE_CHANNEL {
        @Override
        public InputStream open(Path file) throws IOException {
            return Channels.newInputStream(FileChannel.open(file));
        }
    },
    /**
     * fastio: read the whole file at open and serve it from memory. One open, one size query and
     * one or two reads, and the descriptor is closed before the caller reads a byte. Only for
     * small files: the bytes are held in memory until the stream is dropped.
     */
    WHOLE_FILE {
        @Override
        public InputStream open(Path file) throws IOException {
            return new ByteArrayInputStream(WholeFile.readAllBytes(file));
        }
    };
}
