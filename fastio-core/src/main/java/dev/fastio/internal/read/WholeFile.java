package dev.fastio.internal.read;

import dev.fastio.internal.FileErrors;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.FileSizes;
import dev.fastio.internal.version.FileStamp;
import dev.fastio.internal.version.GrowingPrefix;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.internal.version.StampedByName;
import dev.fastio.internal.nativeio.NativeLayer;
import dev.fastio.read.FileDecodingException;
import dev.fastio.read.Growth;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reads a whole file into one array, and decodes it strictly. Users reach it through
 * {@link dev.fastio.read.FastRead}; the open strategies use it for their whole-file snapshots.
 */
public final class WholeFile {
    private static final NativeLayer NATIVE = NativeLayer.get();
    /**
     * Bytes the first read of a whole-file read asks for on the JDK path: the pooled buffer's
     * 256 KiB, so files up to that size are read in one call. (Measured, JDK 17, A/B in one JVM:
     * with 64 KiB, a 65,537-byte file paid one more read, 3% slower than asking the size first.)
     */
    static final int SMALL = DirectBuffers.SIZE;

    private WholeFile() {}

    /** The whole file, checked to be one version ({@link #readAllBytes(Path, boolean)}). */
    public static byte[] readAllBytes(Path file) throws IOException {
        return readAllBytes(file, true);
    }

    /**
     * The whole file. With {@code checked}, one version of it or a
     * {@link dev.fastio.read.FileChangedException}, by {@link OneVersion}'s rule: one stamp after
     * the read (through the native layer the descriptor's {@code statx}, on the JDK path a {@code stat} of the
     * name), and a file changed within the racy window read twice and compared. Unchecked for a
     * caller that compares stamps itself ({@code FileCache}).
     */
    public static byte[] readAllBytes(Path file, boolean checked) throws IOException {
        return readAllBytes(NATIVE, OneVersion.SYSTEM, file, checked);
    }

    /**
     * As {@link #readAllBytes(Path, boolean)}, through {@code layer} where it handles the file
     * (tests pass one with a fault plan: {@link NativeLayer#withFaults}), judged by {@code rule}
     * on its clock (a cache's, or a test's).
     */
    public static byte[] readAllBytes(NativeLayer layer, OneVersion rule, Path file, boolean checked) throws IOException {
        if (layer.handles(file)) {
            return NativeWholeRead.readAllBytes(layer, rule, file, checked); // libc: four calls, the descriptor's statx
        }
        // a channel, not a FileInputStream: on JDK 17 its open and read cost less than the stream's
        // (docs/measure/Jdk17ReadFloor.java: 4 KiB, with the stat after, 6.5 against 7.5 µs)
        StampedByName<byte[]> pass = new ChannelRead(file);
        return checked ? rule.read(file, pass) : pass.read();
    }

    /** {@code a[0..n)} then {@code b}, in one array. */
    private static byte[] concat(byte[] a, int n, byte[] b) throws IOException {
        byte[] all = java.util.Arrays.copyOf(a, Math.addExact(n, b.length));
        System.arraycopy(b, 0, all, n, b.length);
        return all;
    }

    /**
     * One pass of a whole-file read through the JDK, for {@link OneVersion}: open, one read of up
     * to {@link #SMALL} bytes into the pooled direct buffer without asking the size first, one
     * {@code stat} of the name, close. Four calls, as Okio's read makes: where the stat shows the
     * file regular and as long as that read, the read held the whole file, and the stat that
     * judges the version has also found end of file (the native path does the same with the
     * descriptor's {@code statx}). A larger file asks the channel's size and is read into an array
     * of that size; a size that says nothing (procfs: 0) or disagrees with what was read sends the
     * pass on to end of file, and what it read is what the stamp judges.
     */
    private static final class ChannelRead extends StampedByName<byte[]> {
        ChannelRead(Path file) {
            super(file);
        }

        @Override
        public byte[] read() throws IOException {
            noVersion();
            ByteBuffer pooled = DirectBuffers.take();
            try (FileChannel ch = FileChannel.open(file)) {
                pooled.limit(SMALL);
                int n = Math.max(0, ch.read(pooled));
                if (n == 0) {
                    return new byte[0]; // end of file at once: empty then, whatever its size says now
                }
                pooled.flip();
                if (n < SMALL) {
                    stampAfter(n, 0); // the descriptor's size not asked: the stat's proves end of file
                    FileStamp after = stamp();
                    if (after != null && after.size() == n) { // regular, and no longer than one read: all of it
                        return take(pooled, n);
                    }
                }
                // the size is a hint: files under /proc report 0 yet have content (see FileSizes)
                long size = ch.size();
                if (size > FileSizes.MAX_ARRAY_LENGTH) {
                    throw FileSizes.tooLarge(file, size);
                }
                if (n < SMALL || size <= n) {
                    // a size that says nothing, or disagrees with the read: on to end of file, judged by what was read
                    byte[] all = concat(take(pooled, n), n, FileSizes.readToEnd(ch, Math.max(0, size - n), file));
                    stampAfter(all.length, ch.size()); // a descriptor with a size: the name must show that file
                    return all;
                }
                byte[] bytes = new byte[(int) size];
                pooled.get(bytes, 0, n);
                int got = FileSizes.fill(ch, bytes, n);
                stampAfter(size, size);
                if (got < size) {
                    return java.util.Arrays.copyOf(bytes, got); // shorter than at open: the stamp's size shows it
                }
                if (changedMillis() != OneVersion.UNSETTLED) {
                    return bytes;
                }
                // longer now, or another file: read on to end of file, and let the rule confirm
                return concat(bytes, got, FileSizes.readToEnd(ch, 0, file));
            } catch (IOException e) {
                throw FileErrors.named(file, e); // a channel's read says "Is a directory", not which
            } finally {
                DirectBuffers.give(pooled);
            }
        }

        private static byte[] take(ByteBuffer pooled, int n) {
            byte[] bytes = new byte[n];
            pooled.get(bytes, 0, n);
            return bytes;
        }

        @Override
        public boolean same(byte[] a, byte[] b) {
            return java.util.Arrays.equals(a, b);
        }
    }

    /**
     * The whole file under {@code growth}: {@link Growth#REJECT} is {@link #readAllBytes(Path)};
     * {@link Growth#PREFIX} reads the first bytes, up to the size at open, by
     * {@link GrowingPrefix}'s rule. Through the native layer (the stamps are of the
     * open descriptor); here, through a {@code FileChannel}, with the stamps of the name, one
     * taken before the open so that a name swapped before it shows as another file. A size of 0,
     * or a file that is not regular, is read to end of file once, as a strict read does.
     */
    public static byte[] readAllBytes(Path file, Growth growth) throws IOException {
        return readAllBytes(NATIVE, OneVersion.SYSTEM, file, growth);
    }

    /** As {@link #readAllBytes(Path, Growth)}, through {@code layer} where it handles the file, judged by {@code rule}. */
    public static byte[] readAllBytes(NativeLayer layer, OneVersion rule, Path file, Growth growth) throws IOException {
        if (growth == Growth.REJECT) {
            return readAllBytes(layer, rule, file, true);
        }
        if (layer.handles(file)) {
            return NativeGrowingRead.readGrowing(layer, rule, file);
        }
        FileStamp opened = FileStamp.read(file);
        try (FileChannel ch = FileChannel.open(file)) {
            long size = ch.size();
            if (size == 0 || !opened.regular()) {
                return FileSizes.readToEnd(ch, size, file); // the size says nothing: to end of file, once
            }
            return GrowingPrefix.readAllBytes(file, new ChannelPrefix(ch, file), opened, size, rule);
        } catch (IOException e) {
            throw FileErrors.named(file, e);
        }
    }

    /**
     * A growing file through the JDK: positional reads of the channel (at most
     * {@link FileSizes#MAX_READ_CHUNK} each, see there), the stamp of its name. Package-private for
     * the rule's tests, which wrap it to change the file between the reads.
     */
    static final class ChannelPrefix implements GrowingPrefix.Source {
        private final FileChannel ch;
        private final Path file;

        ChannelPrefix(FileChannel ch, Path file) {
            this.ch = ch;
            this.file = file;
        }

        @Override
        public int read(long position, byte[] buf, int off, int len) throws IOException {
            return ch.read(ByteBuffer.wrap(buf, off, Math.min(len, FileSizes.MAX_READ_CHUNK)), position);
        }

        @Override
        public FileStamp stamp() throws IOException {
            try {
                return FileStamp.read(file);
            } catch (java.nio.file.NoSuchFileException gone) {
                return null; // removed: the channel still reads the file it opened, and the content decides
            }
        }
    }

    public static String readString(Path file, Charset charset) throws IOException {
        return decodeStrict(readAllBytes(file), charset, file);
    }

    /**
     * Decodes {@code bytes} as {@code charset}, throwing on malformed or unmappable input as
     * {@code Files.readString} does. The fast path is the JDK's (intrinsified) {@code String}
     * constructor, which replaces bad input with the decoder's replacement; only when that
     * replacement appears in the result do we decode again strictly, to tell a real U+FFFD in the
     * file from an error.
     */
    static String decodeStrict(byte[] bytes, Charset charset, Path file) throws CharacterCodingException {
        String s = new String(bytes, charset);
        if (charset.equals(StandardCharsets.ISO_8859_1)) {
            return s; // every byte is a character
        }
        String replacement = charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII)
                ? "\uFFFD"
                : charset.newDecoder().replacement();
        if (s.indexOf(replacement) < 0) {
            return s;
        }
        return decodeReporting(bytes, charset, file);
    }

    private static String decodeReporting(byte[] bytes, Charset charset, Path file) throws CharacterCodingException {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate((int) Math.min(FileSizes.MAX_ARRAY_LENGTH,
                (long) Math.ceil(bytes.length * (double) decoder.maxCharsPerByte()) + 1));
        CoderResult result = decoder.decode(in, out, true);
        if (result.isUnderflow()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw new FileDecodingException(file, charset, in.position(), result);
        }
        out.flip();
        return out.toString();
    }
}
