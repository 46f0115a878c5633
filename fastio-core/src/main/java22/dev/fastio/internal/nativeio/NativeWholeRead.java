package dev.fastio.internal.nativeio;

import dev.fastio.internal.FileSizes;
import dev.fastio.internal.FileStamp;
import dev.fastio.internal.buffer.DirectBuffers;
import dev.fastio.internal.version.OneVersion;
import java.nio.ByteBuffer;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * The native layer's whole-file read: libc's {@code open}, {@code read} straight into the Java
 * array and {@code statx} of the descriptor, as one {@link OneVersion} pass (see
 * {@link NativeFiles} for when the layer is on, its errors, interrupts and chunks).
 */
final class NativeWholeRead {
    private NativeWholeRead() {}

    /**
     * Reads the whole file: open, size, read into an array of that size, one probe read that
     * finds end of file, close. A size of 0 (procfs, pipes) or content longer than the size is
     * read to end of file; content shorter than the size gives what was there. The semantics of
     * {@code FileSizes.readToEnd} over a {@code FileChannel}, without its copies. With
     * {@code checked}, the descriptor's stamp after the read must equal the one at open
     * ({@code FileStamp}: one more {@code statx}), else a {@code FileChangedException}.
     *
     * @param faults the test's fault plan the calls consult, or null (none)
     * @param file the file, on the default filesystem
     * @param checked whether to compare the stamps
     * @return its bytes
     * @throws IOException as {@code Files.readAllBytes} throws for the same failure, naming the file
     */
    public static byte[] readAllBytes(SyscallFaults faults, Path file, boolean checked) throws IOException {
        NativeFiles.USES.increment();
        WholeRead pass = new WholeRead(faults, file);
        return checked ? OneVersion.SYSTEM.read(file, pass) : pass.read();
    }

    /**
     * One pass of a whole-file read, for {@link OneVersion}: open; one {@code read} of up to
     * {@link #SMALL} bytes into a pooled buffer, without asking the size first; one {@code statx}
     * of the descriptor, whose size confirms that the read reached end of file (so no read is
     * made to find it) and whose ctime the rule judges; close. Four calls for a file under
     * {@link #SMALL} bytes, against the five of {@code Files.readAllBytes} and the four of Okio,
     * which checks nothing. A larger file, or one whose size says nothing (procfs: 0) or
     * disagrees with the read, is read on to end of file into an array of its size, and judged by
     * the {@code statx} after that.
     */
    private static final class WholeRead implements OneVersion.Pass<byte[]> {
        private final SyscallFaults faults;
        private final Path file;
        private long[] stamp;
        private long changed;

        WholeRead(SyscallFaults faults, Path file) {
            this.faults = faults;
            this.file = file;
        }

        @Override
        public byte[] read() throws IOException {
            NativeFiles.checkInterrupt(file);
            stamp = null;
            changed = OneVersion.NO_VERSION;
            ReadCalls mine = ReadCalls.take();
            if (mine != null) {
                try {
                    MemorySegment name = mine.name(file);
                    if (name != null) {
                        return readWith(mine.calls.plan(faults), name);
                    }
                } finally {
                    mine.busy = false;
                }
            }
            try (Arena arena = Arena.ofConfined()) {
                Syscalls c = new Syscalls(arena, faults, file);
                return readWith(c, c.name);
            }
        }

        private byte[] readWith(Syscalls c, MemorySegment name) throws IOException {
            ByteBuffer pooled = DirectBuffers.take();
            try {
                int fd = c.open(name, Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
                if (fd < 0) {
                    throw Errno.openFailed(file, c.errno());
                }
                try {
                    MemorySegment scratch = MemorySegment.ofBuffer(pooled).asSlice(0, SMALL);
                    long n = c.read(fd, scratch, SMALL);
                    if (n < 0) {
                        throw Errno.readFailed(file, c.errno());
                    }
                    if (n == 0) {
                        return new byte[0]; // end of file at once: empty then, whatever its size says now
                    }
                    long[] after = NativeFiles.fstat(c, fd, file);
                    if (n < SMALL && after[7] != 0 && after[0] == n) { // one read held the whole file
                        judge(after, n);
                        return scratch.asSlice(0, n).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                    }
                    // more than one read's worth, or a size that says nothing (0) or disagrees: on to end of file
                    long hint = after[7] != 0 ? after[0] : 0;
                    if (hint > FileSizes.MAX_ARRAY_LENGTH) {
                        throw FileSizes.tooLarge(file, hint);
                    }
                    byte[] bytes = FileSizes.readToEnd(new PrefixedReader(scratch, (int) n, new DescriptorReader(c, fd, file)),
                            Math.max(hint, n), file);
                    if (after[7] != 0) {
                        judge(NativeFiles.fstat(c, fd, file), bytes.length);
                        if (changed != OneVersion.NO_VERSION && !java.util.Arrays.equals(after, stamp)) {
                            changed = OneVersion.UNSETTLED; // a write started during the read
                        }
                    }
                    return bytes;
                } finally {
                    c.close(fd);
                }
            } finally {
                DirectBuffers.give(pooled);
            }
        }

        /** The stamp after the read, and what it says: a size of 0 nothing; another size than was read, a change. */
        private void judge(long[] after, long read) throws IOException {
            stamp = after;
            if (after[0] == read) {
                changed = after[3] * 1000 + after[4] / 1_000_000;
            } else {
                // procfs, sysfs: the size says nothing, and neither do the times; elsewhere the file changed
                changed = FileSizes.sizesUnreliable(file) ? OneVersion.NO_VERSION : OneVersion.UNSETTLED;
            }
        }

        @Override
        public long changedMillis() {
            return changed;
        }

        @Override
        public FileStamp stamp() {
            return stamp == null ? null : FileStamp.of(Stat.of(stamp));
        }

        @Override
        public boolean same(byte[] a, byte[] b) {
            return java.util.Arrays.equals(a, b);
        }
    }

    /**
     * A platform thread's calls and name buffer for whole-file reads, reused from one read to the
     * next: a fresh {@code Arena} and its allocation cost as much as one of the read's four calls.
     * In memory the garbage collector frees once the thread is gone. A virtual thread, a name
     * longer than the buffer, or a read inside a read on the same thread (a test's fault-plan
     * action) takes fresh memory instead.
     */
    private static final class ReadCalls {
        static final int NAME_BYTES = 4096; // PATH_MAX, with its NUL
        private static final ThreadLocal<ReadCalls> MINE = new ThreadLocal<>() { // not withInitial: no lambda (see Parts)
            @Override
            protected ReadCalls initialValue() {
                return new ReadCalls();
            }
        };

        final Syscalls calls = new Syscalls(Arena.ofAuto(), null);
        private final MemorySegment names = Arena.ofAuto().allocate(NAME_BYTES);
        boolean busy;

        /** This thread's, marked busy until the caller clears {@link #busy}; null where it must not be used. */
        static ReadCalls take() {
            if (Thread.currentThread().isVirtual()) {
                return null;
            }
            ReadCalls mine = MINE.get();
            if (mine.busy) {
                return null;
            }
            mine.busy = true;
            return mine;
        }

        /** {@code file}'s name, NUL-terminated, in the buffer; null when it does not fit. */
        MemorySegment name(Path file) {
            byte[] bytes = Syscalls.nameBytes(file.toString());
            if (bytes.length >= NAME_BYTES) {
                return null;
            }
            MemorySegment.copy(bytes, 0, names, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, bytes.length);
            names.set(java.lang.foreign.ValueLayout.JAVA_BYTE, bytes.length, (byte) 0);
            return names;
        }
    }

    /**
     * Bytes the first read of a whole-file read asks for: the pooled buffer's 256 KiB, so files up
     * to that size are read in one call (with 64 KiB, a file of 64 KiB to 256 KiB paid a second
     * read, a read that finds end of file and a second {@code statx}); the JDK path does the same.
     */
    static final int SMALL = DirectBuffers.SIZE;

    /** The bytes a first read put in {@code scratch}, then the descriptor's. */
    private static final class PrefixedReader implements FileSizes.ByteReader {
        private final MemorySegment scratch;
        private final int length;
        private final DescriptorReader rest;
        private int served;

        PrefixedReader(MemorySegment scratch, int length, DescriptorReader rest) {
            this.scratch = scratch;
            this.length = length;
            this.rest = rest;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            if (served < length) {
                int n = Math.min(len, length - served);
                MemorySegment.copy(scratch, java.lang.foreign.ValueLayout.JAVA_BYTE, served, buf, off, n);
                served += n;
                return n;
            }
            return rest.read(buf, off, len);
        }
    }
}
