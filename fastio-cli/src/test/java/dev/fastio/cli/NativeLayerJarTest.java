package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.fastio.read.FastRead;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The multi-release jar as users get it, in a fresh JVM of the JDK running the tests: on JDK 22+
 * with native access enabled the native layer reads through FFM, and without it the JDK path
 * reads and one line names the flag; on JDK 17 to 21 it reads through jffi (no flag needed, no
 * FFM class loaded); with {@code -Dfastio.native=false} no binding is loaded at all. (The core
 * module's own tests run on its classes, not on the jar.)
 */
class NativeLayerJarTest {
    private static final int FEATURE = Runtime.version().feature();

    @TempDir
    Path dir;

    private static Path coreJar() throws Exception {
        return Path.of(FastRead.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** jffi's classes and its natives jar: what a user who declares fastio-core gets with it. */
    static String jffiJars() throws Exception {
        Path classes = Path.of(com.kenai.jffi.Invoker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String stub = com.kenai.jffi.Invoker.class.getClassLoader().getResource("jni/x86_64-Linux/libjffi-1.2.so").toString();
        String natives = stub.substring("jar:file:".length(), stub.indexOf("!/"));
        return classes + File.pathSeparator + natives;
    }

    /** Runs a program that reads a file and prints the layer's status, with {@code flags}; returns stdout + stderr. */
    private String run(String... flags) throws Exception {
        return runWith(coreJar(), flags);
    }

    /** {@link #run} with {@code core} as fastio-core's jar. */
    private String runWith(Path core, String... flags) throws Exception {
        Path src = dir.resolve("Probe.java");
        if (!Files.exists(dir.resolve("Probe.class"))) {
            Files.writeString(src, """
                    public class Probe {
                        public static void main(String[] a) throws Exception {
                            java.nio.file.Path f = java.nio.file.Files.write(java.nio.file.Path.of(a[0]), new byte[] {1, 2, 3});
                            long before = dev.fastio.internal.nativeio.NativeLayer.awaitBound().uses();
                            byte[] b = dev.fastio.read.FastRead.readAllBytes(f);
                            System.out.println("read " + b.length + " native " + (dev.fastio.internal.nativeio.NativeLayer.awaitBound().uses() - before));
                            System.out.println("status " + dev.fastio.internal.nativeio.NativeLayer.awaitBound().status());
                        }
                    }
                    """);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            assertThat(javac.run(null, null, null, "--release", "17", "-cp", coreJar().toString(), "-d", dir.toString(),
                    src.toString())).isZero();
        }
        String caffeine = Path.of(Caffeine.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-cp", core + File.pathSeparator + caffeine + File.pathSeparator + jffiJars() + File.pathSeparator + dir, "Probe",
                dir.resolve("data").toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void theJarIsMultiRelease() throws Exception {
        assertThat(coreJar().toString()).as("the tests of this module run on the packaged core jar").endsWith(".jar");
        try (JarFile jar = new JarFile(coreJar().toFile())) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Multi-Release")).isEqualTo("true");
            assertThat(jar.getEntry("dev/fastio/internal/nativeio/NativeLayer.class")).as("the provider interface").isNotNull();
            assertThat(jar.getEntry("dev/fastio/internal/nativeio/JffiBinding.class")).as("the JDK 17-21 binding, in the base").isNotNull();
            assertThat(jar.getEntry("dev/fastio/internal/nativeio/FfmBinding.class")).as("no same-name stub in the base").isNull();
            if (FEATURE >= 22 || System.getenv("FASTIO_JDK22_HOME") != null) { // built by a JDK 22+'s javac: the overlay is there
                assertThat(jar.getEntry("META-INF/versions/22/dev/fastio/internal/nativeio/FfmBinding.class")).isNotNull();
                // the overlay holds the binding only: every engine is in the base, written once
                assertThat(jar.stream().filter(e -> e.getName().startsWith("META-INF/versions/22/") && e.getName().endsWith(".class"))
                        .map(e -> e.getName().replaceAll("(\\$.*)?\\.class$", "")).distinct())
                        .containsExactly("META-INF/versions/22/dev/fastio/internal/nativeio/FfmBinding");
            }
        }
    }

    @Test
    void withNativeAccessTheLayerReads() throws Exception {
        String out = run("--enable-native-access=ALL-UNNAMED", "-Xlog:class+load=info");
        assertThat(out).contains("read 3");
        assertThat(out).contains("native 1").contains("status on:");
        if (FEATURE >= 22) {
            assertThat(out).contains("dev.fastio.internal.nativeio.FfmBinding").doesNotContain("com.kenai.jffi");
        } else {
            assertThat(out).contains("through jffi").contains("com.kenai.jffi.Invoker")
                    .doesNotContain("java.lang.foreign").doesNotContain("jdk.incubator.foreign")
                    .doesNotContain("dev.fastio.internal.nativeio.FfmBinding");
        }
        assertThat(out).doesNotContain("WARNING");
    }

    /**
     * No library should make a program print warnings it did not ask for: without the flag, the
     * JDK path and no JDK warning; on JDK 22+ one INFO line (java.util.logging's default handler,
     * stderr) names the flag that turns the native layer on, as Lucene names its vector module.
     * Turned off on purpose, nothing is logged.
     */
    @Test
    void withoutNativeAccessTheJdkPathReadsAndOneLineNamesTheFlag() throws Exception {
        String out = run();
        assertThat(out).contains("read 3").doesNotContain("WARNING");
        if (FEATURE >= 22) {
            assertThat(out).contains("native 0").contains("status off: native access is not enabled for the class path")
                    .contains("--enable-native-access=ALL-UNNAMED");
            assertThat(out.lines().filter(l -> l.startsWith("INFO: fastio native layer off: native access is not enabled")))
                    .as(out).hasSize(1);
        } else { // JNI needs no flag before JDK 24: jffi binds, and nothing is printed
            assertThat(out).contains("native 1").doesNotContain("INFO:");
        }
        String off = run("--enable-native-access=ALL-UNNAMED", "-Dfastio.native=false", "-Xlog:class+load=info");
        assertThat(off).contains("native 0").contains("status off: -Dfastio.native=false").doesNotContain("WARNING")
                .doesNotContain("INFO:").doesNotContain("com.kenai.jffi").doesNotContain("FfmBinding");
    }

    /**
     * A jar built on JDK 17 without {@code FASTIO_JDK22_HOME} has no FFM binding: on JDK 22+ it
     * reads through jffi where native access is enabled (JNI warns without it from JDK 24 on), and
     * says so in one INFO line; without native access it is off, and the line says both remedies.
     */
    @Test
    void aJarWithoutItsJdk22PartUsesJffiWhereNativeAccessIsEnabled() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(FEATURE >= 22, "the FFM part matters on JDK 22+ only");
        Path stripped = dir.resolve("core-without-22.jar");
        try (java.util.zip.ZipFile in = new java.util.zip.ZipFile(coreJar().toFile());
                java.util.zip.ZipOutputStream out = new java.util.zip.ZipOutputStream(Files.newOutputStream(stripped))) {
            for (java.util.zip.ZipEntry e : java.util.Collections.list(in.entries())) {
                if (!e.getName().startsWith("META-INF/versions/")) {
                    out.putNextEntry(new java.util.zip.ZipEntry(e.getName()));
                    out.write(in.getInputStream(e).readAllBytes());
                    out.closeEntry();
                }
            }
        }
        String on = runWith(stripped, "--enable-native-access=ALL-UNNAMED");
        assertThat(on).contains("native 1").contains("status on: libc through jffi").contains("no JDK 22 part")
                .doesNotContain("WARNING");
        assertThat(on.lines().filter(l -> l.startsWith("INFO: fastio native layer on: libc through jffi"))).as(on).hasSize(1);
        String off = runWith(stripped);
        assertThat(off).contains("native 0").contains("status off: this fastio-core has no JDK 22 part")
                .contains("--enable-native-access=ALL-UNNAMED").doesNotContain("WARNING");
        assertThat(off.lines().filter(l -> l.startsWith("INFO: fastio native layer off:"))).as(off).hasSize(1);
    }

    /**
     * A fresh JVM's first read on the JDK path (where it reads while the binding is pending, and
     * with the layer off) makes no method handles that the JDK's own read, and a line logged as
     * fastio logs its one, do not: a record's generated equals (java.lang.runtime.ObjectMethods)
     * and indy string concatenation each spun method-handle classes there (196 classes loaded
     * from outside the JDK's archive on JDK 17, 80 after). CPU a one-shot program pays; its wall
     * time did not move measurably here (docs/PERFORMANCE.md, "The first call").
     */
    @Test
    void aFirstReadSpinsNoMethodHandlesTheJdksReadDoesNot() throws Exception {
        Path src = dir.resolve("FirstRead.java");
        Files.writeString(src, """
                public class FirstRead {
                    public static void main(String[] a) throws Exception {
                        java.nio.file.Path f = java.nio.file.Path.of(a[1]);
                        if (a[0].equals("fastio")) {
                            System.out.println(dev.fastio.read.FastRead.readAllBytes(f).length);
                            for (Thread t : Thread.getAllStackTraces().keySet()) {
                                if (t.getName().equals("fastio-native-binding")) {
                                    t.join(); // its one log line made, whatever the timing
                                }
                            }
                        } else { // the JDK's read, and a line logged as fastio logs its one
                            System.out.println(java.nio.file.Files.readAllBytes(f).length);
                            System.getLogger("dev.fastio").log(System.Logger.Level.DEBUG, "fastio native layer off");
                        }
                    }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "--release", "17", "-cp", coreJar().toString(), "-d", dir.toString(), src.toString()))
                .isZero();
        Path data = Files.write(dir.resolve("data"), new byte[20_000]);
        String caffeine = Path.of(Caffeine.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        long[] spun = new long[2];
        String[] which = {"jdk", "fastio"};
        for (int k = 0; k < 2; k++) {
            Path log = dir.resolve(which[k] + ".log");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dfastio.native=false",
                    "-Xshare:auto", "-Xlog:class+load:file=" + log, "-cp",
                    coreJar() + File.pathSeparator + caffeine + File.pathSeparator + jffiJars() + File.pathSeparator + dir,
                    "FirstRead", which[k], data.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(out.trim()).isEqualTo("20000");
            List<String> classes = Files.readAllLines(log);
            assertThat(classes).as("no record's generated equals bootstrapped").noneMatch(l -> l.contains("java.lang.runtime.ObjectMethods"));
            // classes spun at run time: hidden ones (lambda forms, lambdas: "Name/0x…") and species
            spun[k] = classes.stream().filter(l -> !l.contains("shared objects file"))
                    .filter(l -> l.contains("/0x") || l.contains("$Species_")).count();
        }
        assertThat(spun[1]).as("method-handle classes spun by fastio's first read, against the JDK's (%d)", spun[0])
                .isLessThanOrEqualTo(spun[0]);
    }
}
