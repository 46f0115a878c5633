package dev.fastio.internal.version;

import dev.fastio.internal.FileSizes;
import dev.fastio.read.FileChangedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The one rule for reading a file that grows ({@link dev.fastio.read.Growth#PREFIX}): what a
 * read of a growing file may return, and when it must read again. Every reader that offers the
 * opt-in calls it: {@code FastRead} on the JDK path ({@code WholeFile}) and through the native
 * layer ({@code NativeGrowingRead}), the copy transaction on both paths ({@code CopyTransaction}), and
 * fastio-hadoop's whole-file loads. Not for users: public only so that the library's packages
 * share it.
 *
 * <p><b>The rule.</b> The prefix is the file's size when it was opened, <i>n</i>. The reader reads
 * bytes {@code [0, n)} of the file it holds open, and none past them. Then, in this order:
 * <ol>
 *   <li>the read found end of file before byte <i>n</i>: truncated, a
 *       {@link FileChangedException} ({@link #endedEarly}), unless the filesystem's sizes are not
 *       lengths (then the content wins, as in every read: {@link FileSizes});
 *   <li>the stamp after the read names another file ({@link Stamp#sameFile}): replaced;
 *   <li>its size is below <i>n</i>: truncated;
 *   <li>it is the stamp taken at open, and that one was not racy ({@link OneVersion#racy(FileStamp)}): no write
 *       call touched the file between the two, so the bytes read are its bytes: one read;
 *   <li>otherwise (it grew, its times moved, or it was written within the racy window before the
 *       open): the stamps cannot say where the writes went, so the reader reads {@code [0, n)}
 *       again through what it holds open, and the two reads must be equal ({@link #confirm}).
 * </ol>
 * Why content and not the stamps: an append sets mtime and ctime as a rewrite in place does, so
 * a growing file's stamps always moved; and a size that grew says nothing of where the bytes
 * went. Bytes an append-only writer wrote are never written again, so two reads of the prefix of
 * such a file always agree; two reads that differ saw a rewrite.
 *
 * <p><b>What it cannot see</b> (documented on {@code Growth.PREFIX}): a rewrite inside the prefix
 * put back between the two reads, so that both find every byte alike (an A-B-A), and stores
 * through a shared mapping. A file whose size
 * reads 0 is not a prefix of anything: readers read it to end of file once, as a strict read does.
 *
 * <p>The strict rule ({@link OneVersion#racy(FileStamp)}, {@link FileStamp#checkUnchanged}) fails on any change;
 * this one differs from it only in accepting a larger size and moved times, and paying for them
 * with the second read.
 */
public final class GrowingPrefix {
    /** Bytes per read of the confirming pass: one buffer, not a second array of the file's size. */
    static final int AGAIN_CHUNK = FileSizes.MAX_READ_CHUNK;

    private GrowingPrefix() {}

    /**
     * A growing file held open, read by position: the JDK's channel, or libc's descriptor. Both
     * reads of the rule go through it, so a name swapped between them cannot turn the second.
     */
    public interface Source {
        /**
         * Reads up to {@code len} bytes at {@code position} into {@code buf[off..]}.
         *
         * @param position the file position of the first byte
         * @param buf the array
         * @param off where in it
         * @param len at most this many bytes (the source may read fewer)
         * @return the bytes read, or -1 (or 0) at end of file
         * @throws IOException the read failed
         */
        int read(long position, byte[] buf, int off, int len) throws IOException;

        /**
         * The file's stamp now: of the open descriptor where the path can stat one, else of the
         * file's name, or null where that name is gone (then the content decides).
         *
         * @return the stamp, or null
         * @throws IOException the stat failed
         */
        FileStamp stamp() throws IOException;
    }

    /**
     * Reads the first {@code prefix} bytes of a growing file by the rule: one read, the stamp,
     * and a second read compared with the first (in {@link #AGAIN_CHUNK}-byte pieces, not into a
     * second array) where the stamps cannot vouch for the bytes.
     *
     * @param file the file, for messages and for the filesystem's type when it ends early
     * @param in the file, held open
     * @param opened its stamp at open
     * @param prefix its size at open, more than 0
     * @param rule the rule whose clock judges whether {@code opened} is racy
     * @return its first {@code prefix} bytes (fewer only on a filesystem whose sizes are not lengths)
     * @throws FileChangedException truncated, replaced, or rewritten inside the prefix; names the file
     * @throws IOException a read or stat failed, or the prefix exceeds what one array holds
     */
    public static byte[] readAllBytes(Path file, Source in, FileStamp opened, long prefix, OneVersion rule) throws IOException {
        if (prefix > FileSizes.MAX_ARRAY_LENGTH) {
            throw FileSizes.tooLarge(file, prefix);
        }
        byte[] bytes = new byte[(int) prefix];
        int n = fill(in, 0, bytes, 0, bytes.length);
        if (n < bytes.length) {
            endedEarly(file, file, prefix, n);
            return Arrays.copyOf(bytes, n);
        }
        if (mustConfirm(file, prefix, opened, in.stamp(), rule.racy(opened))) {
            confirm(file, prefix, sameAgain(in, bytes));
        }
        return bytes;
    }

    /**
     * The verdict on the stamps after the first read of a prefix: throws where they show the
     * prefix gone (truncated, replaced), and says whether the content must decide.
     *
     * @param file the file, for messages
     * @param prefix the bytes read: the size at open
     * @param opened the stamp at open
     * @param now the stamp after the read, or null where none could be taken (the name is gone)
     * @param racy whether {@code opened} cannot vouch for the content ({@link OneVersion#racy(FileStamp)}; false where
     *     the filesystem never rewrites in place, as HDFS)
     * @param <S> the stamp type
     * @return true when the caller must read the prefix again and {@link #confirm}
     * @throws FileChangedException the file was replaced or truncated
     */
    public static <S extends Stamp<S>> boolean mustConfirm(Object file, long prefix, S opened, S now, boolean racy)
            throws FileChangedException {
        if (now == null) {
            return true;
        }
        if (!opened.sameFile(now)) {
            throw new FileChangedException(file.toString(), opened.changesTo(now));
        }
        if (now.size() < prefix) {
            throw new FileChangedException(file.toString(), "truncated below its size at open: " + prefix + " → " + now.size() + " bytes");
        }
        return racy || !opened.sameVersion(now);
    }

    /**
     * The outcome of the second read: nothing when it gave what the first did, else a
     * {@link FileChangedException} naming {@code file}.
     *
     * @param file the file, for the message
     * @param prefix the bytes read twice
     * @param same whether the two reads gave the same
     * @throws FileChangedException they differ
     */
    public static void confirm(Object file, long prefix, boolean same) throws FileChangedException {
        if (!same) {
            throw new FileChangedException(file.toString(), "two reads of its first " + prefix
                    + " bytes (its size when opened) differ: it is being rewritten or truncated, not only appended to");
        }
    }

    /**
     * A read of a prefix that found end of file at byte {@code at}, before byte {@code prefix}: the
     * file was truncated, unless {@code path} lives where sizes are not lengths
     * ({@link FileSizes#sizesUnreliable}), where the caller keeps what it read.
     *
     * @param file the file, for the message
     * @param path the file on this JVM's filesystems, or null (then a shorter file is always an error)
     * @param prefix the bytes asked for
     * @param at where the file ended
     * @throws FileChangedException the file was truncated
     */
    public static void endedEarly(Object file, Path path, long prefix, long at) throws FileChangedException {
        if (path == null || !FileSizes.sizesUnreliable(path)) {
            throw new FileChangedException(file.toString(), "it ended at byte " + at + ", before the " + prefix
                    + " bytes it had when opened: truncated");
        }
    }

    /** Whether {@code [0, first.length)} of {@code in} equals {@code first}, read again in pieces. */
    private static boolean sameAgain(Source in, byte[] first) throws IOException {
        byte[] piece = new byte[Math.min(first.length, AGAIN_CHUNK)];
        for (int at = 0; at < first.length; ) {
            int len = Math.min(piece.length, first.length - at);
            if (fill(in, at, piece, 0, len) < len || !Arrays.equals(piece, 0, len, first, at, at + len)) {
                return false;
            }
            at += len;
        }
        return true;
    }

    /** Reads {@code [position, position + len)} into {@code buf[off..]} until full or end of file; returns the bytes read. */
    private static int fill(Source in, long position, byte[] buf, int off, int len) throws IOException {
        int n = 0;
        while (n < len) {
            int r = in.read(position + n, buf, off + n, len - n);
            if (r <= 0) {
                break;
            }
            n += r;
        }
        return n;
    }
}
