package dev.fastio.internal.read;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.io.StringReader;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The ways to open a file as a Reader that article 000 races, plus fastio's whole-file decode.
 * The benchmark {@code dev.fastio.bench.read.OpenReaderBenchmark} measures each.
 *
 * <p>Malformed input: {@link #FILES_NEW_BUFFERED_READER}, both {@code Channels.newReader} routes and
 * {@link #WHOLE_FILE_STRING} throw {@link java.nio.charset.MalformedInputException}; the two
 * {@code InputStreamReader} routes replace malformed bytes with U+FFFD, as the JDK does.
 */
public enum ReaderStrategy implements ReaderOpener {
    /** {@code Files.newBufferedReader(file, charset)}. */
    FILES_NEW_BUFFERED_READER {
        @Override
        public Reader open(Path file, Charset charset) throws IOException {
            return Files.newBufferedReader(file, charset);
        }
    },
    /** {@code Channels.newReader(new RandomAccessFile(file, "r").getChannel(), charset)}. */
    CHANNEL_READER_VIA_RANDOM_ACCESS_FILE {
        @Override
        public Reader open(Path file, Charset charset) throws IOException {
            RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r");
            return Channels.newReader(raf.getChannel(), charset.newDecoder(), -1);
        }
    },
    /** {@code Channels.newReader(FileChannel.open(file), charset)}: the article's winner. */
    CHANNEL_READER {
        @Override
        public Reader open(Path file, Charset charset) throws IOException {
            return Channels.newReader(FileChannel.open(file), charset.newDecoder(), -1);
        }
    },
    /** {@code new InputStreamReader(Files.newInputStream(file), charset)}. */
    INPUT_STREAM_READER_OVER_CHANNEL_STREAM {
        @Override
        public Reader open(Path file, Charset charset) throws IOException {
            return new InputStreamReader(Files.newInputStream(file), charset);
        }
    },
    /** {@code new InputStreamReader(new FileInputStream(file), charset)}. */
    INPUT_STREAM_READER_OVER_FILE_INPUT_STREAM {
        @Override
        public Reader open(Path file, Charset charset) throws IOException {
            return new InputStreamReader(new FileInputStream(file.toFile()), charset);
        }
    },
    /**
     * fastio: read the whole file, decode it in one call (the JDK's intrinsified String
     * constructors), serve the chars from memory. Only for small files.
     */
    WHOLE_FILE_STRING {
        @Override
        public Reader open(Path file, Charset charset) throws IOException {
            return new StringReader(WholeFile.readString(file, charset));
        }
    };
}
