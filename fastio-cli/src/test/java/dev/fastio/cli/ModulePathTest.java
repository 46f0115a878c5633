package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.fastio.read.FastRead;
import java.io.File;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user of fastio-core on the module path: a module that {@code requires dev.fastio} compiles
 * and runs against every exported package, and cannot compile against the mechanism packages,
 * which are not exported. (Here, in a class-path module, because the test needs javac, which the
 * dev.fastio module does not read.)
 */
class ModulePathTest {
    @TempDir
    Path dir;

    private static String modulePath() throws Exception {
        Path fastio = Path.of(FastRead.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path caffeine = Path.of(Caffeine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return fastio + File.pathSeparator + caffeine;
    }

    /** Compiles module {@code consumer} with {@code code} as the body of {@code consumer.Use}; returns javac's messages, or null when it compiled. */
    private String compile(Path out, String imports, String code) throws Exception {
        Path src = dir.resolve("src-" + out.getFileName());
        Files.createDirectories(src.resolve("consumer"));
        Files.writeString(src.resolve("module-info.java"), "module consumer { requires dev.fastio; }");
        Files.writeString(src.resolve("consumer/Use.java"), "package consumer;\n" + imports
                + "public class Use { public static void main(String[] a) throws Exception {\n" + code + "\n} }");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        boolean ok = javac.getTask(messages, null, null,
                List.of("--module-path", modulePath(), "-d", out.toString(), "--release", "17"), null,
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(
                        src.resolve("module-info.java").toFile(), src.resolve("consumer/Use.java").toFile())).call();
        return ok ? null : messages.toString();
    }

    @Test
    void everyExportedPackageIsUsableFromAModule() throws Exception {
        Path out = dir.resolve("ok");
        String errors = compile(out, """
                import dev.fastio.array.ArrayFiles;
                import dev.fastio.cache.FileCache;
                import dev.fastio.copy.AtomicWrite;
                import dev.fastio.copy.FileCopy;
                import dev.fastio.gzip.Gzip;
                import dev.fastio.ipv4.Ipv4;
                import dev.fastio.read.FastRead;
                import java.nio.ByteOrder;
                import java.nio.file.*;
                """, """
                Path d = Files.createTempDirectory("consumer");
                Path ints = d.resolve("ints");
                AtomicWrite.write(ints, new byte[] {0, 0, 0, 7}, false);
                int[] v = ArrayFiles.readInts(ints, ByteOrder.BIG_ENDIAN);
                FileCopy.copy(ints, d.resolve("copy"));
                try (FileCache c = FileCache.builder().build()) {
                    System.out.println(v[0] + " " + Ipv4.format(Ipv4.parse("10.0.0.1")) + " " + FastRead.readAllBytes(d.resolve("copy")).length
                            + " " + c.get(ints).size() + " " + (Gzip.DEFAULT_LEVEL > 0));
                }
                """);
        assertThat(errors).as("javac on the module path").isNull();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "--module-path", modulePath() + File.pathSeparator + out, "-m", "consumer/consumer.Use")
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output.strip()).isEqualTo("7 10.0.0.1 4 4 true");
    }

    @Test
    void theMechanismPackagesAreNotReachable() throws Exception {
        for (String internal : new String[] {"dev.fastio.internal.FileSizes", "dev.fastio.buffer.DirectBuffers",
                "dev.fastio.parallel.Parts"}) {
            String errors = compile(dir.resolve("no-" + internal.hashCode()), "", "Class<?> c = " + internal + ".class;");
            assertThat(errors).as(internal).isNotNull().contains("is not visible");
        }
    }
}
