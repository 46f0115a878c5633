package dev.fastio.report.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The names claims refer to: written for every concrete benchmark class, and a rename breaks the claim's build. */
public class BenchmarkNamesProcessorTest {
    @TempDir
    Path dir;

    private static final String BENCHMARK_ANNOTATION = """
            package org.openjdk.jmh.annotations;
            @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
            public @interface Benchmark {}
            """;

    private static final String BASE = """
            package b;
            public abstract class Base {
                @org.openjdk.jmh.annotations.Benchmark public long inherited() { return 1; }
            }
            """;

    private static final String CLAIMS = """
            package b;
            public class Claims {
                public static final String[] NAMES = {CopyBenchmark_.CLASS, CopyBenchmark_.withBuffer, CopyBenchmark_.inherited};
            }
            """;

    private String compile(String benchmark) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path out = Files.createDirectories(dir.resolve("out"));
        List<Path> files = List.of(
                Files.writeString(Files.createDirectories(src.resolve("org/openjdk/jmh/annotations")).resolve("Benchmark.java"),
                        BENCHMARK_ANNOTATION),
                Files.writeString(Files.createDirectories(src.resolve("b")).resolve("Base.java"), BASE),
                Files.writeString(src.resolve("b/CopyBenchmark.java"), benchmark),
                Files.writeString(src.resolve("b/Claims.java"), CLAIMS));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        List<String> args = new java.util.ArrayList<>(List.of("-d", out.toString(), "-s", out.toString(),
                "-processorpath", Path.of(BenchmarkNamesProcessor.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
                "-processor", BenchmarkNamesProcessor.class.getName()));
        files.forEach(f -> args.add(f.toString()));
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        boolean ok = javac.run(null, null, err, args.toArray(String[]::new)) == 0;
        messages.write(err.toString(java.nio.charset.StandardCharsets.UTF_8));
        return (ok ? "OK\n" : "FAILED\n") + messages;
    }

    @Test
    void eachConcreteBenchmarkGetsItsNamesOwnAndInherited() throws Exception {
        String result = compile("""
                package b;
                public class CopyBenchmark extends Base {
                    @org.openjdk.jmh.annotations.Benchmark public long withBuffer() { return 2; }
                    public long helper() { return 3; }
                }
                """);
        assertThat(result).startsWith("OK");
        String names = Files.readString(dir.resolve("out/b/CopyBenchmark_.java"));
        assertThat(names).contains("CLASS = \"b.CopyBenchmark\"", "withBuffer = \"withBuffer\"", "inherited = \"inherited\"")
                .doesNotContain("helper");
        assertThat(dir.resolve("out/b/Base_.java")).doesNotExist(); // abstract: JMH runs only its subclasses
    }

    @Test
    void renamingAMethodWithoutItsClaimFailsCompilation() throws Exception {
        String result = compile("""
                package b;
                public class CopyBenchmark extends Base {
                    @org.openjdk.jmh.annotations.Benchmark public long withPooledBuffer() { return 2; }
                }
                """);
        assertThat(result).startsWith("FAILED").contains("withBuffer");
    }
}
