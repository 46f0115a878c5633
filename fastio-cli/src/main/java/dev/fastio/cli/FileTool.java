package dev.fastio.cli;

import dev.fastio.copy.CopyProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * What the file commands ({@code copy}, {@code gunzip}, {@code ips}) share, following the tools
 * they sit beside ({@code cp}, {@code gzip}, {@code curl}, {@code pv}): progress only when standard
 * error is a terminal and the input is big (or when asked for), a one-line summary unless quiet,
 * and the same rate format.
 */
final class FileTool {
    /** What {@code -} reads, where a command reads a file: standard input, whatever it is (a pipe, a file, a terminal). */
    static final Path STDIN = Path.of("/dev/stdin");

    /**
     * {@code file}, or {@link #STDIN} where it is {@code -}, as {@code gzip}, {@code cat} and
     * {@code cp} read it, for a command that reads its input by name. A name reads a regular file
     * from its start: a standard input that an earlier command has read part of
     * ({@code { read header; fastio ips pack - out; } < file}) is an error, not a silent re-read.
     *
     * @throws UserError standard input is closed, or is a file already read past its start
     */
    static Path input(Path file) {
        if (!file.toString().equals("-")) {
            return file;
        }
        checkStdinOpen();
        long at;
        try {
            // not closed: fd 0 is the process's (a FileInputStream made on a FileDescriptor does not close it when collected)
            at = new java.io.FileInputStream(java.io.FileDescriptor.in).getChannel().position();
        } catch (IOException pipe) { // a pipe or a terminal has no position: read by name, it reads on
            at = 0;
        }
        if (at > 0) {
            throw new UserError("standard input is a file already read up to byte " + at + "; give the file's name instead of -");
        }
        return STDIN;
    }

    /**
     * Standard input as fd 0 itself, for a command that reads a stream: it reads on from wherever
     * an earlier reader of the same open file stopped, as {@code gzip -d} does. Closing it closes fd 0.
     *
     * @throws UserError standard input is closed
     */
    static java.io.InputStream stdin() {
        checkStdinOpen();
        return new java.io.FileInputStream(java.io.FileDescriptor.in);
    }

    /** The launcher opens /dev/null on a closed fd 0 (else the JVM's first file takes it) and says so. */
    private static void checkStdinOpen() {
        if ("closed".equals(System.getProperty("fastio.stdin"))) {
            throw new UserError("standard input is closed");
        }
    }

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
                where.println(Quoted.of(line));
                where.flush();
            }
        }
    }

    /**
     * The rules every command that makes OUT from IN checks before it reads anything, as
     * {@code gzip -d} and {@code cp} do: OUT and IN being one file (by device and inode, through
     * any link) is an error that touches nothing; an existing OUT that is a folder, a device, a
     * FIFO or a socket is refused (fastio writes regular files; redirect {@code -c} into anything
     * else); an existing regular file or link is replaced only with {@code forceOption}.
     */
    static void checkOutput(Path in, Path out, boolean force, String forceOption) throws IOException {
        checkOutput(List.of(in), out, force, forceOption, "input and output are the same file; nothing was written");
    }

    /**
     * As {@link #checkOutput(Path, Path, boolean, String)} for a command with several inputs
     * ({@code report A.json B.json}): OUT being any one of them is refused first, with
     * {@code sameFileReason}, whatever {@code force} says.
     */
    static void checkOutput(List<Path> inputs, Path out, boolean force, String forceOption, String sameFileReason) throws IOException {
        refuseSystemFolder(out);
        BasicFileAttributes now;
        try {
            now = Files.readAttributes(out, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        }
        for (Path in : inputs) {
            if (Files.exists(out) && Files.exists(in) && Files.isSameFile(in, out)) {
                throw new FileSystemException(in.toString(), out.toString(), sameFileReason);
            }
        }
        if (now.isDirectory()) {
            throw new FileSystemException(out.toString(), null, "is a directory");
        }
        // a link is replaced by the atomic write, not followed: one to a device (/dev/stdout, as root)
        // would take the system's link with it
        if (!now.isRegularFile() && !now.isSymbolicLink() || now.isSymbolicLink() && Files.exists(out) && !Files.isRegularFile(out)) {
            throw new FileSystemException(out.toString(), null,
                    "exists and is not a regular file (a device, FIFO or socket, or a link to one); fastio writes regular files only"
                            + " (to write into it, send standard output there)");
        }
        if (!force) {
            throw alreadyExists(out, forceOption);
        }
    }

    /**
     * An output in {@code /dev}, {@code /proc} or {@code /sys}, by its name or through a link to
     * one of those folders, is refused: fastio's atomic write puts a new file in place of the
     * name, and there the name is the system's ({@code -o /dev/stdout -f} replaced the link to the
     * process's standard output with a file). To write into a device or a pipe, send standard
     * output there.
     */
    static void refuseSystemFolder(Path out) throws FileSystemException {
        Path abs = out.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        Path where = abs;
        try {
            where = parent == null ? abs : parent.toRealPath().resolve(abs.getFileName());
        } catch (IOException e) {
            // a folder that does not exist yet: the name as given, normalized
        }
        for (String system : new String[] {"/dev", "/proc", "/sys"}) {
            if (abs.startsWith(system) || where.startsWith(system)) {
                throw new FileSystemException(out.toString(), null, "is in " + system + ", the system's: fastio writes files into"
                        + " folders of yours (to write to a device or a pipe, send standard output there)");
            }
        }
    }

    /**
     * Whether two outputs name one file: the same name once each one's folder is resolved through
     * its links, or, where both exist, the same device and inode.
     */
    static boolean sameTarget(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b)) {
                return true;
            }
        } catch (IOException e) {
            // compared by name below
        }
        return resolved(a).equals(resolved(b));
    }

    private static Path resolved(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        try {
            return parent == null ? abs : parent.toRealPath().resolve(abs.getFileName());
        } catch (IOException e) {
            return abs;
        }
    }

    static FileAlreadyExistsException alreadyExists(Path out, String forceOption) {
        return new FileAlreadyExistsException(out.toString(), null, "already exists (use " + forceOption + " to replace it)");
    }

    /**
     * The permission bits of the file made from {@code in}: {@code in}'s own, as {@code gzip -d}
     * gives its output; null (the library's default: 0666 less the umask) where the filesystem
     * has none.
     */
    static Set<PosixFilePermission> permissionsOf(Path in) throws IOException {
        if (in.equals(STDIN)) {
            return null; // a pipe's 0600 says nothing about what the user wants
        }
        try {
            return Files.getPosixFilePermissions(in);
        } catch (UnsupportedOperationException e) {
            return null;
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
