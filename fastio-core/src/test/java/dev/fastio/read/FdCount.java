package dev.fastio.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** Open file descriptors of this process, from /proc/self/fd (Linux). */
public final class FdCount {
    private FdCount() {}

    public static long open() throws IOException {
        Path fds = Path.of("/proc/self/fd");
        Assumptions.assumeTrue(Files.isDirectory(fds), "needs Linux /proc/self/fd");
        try (Stream<Path> s = Files.list(fds)) {
            return s.count() - 1; // less the descriptor the listing itself holds open
        }
    }
}
