package dev.fastio.copy;

import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.copy.TemporaryFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * Whole-file writes that readers see all or nothing: the content goes to a temporary file in the
 * target's folder (same filesystem, so the rename is atomic), which is then renamed over the
 * target. A reader opening the target sees the old file or the new one, never a mix or a part.
 * On any failure the temporary file is deleted and the target is as it was. The JDK has no such
 * call ({@code Files.write} truncates the target first, so a reader or a crash can see it empty
 * or half-written); Android's {@code AtomicFile} is the model.
 *
 * <p><b>Durable</b> writes also {@code fsync} the new file before the rename and the folder after
 * it, so that after a crash the target is the old file or the whole new one. Without it, a crash
 * soon after the call can leave the new name pointing at an empty or partial file on some
 * filesystems (ext4 with {@code auto_da_alloc} off, XFS).
 *
 * <p>The new file gets the default permissions (the process's umask), not the old target's. A
 * target that is a symbolic link is replaced by the file, not written through. Thread-safe; two
 * concurrent writes to one target leave one of them whole.
 */
public final class AtomicWrite {
    private static final Set<OpenOption> WRITE = Set.of(StandardOpenOption.WRITE);

    /** Writes the new content of a target into a temporary file beside it. */
    @FunctionalInterface
    public interface Writer {
        /**
         * Writes the new content.
         *
         * @param tmp the temporary file, which exists and is empty; the writer opens and closes it
         * @throws IOException the write failed; the target is left as it was
         */
        void write(Path tmp) throws IOException;
    }

    private AtomicWrite() {}

    /**
     * Replaces (or creates) {@code target} with {@code bytes}. JDK equivalent:
     * {@code Files.write(target, bytes)}, which readers can see half-done.
     *
     * @param target the file to replace or create
     * @param bytes the new content
     * @param durable also {@code fsync} the new file before the rename and the folder after it
     * @throws NoSuchFileException the target's folder does not exist (named in the exception)
     * @throws IOException the write or the rename failed; the target is as it was
     */
    public static void write(Path target, byte[] bytes, boolean durable) throws IOException {
        write(target, bytes, durable, FileOps.JDK);
    }

    static void write(Path target, byte[] bytes, boolean durable, FileOps ops) throws IOException {
        write(target, tmp -> {
            try (FileChannel ch = ops.open(tmp, WRITE)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) {
                    ch.write(b);
                }
            }
        }, durable, ops);
    }

    /**
     * Replaces (or creates) {@code target} with everything {@code in} gives until its end. The
     * caller closes {@code in}. JDK equivalent: {@code Files.copy(in, target, REPLACE_EXISTING)}.
     *
     * @param target the file to replace or create
     * @param in the stream to read to its end; not closed here
     * @param durable also {@code fsync} the new file before the rename and the folder after it
     * @throws NoSuchFileException the target's folder does not exist
     * @throws IOException reading {@code in}, the write or the rename failed; the target is as it was
     */
    public static void write(Path target, InputStream in, boolean durable) throws IOException {
        write(target, tmp -> {
            try (FileChannel ch = FileChannel.open(tmp, WRITE)) {
                in.transferTo(Channels.newOutputStream(ch));
            }
        }, durable, FileOps.JDK);
    }

    /**
     * Replaces (or creates) {@code target} with {@code lines}, each followed by {@code \n},
     * encoded in {@code charset}. JDK equivalent: {@code Files.write(target, lines, charset)}
     * (which ends lines with the platform's separator).
     *
     * @param target the file to replace or create
     * @param lines the lines, without line ends
     * @param charset how to encode them
     * @param durable also {@code fsync} the new file before the rename and the folder after it
     * @throws java.nio.charset.UnmappableCharacterException a line cannot be encoded; the target is as it was
     */
    public static void writeLines(Path target, Iterable<? extends CharSequence> lines, Charset charset, boolean durable)
            throws IOException {
        write(target, tmp -> {
            try (java.io.Writer w = Files.newBufferedWriter(tmp, charset, StandardOpenOption.WRITE)) {
                for (CharSequence line : lines) {
                    w.append(line).append('\n');
                }
            }
        }, durable, FileOps.JDK);
    }

    /**
     * Replaces (or creates) {@code target} with what {@code writer} writes into the temporary
     * file it is given (which the writer opens and closes), not durably.
     *
     * @param target the file to replace or create
     * @param writer writes the new content into the temporary file
     * @throws NoSuchFileException the target's folder does not exist (named in the exception)
     * @throws IOException what {@code writer} threw, or the rename failed; the target is as it was
     */
    public static void write(Path target, Writer writer) throws IOException {
        write(target, writer, false, FileOps.JDK);
    }

    /**
     * As {@link #write(Path, Writer)}, optionally durable.
     *
     * @param target the file to replace or create
     * @param writer writes the new content into the temporary file
     * @param durable also {@code fsync} the new file before the rename and the folder after it
     * @throws IOException what {@code writer} threw, or the rename or a sync failed; the target is as it was
     */
    public static void write(Path target, Writer writer, boolean durable) throws IOException {
        write(target, writer, durable, FileOps.JDK);
    }

    /** The one implementation, with the file operations a test can make fail. */
    static void write(Path target, Writer writer, boolean durable, FileOps ops) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new NoSuchFileException(String.valueOf(dir), null, "the destination folder does not exist");
        }
        Path tmp = TemporaryFiles.create(dir, target.getFileName().toString());
        try {
            writer.write(tmp);
            if (durable) {
                try (FileChannel ch = ops.open(tmp, WRITE)) {
                    ch.force(true);
                }
            }
            ops.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        if (durable) {
            try (FileChannel d = ops.open(dir, Set.of(StandardOpenOption.READ))) {
                d.force(true); // the new name, too, must survive a crash
            }
        }
    }
}
