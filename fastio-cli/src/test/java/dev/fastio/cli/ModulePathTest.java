package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.fastio.read.FastRead;
import java.io.File;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
        Path fastio = fastioLocation();
        Path caffeine = Path.of(Caffeine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return fastio + File.pathSeparator + caffeine + File.pathSeparator + NativeLayerJarTest.jffiJars();
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
                Files.delete(d.resolve("copy"));
                Files.delete(ints);
                Files.delete(d);
                """);
        assertThat(errors).as("javac on the module path").isNull();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // native access for the module, as its users give it (JDK 17 accepts the flag): without it, on JDK 22+, the
        // native layer says in one line on stderr which flag turns it on (NativeLayerTest checks that line)
        Path classes = dir.resolve("classes.txt");
        Process p = new ProcessBuilder(java, "--enable-native-access=dev.fastio", "-Xlog:class+load=info:file=" + classes,
                "--module-path", modulePath() + File.pathSeparator + out, "-m", "consumer/consumer.Use")
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output.strip()).isEqualTo("7 10.0.0.1 4 4 true");
        // the copy waited for the native layer: on JDK 17 to 21 jffi, its stub found in its natives module
        String loaded = Files.readString(classes);
        if (Runtime.version().feature() < 22) {
            assertThat(loaded).contains("com.kenai.jffi.Foreign ").contains("dev.fastio.internal.copy.NativeStagedFile ");
        } else {
            assertThat(loaded).contains("dev.fastio.internal.nativeio.FfmBinding ").doesNotContain("com.kenai.jffi");
        }
    }

    /**
     * The descriptor exports the user packages to everyone and nothing else; every other package
     * is under dev.fastio.internal, and the internal ones it exports at all go to fastio-hadoop
     * only (qualified exports).
     */
    @Test
    void theModuleExportsTheUserPackagesOnly() throws Exception {
        ModuleDescriptor d = descriptor();
        Set<String> exported = userPackages(d);
        for (ModuleDescriptor.Exports e : d.exports()) {
            if (e.isQualified()) {
                assertThat(e.source()).startsWith("dev.fastio.internal");
                assertThat(e.targets()).as(e.source()).containsExactly("dev.fastio.hadoop");
            }
        }
        assertThat(exported).containsExactlyInAnyOrder("dev.fastio.read", "dev.fastio.array", "dev.fastio.ipv4",
                "dev.fastio.cache", "dev.fastio.copy", "dev.fastio.gzip");
        Set<String> hidden = new TreeSet<>(d.packages());
        hidden.removeAll(exported);
        assertThat(hidden).isNotEmpty().allMatch(p -> p.equals("dev.fastio.internal") || p.startsWith("dev.fastio.internal."));
    }

    /** A consumer that names a class of each non-exported package does not compile, and javac says why for each. */
    @Test
    void theInternalPackagesAreNotReachable() throws Exception {
        ModuleDescriptor d = descriptor();
        Set<String> exported = userPackages(d);
        ModuleReference ref = ModuleFinder.of(fastioLocation()).find("dev.fastio").orElseThrow();
        StringBuilder code = new StringBuilder();
        List<String> hidden = new ArrayList<>();
        try (ModuleReader reader = ref.open(); Stream<String> names = reader.list();
                java.util.jar.JarFile base = new java.util.jar.JarFile(fastioLocation().toFile())) { // the base entries only
            for (String name : (Iterable<String>) names.sorted()::iterator) {
                if (!name.endsWith(".class") || name.contains("$") || name.equals("module-info.class") || base.getEntry(name) == null) {
                    continue;
                }
                String cls = name.substring(0, name.length() - ".class".length()).replace('/', '.');
                String pkg = cls.substring(0, cls.lastIndexOf('.'));
                if (!exported.contains(pkg) && !hidden.contains(pkg)
                        // a public class of the base (a multi-release jar also lists JDK 22 classes)
                        && java.lang.reflect.Modifier.isPublic(Class.forName(cls, false, getClass().getClassLoader()).getModifiers())) {
                    hidden.add(pkg);
                    code.append("Class<?> c").append(hidden.size()).append(" = ").append(cls).append(".class;\n");
                }
            }
        }
        assertThat(hidden).hasSizeGreaterThanOrEqualTo(5);
        String errors = compile(dir.resolve("internal"), "", code.toString());
        assertThat(errors).as("javac must refuse every internal package").isNotNull();
        for (String pkg : hidden) {
            assertThat(errors).as(pkg).contains("package " + pkg + " is not visible");
        }
    }

    /** docs/ARCHITECTURE.md's "Public types" table lists exactly the public top-level types of the exported packages. */
    @Test
    void theArchitectureDocumentListsThePublicTypes() throws Exception {
        Set<String> exported = userPackages(descriptor());
        Set<String> actual = new TreeSet<>();
        ModuleReference ref = ModuleFinder.of(fastioLocation()).find("dev.fastio").orElseThrow();
        try (ModuleReader reader = ref.open(); Stream<String> names = reader.list()) {
            for (String name : (Iterable<String>) names::iterator) {
                if (!name.endsWith(".class") || name.contains("$") || name.endsWith("module-info.class")) {
                    continue;
                }
                String cls = name.substring(0, name.length() - ".class".length()).replace('/', '.');
                if (exported.contains(cls.substring(0, cls.lastIndexOf('.')))
                        && java.lang.reflect.Modifier.isPublic(Class.forName(cls, false, getClass().getClassLoader()).getModifiers())) {
                    actual.add(cls.substring(cls.lastIndexOf('.') + 1));
                }
            }
        }
        String doc = Files.readString(Path.of("..", "docs", "ARCHITECTURE.md"));
        int start = doc.indexOf("## Public types");
        String table = doc.substring(start, doc.indexOf("\n## ", start));
        Set<String> listed = new TreeSet<>();
        for (String line : table.split("\n")) {
            // core's packages only: fastio-hadoop's row is another module's
            if (line.startsWith("| `dev.fastio.") && exported.contains(line.substring(3, line.indexOf('`', 3)))) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("`([A-Z][A-Za-z0-9]*)`").matcher(line.substring(line.indexOf('|', 2)));
                while (m.find()) {
                    listed.add(m.group(1));
                }
            }
        }
        listed.removeAll(Set.of("Builder", "Writer")); // nested types, listed with their owners
        assertThat(listed).as("docs/ARCHITECTURE.md, Public types").isEqualTo(actual);
    }

    private static Path fastioLocation() throws Exception {
        return Path.of(FastRead.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The packages exported to every module (not the qualified exports to fastio-hadoop). */
    private static Set<String> userPackages(ModuleDescriptor d) {
        return d.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
    }

    private static ModuleDescriptor descriptor() throws Exception {
        return ModuleFinder.of(fastioLocation()).find("dev.fastio").orElseThrow().descriptor();
    }
}
