package dev.fastio.read;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;

/**
 * The descriptors this process holds, from /proc/self/fd (Linux), for leak checks.
 *
 * <p>A leak check compares what is open before and after, descriptor by descriptor, rather than
 * counting: a count is off by one whenever something unrelated closes in between (a stream from an
 * earlier test that a cleaner closes), which both fails a correct run and can hide a real leak.
 */
public final class OpenDescriptors {
    private OpenDescriptors() {}

    /** Descriptor number to what it points at, as /proc/self/fd/N reads. */
    public static Map<Integer, String> snapshot() throws IOException {
        Path fds = Path.of("/proc/self/fd");
        Assumptions.assumeTrue(Files.isDirectory(fds), "needs Linux /proc/self/fd");
        String listing = "/proc/" + ProcessHandle.current().pid() + "/fd";
        Map<Integer, String> open = new TreeMap<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(fds)) {
            for (Path fd : s) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (!target.equals(listing)) { // the listing's own descriptor
                        open.put(Integer.parseInt(fd.getFileName().toString()), target);
                    }
                } catch (NoSuchFileException closed) {
                    // closed while listing
                }
            }
        }
        return open;
    }

    /**
     * Descriptors open now that were not open in {@code before}, or now point at something else,
     * as "N -> target". The JDK's own jars and module image are left out: class loading opens those
     * lazily and keeps them, which no code under test does. So are the cgroup files under
     * {@code /sys/fs/cgroup}: a JVM in a container reads its memory limit there from its own
     * threads at any moment (JDK 17's compile broker, deciding whether to start another compiler
     * thread), which a check can catch open.
     */
    public static List<String> openedSince(Map<Integer, String> before) throws IOException {
        String javaHome = System.getProperty("java.home");
        List<String> opened = new ArrayList<>();
        for (Map.Entry<Integer, String> now : snapshot().entrySet()) {
            String target = now.getValue();
            if (target.equals(before.get(now.getKey())) || target.endsWith(".jar") || target.startsWith(javaHome)
                    || target.startsWith("/sys/fs/cgroup/")) {
                continue;
            }
            opened.add(now.getKey() + " -> " + target);
        }
        return opened;
    }
}
