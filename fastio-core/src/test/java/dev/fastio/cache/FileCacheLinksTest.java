package dev.fastio.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paths through symbolic links: the OS resolves a link before it applies {@code ..}, so paths
 * whose text normalizes alike can name different files. Every get is compared with
 * {@code Files.readAllBytes} of the same path (or the exception type it throws), over a tree
 * with relative, absolute, chained and parent links, while files are rewritten and links
 * retargeted at random.
 */
class FileCacheLinksTest {
    @TempDir
    Path dir;

    /** The tree: three files named x at three depths, and links among the folders. */
    private void layout() throws IOException {
        Files.createDirectories(dir.resolve("d1/d2"));
        Files.writeString(dir.resolve("x"), "top x");
        Files.writeString(dir.resolve("d1/x"), "d1 x!");
        Files.writeString(dir.resolve("d1/d2/x"), "d2 x!!");
        Files.createSymbolicLink(dir.resolve("link"), Path.of("d1/d2"));                   // relative
        Files.createSymbolicLink(dir.resolve("abslink"), dir.resolve("d1").toAbsolutePath()); // absolute
        Files.createSymbolicLink(dir.resolve("chain"), Path.of("link"));                   // a link to a link
        Files.createSymbolicLink(dir.resolve("flink"), Path.of("x"));                      // a file link
        Files.createSymbolicLink(dir.resolve("d1/up"), Path.of(".."));                     // a link to the parent
    }

    private List<Path> spellings() {
        List<Path> s = new ArrayList<>();
        for (String p : new String[] {"x", "./x", "d1/../x", "link/../x", "link/../../x", "abslink/../x",
                "chain/../x", "chain/x", "flink", "d1/up/x", "d1/up/d1/d2/x", "link/x", "abslink/d2/../x",
                "nosuch/../x", "x/../x", "d1/d2/../../link/../x"}) {
            s.add(dir.resolve(p));
        }
        s.add(Path.of("").toAbsolutePath().relativize(dir.resolve("link/../x").toAbsolutePath())); // relative to the working folder
        return s;
    }

    private static Object expected(Path p) {
        try {
            return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.getClass();
        }
    }

    private static Object actual(FileCache cache, Path p) {
        try {
            return cache.get(p).asString();
        } catch (IOException e) {
            return e.getClass();
        }
    }

    @Test
    void everySpellingGivesTheBytesOfTheFileItNamesUnderEveryPolicy() throws IOException {
        layout();
        for (Validation v : new Validation[] {Validation.always(), Validation.every(Duration.ofHours(1)),
                Validation.trustUntilInvalidated()}) {
            try (FileCache cache = FileCache.builder().validation(v).build()) {
                List<Path> order = spellings();
                Collections.shuffle(order, new Random(v.toString().hashCode()));
                for (int pass = 0; pass < 2; pass++) {
                    for (Path p : order) {
                        assertThat(actual(cache, p)).as("%s under %s", p, v).isEqualTo(expected(p));
                    }
                }
            }
        }
    }

    @Test
    void validatedGetsFollowRewritesAndRetargetedLinks() throws IOException {
        layout();
        Random rnd = new Random(11);
        String[] files = {"x", "d1/x", "d1/d2/x"};
        String[] targets = {"d1/d2", "d1", ".", "d1/d2/../.."};
        try (FileCache cache = FileCache.builder().timestampResolution(Duration.ofMillis(1)).build()) {
            List<Path> order = spellings();
            for (int round = 0; round < 60; round++) {
                switch (rnd.nextInt(4)) {
                    case 0 -> { // in place, same size: only the ctime (and bytes) tell
                        Path f = dir.resolve(files[rnd.nextInt(files.length)]);
                        var mtime = Files.getLastModifiedTime(f);
                        byte[] b = Files.readAllBytes(f);
                        b[0] = (byte) ('a' + rnd.nextInt(26));
                        Files.write(f, b);
                        Files.setLastModifiedTime(f, mtime);
                    }
                    case 1 -> { // replaced by rename, another length
                        Path f = dir.resolve(files[rnd.nextInt(files.length)]);
                        Path tmp = Files.writeString(dir.resolve("tmp"), "v" + round + " ".repeat(rnd.nextInt(5)));
                        Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    }
                    case 2 -> { // the relative link retargeted, atomically
                        Path tmp = Files.createSymbolicLink(dir.resolve("link.tmp"), Path.of(targets[rnd.nextInt(targets.length)]));
                        Files.move(tmp, dir.resolve("link"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    }
                    default -> { } // nothing changed: hits
                }
                Collections.shuffle(order, rnd);
                for (Path p : order) {
                    assertThat(actual(cache, p)).as("round %d: %s", round, p).isEqualTo(expected(p));
                }
            }
        }
    }
}
