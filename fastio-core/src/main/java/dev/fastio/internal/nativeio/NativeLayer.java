package dev.fastio.internal.nativeio;

import dev.fastio.copy.When;
import dev.fastio.internal.copy.CopySource;
import dev.fastio.internal.copy.StagedFile;
import dev.fastio.internal.gzip.BlockInflater;
import dev.fastio.internal.gzip.RawInflater;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The native layer: every call fastio makes outside the JDK's own file API, behind one interface
 * (as Lucene's {@code VectorizationProvider}). {@link #get()} is the one implementation this JVM
 * uses, found once by {@link NativeLayers} and logged: on JDK 22 and later the FFM one in the
 * {@code java22} overlay of the multi-release jar ({@code FfmLayer}: libc and ISA-L), on JDK 17
 * to 21 {@link NativeLayers#JDK_ONLY}, which handles nothing. Callers ask {@code handles} or
 * {@code copies} and take the JDK path when the answer is no.
 */
public interface NativeLayer {
    /**
     * Returns the layer this JVM uses, found once.
     *
     * @return the layer this JVM uses
     */
    static NativeLayer get() {
        return NativeLayers.LAYER;
    }

    /**
     * This layer with every system call it makes consulting {@code plan} first: a call the plan
     * fails is not made and reports the plan's errno. How a test injects a failing system call:
     * it passes the layer this returns where the code under test takes a layer, as a test passes
     * failing {@code FileOps} or a {@code Clock} it moves. The layer {@link #get} returns consults
     * no plan. A layer that makes no calls returns itself.
     *
     * @param plan the calls to fail or watch
     * @return the layer with that plan
     */
    default NativeLayer withFaults(SyscallFaults plan) {
        return this;
    }

    /**
     * Returns whether file reads, stats and copies go through libc.
     *
     * @return whether file reads, stats and copies go through libc
     */
    boolean active();

    /**
     * Returns "on: …" or "off: …" and why, for logs and the report's environment.
     *
     * @return "on: …" or "off: …" and why
     */
    String status();

    /**
     * Whether the layer is off only because the JVM lacks a flag the user can give
     * ({@code --enable-native-access}): the status is then logged at INFO, one line a user sees
     * naming the flag (as Lucene does for its vector module), else at DEBUG.
     *
     * @return true where the flag alone is missing
     */
    default boolean offForWantOfFlag() {
        return false;
    }

    /**
     * Returns how many whole-file reads took the native path in this JVM (tests check that it is the one that ran).
     *
     * @return how many whole-file reads took the native path in this JVM
     */
    long uses();

    /**
     * Returns whether the layer reads and stats {@code file}: it is on, and the file is on the default filesystem.
     *
     * @param file a path
     * @return whether the layer reads and stats {@code file}
     */
    boolean handles(Path file);

    /**
     * Reads the whole file: its bytes as {@code Files.readAllBytes} gives them; with
     * {@code checked}, one version of the file or a {@code FileChangedException}.
     *
     * @param file a file it {@link #handles}
     * @param checked whether to compare the stamps at open and after the read
     * @return its bytes
     * @throws IOException as {@code Files.readAllBytes} throws for the same failure, naming the file
     */
    byte[] readAllBytes(Path file, boolean checked) throws IOException;

    /**
     * Reads the first bytes of a file that may grow, up to its size at open, by the growing rule
     * ({@code GrowingPrefix}), with the stamps of the open descriptor; a size of 0 reads to end
     * of file once.
     *
     * @param file a file it {@link #handles}
     * @return its first bytes
     * @throws IOException as {@code Files.readAllBytes} throws for the same failure, or a
     *     {@code FileChangedException}; names the file
     */
    byte[] readGrowing(Path file) throws IOException;

    /**
     * A file open for reading: a channel over it, and stamps of the file that is open, not of
     * whatever its name stands for by then (a name can be turned to another file, by a rename or
     * a link flipped, between the open and a stamp by name).
     */
    interface OpenFile extends java.io.Closeable {
        /**
         * Returns a channel that reads the open file.
         *
         * @return the channel; closed with this
         */
        java.nio.channels.FileChannel channel();

        /**
         * Returns one {@code statx} of the open descriptor.
         *
         * @return what it says
         * @throws IOException the call failed
         */
        Stat stat() throws IOException;
    }

    /**
     * Opens {@code file} for reading with stamps of its descriptor; null where the layer is off
     * or the file is elsewhere (the caller then opens a channel and stamps the name).
     *
     * @param file a file
     * @return the open file, or null
     * @throws IOException as {@code FileChannel.open} would throw, naming the file
     */
    default OpenFile openForReading(Path file) throws IOException {
        return null;
    }

    /**
     * One {@code statx} of {@code file}, following links.
     *
     * @param file a file it {@link #handles}
     * @return what it says
     * @throws IOException as {@code Files.readAttributes} would throw, naming the file
     */
    Stat stat(Path file) throws IOException;

    /**
     * One version of {@code file}, to be checked by one {@code statx} compared in place
     * ({@link StatVersion#unchanged()}), its name encoded once, here; null where the layer does
     * not stat the file (the caller then stamps it as before).
     *
     * @param file a file, by the name to {@code statx} on each check (made absolute by the caller
     *     when the working folder may matter)
     * @param size the size the version has
     * @param mtimeNanos its modification time, as {@code FileStamp.of} computes it from a {@link Stat}
     * @param ctimeNanos its change time, the same way
     * @param device its device
     * @param inode its inode
     * @return the version, or null
     */
    default StatVersion statVersion(Path file, long size, long mtimeNanos, long ctimeNanos, long device, long inode) {
        return null;
    }

    /**
     * A {@link StagedFile} through libc for {@code target}, or null where the layer does not
     * stage (the caller then takes the JDK's way).
     *
     * @param target the destination as given
     * @param dir its folder, absolute
     * @param name its file name
     * @param options how it is written
     * @return the staged file, or null
     * @throws IOException the staged file cannot be made
     */
    StagedFile stage(Path target, Path dir, String name, StagedFile.Options options) throws IOException;

    /**
     * Returns whether the layer copies {@code source} to {@code target}.
     *
     * @param source the file to copy
     * @param target the destination
     * @return whether {@link #openCopySource} takes them
     */
    boolean copies(Path source, Path target);

    /**
     * Opens a regular file to be copied by the one {@code CopyTransaction}: the layer moves its
     * bytes ({@code FICLONE}, {@code copy_file_range}, data regions) and reads its state through
     * the descriptor, once {@code FileCopy}'s rules have been checked.
     *
     * @param source a regular file it {@link #copies}
     * @param reflink {@code FileCopy}'s {@code --reflink}
     * @param sparse {@code FileCopy}'s {@code --sparse}
     * @param prefix whether the copy takes the prefix of a growing source ({@code Growth.PREFIX})
     *     rather than failing on one
     * @return the open source; the caller closes it
     * @throws IOException it cannot be opened, as {@code FileChannel.open} throws, naming it
     */
    CopySource openCopySource(Path source, When reflink, When sparse, boolean prefix) throws IOException;

    /**
     * Returns null when {@code decoder} is bound and passed its self-test, else why not.
     *
     * @param decoder which native deflate decoder
     * @return null when it can be used, else why not
     */
    String decoderRefusal(NativeDecoder decoder);

    /**
     * A new streaming ISA-L decoder.
     *
     * @param inputChunk the most bytes one {@code setInput} will hand over
     * @return a new decoder
     * @throws IllegalStateException ISA-L cannot be used here ({@link #decoderRefusal})
     */
    RawInflater newInflater(int inputChunk);

    /**
     * A new whole-block decoder.
     *
     * @param decoder which native deflate decoder
     * @return a new decoder
     * @throws IllegalStateException it cannot be used here ({@link #decoderRefusal})
     */
    BlockInflater newBlockInflater(NativeDecoder decoder);
}
