package dev.fastio.cli;

import dev.fastio.copy.CopyProgress;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * What the file commands ({@code copy}, {@code gunzip}, {@code ips}) share, following the tools
 * they sit beside ({@code cp}, {@code gzip}, {@code curl}, {@code pv}): progress only when standard
 * error is a terminal and the input is big (or when asked for), a one-line summary unless quiet,
 * and the same rate format.
 */
final class FileTool {
    /** Inputs from this size on get a progress bar on a terminal. */
    static final long PROGRESS_MIN_BYTES = 64L << 20;

    private FileTool() {}

    /** The options every file command takes ({@code @Mixin}). */
    static final class Options {
        @Option(names = "--progress",
                description = "Show progress whatever the size, even when standard error is not a terminal (then as lines).")
        boolean progress;

        @Option(names = {"-q", "--quiet"}, description = "Print no summary line.")
        boolean quiet;

        /** A progress display for a job of {@code size} bytes, or null when none is wanted. */
        Progress progressFor(String task, long size, PrintWriter err) {
            boolean show = progress || (size >= PROGRESS_MIN_BYTES && Progress.stderrIsTerminal());
            return show ? Progress.create(task, size, "B", err) : null;
        }

        /** Prints the summary line unless quiet. */
        void summary(PrintWriter where, String line) {
            if (!quiet) {
                where.println(line);
                where.flush();
            }
        }
    }

    /** "1.23 s, 4.56 GB/s". */
    static String rate(long bytes, long nanos) {
        double s = nanos / 1e9;
        return String.format(Locale.ROOT, "%.2f s, %.2f GB/s", s, bytes / Math.max(s, 1e-9) / 1e9);
    }

    /** Forwards a job's (done, total) to a progress display's steps, with a line every 64 MB for logs. */
    static CopyProgress steps(Progress progress, String name) {
        long[] last = {0};
        return (done, total) -> {
            progress.step(done - last[0]);
            if (done / (64L << 20) != last[0] / (64L << 20) || done == total) {
                progress.message(name);
            }
            last[0] = done;
        };
    }
}
