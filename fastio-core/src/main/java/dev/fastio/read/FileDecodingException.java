package dev.fastio.read;

import java.nio.charset.Charset;
import java.nio.charset.CoderResult;
import java.nio.charset.MalformedInputException;
import java.nio.file.Path;

/**
 * Malformed or unmappable input in a file, with the file and byte offset named. It extends
 * {@link MalformedInputException} so code written against {@code Files.readString} keeps working;
 * {@link #isUnmappable()} tells the two JDK cases apart.
 */
public final class FileDecodingException extends MalformedInputException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long offset;
    private final String charsetName;
    private final boolean unmappable;

    public FileDecodingException(Path file, Charset charset, long offset, CoderResult result) {
        super(result.length());
        this.file = file;
        this.offset = offset;
        this.charsetName = charset.name();
        this.unmappable = result.isUnmappable();
    }

    public Path file() {
        return file;
    }

    /** Byte offset in the file of the first byte that could not be decoded. */
    public long offset() {
        return offset;
    }

    public boolean isUnmappable() {
        return unmappable;
    }

    @Override
    public String getMessage() {
        return file + ": " + (unmappable ? "unmappable" : "malformed") + " " + charsetName
                + " input at byte offset " + offset + " (length " + getInputLength() + ")";
    }
}
