package dev.fastio.bench.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The programs in {@code docs/measure}, whose figures docs/PERFORMANCE.md and docs/BENCHMARKS.md
 * quote, still build against today's fastio: each Java program compiles on this test's class path
 * (fastio, its report, Hadoop), each C program compiles with {@code cc -Wall -Werror}, each shell
 * script parses. A rename that breaks one fails the build, not the next reader who runs it.
 */
class MeasureProgramsBuildTest {
    private static final Path MEASURE = Path.of("..", "docs", "measure");

    @TempDir
    Path out;

    private static List<Path> files(String suffix) throws IOException {
        try (Stream<Path> s = Files.list(MEASURE)) {
            return s.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        }
    }

    @Test
    void theJavaProgramsCompile() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<Path> programs = files(".java");
        assertThat(programs).isNotEmpty();
        for (Path p : programs) {
            boolean ffm = Files.readString(p).contains("java.lang.foreign");
            if (ffm && Runtime.version().feature() < 22) {
                continue; // the FFM API is final from JDK 22: these run on the native layer's JDKs only
            }
            // a program on the Vector API (Ipv4Stages) names the incubator module, as its java command does
            List<String> opts = new java.util.ArrayList<>(List.of("-proc:none", "-d", out.toString(), "-cp", System.getProperty("java.class.path")));
            if (Files.readString(p).contains("jdk.incubator.vector")) {
                opts.addAll(List.of("--add-modules", "jdk.incubator.vector"));
            }
            opts.add(p.toString());
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int rc = javac.run(null, null, err, opts.toArray(String[]::new));
            assertThat(rc).as("%s: %s", p.getFileName(), err.toString(StandardCharsets.UTF_8)).isZero();
        }
    }

    @Test
    void theCProgramsCompile() throws Exception {
        assumeThat(onPath("cc")).as("a C compiler (.ci/run installs gcc)").isTrue();
        List<Path> programs = files(".c");
        assertThat(programs).isNotEmpty();
        for (Path p : programs) {
            run("cc", "-O2", "-Wall", "-Werror", "-o", out.resolve("prog").toString(), p.toString());
        }
    }

    /**
     * The C IPv4 parsers, the SIMD one included, give what the plain bytewise loop gives: every byte
     * value at every position of the 16-byte window of all 81 line shapes, LF and CRLF, and near
     * misses (ipparse --check). Built both ways the suite and a reader build them.
     */
    @Test
    void theCIpParsersAgreeWithTheBytewiseOne() throws Exception {
        assumeThat(onPath("cc")).as("a C compiler (.ci/run installs gcc)").isTrue();
        Path src = files(".c").stream().filter(p -> p.getFileName().toString().equals("ipparse.c")).findFirst().orElseThrow();
        for (String march : new String[] {"-march=native", "-O2"}) {
            Path exe = out.resolve("ipparse" + march.replace('=', '-'));
            run("cc", "-O2", march, "-Wall", "-Werror", "-o", exe.toString(), src.toString());
            run(exe.toString(), "--check");
        }
    }

    /**
     * The C BGZF yardstick inflates every block right with each decoder whose library is installed
     * (zlib always is): its output equals the text a BGZF file was written from, at sizes that end
     * a block exactly, one byte past, and empty. A decoder whose library is missing is skipped, by
     * the program's own message.
     */
    @Test
    void theCBgzfYardstickInflatesRightWithEveryDecoder() throws Exception {
        assumeThat(onPath("cc")).as("a C compiler (.ci/run installs gcc)").isTrue();
        Path src = files(".c").stream().filter(p -> p.getFileName().toString().equals("bgzfinflate.c")).findFirst().orElseThrow();
        Path exe = out.resolve("bgzfinflate");
        run("cc", "-O2", "-Wall", "-Werror", "-o", exe.toString(), src.toString());
        java.util.Random r = new java.util.Random(44);
        int ran = 0;
        for (int size : new int[] {0, 1, 65280, 65281, 700_000}) {
            byte[] text = new byte[size];
            for (int i = 0; i < size; i++) {
                text[i] = (byte) (r.nextInt(9) == 0 ? '\n' : '0' + r.nextInt(10));
            }
            Path bgz = out.resolve("t" + size + ".bgz");
            try (java.io.OutputStream o = dev.fastio.gzip.Gzip.bgzfWriter(Files.newOutputStream(bgz), 6)) {
                o.write(text);
            }
            for (String mode : new String[] {"isal-stateless", "isal-stream", "libdeflate", "zlib"}) {
                Path got = out.resolve(mode + size);
                Process proc = new ProcessBuilder(exe.toString(), "-o", got.toString(), mode, bgz.toString()).redirectErrorStream(true).start();
                String said = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(proc.waitFor(60, TimeUnit.SECONDS)).isTrue();
                if (proc.exitValue() != 0 && said.contains("cannot open shared object") && !mode.equals("zlib")) {
                    continue; // this machine lacks the library
                }
                assertThat(proc.exitValue()).as("%s on %d bytes: %s", mode, size, said).isZero();
                assertThat(Files.readAllBytes(got)).as("%s on %d bytes", mode, size).isEqualTo(text);
                ran++;
            }
        }
        assertThat(ran).isGreaterThanOrEqualTo(5); // zlib at least, on every size
        // and a timing pass prints its line
        Path bgz = out.resolve("t700000.bgz");
        Process proc = new ProcessBuilder(exe.toString(), "-r", "1", "zlib", bgz.toString()).redirectErrorStream(true).start();
        String said = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(proc.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(said).matches("zlib .*: [0-9.]+ ms best, [0-9.]+ ms median of 1; [0-9]+ blocks, 700000 bytes out\\s*");
    }

    @Test
    void theShellScriptsParse() throws Exception {
        for (Path p : files(".sh")) {
            run("bash", "-n", p.toString());
        }
    }

    private static void run(String... command) throws Exception {
        Process proc = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(proc.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(proc.exitValue()).as(String.join(" ", command) + ": " + text).isZero();
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
