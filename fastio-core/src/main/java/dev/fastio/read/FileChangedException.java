package dev.fastio.read;

import java.io.IOException;

/**
 * A file changed while fastio read it: its size, modification time, ctime or identity (device
 * and inode; on Hadoop, what its status carries) after the read differ from before, so the bytes
 * read may mix two versions. Thrown by every whole-file read, array load, IPv4 parse, copy and
 * cache load instead of returning such a mix, as {@code tar} reports "file changed as we read it".
 * Reading again later gives one version, if the writer has finished. A file that is only ever
 * appended to (a log) never finishes: read its first bytes with {@link Growth#PREFIX}, under which
 * this exception means the file was truncated, replaced or rewritten inside them.
 */
public class FileChangedException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The file, as the caller named it (a path, or a qualified Hadoop URI). */
    private final String file;

    /**
     * Makes the exception for {@code file}, saying what changed.
     *
     * @param file the file, as the caller named it
     * @param what what changed ("size 8 → 12"), for the message
     */
    public FileChangedException(String file, String what) {
        super(file + ": file changed as we read it (" + what + "); nothing was returned");
        this.file = file;
    }

    /**
     * Returns the file that changed.
     *
     * @return the file, as the caller named it
     */
    public String file() {
        return file;
    }
}
