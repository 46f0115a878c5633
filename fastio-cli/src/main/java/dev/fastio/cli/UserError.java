package dev.fastio.cli;

/** A failure the user can fix; its message is the whole story, in one line. */
final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
        super(message);
    }

    UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
