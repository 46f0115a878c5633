package dev.fastio.bench.copy;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The twelve copy methods of article 003, as it wrote them (4 KB buffers, the JDK's default
 * stream and reader buffers), each returning what it copied so nothing is dead code. Readers
 * decode and encode UTF-8 explicitly, so JDK 17 (locale charset) and 18+ (UTF-8) do the same work;
 * the article notes they only suit text files.
 */
final class ArticleCopies {
    static final int BUFFER = 4096;

    private ArticleCopies() {}

    /** 1. Native: {@code cp SRC DST}, a whole process. */
    static long nativeCp(Path src, Path dst) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("cp", src.toString(), dst.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        int rc = p.waitFor();
        if (rc != 0) {
            throw new IOException("cp exited with " + rc);
        }
        return rc;
    }

    /** 2. Naive streams: one byte per read() and write(), each a system call. */
    static long naiveStreams(Path src, Path dst) throws IOException {
        try (InputStream in = in(src); OutputStream out = out(dst)) {
            return byteLoop(in, out);
        }
    }

    /** 3. Naive readers: one char per read() and write() (the reader's decoder buffers underneath). */
    static long naiveReaders(Path src, Path dst) throws IOException {
        try (Reader in = reader(src);
                Writer out = writer(dst)) {
            return charLoop(in, out);
        }
    }

    /** 4. Buffered streams: byte at a time through BufferedInputStream and BufferedOutputStream. */
    static long bufferedStreams(Path src, Path dst) throws IOException {
        try (InputStream in = new BufferedInputStream(in(src));
                OutputStream out = new BufferedOutputStream(out(dst))) {
            return byteLoop(in, out);
        }
    }

    /** 5. Buffered readers: char at a time through BufferedReader and BufferedWriter. */
    static long bufferedReaders(Path src, Path dst) throws IOException {
        try (Reader in = new BufferedReader(reader(src));
                Writer out = new BufferedWriter(writer(dst))) {
            return charLoop(in, out);
        }
    }

    /** 6. Custom buffer over plain streams: 4 KB byte[] per read and write. */
    static long customBufferStream(Path src, Path dst) throws IOException {
        try (InputStream in = in(src); OutputStream out = out(dst)) {
            return bufferLoop(in, out);
        }
    }

    /** 7. Custom buffer over plain readers: 4 KB char[]. */
    static long customBufferReader(Path src, Path dst) throws IOException {
        try (Reader in = reader(src);
                Writer out = writer(dst)) {
            return bufferLoop(in, out);
        }
    }

    /** 8. Custom buffer over buffered streams. */
    static long customBufferBufferedStream(Path src, Path dst) throws IOException {
        try (InputStream in = new BufferedInputStream(in(src));
                OutputStream out = new BufferedOutputStream(out(dst))) {
            return bufferLoop(in, out);
        }
    }

    /** 9. Custom buffer over buffered readers. */
    static long customBufferBufferedReader(Path src, Path dst) throws IOException {
        try (Reader in = new BufferedReader(reader(src));
                Writer out = new BufferedWriter(writer(dst))) {
            return bufferLoop(in, out);
        }
    }

    /** 10. NIO buffer: channels of the file streams and a 4 KB direct ByteBuffer, allocated per copy. */
    static long nioBuffer(Path src, Path dst) throws IOException {
        try (FileInputStream fin = in(src); FileOutputStream fout = out(dst)) {
            FileChannel in = fin.getChannel();
            FileChannel out = fout.getChannel();
            ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER);
            long total = 0;
            while (in.read(buffer) != -1) {
                buffer.flip();
                while (buffer.hasRemaining()) {
                    total += out.write(buffer);
                }
                buffer.clear();
            }
            return total;
        }
    }

    /** 11. NIO transfer: one {@code transferTo(0, size, out)} call, as the article wrote it. */
    static long nioTransfer(Path src, Path dst) throws IOException {
        try (FileInputStream fin = in(src); FileOutputStream fout = out(dst)) {
            FileChannel in = fin.getChannel();
            return in.transferTo(0, in.size(), fout.getChannel());
        }
    }

    /** 12. Path (Java 7): {@code Files.copy(src, dst, REPLACE_EXISTING)}. */
    static long pathCopy(Path src, Path dst) throws IOException {
        Files.copy(src, dst, StandardCopyOption.REPLACE_EXISTING);
        return 1;
    }

    // the article's FileInputStream / FileOutputStream / FileReader / FileWriter, UTF-8 for the readers
    private static FileInputStream in(Path p) throws IOException {
        return new FileInputStream(p.toFile());
    }

    private static FileOutputStream out(Path p) throws IOException {
        return new FileOutputStream(p.toFile());
    }

    private static Reader reader(Path p) throws IOException {
        return new FileReader(p.toFile(), StandardCharsets.UTF_8);
    }

    private static Writer writer(Path p) throws IOException {
        return new FileWriter(p.toFile(), StandardCharsets.UTF_8);
    }

    private static long byteLoop(InputStream in, OutputStream out) throws IOException {
        long n = 0;
        int b;
        while ((b = in.read()) != -1) {
            out.write(b);
            n++;
        }
        return n;
    }

    private static long charLoop(Reader in, Writer out) throws IOException {
        long n = 0;
        int c;
        while ((c = in.read()) != -1) {
            out.write(c);
            n++;
        }
        return n;
    }

    private static long bufferLoop(InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[BUFFER];
        long n = 0;
        int r;
        while ((r = in.read(buffer)) != -1) {
            out.write(buffer, 0, r);
            n += r;
        }
        return n;
    }

    private static long bufferLoop(Reader in, Writer out) throws IOException {
        char[] buffer = new char[BUFFER];
        long n = 0;
        int r;
        while ((r = in.read(buffer)) != -1) {
            out.write(buffer, 0, r);
            n += r;
        }
        return n;
    }
}
