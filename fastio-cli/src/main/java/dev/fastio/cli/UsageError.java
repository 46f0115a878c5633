package dev.fastio.cli;

/**
 * A command line that cannot be right whatever the files hold: a bad option value, a missing
 * operand. Exit status 2, as picocli's own parse errors, with the command's help named; a
 * {@link UserError} (input, data, the machine) exits 1.
 */
final class UsageError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageError(String message) {
        super(message);
    }
}
