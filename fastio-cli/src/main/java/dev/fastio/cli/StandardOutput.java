package dev.fastio.cli;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output for the bytes a command writes there ({@code gunzip -c}): a failed write stops
 * the command, as {@code gzip -dc} stops. {@code System.out} is a {@code PrintStream}, which
 * swallows write errors, so a full disk ({@code > /dev/full}) or a reader that went away
 * ({@code | head}) went unnoticed while the whole input was inflated.
 */
final class StandardOutput extends OutputStream {
    /** The status of a process that a closed pipe stopped, as a shell reports one killed by SIGPIPE (128 + 13). */
    static final int BROKEN_PIPE = 141;

    private final OutputStream out;

    StandardOutput(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw new Failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw new Failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw new Failed(e);
        }
    }

    /** A write to standard output failed: the command stops with no stack trace and a non-zero status. */
    static final class Failed extends IOException {
        private static final long serialVersionUID = 1L;

        Failed(IOException cause) {
            super("cannot write to standard output: " + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()), cause);
        }

        /** The reader closed the pipe (EPIPE): the quiet end a pipeline such as {@code | head} expects. */
        boolean brokenPipe() {
            String m = getCause().getMessage();
            return m != null && m.contains("Broken pipe");
        }
    }
}
