package dev.fastio.internal.parallel;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;

/**
 * One answer to an interrupt for a job that runs in parts over one shared channel. Depending on
 * when it lands, an interrupt of the calling thread surfaces as a
 * {@link ClosedByInterruptException} (the caller's own read; the channel is closed, which stops
 * every other part with an {@code AsynchronousCloseException}) or as an
 * {@link InterruptedIOException} from {@link Parts} (the caller was waiting for the other parts).
 * Callers turn both into one {@link InterruptedIOException} that names the file, so a user sees
 * one exception type whatever the timing. The interrupt status is left set in both cases.
 */
public final class Interrupts {
    private Interrupts() {}

    /**
     * {@code e} as the caller should see it: an {@link InterruptedIOException} naming {@code file}
     * and {@code what} was stopped, with {@code e} as its cause, when {@code e} (or a cause of it)
     * came from an interrupt of the calling thread; {@code e} itself otherwise.
     */
    public static IOException named(Object file, String what, IOException e) {
        if (e instanceof InterruptedIOException && e.getMessage() != null && e.getMessage().startsWith(file + ": ")) {
            return e; // already named
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ClosedByInterruptException || t instanceof InterruptedIOException) {
                InterruptedIOException named = new InterruptedIOException(
                        file + ": " + what + " stopped: the thread was interrupted (its parts have finished; nothing is left open)");
                named.initCause(e);
                return named;
            }
        }
        return e;
    }
}
