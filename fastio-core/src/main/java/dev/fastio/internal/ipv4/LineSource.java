package dev.fastio.internal.ipv4;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What the IPv4 parser reads: a local file's channel, or (in {@code fastio-hadoop}) a Hadoop
 * stream. Positional reads may run at once from several threads; relative reads are used only to
 * parse a source of unknown size to its end, on one thread.
 */
public interface LineSource extends Closeable {
    /** The source as messages name it: a path, or a qualified Hadoop URI. */
    String name();

    /** The local file, or null when the source is not one. */
    Path file();

    /** The size at open; 0 says nothing (procfs, a pipe, a file still being written) and the source is read to its end. */
    long size() throws IOException;

    /** Reads up to {@code len} bytes at {@code position} into {@code b[off..]}; -1 at the end. Safe from several threads at once. */
    int read(long position, byte[] b, int off, int len) throws IOException;

    /** Reads up to {@code len} bytes from the current position; -1 at the end. */
    int read(byte[] b, int off, int len) throws IOException;

    /** Moves the current position back to 0, to parse the source again to its end. */
    void rewind() throws IOException;

    /** Whether a size that disagrees with the content is to be trusted less than the content (sysfs, FUSE). */
    boolean sizesUnreliable();

    /** Called after the whole source was parsed: fails, naming it, when it changed meanwhile in a way reads cannot see. */
    void finished() throws IOException;
}
