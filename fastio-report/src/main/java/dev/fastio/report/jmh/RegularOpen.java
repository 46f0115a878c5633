package dev.fastio.report.jmh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Opens a file that was a regular file when it was looked at, with a time limit. A regular file
 * opens at once; opening a FIFO waits for a writer, forever if none comes. Between the look and
 * the open, someone who can rename entries in the folder (a shared history folder) can put a
 * FIFO under the name, and the report would hang: here the open gives up after {@link #LIMIT},
 * naming the file, and a stream that opens later is closed. Pipes and FIFOs the user names
 * themselves are opened as {@code cat} opens them, without a limit, elsewhere.
 */
public final class RegularOpen {
    /** Long enough for a slow network filesystem, short enough to say what happened. */
    static final Duration LIMIT = Duration.ofSeconds(20);

    /** Daemon threads: one left waiting on a FIFO nobody writes does not keep the JVM alive. */
    private static final Executor OPENER = task -> {
        Thread t = new Thread(task, "fastio-report-open");
        t.setDaemon(true);
        t.start();
    };

    private RegularOpen() {}

    public static InputStream open(Path file) throws IOException {
        return open(file, LIMIT);
    }

    public static InputStream open(Path file, Duration limit) throws IOException {
        CompletableFuture<InputStream> opening = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.newInputStream(file);
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        }, OPENER);
        try {
            return opening.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            opening.thenAccept(RegularOpen::closeQuietly); // if it ever opens: closed, not leaked
            throw new IOException(Quoted.path(file) + " did not open within " + limit.toSeconds()
                    + " s: it is no longer a regular file (a FIFO with no writer, put there after the folder was read?)");
        } catch (ExecutionException e) {
            Throwable c = e.getCause() instanceof CompletionException ce && ce.getCause() != null ? ce.getCause() : e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            throw new IOException(c);
        } catch (InterruptedException e) {
            opening.thenAccept(RegularOpen::closeQuietly);
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while opening " + Quoted.path(file));
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // nothing was read from it
        }
    }
}
