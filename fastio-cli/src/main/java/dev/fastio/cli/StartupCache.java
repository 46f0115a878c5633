package dev.fastio.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes the launcher's start-up cache ({@code ./fastio} runs this only when the cache is missing,
 * older than the tool jar, not the file it marked, rejected by the last JVM that tried it, or a
 * JVM crashed with it): a JDK 25+ AOT cache, or an AppCDS archive on JDK 17 to 24. The launcher
 * has already checked the folder (the user's own, and no folder above it open to another user:
 * docs/GUARANTEES.md, "What the launcher promises"), which it does before every JVM it starts
 * because the JVM maps the cache before any Java code runs; what it does only when the cache must
 * be made lives here.
 *
 * <p>The steps: a crash report beside the cache is kept under a name that no longer condemns it;
 * the old cache, its mark and log go, and caches of other checkouts and JDKs that no command has
 * used for a month; one training run ({@link Training}) writes the cache under a temporary name,
 * which is then renamed into place; one run that must start with it ({@code -XX:AOTMode=on},
 * {@code -Xshare:on}) with its checksums verified ({@code -XX:+VerifySharedSpaces}); only then is
 * the mark written: the cache's inode, size and ctime as the launcher's {@code find} prints them,
 * so that any later write to the cache, even one that puts its mtime back, condemns it. Any step
 * that fails leaves no cache and a {@code .failed} file (not tried again for this jar), and says so
 * on standard error; the command then runs without a cache: a cache costs start-up time, never the
 * command.
 *
 * <p>Usage: {@code StartupCache CACHE TOOL-JAR JAVA [JVM-FLAG...]}: the {@code java} the launcher
 * runs (a wrapper's own flags count: a cache is refused under another module graph) and the flags
 * the command's JVM gets. Exit status 0: made, checked and marked; 1: not made.
 */
public final class StartupCache {
    /** Caches no command has used for this long are removed when a cache is made (22 MB each). */
    static final Duration UNUSED = Duration.ofDays(30);

    private final Path cache;
    private final Path toolJar;
    private final List<String> flags;
    private final PrintStream err;
    private final String java;
    private final boolean aot = Runtime.version().feature() >= 25;

    StartupCache(Path cache, Path toolJar, String java, List<String> flags, PrintStream err) {
        this.cache = cache;
        this.toolJar = toolJar;
        this.java = java;
        // the training runs with no standard input or output of the command's: a closed one is not its
        this.flags = flags.stream().filter(f -> !f.startsWith("-Dfastio.stdin=") && !f.startsWith("-Dfastio.stdout=")).toList();
        this.err = err;
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: StartupCache CACHE TOOL-JAR JAVA [JVM-FLAG...]");
            System.exit(2);
        }
        List<String> flags = List.of(args).subList(3, args.length);
        System.exit(new StartupCache(Path.of(args[0]), Path.of(args[1]), args[2], flags, System.err).make() ? 0 : 1);
    }

    private Path beside(String suffix) {
        return cache.resolveSibling(cache.getFileName() + suffix);
    }

    /**
     * Makes, checks and marks the cache; false (and said) where it could not. One launcher at a
     * time makes a cache: the others (commands started together on a machine without one) wait
     * for its lock, then use what it made.
     */
    boolean make() {
        // read and write, not followed: a FIFO put there opens at once (write-only would wait for a reader) and is no lock
        try (FileChannel lock = FileChannel.open(beside(".lock"), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                FileLock held = lock.lock()) {
            return madeMeanwhile() || makeLocked();
        } catch (IOException e) {
            return makeLocked(); // no lock to be had (a read-only folder): the make says why it fails
        }
    }

    /** Whether another launcher made, checked and marked this cache for this jar while this one waited. */
    private boolean madeMeanwhile() {
        try {
            Path ok = beside(".ok");
            Path log = beside(".log");
            String id = identity();
            return !id.isEmpty() && Files.isRegularFile(ok, LinkOption.NOFOLLOW_LINKS)
                    && Files.readString(ok, StandardCharsets.UTF_8).strip().equals(id)
                    && Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(toolJar)) > 0
                    && (!Files.exists(log, LinkOption.NOFOLLOW_LINKS) || Files.size(log) == 0)
                    && !hasCrashReports();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private boolean hasCrashReports() throws IOException {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(cache.getParent(), cache.getFileName() + ".hs_err_*")) {
            return s.iterator().hasNext();
        }
    }

    private boolean makeLocked() {
        keepCrashReports();
        err.println("fastio: making the start-up cache for Java " + System.getProperty("java.version") + " (once per build and JDK) ...");
        Path tmp = beside("." + ProcessHandle.current().pid() + ".tmp");
        Path makeLog = beside(".make.log");
        Path failed = beside(".failed");
        try {
            for (String s : List.of("", ".ok", ".log")) {
                Files.deleteIfExists(beside(s));
            }
            if (!Files.isDirectory(makeLog, LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(makeLog); // a FIFO there would hold the training's output (and this) forever
            }
            removeUnused();
            String errors = "-XX:ErrorFile=" + beside(".make-hs_err_%p.log");
            // the training, then one run that must start with the new cache, its checksums verified
            String mark = "";
            boolean made = run(makeLog, false, errors, aot ? "-XX:AOTCacheOutput=" + tmp : "-XX:ArchiveClassesAtExit=" + tmp,
                    "-cp", toolJar.toString(), Training.class.getName())
                    && Files.size(tmp) > 0;
            if (made) {
                Files.move(tmp, cache, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                FileTime jar = Files.getLastModifiedTime(toolJar);
                if (Files.getLastModifiedTime(cache).compareTo(jar) <= 0) {
                    // a jar dated in the future (a skewed clock): the launcher uses only a cache newer than its jar
                    Files.setLastModifiedTime(cache, FileTime.fromMillis(jar.toMillis() + 1000));
                }
                List<String> required = aot ? List.of("-XX:AOTMode=on", "-XX:AOTCache=" + cache)
                        : List.of("-Xshare:on", "-XX:SharedArchiveFile=" + cache);
                List<String> check = new ArrayList<>(required);
                check.addAll(List.of("-XX:+VerifySharedSpaces", errors, "-Xlog:disable", "-Xlog:all=warning:stdout", "-cp",
                        toolJar.toString(), Training.class.getName(), "--check"));
                // the mark names the file this check started with: another launcher making the
                // cache at the same time may rename its own over it meanwhile
                String checked = identity();
                made = run(makeLog, true, check.toArray(String[]::new)) && checked.equals(identity());
                mark = made ? checked : "";
            }
            if (!mark.isEmpty()) {
                Files.writeString(beside(".ok"), mark + "\n", StandardCharsets.UTF_8);
                Files.deleteIfExists(failed);
                Files.deleteIfExists(makeLog);
                return true;
            }
        } catch (IOException | RuntimeException e) {
            // said below, as every failure is
        }
        removeQuietly(List.of(tmp, Path.of(tmp + ".config"), cache, beside(".ok")));
        removeMatching(cache.getFileName() + ".make-hs_err_*");
        try {
            Files.write(failed, new byte[0]);
        } catch (IOException e) {
            // then the next command tries again: more time, same result
        }
        if (Files.isRegularFile(makeLog, LinkOption.NOFOLLOW_LINKS) && size(makeLog) > 0) {
            err.println("fastio: could not make the start-up cache (see " + Quoted.of(makeLog.toString()) + "); running without it");
        } else {
            err.println("fastio: could not make the start-up cache in " + Quoted.of(cache.getParent().toString())
                    + "; running without it");
        }
        return false;
    }

    /** A JVM crashed with the cache: its report is kept, under a name that no longer condemns the cache. */
    private void keepCrashReports() {
        String prefix = cache.getFileName() + ".hs_err_";
        boolean crashed = false;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(cache.getParent(), prefix + "*")) {
            for (Path report : s) {
                crashed = true;
                String name = report.getFileName().toString();
                Path kept = report.resolveSibling(cache.getFileName() + ".crashed_" + name.substring(prefix.length()));
                try {
                    Files.move(report, kept, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException e) {
                    removeQuietly(List.of(report));
                }
            }
        } catch (IOException e) {
            // none to keep
        }
        if (crashed) {
            err.println("fastio: a JVM started with the start-up cache crashed (its report: " + Quoted.of(cache + ".crashed_*")
                    + "); making the cache again");
        }
    }

    /** Caches of other checkouts and JDKs that no command has used for a month. */
    private void removeUnused() {
        Instant before = Instant.now().minus(UNUSED);
        try (DirectoryStream<Path> s = Files.newDirectoryStream(cache.getParent())) {
            for (Path p : s) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isRegularFile() && a.lastAccessTime().toInstant().isBefore(before)) {
                    removeQuietly(List.of(p));
                }
            }
        } catch (IOException e) {
            // left for the next time a cache is made
        }
    }

    /** Runs a JVM of this JDK with the command's flags and {@code args}, its output to {@code log}; true where it exited 0. */
    private boolean run(Path log, boolean append, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(flags);
        cmd.addAll(List.of(args));
        File out = log.toFile();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(append ? ProcessBuilder.Redirect.appendTo(out) : ProcessBuilder.Redirect.to(out))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        try {
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return false;
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
        return p.exitValue() == 0;
    }

    /** The cache's inode, size and ctime, spelt as the launcher's {@code find -printf '%i %s %C@'} spells them. */
    private String identity() throws IOException {
        Process p = new ProcessBuilder("find", cache.toString(), "-maxdepth", "0", "-printf", "%i %s %C@")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String id = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            return p.waitFor() == 0 ? id.strip() : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private void removeMatching(String glob) {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(cache.getParent(), glob)) {
            for (Path p : s) {
                removeQuietly(List.of(p));
            }
        } catch (IOException e) {
            // nothing more to remove
        }
    }

    private static void removeQuietly(List<Path> paths) {
        for (Path p : paths) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // what cannot be removed is what the user put there
            }
        }
    }
}
