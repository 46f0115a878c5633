package dev.fastio.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Files whose size does not say how much they hold, for the differential tests of every place
 * that reads a whole file: procfs files (size 0), sysfs files (size 4096 whatever they hold) and
 * named pipes (size 0, no seeking, content only once).
 */
public final class UnsizedSources {
    private UnsizedSources() {}

    /** procfs files whose content does not change while a test reads them twice. */
    public static List<Path> stableProcFiles() {
        List<Path> out = new ArrayList<>();
        for (String p : new String[] {"/proc/version", "/proc/filesystems", "/proc/self/limits", "/proc/self/cmdline",
                "/proc/self/mountinfo"}) {
            Path f = Path.of(p);
            if (Files.isReadable(f)) {
                out.add(f);
            }
        }
        return out;
    }

    /** sysfs files that report a size larger than their content. */
    public static List<Path> sysfsFiles() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String p : new String[] {"/sys/devices/system/cpu/online", "/sys/kernel/mm/transparent_hugepage/enabled",
                "/sys/kernel/mm/transparent_hugepage/defrag", "/sys/kernel/osrelease"}) {
            Path f = Path.of(p);
            if (Files.isReadable(f) && Files.size(f) != Files.readAllBytes(f).length) {
                out.add(f);
            }
        }
        return out;
    }

    /** Sizes that cross the read-to-end growth steps (8 KiB, doubling) and the 256 KiB buffers. */
    public static final int[] PIPE_SIZES = {0, 1, 8191, 8192, 8193, 262_143, 262_144, 262_145, 1_048_583};

    /** {@code n} bytes of a seeded random text-like content. */
    public static byte[] content(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /**
     * A named pipe in {@code dir} that delivers {@code content} once to the first reader, from a
     * daemon thread (a pipe's writer blocks until a reader opens it). The thread gives up after a
     * minute if no reader comes.
     */
    public static Path pipe(Path dir, String name, byte[] content) throws IOException, InterruptedException {
        Path fifo = dir.resolve(name);
        Files.deleteIfExists(fifo);
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("mkfifo " + fifo + " failed");
        }
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo, StandardOpenOption.WRITE)) {
                out.write(content);
            } catch (IOException e) {
                // the reader went away early: the test that did so reports it
            }
        }, "pipe writer " + name);
        writer.setDaemon(true);
        writer.start();
        return fifo;
    }
}
