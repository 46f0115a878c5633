package dev.fastio.array;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.nativeio.NativeFiles;
import dev.fastio.internal.parallel.Parts;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Loads through the native layer (JDK 22+, {@link NativeFiles}): each part {@code pread}s its
 * slice of the file straight into its slice of the Java array (no direct buffer, no second copy)
 * and, when the file's byte order is not the machine's, reverses the bytes in place. Same rules,
 * errors and parts as {@link ChunkedArrayIO}'s channel path, on the descriptor it opened: a file
 * is never opened twice (a named pipe opened again would wait for a writer that has gone).
 */
final class NativeLoad {
    private NativeLoad() {}

    /** The whole file. */
    static <A> A readAll(Path file, Elements<A> type, ByteOrder order, Tail tail) throws IOException {
        int fd = NativeFiles.open(file);
        try {
            long size = NativeFiles.size(fd, file);
            if (size == 0) { // the size says nothing (procfs, pipes): read to end of file, never reopen (a pipe would block)
                return ChunkedArrayIO.fromBytes(file, NativeFiles.readToEnd(fd, file, 0), type, order, tail);
            }
            A dst = ChunkedArrayIO.newArray(file, ChunkedArrayIO.elementCount(file, size, type, tail), type);
            try {
                read(fd, file, type, order, 0, dst, 0, type.length(dst));
            } catch (ChunkedArrayIO.EndedEarly shorter) {
                if (!FileSizes.sizesUnreliable(file)) {
                    throw shorter;
                }
                return ChunkedArrayIO.fromBytes(file, NativeFiles.readToEnd(fd, file, size), type, order, tail);
            }
            if (NativeFiles.pread(fd, file, new byte[1], 0, 1, size) > 0) { // one byte past the size: the file is longer
                if (!FileSizes.sizesUnreliable(file)) {
                    throw ChunkedArrayIO.grew(file, size);
                }
                return ChunkedArrayIO.fromBytes(file, NativeFiles.readToEnd(fd, file, size), type, order, tail);
            }
            return dst;
        } finally {
            NativeFiles.close(fd);
        }
    }

    /** Loads a range into {@code dst}. */
    static <A> void readRange(Path file, Elements<A> type, ByteOrder order, long first, A dst, int off, int count)
            throws IOException {
        int fd = NativeFiles.open(file);
        try {
            long size = NativeFiles.size(fd, file);
            if (size == 0) {
                ChunkedArrayIO.unsizedRange(file, type, first, count, () -> read(fd, file, type, order, first * type.size, dst, off, count));
                return;
            }
            if ((first + count) * type.size > size) {
                throw ChunkedArrayIO.pastTheEnd(file, type, first, count, size);
            }
            read(fd, file, type, order, first * type.size, dst, off, count);
        } finally {
            NativeFiles.close(fd);
        }
    }

    private static <A> void read(int fd, Path file, Elements<A> type, ByteOrder order, long position, A dst, int off, int count)
            throws IOException {
        long bytes = (long) count * type.size;
        int parts = Runtime.getRuntime().availableProcessors();
        if (bytes < ChunkedArrayIO.PARALLEL_MIN_BYTES || parts < 2) {
            readPart(fd, file, type, order, position, dst, off, count);
            return;
        }
        int per = count / parts;
        Parts.run(parts, new Parts.Part() { // not a lambda: see Parts
            @Override
            public void run(int p) throws IOException {
                int from = p * per;
                int n = p == parts - 1 ? count - from : per;
                readPart(fd, file, type, order, position + (long) from * type.size, dst, off + from, n);
            }
        });
    }

    private static <A> void readPart(int fd, Path file, Elements<A> type, ByteOrder order, long position, A dst, int off, int count)
            throws IOException {
        long bytes = (long) count * type.size;
        long got = NativeFiles.pread(fd, file, dst, (long) off * type.size, bytes, position);
        if (got < bytes) {
            throw new ChunkedArrayIO.EndedEarly(file, position + got);
        }
        if (order != ByteOrder.nativeOrder()) {
            type.swap(dst, off, count);
        }
    }
}
