package dev.fastio.report.jmh;

import com.google.gson.JsonElement;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Reads JMH's standard JSON result format ({@code -rf json}), from fastio or from plain JMH.
 *
 * <p>The file is read as a stream, result by result ({@link JmhJsonReader}), in memory that
 * grows with the results kept, not with the file: sample-mode histograms are counted, not kept.
 * A file whose results would not fit this JVM's heap is a "too large" error saying how much heap
 * it needs. Every other fault is a {@link ReportException} of one line naming the file and, where
 * it has one, the result, the field or the byte: a file that is not UTF-8, is empty, ends early,
 * holds something after its JSON array (two files joined with {@code cat}), or a field of the
 * wrong type. Text from the file in a message has its control characters escaped ({@link Quoted}).
 */
public final class JmhResults {
    private JmhResults() {}

    /**
     * Every result in {@code file}, in the file's order.
     *
     * @throws ReportException the file cannot be read, is not JMH's JSON, or is too large for this heap
     */
    public static List<Result> read(Path file) throws ReportException {
        return read(file, HeapBudget.forThisJvm());
    }

    /**
     * The results of each file, in order, read under one heap budget: they are in memory together
     * (a gate's two runs, a calibration's), so two files that each fit half the heap are not
     * allowed to fill all of it.
     *
     * @throws ReportException as {@link #read(Path)}, and "too large" where they do not fit together
     */
    public static List<List<Result>> readEach(List<Path> files) throws ReportException {
        HeapBudget budget = HeapBudget.forThisJvm();
        List<List<Result>> out = new java.util.ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            try {
                out.add(read(files.get(i), budget));
            } catch (OutOfMemoryError e) {
                throw tooLarge(Quoted.path(files.get(i)) + (i == 0 ? "" : " with the " + i + " file(s) before it"), -1, e);
            }
        }
        return out;
    }

    /** As {@link #read(Path)}, the results' heap counted against {@code budget} (shared by a report's files). */
    public static List<Result> read(Path file, HeapBudget budget) throws ReportException {
        String name = Quoted.path(file);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new ReportException("no such results file: " + name, e);
        } catch (IOException e) {
            throw new ReportException("cannot read " + name + ": " + reason(e), e);
        }
        if (attributes.isDirectory()) {
            throw new ReportException(name + " is a folder, not a JMH results file (give the results file in it, such as results.json)");
        }
        long size = attributes.isRegularFile() ? attributes.size() : -1; // a pipe (<(…)) has no size
        if (size == 0) {
            throw new ReportException(name + " is empty: expected JMH's JSON results (-rf json), a JSON array");
        }
        // a file that was regular a moment ago opens at once, or was swapped for a FIFO: a time limit
        // (RegularOpen); a pipe or FIFO the user names is read as cat reads it
        try (InputStream in = attributes.isRegularFile() ? RegularOpen.open(file) : Files.newInputStream(file)) {
            Utf8Input chars = new Utf8Input(in);
            JsonReader json = new JsonReader(chars);
            List<Result> results = new JmhJsonReader(json, name, size, chars, budget).readAll();
            refuseTrailingData(json, file, name, attributes.isRegularFile());
            return results;
        } catch (Utf8Input.NotUtf8 e) {
            throw new ReportException(name + " is not UTF-8 text: " + e.getMessage() + " (JMH writes its JSON in UTF-8)", e);
        } catch (AccessDeniedException e) {
            throw new ReportException("cannot read " + name + ": permission denied", e);
        } catch (IOException e) {
            throw new ReportException("cannot read " + name + ": " + reason(e), e);
        } catch (OutOfMemoryError e) {
            throw tooLarge(name, size, e);
        }
    }

    /** After the array, only whitespace: anything else is an error naming where it begins. */
    private static void refuseTrailingData(JsonReader json, Path file, String name, boolean regular)
            throws IOException, ReportException {
        boolean more;
        try {
            more = json.peek() != JsonToken.END_DOCUMENT;
        } catch (MalformedJsonException e) {
            more = true; // the strict reader refuses a second value
        }
        if (more) {
            TrailingData.Where where = regular ? TrailingData.after(file) : null;
            throw new ReportException(name + " holds more after its JSON array" + (where == null ? "" : ", from " + where)
                    + ": a results file is one JSON array (files joined with cat? report each on its own,"
                    + " or compare two: fastio report A.json B.json)");
        }
    }

    /** The report of a file whose results did not fit in the heap after all (the budget is an estimate). */
    public static ReportException tooLarge(String name, long size, OutOfMemoryError e) {
        return new ReportException(name + (size >= 0 ? " (" + JmhJsonReader.mb(size) + ")" : "")
                + " is too large to report in this JVM's heap (" + JmhJsonReader.mb(Runtime.getRuntime().maxMemory())
                + "): it ran out of memory; give Java more heap, e.g. JAVA_TOOL_OPTIONS=-Xmx4g", e);
    }

    /** Parses results already in memory as a JSON tree (tests build files this way). */
    public static List<Result> parse(JsonElement root, Path file) throws ReportException {
        try {
            JsonReader json = new JsonReader(new StringReader(root.toString()));
            return new JmhJsonReader(json, Quoted.path(file), -1, new Utf8Input(InputStream.nullInputStream()),
                    HeapBudget.forThisJvm()).readAll();
        } catch (IOException e) {
            throw new ReportException(Quoted.path(file) + " is not valid JMH JSON: " + reason(e), e);
        }
    }

    /** An I/O error's reason without the JDK's class name: "Is a directory", "Input/output error". */
    private static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return Quoted.text(f.getReason());
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : Quoted.text(JmhJsonReader.firstLine(e.getMessage()));
    }
}
