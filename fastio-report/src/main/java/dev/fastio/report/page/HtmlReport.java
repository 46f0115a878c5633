package dev.fastio.report.page;

import dev.fastio.report.gate.RunHistory;
import dev.fastio.report.jmh.Environment;
import dev.fastio.report.jmh.HeapBudget;
import dev.fastio.report.jmh.JmhResults;
import dev.fastio.report.jmh.Quoted;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.EstimateContext;
import dev.fastio.report.stats.ForkLog;
import dev.fastio.copy.AtomicWrite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes the report: one self-contained HTML file (Chart.js inlined from its webjar, no network
 * needed) with the environment, the claims of every article against what was measured, and one
 * section per experiment with its charts and a table of every result; or the comparison of two
 * runs. This class is the files (never over an input, complete or not there); the pages are
 * {@code ReportPage} and {@code ComparisonPage}, over {@code PageParts}.
 */
public final class HtmlReport {
    private HtmlReport() {}

    /**
     * Reads {@code resultsFile} and writes the report to {@code out}, atomically, replacing a file
     * there; never one of its inputs. As {@link #write(EstimateContext, Path, Path, boolean)} with {@code replace}.
     */
    public static void write(EstimateContext estimates, Path resultsFile, Path out) throws ReportException {
        write(estimates, resultsFile, out, true);
    }

    /**
     * Reads {@code resultsFile} and writes the report to {@code out}. The page is written as it is
     * made into a new file beside {@code out} that takes its name only when complete
     * ({@link AtomicWrite}), so a failure leaves {@code out} as it was and no part of a page.
     *
     * @param estimates the context of every interval (the fork noise the command was given); the page
     *     judges at the looks of the results' fork log
     * @param replace whether a file at {@code out} may be replaced (never the results file, through
     *     any link: the same device and inode is refused whatever this says)
     * @throws ReportException the results cannot be read or are too large for this heap, {@code out}
     *     is the results file, exists and {@code replace} is false, or cannot be written
     */
    public static void write(EstimateContext estimates, Path resultsFile, Path out, boolean replace) throws ReportException {
        refuseInput(out, resultsFile);
        HeapBudget budget = HeapBudget.forThisJvm();
        try {
            List<Result> results = JmhResults.read(resultsFile, budget);
            Map<String, String> environment = Environment.describe(resultsFile, results);
            ForkLog.Read forkLog = ForkLog.read(resultsFile);
            if (!forkLog.status().startsWith("none") || results.stream().anyMatch(r -> r.fastio() && r.forks() > 1)) {
                environment.put(ForkLog.FILE, forkLog.status()); // several forks of fastio's: a planned run's, or not
            }
            ForkLog forks = forkLog.log();
            writePage(out, replace, page -> ReportPage.write(estimates, results, environment, forks, page));
        } catch (OutOfMemoryError e) {
            throw JmhResults.tooLarge(Quoted.path(resultsFile), sizeOf(resultsFile), e);
        }
    }

    /**
     * Reads two result files (two JDKs, before and after a change) and writes one page comparing
     * them method by method, atomically, replacing a file at {@code out}: each method's score in
     * both, the ratio of its times with its 99% interval, and whether the difference is settled.
     */
    public static void writeComparison(EstimateContext estimates, Path a, Path b, Path out) throws ReportException {
        writeComparison(estimates, a, b, out, true);
    }

    /**
     * As {@link #writeComparison(EstimateContext, Path, Path, Path)}; {@code out} is replaced only where
     * {@code replace} says so, and never when it is {@code a} or {@code b}.
     */
    public static void writeComparison(EstimateContext estimates, Path a, Path b, Path out, boolean replace) throws ReportException {
        refuseInput(out, a, b);
        HeapBudget budget = HeapBudget.forThisJvm(); // one budget for both files: they are in memory together
        try {
            List<Result> ra = JmhResults.read(a, budget);
            List<Result> rb = JmhResults.read(b, budget);
            writePage(out, replace, page -> ComparisonPage.write(estimates, ra, a.toString(), rb, b.toString(), page));
        } catch (OutOfMemoryError e) {
            throw JmhResults.tooLarge(Quoted.path(a) + " with " + Quoted.path(b), sizeOf(a) + sizeOf(b), e);
        }
    }

    /**
     * Writes the history page of {@code history} (each benchmark across the runs) to {@code out},
     * atomically, never over one of its runs, replacing a file there only where {@code replace} says so.
     *
     * @param skipped files of a folder that were not runs, named on the page
     */
    public static void writeHistory(RunHistory history, List<Path> runs, List<String> skipped, Path out, boolean replace)
            throws ReportException {
        refuseInput(out, runs.toArray(Path[]::new));
        writePage(out, replace, page -> HistoryPage.write(history, skipped, page));
    }

    /** Writes {@code history}'s JSON ({@link RunHistory#writeJson}) to {@code out} as a page is written: atomically, never over a run. */
    public static void writeHistoryJson(RunHistory history, List<Path> runs, Path out) throws ReportException {
        refuseInput(out, runs.toArray(Path[]::new));
        writePage(out, true, page -> {
            try {
                history.writeJson(page.writer());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The history page as a string. */
    public static String renderHistory(RunHistory history) {
        return asString(page -> HistoryPage.write(history, List.of(), page));
    }

    /**
     * Writes {@code text} (a gate's Markdown or JSON, a noise calibration) to {@code out} as the
     * report's pages are written: atomically, never over one of {@code inputs}, replacing a file
     * there only where {@code replace} says so.
     */
    public static void writeText(Path out, boolean replace, String text, Path... inputs) throws ReportException {
        refuseInput(out, inputs);
        writePage(out, replace, page -> page.append(text));
    }

    /** The report is never written over one of its inputs, whatever name or link leads there (same device and inode). */
    private static void refuseInput(Path out, Path... inputs) throws ReportException {
        for (Path in : inputs) {
            try {
                if (Files.exists(out) && Files.exists(in) && Files.isSameFile(in, out)) {
                    throw new ReportException(Quoted.path(out) + " is the results file " + Quoted.path(in)
                            + ", an input of this report; a report is never written over its input: name another output");
                }
            } catch (IOException e) {
                throw new ReportException("cannot tell whether " + Quoted.path(out) + " is " + Quoted.path(in) + ": " + e.getMessage(), e);
            }
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /** What writes a page's text. */
    @FunctionalInterface
    private interface PageBody {
        void write(Page page);
    }

    /** Writes the page into a new file beside {@code out}, which takes its name when the page is complete. */
    private static void writePage(Path out, boolean replace, PageBody body) throws ReportException {
        String name = Quoted.path(out);
        Path parent = out.toAbsolutePath().getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new ReportException("cannot write report " + name + ": " + Quoted.path(Path.of(e.getFile())) + " is not a folder", e);
        } catch (IOException e) {
            throw new ReportException("cannot write report " + name + ": cannot make its folder " + Quoted.path(parent) + ": "
                    + (e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage()), e);
        }
        try {
            AtomicWrite.write(out, channel -> {
                java.io.Writer w = new java.io.BufferedWriter(
                        new java.io.OutputStreamWriter(java.nio.channels.Channels.newOutputStream(channel), StandardCharsets.UTF_8), 1 << 16);
                try {
                    body.write(new Page(w));
                    w.flush();
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            }, false, replace, null);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new ReportException(name + " already exists; the report was not written (replace it, or name another output)", e);
        } catch (AccessDeniedException e) {
            throw new ReportException("cannot write report " + name + ": permission denied on " + Quoted.path(Path.of(e.getFile())), e);
        } catch (java.nio.file.FileSystemException e) {
            throw new ReportException("cannot write report " + name + ": " + (e.getReason() != null ? e.getReason() : e.getMessage()), e);
        } catch (IOException e) {
            throw new ReportException("cannot write report " + name + ": " + e.getMessage(), e);
        }
    }

    /** The page {@code body} writes, as a string. */
    private static String asString(PageBody body) {
        java.io.StringWriter w = new java.io.StringWriter();
        body.write(new Page(w));
        return w.toString();
    }

    public static String renderComparison(EstimateContext estimates, List<Result> a, String nameA, List<Result> b, String nameB) {
        return asString(page -> ComparisonPage.write(estimates, a, nameA, b, nameB, page));
    }

    public static String render(EstimateContext estimates, List<Result> results, Map<String, String> environment) {
        return render(estimates, results, environment, ForkLog.NONE);
    }

    /** The page of {@code results}, with what {@code forks} says of their forks (looks, load). */
    public static String render(EstimateContext estimates, List<Result> results, Map<String, String> environment, ForkLog forks) {
        return asString(page -> ReportPage.write(estimates, results, environment, forks, page));
    }
}
