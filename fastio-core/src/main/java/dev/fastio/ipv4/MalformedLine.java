package dev.fastio.ipv4;

/** A line that is not an address: its 1-based number, its text (cut at 100 characters) and why. */
public record MalformedLine(long lineNumber, String text, String reason) {
    @Override
    public String toString() {
        return "line " + lineNumber + ": '" + text + "' (" + reason + ")";
    }
}
