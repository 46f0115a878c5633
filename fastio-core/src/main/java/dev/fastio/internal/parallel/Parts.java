package dev.fastio.internal.parallel;

import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * Runs the parts of one job at once: part 0 on the caller's thread, each other part on a new
 * platform thread, and returns when all have finished. The first failure (in part order) is
 * thrown once every part has stopped, so no part is still using a buffer or an array when the
 * caller sees the exception.
 *
 * <p>Why not a parallel stream: in a fresh JVM the first parallel stream with a lambda has the
 * JDK generate and load its lambda and stream machinery, milliseconds that a short-lived process
 * loading one file (article 001's case) pays in full. With plain threads, fastio's first load of
 * the 104 MB list in a new process went from 37.8 to 27.1 ms (docs/PERFORMANCE.md, "Parts on plain
 * threads, not a parallel stream"; measured by {@code dev.fastio.bench.array.IpColdProcess}). For
 * the same reason callers pass an anonymous class here, not a lambda, and the thread name has no
 * string concatenation. Starting a thread costs tens of microseconds, paid only for jobs of
 * several megabytes.
 */
public final class Parts {
    /** One part of a job. */
    public interface Part {
        void run(int index) throws IOException;
    }

    private static final String NAME = "fastio-part";

    private Parts() {}

    public static void run(int parts, Part part) throws IOException {
        if (parts < 1) {
            throw new IllegalArgumentException("parts must be at least 1, not " + parts);
        }
        Throwable[] failures = new Throwable[parts];
        Thread[] threads = new Thread[parts];
        try {
            for (int k = 1; k < parts; k++) {
                threads[k] = new Thread(new Runner(part, k, failures), NAME); // no "+ k": string concatenation is bootstrapped on first use too
                threads[k].setDaemon(true);
                threads[k].start();
            }
        } catch (Throwable cannotStart) { // e.g. OutOfMemoryError: unable to create native thread
            failures[0] = cannotStart;
        }
        if (failures[0] == null) {
            new Runner(part, 0, failures).run();
        }
        boolean interrupted = false;
        for (int k = 1; k < parts; k++) {
            while (threads[k] != null && threads[k].isAlive()) {
                try {
                    threads[k].join();
                } catch (InterruptedException e) {
                    interrupted = true; // the parts are short: wait for them, then say so
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        for (Throwable t : failures) {
            if (t != null) {
                throwUnchecked(t);
            }
        }
        if (interrupted) {
            throw new InterruptedIOException("interrupted while the parts ran; they have finished");
        }
    }

    private static void throwUnchecked(Throwable t) throws IOException {
        if (t instanceof IOException) {
            throw (IOException) t;
        }
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        throw new IOException(t);
    }

    private static final class Runner implements Runnable {
        private final Part part;
        private final int index;
        private final Throwable[] failures;

        Runner(Part part, int index, Throwable[] failures) {
            this.part = part;
            this.index = index;
            this.failures = failures;
        }

        @Override
        public void run() {
            try {
                part.run(index);
            } catch (Throwable t) {
                failures[index] = t; // read after join(), which orders it
            }
        }
    }
}
