package dev.fastio.ipv4;

import java.io.IOException;
import java.nio.file.Path;

/** Strict parsing met a line that is not an address; names the file, the line number and its text. */
public final class MalformedIpv4Exception extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    /**
     * The line's number. The line is kept as its three fields, not as the {@link MalformedLine}
     * record, which is not serializable: a Spark task's error reaches the driver by Java
     * serialization, and one that cannot be written is lost (on JDK 25, Spark 4.1's fallback
     * failed to start and the job never ended).
     *
     * @serial
     */
    private final long lineNumber;
    /**
     * The line's text, cut at 100 characters.
     *
     * @serial
     */
    private final String text;
    /**
     * Why it is not an address.
     *
     * @serial
     */
    private final String reason;
    /**
     * A line that is not an address, as a strict parse reports it.
     *
     * @param file the local file, or null for another source
     * @param source the source as the message names it
     * @param line the line: its number, text and why
     */
    public MalformedIpv4Exception(Path file, String source, MalformedLine line) {
        super(source + ":" + java.util.Objects.requireNonNull(line, "line").lineNumber() + ": malformed IPv4 address '" + line.text() + "' (" + line.reason() + ")");
        this.file = file;
        this.lineNumber = line.lineNumber();
        this.text = line.text();
        this.reason = line.reason();
    }

    /**
     * Returns the local file parsed; null after deserialization (a Path is not serializable) and
     * when the source was not a local file (a Hadoop file: the message names it).
     *
     * @return the local file parsed, or null
     */
    public Path file() {
        return file;
    }

    /**
     * Returns the line that is not an address: its number, text and why.
     *
     * @return the line that is not an address: its number, text and why
     */
    public MalformedLine line() {
        return new MalformedLine(lineNumber, text, reason);
    }
}
