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
    /**
     * The file's name, for the message: kept through serialization, which a {@code Path} is not
     * (a Spark task's failure reaches the driver so).
     *
     * @serial
     */
    private final String fileName;
    /**
     * The byte offset of the first byte that could not be decoded.
     *
     * @serial
     */
    private final long offset;
    /**
     * The charset's name.
     *
     * @serial
     */
    private final String charsetName;
    /**
     * True for unmappable input, false for malformed.
     *
     * @serial
     */
    private final boolean unmappable;

    /**
     * Bad input in {@code file}, with a message naming it, the charset and the byte offset.
     *
     * @param file the file being decoded
     * @param charset the charset it was decoded as
     * @param offset the byte offset of the first byte that could not be decoded
     * @param result the decoder's error, which gives its length and kind
     */
    public FileDecodingException(Path file, Charset charset, long offset, CoderResult result) {
        super(result.length());
        this.file = file;
        this.fileName = String.valueOf(file);
        this.offset = offset;
        this.charsetName = charset.name();
        this.unmappable = result.isUnmappable();
    }

    /**
     * Returns the file that could not be decoded; null after deserialization (a Path is not serializable).
     *
     * @return the file that could not be decoded; null after deserialization (a Path is not serializable)
     */
    public Path file() {
        return file;
    }

    /**
     * Returns the byte offset in the file of the first byte that could not be decoded.
     *
     * @return the byte offset in the file of the first byte that could not be decoded
     */
    public long offset() {
        return offset;
    }

    /**
     * Returns true when the input was valid but has no mapping in the charset, false when it was malformed.
     *
     * @return true when the input was valid but has no mapping in the charset, false when it was malformed
     */
    public boolean isUnmappable() {
        return unmappable;
    }

    @Override
    public String getMessage() {
        return fileName + ": " + (unmappable ? "unmappable" : "malformed") + " " + charsetName
                + " input at byte offset " + offset + " (length " + getInputLength() + ")";
    }
}
