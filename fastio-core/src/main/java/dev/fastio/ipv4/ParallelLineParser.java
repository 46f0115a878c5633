package dev.fastio.ipv4;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

/**
 * The engine behind {@link Ipv4Parser}. The file is cut into parts at line starts; each part is
 * read in 1 MB blocks with positional reads into a heap array and parsed in place by
 * {@link Ipv4LineParser}; the parts' arrays are joined at the end. Line numbers for errors come
 * from each part's line count, so they are exact whatever the split.
 */
final class ParallelLineParser {
    static final int SAMPLES = 5;
    static final int BLOCK = 1 << 20;
    /** Below this, one part: thread hand-off would cost more than it saves. */
    static final long PARALLEL_MIN_BYTES = 4L << 20;
    private static final int MAX_SHOWN = 100;

    private final Path file;
    private final boolean lenient;
    private final Ipv4Encoding encoding;
    private final int parallelism;
    private final LongConsumer progress;
    /** The lowest part that met a malformed line in strict mode; later parts stop early. */
    private final AtomicInteger firstFailedPart = new AtomicInteger(Integer.MAX_VALUE);

    ParallelLineParser(Path file, boolean lenient, Ipv4Encoding encoding, int parallelism, LongConsumer progress) {
        this.file = file;
        this.lenient = lenient;
        this.encoding = encoding;
        this.parallelism = parallelism;
        this.progress = progress;
    }

    /** One part's work and findings. */
    private final class Part {
        final int index;
        final long start;
        final long end;
        int[] out;
        int count;
        long lines;
        long malformed;
        final List<long[]> sampleLines = new ArrayList<>(); // {local line, code}
        final List<String> sampleTexts = new ArrayList<>();

        Part(int index, long start, long end) {
            this.index = index;
            this.start = start;
            this.end = end;
            this.out = new int[(int) Math.min(Integer.MAX_VALUE - 8, (end - start) / 12 + 16)];
        }

        void run(FileChannel ch) throws IOException {
            byte[] buf = new byte[BLOCK];
            long pos = start;
            int carry = 0;
            while (pos < end) {
                if (firstFailedPart.get() < index) {
                    return; // an earlier part failed: nothing here will be reported
                }
                if (carry == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than a block
                }
                int want = (int) Math.min(buf.length - carry, end - pos);
                int n = readFully(ch, buf, carry, want, pos);
                pos += n;
                progress.accept(n);
                int limit = carry + n;
                int s = 0;
                for (int i = 0; i < limit; i++) {
                    if (buf[i] == '\n') {
                        if (!line(buf, s, i)) {
                            return;
                        }
                        s = i + 1;
                    }
                }
                carry = limit - s;
                if (pos >= end && carry > 0) {
                    line(buf, s, limit); // the last line, with no final newline
                    return;
                }
                System.arraycopy(buf, s, buf, 0, carry);
            }
        }

        /** Handles one line; false stops the part (strict mode, malformed line). */
        private boolean line(byte[] b, int s, int e) {
            lines++;
            long r = Ipv4LineParser.parse(b, s, e);
            if (r >= 0) {
                if (count == out.length) {
                    out = Arrays.copyOf(out, (int) Math.min(Integer.MAX_VALUE - 8, out.length + (out.length >> 1) + 16));
                }
                out[count++] = encoding.encode((int) r);
                return true;
            }
            malformed++;
            if (sampleLines.size() < SAMPLES) {
                sampleLines.add(new long[] {lines, r});
                int len = Math.min(e - s, MAX_SHOWN);
                if (len > 0 && b[s + len - 1] == '\r') {
                    len--;
                }
                sampleTexts.add(new String(b, s, len, StandardCharsets.UTF_8));
            }
            if (!lenient) {
                firstFailedPart.accumulateAndGet(index, Math::min);
                return false;
            }
            return true;
        }
    }

    Ipv4ParseResult run() throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            long size = ch.size();
            long[] starts = splitAtLines(ch, size);
            List<Part> parts = new ArrayList<>();
            for (int k = 0; k < starts.length; k++) {
                parts.add(new Part(k, starts[k], k + 1 < starts.length ? starts[k + 1] : size));
            }
            runAll(parts, ch);
            return assemble(parts);
        }
    }

    private void runAll(List<Part> parts, FileChannel ch) throws IOException {
        if (parts.size() == 1) {
            parts.get(0).run(ch);
            return;
        }
        try {
            IntStream.range(0, parts.size()).parallel().forEach(k -> {
                try {
                    parts.get(k).run(ch);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Part starts: 0, then for each cut the byte after the first newline at or after it. */
    private long[] splitAtLines(FileChannel ch, long size) throws IOException {
        int n = size < PARALLEL_MIN_BYTES ? 1 : parallelism;
        long[] starts = new long[n];
        ByteBuffer window = ByteBuffer.allocate(4096);
        for (int k = 1; k < n; k++) {
            long p = Math.max(starts[k - 1], size * k / n - 1);
            long found = size;
            scan:
            while (p < size) {
                window.clear();
                int r = ch.read(window, p);
                if (r <= 0) {
                    break;
                }
                for (int i = 0; i < r; i++) {
                    if (window.get(i) == '\n') {
                        found = p + i + 1;
                        break scan;
                    }
                }
                p += r;
            }
            starts[k] = found;
        }
        return starts;
    }

    private Ipv4ParseResult assemble(List<Part> parts) throws MalformedIpv4Exception {
        long linesBefore = 0;
        long lines = 0;
        long malformed = 0;
        long total = 0;
        List<MalformedLine> samples = new ArrayList<>();
        for (Part p : parts) {
            for (int i = 0; i < p.sampleLines.size(); i++) {
                long[] s = p.sampleLines.get(i);
                MalformedLine m = new MalformedLine(linesBefore + s[0], p.sampleTexts.get(i), Ipv4LineParser.reason(s[1]));
                if (!lenient) {
                    throw new MalformedIpv4Exception(file, m);
                }
                if (samples.size() < SAMPLES) {
                    samples.add(m);
                }
            }
            linesBefore += p.lines;
            lines += p.lines;
            malformed += p.malformed;
            total += p.count;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException(file + " holds " + total + " addresses, more than one Java array holds");
        }
        int[] all;
        if (parts.size() == 1 && parts.get(0).count == parts.get(0).out.length) {
            all = parts.get(0).out;
        } else {
            all = new int[(int) total];
            int at = 0;
            for (Part p : parts) {
                System.arraycopy(p.out, 0, all, at, p.count);
                at += p.count;
                p.out = null;
            }
        }
        return new Ipv4ParseResult(all, lines, malformed, List.copyOf(samples));
    }

    private int readFully(FileChannel ch, byte[] buf, int off, int len, long pos) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(buf, off, len);
        while (bb.hasRemaining()) {
            int r = ch.read(bb, pos + bb.position() - off);
            if (r < 0) {
                throw new java.io.EOFException(file + ": ended at byte " + (pos + bb.position() - off)
                        + "; it was shortened while being parsed");
            }
        }
        return len;
    }
}
