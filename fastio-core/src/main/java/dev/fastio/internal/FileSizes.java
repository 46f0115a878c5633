package dev.fastio.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What a file's size says about its content, and reading to end of file where it says nothing.
 * Not for users: public only so that the library's packages share it.
 *
 * <p>The size a {@code stat} reports is the content's length for files on disk filesystems, but
 * not everywhere: procfs files report 0 and sysfs files 4096 whatever they hold, several FUSE
 * filesystems report 0 or a stale size, and pipes and character devices report 0. fastio's rule,
 * in every place that reads a whole file: a size of 0 is no information (read to end of file); a
 * size that the content then contradicts is an error naming the file on filesystems whose sizes
 * are trustworthy (the file changed while it was read), and is resolved by reading to end of file
 * on the others ({@link #sizesUnreliable}).
 */
public final class FileSizes {
    /** The largest array the JVM will allocate (the JDK uses the same margin). */
    public static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    /**
     * Reads go through at most this many bytes at a time. A heap buffer passed to
     * {@code FileChannel.read} is copied through a per-thread temporary direct buffer of the
     * request's size, which the JDK then caches (JDK-8147468): one 1 GB read would pin 1 GB of
     * native memory to the thread for good.
     */
    public static final int MAX_READ_CHUNK = 1 << 20;

    /**
     * Filesystem types (as {@code FileStore.type()} names them on Linux) whose files' sizes are
     * not their content's length; any type starting with {@code fuse} counts too.
     */
    private static final Set<String> UNSIZED = Set.of("proc", "sysfs", "debugfs", "tracefs", "securityfs",
            "configfs", "cgroup", "cgroup2", "pstore", "efivarfs", "bpf", "binfmt_misc", "rpc_pipefs", "nfsd",
            "devpts", "fusectl", "selinuxfs", "autofs");

    private FileSizes() {}

    /**
     * True when {@code file} lives on a filesystem whose sizes may not be the content's length
     * (procfs, sysfs, FUSE and the other pseudo filesystems listed in this class). It looks the mount up (the JDK reads the
     * mount table), so call it only once a size and the content disagree. False when the lookup
     * fails: a disagreement is then reported, never silently accepted.
     */
    public static boolean sizesUnreliable(Path file) {
        try {
            String type = Files.getFileStore(file).type();
            return UNSIZED.contains(type) || type.startsWith("fuse");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Relative reads of one open file: the channel's here, libc's in the native layer. */
    public interface ByteReader {
        /**
         * Reads up to {@code len} bytes into {@code buf[off..]}.
         *
         * @param buf the array
         * @param off where in it
         * @param len at most this many bytes
         * @return the bytes read, 0 when none were available yet, -1 at end of file
         * @throws IOException the read failed
         */
        int read(byte[] buf, int off, int len) throws IOException;
    }

    /**
     * Reads {@code ch} from its position to end of file with relative reads (so pipes work too).
     * {@code sizeHint} is the size the caller saw, used for the first array; the file may still
     * turn out longer or shorter, and the result holds what was there.
     *
     * @throws IOException naming {@code file} when the content exceeds what one array holds
     */
    public static byte[] readToEnd(ReadableByteChannel ch, long sizeHint, Path file) throws IOException {
        return readToEnd(new ChannelReader(ch), sizeHint, file);
    }

    /**
     * Reads {@code in} to end of file, as {@link #readToEnd(ReadableByteChannel, long, Path)}:
     * an array of the hinted size, one probe read that finds end of file, and where the file
     * turns out longer, the rest gathered in chunks and copied into one array at the end.
     *
     * <p>Chunks, not a doubling array: a doubling copy holds the old array and the new one at
     * once (3 GB on the way from 1 GB to 2 GB), so an endless source ({@code /dev/zero}) ended
     * in an OutOfMemoryError even with a 3 GB heap. Gathered in chunks, it holds at most what it
     * read, and the error below comes before anything is allocated past what one array holds, or
     * past what the heap holds ({@link #notInHeap}).
     *
     * @throws IOException naming {@code file} when the content exceeds what one array holds
     */
    public static byte[] readToEnd(ByteReader in, long sizeHint, Path file) throws IOException {
        return readToEnd(in, sizeHint, (Object) file);
    }

    /** As {@link #readToEnd(ByteReader, long, Path)}, for a source named otherwise (a Hadoop URI). */
    public static byte[] readToEnd(ByteReader in, long sizeHint, Object file) throws IOException {
        if (sizeHint > MAX_ARRAY_LENGTH) {
            throw tooLarge(file, sizeHint);
        }
        byte[] first = new byte[sizeHint > 0 ? (int) sizeHint : 8192];
        int n = fill(in, first, 0);
        if (n < first.length) {
            return Arrays.copyOf(first, n);
        }
        // Full: either exactly at end of file (the common case, one more read says so) or there is more.
        int next = readOneByte(in);
        if (next < 0) {
            return first;
        }
        List<byte[]> chunks = new ArrayList<>();
        chunks.add(first);
        long total = first.length;
        int last = 0; // bytes used in the last chunk, when it is not full
        byte[] chunk = null;
        while (true) {
            if (total == MAX_ARRAY_LENGTH) {
                // not "is N bytes": a source read to its end has no size to tell (/dev/full, /dev/zero)
                throw new IOException(file + " has not ended after " + total + " bytes; one Java array holds at most "
                        + MAX_ARRAY_LENGTH + " bytes: read it as a stream instead");
            }
            // grow by half of what was read, at least 8 KiB and at most 64 MiB a chunk, never past one array
            int size = (int) Math.min(MAX_ARRAY_LENGTH - total, Math.min(64L << 20, Math.max(8192, total / 2)));
            if (2 * (total + size) > HEAP) {
                throw notInHeap(file, total); // the chunks and the one array at the end cannot both fit
            }
            chunk = new byte[size];
            chunk[0] = (byte) next;
            last = fill(in, chunk, 1);
            chunks.add(chunk);
            total += last;
            if (last < chunk.length) {
                break;
            }
            next = readOneByte(in);
            if (next < 0) {
                break;
            }
        }
        byte[] all = new byte[(int) total];
        int at = 0;
        for (byte[] c : chunks) {
            int len = c == chunk ? last : c.length;
            System.arraycopy(c, 0, all, at, len);
            at += len;
        }
        return all;
    }

    /**
     * Reads {@code ch} from its position into {@code buf} until it is full or the channel ends.
     *
     * @return the bytes read
     * @throws IOException a read failed
     */
    public static int fill(ReadableByteChannel ch, byte[] buf) throws IOException {
        return fill(new ChannelReader(ch), buf, 0);
    }

    /**
     * As {@link #fill(ReadableByteChannel, byte[])}, into {@code buf[from..]}.
     *
     * @return the bytes in {@code buf}: {@code from} and those read
     * @throws IOException a read failed
     */
    public static int fill(ReadableByteChannel ch, byte[] buf, int from) throws IOException {
        return fill(new ChannelReader(ch), buf, from);
    }

    /** Reads into {@code buf[from..]} until it is full or the source ends; returns the bytes in {@code buf}. */
    private static int fill(ByteReader in, byte[] buf, int from) throws IOException {
        int n = from;
        while (n < buf.length) {
            int r = in.read(buf, n, buf.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        return n;
    }

    /** A channel's reads, at most one chunk each (see {@link #MAX_READ_CHUNK}). A class, not a lambda: see Parts. */
    private static final class ChannelReader implements ByteReader {
        private final ReadableByteChannel ch;

        ChannelReader(ReadableByteChannel ch) {
            this.ch = ch;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            return ch.read(ByteBuffer.wrap(buf, off, Math.min(len, MAX_READ_CHUNK)));
        }
    }

    private static int readOneByte(ByteReader in) throws IOException {
        byte[] one = new byte[1];
        int r;
        do {
            r = in.read(one, 0, 1);
        } while (r == 0);
        return r < 0 ? -1 : one[0] & 0xFF;
    }

    /** The JVM's maximum heap ({@code -Xmx}); {@code Long.MAX_VALUE} where it has none. */
    private static final long HEAP = Runtime.getRuntime().maxMemory();

    /**
     * The error for content read to end of file that has not ended by the time holding it (the
     * chunks read, then the one array they are copied into) would need more than the JVM's
     * maximum heap: an {@code OutOfMemoryError} is certain past that point, and a device such as
     * {@code /dev/zero} never ends. An IOException naming the file instead, before the allocation.
     */
    static IOException notInHeap(Object file, long read) {
        return new IOException(file + " has not ended after " + read + " bytes, and holding it in one array needs twice"
                + " that in heap, more than the JVM's maximum heap (" + HEAP + " bytes, -Xmx): read it as a stream"
                + " instead (a device such as /dev/zero never ends)");
    }

    /** The error for content longer than one Java array. */
    public static IOException tooLarge(Object file, long size) {
        return new IOException(file + " is " + size + " bytes; one Java array holds at most "
                + MAX_ARRAY_LENGTH + " bytes: read it as a stream instead");
    }
}
