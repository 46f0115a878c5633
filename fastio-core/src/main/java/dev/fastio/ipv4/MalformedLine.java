package dev.fastio.ipv4;

/**
 * A line that is not an address.
 *
 * @param lineNumber its 1-based number in the file
 * @param text its text, cut at 100 characters
 * @param reason why it is not an address
 */
public record MalformedLine(long lineNumber, String text, String reason) {
    @Override
    public String toString() {
        return "line " + lineNumber + ": '" + text + "' (" + reason + ")";
    }
}
