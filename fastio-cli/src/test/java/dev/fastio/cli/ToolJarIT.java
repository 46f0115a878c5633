package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool jar as the launcher runs it, alone on the class path of a fresh JVM: every tool
 * command works without the benchmark jar, JMH or Hadoop, and the jar stays small. Runs after
 * {@code package} (failsafe), on the jar the build just made.
 */
class ToolJarIT {
    static final Path TOOL_JAR = Path.of("target", "fastio-tool.jar").toAbsolutePath();

    @TempDir
    Path dir;

    record Run(int exit, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    static Run tool(Path cwd, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        cmd.addAll(List.of("-cp", TOOL_JAR.toString(), "dev.fastio.cli.Main"));
        Collections.addAll(cmd, args);
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(false).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        drain.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("fastio %s finished", String.join(" ", args)).isTrue();
        drain.join();
        return new Run(p.exitValue(), out.toByteArray(), err);
    }

    @Test
    void theJarIsSmallAndHoldsNoJmhHadoopOrPeerLibrary() throws IOException {
        assertThat(Files.size(TOOL_JAR)).as("tool jar bytes").isLessThanOrEqualTo(5_000_000);
        try (JarFile jar = new JarFile(TOOL_JAR.toFile())) {
            List<String> foreign = jar.stream().map(e -> e.getName())
                    .filter(n -> n.startsWith("org/openjdk/jmh/") || n.startsWith("org/apache/hadoop/") || n.startsWith("com/google/common/")
                            || n.startsWith("okio/") || n.startsWith("org/apache/commons/") || n.startsWith("com/intel/gkl/")
                            || n.startsWith("htsjdk/") || n.contains("jmh_generated") || n.endsWith("Benchmark.class"))
                    .toList();
            assertThat(foreign).isEmpty();
        }
    }

    @Test
    void everyToolCommandRunsFromTheToolJarAlone() throws Exception {
        Run version = tool(dir, "--version");
        assertThat(version.exit()).as(version.stderr()).isZero();
        assertThat(version.out()).startsWith("fastio ").contains("on Java " + System.getProperty("java.version"));
        Run help = tool(dir, "--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).contains("gen", "bench", "report", "ips", "copy", "gunzip");

        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            text.append(i % 256).append('.').append(i / 256 % 256).append(".7.").append(i % 7).append('\n');
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.US_ASCII);
        Path ips = Files.write(dir.resolve("ips.txt"), bytes);
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(dir.resolve("ips.txt.gz")))) {
            o.write(bytes);
        }
        Run copy = tool(dir, "copy", "ips.txt", "copied.txt");
        assertThat(copy.exit()).as(copy.stderr()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("copied.txt"))).isEqualTo(bytes);

        Run toStdout = tool(dir, "gunzip", "-c", "ips.txt.gz");
        assertThat(toStdout.exit()).as(toStdout.stderr()).isZero();
        assertThat(toStdout.stdout()).isEqualTo(bytes);
        Run toFile = tool(dir, "gunzip", "ips.txt.gz", "unzipped.txt");
        assertThat(toFile.exit()).as(toFile.stderr()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("unzipped.txt"))).isEqualTo(bytes);

        Run pack = tool(dir, "ips", "pack", "ips.txt", "ips.bin");
        assertThat(pack.exit()).as(pack.stderr()).isZero();
        assertThat(Files.size(dir.resolve("ips.bin"))).isEqualTo(4L * 50_000);
        Run unpack = tool(dir, "ips", "unpack", "ips.bin", "back.txt");
        assertThat(unpack.exit()).as(unpack.stderr()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("back.txt"))).isEqualTo(bytes);

        // the report judges fastio's own claims: the catalog loads without JMH or a benchmark class
        Path results = Files.writeString(dir.resolve("results.json"), "[" + result("fileChannel", 2.0) + "," + result("fileInputStream", 4.0) + "]");
        Run report = tool(dir, "report", results.toString(), "-o", "report.html");
        assertThat(report.exit()).as(report.stderr()).isZero();
        assertThat(Files.readString(dir.resolve("report.html"))).contains("Opening a file as an InputStream")
                .contains("FileChannel.open → Channels.newInputStream is clearly faster than FileInputStream");

        Run gen = tool(dir, "gen", "--dir", "data");
        assertThat(gen.exit()).as(gen.stderr()).isZero();
        assertThat(dir.resolve("data/manifest.json")).exists();

        Run bench = tool(dir, "bench", "--quick");
        assertThat(bench.exit()).isNotZero();
        assertThat(bench.stderr()).contains("benchmark jar").contains("./fastio bench");
    }

    private static String result(String method, double us) {
        StringBuilder raw = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            raw.append(i == 0 ? "" : ",").append(us * (1 + 0.01 * i));
        }
        return "{\"benchmark\":\"dev.fastio.bench.read.OpenStreamBenchmark." + method + "\",\"mode\":\"avgt\",\"threads\":1,\"forks\":1,"
                + "\"params\":{\"size\":\"16\"},\"jdkVersion\":\"25\",\"vmName\":\"vm\",\"vmVersion\":\"1\",\"primaryMetric\":{\"score\":" + us
                + ",\"scoreError\":0.1,\"scoreUnit\":\"us/op\",\"rawData\":[[" + raw + "]]}}";
    }
}
