package dev.fastio.internal.copy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Permission bits as numbers, and the process's umask. A file fastio creates is 0600 until it is
 * complete; its final mode is then set on its descriptor, so fastio applies the umask itself
 * where {@code open} would have (a new file of {@code cp} or {@code Files.write}).
 */
public final class FileModes {
    /** What a file being written is created with: nobody else may read it before it is whole. */
    public static final int PRIVATE = 0600;
    /** {@code Files.write}'s and {@code cp}'s request for a new file, before the umask. */
    public static final int DEFAULT = 0666;

    private static final int UMASK = readUmask();

    private FileModes() {}

    /** @return the process's umask (a JVM cannot change it), read once from /proc; 022 where /proc does not say */
    public static int umask() {
        return UMASK;
    }

    /** The mode a new file created with {@code requested} gets: the umask applied. */
    public static int masked(int requested) {
        return requested & ~UMASK & 0777;
    }

    /** {@code rwxr-x---} as 0750: {@link PosixFilePermission}'s order is the bits' order. */
    public static int bits(Set<PosixFilePermission> perms) {
        int m = 0;
        for (PosixFilePermission p : perms) {
            m |= 0400 >> p.ordinal();
        }
        return m;
    }

    /** The inverse of {@link #bits}. */
    public static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> s = EnumSet.noneOf(PosixFilePermission.class);
        for (PosixFilePermission p : PosixFilePermission.values()) {
            if ((mode & (0400 >> p.ordinal())) != 0) {
                s.add(p);
            }
        }
        return s;
    }

    /**
     * Reads "Umask:" from /proc/self/status (Linux 4.7 and later). The umask cannot be read
     * without setting it, and setting it from one thread races every other thread's creates;
     * Java code cannot change it, so one read holds for the JVM's life.
     */
    private static int readUmask() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Umask:")) {
                    return Integer.parseInt(line.substring(6).trim(), 8) & 0777;
                }
            }
        } catch (IOException | RuntimeException e) {
            // no procfs (not Linux): the usual default
        }
        return 022;
    }
}
