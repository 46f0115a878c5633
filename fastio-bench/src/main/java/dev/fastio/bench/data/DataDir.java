package dev.fastio.bench.data;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where benchmarks find their inputs: {@code -Dfastio.data=DIR}, default {@code ./fastio-data}.
 * The CLI passes the property to every JMH fork.
 */
public final class DataDir {
    public static final String PROPERTY = "fastio.data";
    public static final String DEFAULT = "fastio-data";

    private DataDir() {}

    public static Path get() {
        return Path.of(System.getProperty(PROPERTY, DEFAULT)).toAbsolutePath();
    }

    /** The file, or an error that says how to make it. */
    public static Path require(String name) {
        Path file = get().resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("missing data file " + file
                    + ": generate the data set first with `fastio gen --dir " + get() + "`"
                    + " (or pass -D" + PROPERTY + "=DIR to JMH)");
        }
        return file;
    }
}
