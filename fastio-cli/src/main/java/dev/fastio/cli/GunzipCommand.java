package dev.fastio.cli;

import dev.fastio.copy.AtomicWrite;
import dev.fastio.copy.CopyProgress;
import dev.fastio.gzip.Gzip;
import dev.fastio.gzip.GzipReader;
import dev.fastio.gzip.GzipTrailingGarbageException;
import dev.fastio.read.FastRead;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "gunzip", mixinStandardHelpOptions = true,
        description = {"Decompress IN.gz to OUT (default: IN without .gz) atomically, as gzip -d does.",
                "The output goes to a temporary file beside OUT, renamed at the end: nothing is left on error.",
                "Multi-member files decompress to all members; trailing garbage after the last member is reported",
                "and exits 2, the output kept (as gzip -d does). OUT gets IN's permissions, as with gzip -d."})
final class GunzipCommand implements Callable<Integer> {
    /**
     * From this compressed size a fresh process waits for the native layer's binding to inflate with
     * ISA-L; below it zlib at once finishes sooner (docs/PERFORMANCE.md, "gunzip waits for ISA-L from
     * 16 MiB").
     */
    static final long WAIT_FOR_ISAL = 16L << 20;

    /** Where -c writes: the process's standard output, or what {@link Main#run} was given. */
    private final OutputStream stdout;

    GunzipCommand(OutputStream stdout) {
        this.stdout = stdout;
    }

    @Parameters(index = "0", paramLabel = "IN.gz", description = "The gzip file; - reads standard input (then OUT defaults to standard output).")
    Path in;
    @Parameters(index = "1", arity = "0..1", paramLabel = "OUT") Path out;
    @Option(names = {"-c", "--stdout"}, description = "Write to standard output; the summary goes to standard error.")
    boolean toStdout;
    @Option(names = {"-f", "--force"}, description = "Replace an existing OUT (a regular file or a link; the link itself, not its target).")
    boolean force;
    @Option(names = {"-T", "--threads"}, paramLabel = "N",
            description = "Threads inflating a BGZF file's blocks (bgzip, samtools, htsjdk); default: one per processor."
                    + " Other gzip files are inflated in one thread.")
    int threads = GzipReader.DEFAULT_THREADS;
    /** The most --threads takes: the library's bound ({@link GzipReader#MAX_THREADS}), said rather than applied silently. */
    static final int MAX_THREADS = GzipReader.MAX_THREADS;
    @Mixin FileTool.Options tool;
    @Spec CommandSpec spec;
    /** Standard input itself (fd 0) for IN {@code -}; null: IN is opened by name. */
    private InputStream raw;

    @Override
    public Integer call() throws IOException {
        if (threads <= 0 || threads > MAX_THREADS) {
            throw new UsageError("--threads must be from 1 to " + MAX_THREADS + ", not " + threads);
        }
        if (toStdout && "closed".equals(System.getProperty("fastio.stdout"))) {
            throw new UserError("standard output is closed");
        }
        boolean fromStdin = in.toString().equals("-");
        toStdout |= out == null && fromStdin; // gzip -d: standard input goes to standard output
        if (toStdout && "closed".equals(System.getProperty("fastio.stdout"))) {
            throw new UserError("standard output is closed");
        }
        raw = fromStdin ? FileTool.stdin() : null;
        in = fromStdin ? FileTool.STDIN : in;
        if (!fromStdin && Files.isDirectory(in)) { // before the name rule: "does not end in .gz" would send the user the wrong way
            throw new UsageError(in + " is a folder, not a gzip file"); // Main quotes what it prints
        }
        long size = Files.size(in); // for the progress bar only: 0 for pipes and procfs, which have no bar
        Path target = toStdout ? null : out != null ? out : defaultOut(in);
        if (target != null) {
            FileTool.checkOutput(in, target, force, "--force");
        }
        Set<PosixFilePermission> mode = target == null ? null : FileTool.permissionsOf(in);
        long start = System.nanoTime();
        long[] written = {0};
        long[] read = {0};
        String garbage = null;
        String[] how = {null};
        try (Progress progress = tool.progressFor("gunzip", size, spec.commandLine().getErr())) {
            if (toStdout) {
                garbage = decompress(size, progress, new StandardOutput(stdout), read, written, how);
            } else {
                String[] g = {null};
                try {
                    // the input's mode, as gzip -d gives it; the file is 0600 until it is complete
                    AtomicWrite.write(target, file -> {
                        try {
                            g[0] = decompress(size, progress, Channels.newOutputStream(file), read, written, how);
                        } catch (IOException e) { // a failed write ("No space left on device") names no file
                            throw e.getClass() == IOException.class && e.getMessage() != null && !e.getMessage().contains(in.toString())
                                    ? new IOException(target + ": " + e.getMessage(), e) : e;
                        }
                    }, false, force, mode);
                } catch (FileAlreadyExistsException e) {
                    throw FileTool.alreadyExists(target, "--force"); // it appeared during the run: left as it is
                }
                garbage = g[0];
            }
        }
        long nanos = System.nanoTime() - start;
        double s = nanos / 1e9;
        tool.summary(toStdout ? spec.commandLine().getErr() : spec.commandLine().getOut(), String.format(Locale.ROOT,
                "gunzip %s -> %s: %,d -> %,d bytes in %.2f s, %.0f MB/s out (%s)", in, toStdout ? "stdout" : target,
                read[0], written[0], s, written[0] / Math.max(s, 1e-9) / 1e6, how[0]));
        if (garbage != null) {
            spec.commandLine().getErr().println(Quoted.of("fastio: " + garbage + " ignored"));
            return 2;
        }
        return 0;
    }

    static Path defaultOut(Path in) {
        String name = in.getFileName() == null ? "" : in.getFileName().toString(); // "/" has no name
        if (!name.endsWith(".gz") || name.length() == 3) {
            throw new UsageError(Quoted.of(in.toString()) + " does not end in .gz: give OUT, or -c");
        }
        return in.resolveSibling(name.substring(0, name.length() - 3));
    }

    /**
     * Decompresses all of IN into {@code o}, counting the bytes read (IN's size may read 0: a pipe,
     * procfs) and written; returns the trailing-garbage message, or null.
     */
    private String decompress(long size, Progress progress, OutputStream o, long[] read, long[] written, String[] how)
            throws IOException {
        InputStream raw = counted(this.raw != null ? this.raw : FastRead.openInputStream(in), size, progress, read);
        byte[] buf = new byte[256 * 1024]; // one ISA-L call per read (Isal.OUT_BYTES): fewer calls while the JIT warms up
        GzipReader reader;
        try {
            // waits for the native layer (ISA-L) only where IN is large enough to pay for it in one
            // process: docs/PERFORMANCE.md, "gunzip waits for ISA-L from 16 MiB"
            reader = Gzip.open(raw, in.toString(), size >= WAIT_FOR_ISAL ? size : 0, threads);
        } catch (RuntimeException e) { // no inflater (-Dfastio.gzip.inflater=isal without ISA-L): close IN
            raw.close();
            throw e;
        }
        try (GzipReader r = reader) {
            try {
                int n;
                while ((n = r.read(buf)) > 0) {
                    o.write(buf, 0, n);
                    written[0] += n;
                }
            } finally {
                how[0] = r.inflater() + (r.inParallel() ? ", BGZF blocks on " + threads + " threads" : "");
            }
        } catch (GzipTrailingGarbageException e) {
            o.flush();
            return e.getMessage();
        }
        o.flush();
        return null;
    }

    /**
     * Counts the compressed bytes read into {@code read[0]}, and steps the progress bar, if any, by
     * them (the same steps and log lines as fastio copy).
     */
    private InputStream counted(InputStream raw, long size, Progress progress, long[] read) {
        CopyProgress steps = progress == null ? CopyProgress.NONE : FileTool.steps(progress, in.getFileName().toString());
        return new FilterInputStream(raw) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    read[0] += n;
                    steps.update(read[0], size);
                }
                return n;
            }
        };
    }
}
