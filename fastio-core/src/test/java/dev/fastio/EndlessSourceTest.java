package dev.fastio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.array.ArrayFiles;
import dev.fastio.cache.FileCache;
import dev.fastio.ipv4.Ipv4Parser;
import dev.fastio.read.FastRead;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Sources with no end ({@code /dev/zero}): every read to end of file stops with an IOException
 * naming the file once the content passes what its result can hold, before allocating past it,
 * in a JVM whose heap is 3 GB (before, each ended in an OutOfMemoryError there: a doubling array
 * holds the old copy and the new at once). Each call runs in a child JVM of that size, so the
 * test's own heap does not decide the outcome.
 */
class EndlessSourceTest {
    static final Path ZERO = Path.of("/dev/zero");

    /** The child: runs one call on /dev/zero and prints what it threw. */
    public static void main(String[] args) {
        try {
            switch (args[0]) {
                case "readAllBytes" -> FastRead.readAllBytes(ZERO);
                case "readString" -> FastRead.readString(ZERO);
                case "readInts" -> ArrayFiles.readInts(ZERO, ByteOrder.BIG_ENDIAN);
                case "readLongs" -> ArrayFiles.readLongs(ZERO, ByteOrder.LITTLE_ENDIAN);
                case "parseStrict" -> Ipv4Parser.strict().parse(ZERO);
                case "parseLenient" -> Ipv4Parser.lenient().parse(ZERO);
                case "cache" -> {
                    try (FileCache c = FileCache.builder().maximumBytes(1L << 40).build()) {
                        c.get(ZERO);
                    }
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
            System.out.println("RETURNED");
        } catch (IOException e) {
            System.out.println("THREW " + e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (Throwable t) {
            System.out.println("FAILED " + t);
        }
    }

    /** The test's classes and fastio's, on the class path (surefire puts the module's on the module path). */
    static String classPath() {
        String modules = System.getProperty("jdk.module.path");
        String classes = System.getProperty("java.class.path");
        return modules == null || modules.isEmpty() ? classes : modules + java.io.File.pathSeparator + classes;
    }

    @Test
    void everyReadToEndStopsWithAnIoExceptionNamingTheFile() throws Exception {
        endsWithAnIoException("-Xmx3g");
    }

    /** A small heap: the content outgrows the heap long before one array, and that is an IOException too, not an OutOfMemoryError. */
    @Test
    void onASmallHeapTooEveryReadToEndStopsWithAnIoExceptionNamingTheFile() throws Exception {
        endsWithAnIoException("-Xmx64m");
    }

    private static void endsWithAnIoException(String heap) throws Exception {
        assumeTrue(Files.isReadable(ZERO), "no /dev/zero here");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (String call : List.of("readAllBytes", "readString", "readInts", "readLongs", "parseStrict", "parseLenient", "cache")) {
            Process p = new ProcessBuilder(java, heap, "--enable-native-access=ALL-UNNAMED", "-cp",
                    classPath(), EndlessSourceTest.class.getName(), call)
                    .redirectErrorStream(true).start();
            boolean done = p.waitFor(120, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(done).as("%s finished (%s)", call, heap).isTrue();
            assertThat(out).as("%s (%s)", call, heap).contains("THREW").contains("/dev/zero").doesNotContain("OutOfMemoryError");
        }
    }
}
