package dev.fastio.report.jmh;

/** A report could not be made; the message names the file and says why, in one line. */
public final class ReportException extends Exception {
    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
