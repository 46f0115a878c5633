package dev.fastio.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a long job: a progress bar with ETA on a terminal, plain lines otherwise (CI logs,
 * pipes), so that neither gets the other's noise.
 */
interface Progress extends AutoCloseable {
    void step(long n);

    /** What is happening now: the file being generated, the benchmark running. */
    void message(String text);

    @Override
    void close();

    static Progress create(String task, long max, String unit, PrintWriter err) {
        if (isTerminal()) {
            ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(task).setInitialMax(max)
                    .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setUpdateIntervalMillis(250)
                    .continuousUpdate();
            if (!unit.isEmpty()) {
                b.setUnit(" " + unit, 1).showSpeed();
            }
            ProgressBar bar = b.build();
            return new Progress() {
                @Override
                public void step(long n) {
                    bar.stepBy(n);
                }

                @Override
                public void message(String text) {
                    bar.setExtraMessage(Quoted.of(text));
                }

                @Override
                public void close() {
                    bar.close();
                }
            };
        }
        return new PlainProgress(task, max, err);
    }

    /**
     * Whether standard error is a terminal, where the file commands' bars go. On Linux, what
     * descriptor 2 points at; elsewhere, whether the JVM has a console ({@link #isTerminal}).
     */
    static boolean stderrIsTerminal() {
        try {
            String target = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException notLinux) {
            return isTerminal();
        }
    }

    /** {@code System.console()} is non-null even for pipes on JDK 22+, which added {@code isTerminal()}. */
    static boolean isTerminal() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            Method m = Console.class.getMethod("isTerminal");
            return (Boolean) m.invoke(c);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    /** One line per message, with the share done and an ETA. */
    final class PlainProgress implements Progress {
        private final String task;
        private final long max;
        private final PrintWriter err;
        private final long start = System.nanoTime();
        private long done;

        PlainProgress(String task, long max, PrintWriter err) {
            this.task = task;
            this.max = max;
            this.err = err;
        }

        @Override
        public void step(long n) {
            done += n;
        }

        @Override
        public void message(String text) {
            text = Quoted.of(text);
            StringBuilder sb = new StringBuilder(task).append(' ');
            if (max > 0) {
                double share = Math.min(1, (double) done / max);
                sb.append(String.format(java.util.Locale.ROOT, "%3.0f%%", share * 100));
                if (share > 0.02) {
                    long elapsed = System.nanoTime() - start;
                    long etaSec = (long) (elapsed / share * (1 - share) / 1e9);
                    sb.append(" ETA ").append(minutesSeconds(etaSec));
                }
            }
            err.println(sb.append("  ").append(text));
            err.flush();
        }

        @Override
        public void close() {
            long sec = (System.nanoTime() - start) / 1_000_000_000L;
            err.println(task + " done in " + minutesSeconds(sec));
            err.flush();
        }
    }

    /** Seconds as the progress lines show them: "12m49s". */
    static String minutesSeconds(long seconds) {
        return seconds / 60 + "m" + String.format(java.util.Locale.ROOT, "%02d", seconds % 60) + "s";
    }
}
