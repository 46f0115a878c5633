package dev.fastio.copy;

import dev.fastio.internal.copy.FileModes;
import dev.fastio.internal.copy.FileOps;
import dev.fastio.internal.copy.KeptOpenChannel;
import dev.fastio.internal.copy.StagedFile;
import dev.fastio.internal.copy.StagedFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Whole-file writes that readers see all or nothing: the content goes to a new file in the
 * target's folder (same filesystem, so putting it in place is atomic), which then takes the
 * target's name. A reader opening the target sees the old file or the new one, never a mix or a
 * part. On any failure the new file is removed and the target is as it was. The JDK has no such
 * call ({@code Files.write} truncates the target first, so a reader or a crash can see it empty
 * or half-written); Android's {@code AtomicFile} is the model.
 *
 * <p><b>Durable</b> writes also {@code fsync} the new file before it is put in place and the
 * folder after, so that after a crash the target is the old file or the whole new one. Without
 * it, a crash soon after the call can leave the new name pointing at an empty or partial file on
 * some filesystems (ext4 with {@code auto_da_alloc} off, XFS).
 *
 * <p><b>Shared folders and killed processes.</b> The new file is reached only through the
 * descriptors fastio holds, never again by a name, so another user who can rename entries in the
 * folder cannot make the write touch any other file; if they swap names meanwhile the call fails
 * rather than report a write it did not make. With the native layer (FFM on JDK 22+ with native
 * access, jffi on JDK 17–21) the new file has no name until it is complete ({@code O_TMPFILE}), so a killed process leaves nothing behind;
 * elsewhere a hidden {@code .fastio-<16 hex>.tmp} may be left, which no process then has open.
 *
 * <p><b>Modes.</b> An existing regular target keeps its permission bits; a new one gets
 * {@code 0666} less the umask, as {@code Files.write} gives. The new file is {@code 0600} until
 * it is complete. A target that is a symbolic link is replaced by the file, not written through;
 * a target that is a folder, a device, a FIFO or a socket is an error and is left as it is.
 * Thread-safe; two concurrent writes to one target leave one of them whole.
 */
public final class AtomicWrite {
    /** Writes the new content of a target into the new file. */
    @FunctionalInterface
    public interface Writer {
        /**
         * Writes the new content.
         *
         * @param out the new file, empty, open for writing at position 0; closing it is allowed
         *     and changes nothing (AtomicWrite closes it)
         * @throws IOException the write failed; the target is left as it was
         */
        void write(FileChannel out) throws IOException;
    }

    private AtomicWrite() {}

    /**
     * Replaces (or creates) {@code target} with {@code bytes}. JDK equivalent:
     * {@code Files.write(target, bytes)}, which readers can see half-done.
     *
     * @param target the file to replace or create
     * @param bytes the new content
     * @param durable also {@code fsync} the new file before it is put in place and the folder after
     * @throws NoSuchFileException the target's folder does not exist (named in the exception)
     * @throws FileSystemException the target is a folder, a device, a FIFO or a socket
     * @throws IOException the write failed; the target is as it was
     */
    public static void write(Path target, byte[] bytes, boolean durable) throws IOException {
        write(target, bytes, durable, FileOps.JDK);
    }

    static void write(Path target, byte[] bytes, boolean durable, FileOps ops) throws IOException {
        write(target, out -> {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            try {
                while (b.hasRemaining()) {
                    out.write(b);
                }
            } catch (IOException e) {
                throw named(target, e);
            }
        }, durable, ops);
    }

    /**
     * Replaces (or creates) {@code target} with everything {@code in} gives until its end. The
     * caller closes {@code in}. JDK equivalent: {@code Files.copy(in, target, REPLACE_EXISTING)}.
     *
     * @param target the file to replace or create
     * @param in the stream to read to its end; not closed here
     * @param durable also {@code fsync} the new file before it is put in place and the folder after
     * @throws NoSuchFileException the target's folder does not exist
     * @throws IOException reading {@code in} or the write failed; the target is as it was
     */
    public static void write(Path target, InputStream in, boolean durable) throws IOException {
        write(target, out -> {
            try {
                in.transferTo(Channels.newOutputStream(out));
            } catch (IOException e) {
                throw named(target, e);
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
     * @param durable also {@code fsync} the new file before it is put in place and the folder after
     * @throws java.nio.charset.UnmappableCharacterException a line cannot be encoded; the target is as it was
     */
    public static void writeLines(Path target, Iterable<? extends CharSequence> lines, Charset charset, boolean durable)
            throws IOException {
        write(target, out -> {
            // an encoder that reports, as Files.newBufferedWriter's does, instead of writing '?'
            var encoder = charset.newEncoder();
            try (java.io.Writer w = new java.io.BufferedWriter(new OutputStreamWriter(Channels.newOutputStream(out), encoder), 1 << 16)) {
                for (CharSequence line : lines) {
                    w.append(line).append('\n');
                }
            } catch (IOException e) {
                throw named(target, e);
            }
        }, durable, FileOps.JDK);
    }

    /**
     * Replaces (or creates) {@code target} with what {@code writer} writes into the new file it
     * is given, not durably.
     *
     * @param target the file to replace or create
     * @param writer writes the new content into the new file
     * @throws NoSuchFileException the target's folder does not exist (named in the exception)
     * @throws FileSystemException the target is a folder, a device, a FIFO or a socket
     * @throws IOException what {@code writer} threw, or putting the file in place failed; the target is as it was
     */
    public static void write(Path target, Writer writer) throws IOException {
        write(target, writer, false, FileOps.JDK);
    }

    /**
     * As {@link #write(Path, Writer)}, optionally durable.
     *
     * @param target the file to replace or create
     * @param writer writes the new content into the new file
     * @param durable also {@code fsync} the new file before it is put in place and the folder after
     * @throws IOException what {@code writer} threw, or putting the file in place or a sync failed; the target is as it was
     */
    public static void write(Path target, Writer writer, boolean durable) throws IOException {
        write(target, writer, durable, FileOps.JDK);
    }

    /**
     * As {@link #write(Path, Writer, boolean)}, for a tool that makes one file from another (as
     * {@code gzip -d} does): the target gets exactly {@code permissions} (the umask is not
     * applied), and unless {@code replace}, an existing target, even one that appears during the
     * write, is an error and is left as it is.
     *
     * @param target the file to create, or to replace
     * @param writer writes the new content into the new file
     * @param durable also {@code fsync} the new file before it is put in place and the folder after
     * @param replace whether an existing file or symbolic link at {@code target} may be replaced
     * @param permissions the target's permission bits; null for the rule of the class comment
     * @throws java.nio.file.FileAlreadyExistsException {@code target} exists and {@code replace} is false
     * @throws IOException what {@code writer} threw, or putting the file in place failed; the target is as it was
     */
    public static void write(Path target, Writer writer, boolean durable, boolean replace,
            java.util.Set<java.nio.file.attribute.PosixFilePermission> permissions) throws IOException {
        int mode = permissions == null ? FileModes.masked(FileModes.DEFAULT) : FileModes.bits(permissions);
        write(target, writer, durable, new StagedFile.Options(true, replace, mode, permissions == null), FileOps.JDK);
    }

    /** The one implementation, with the file operations a test can make fail. */
    static void write(Path target, Writer writer, boolean durable, FileOps ops) throws IOException {
        write(target, writer, durable, new StagedFile.Options(true, true, FileModes.masked(FileModes.DEFAULT), true), ops);
    }

    private static void write(Path target, Writer writer, boolean durable, StagedFile.Options how, FileOps ops)
            throws IOException {
        try (StagedFile staged = StagedFiles.open(target, how, ops)) {
            writer.write(new KeptOpenChannel(staged.channel()));
            staged.publish(durable);
        }
    }

    /**
     * A write error as a channel gives it ("No space left on device") names no file: this one
     * names the target. Other exceptions go as they are.
     */
    private static IOException named(Path target, IOException e) {
        if (e.getClass() != IOException.class || e.getMessage() == null || e.getMessage().contains(target.toString())) {
            return e;
        }
        return new IOException(target + ": " + e.getMessage(), e);
    }
}
