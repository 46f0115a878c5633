package dev.fastio.bench.hadoop;

import dev.fastio.bench.run.SuiteFixture;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * The HDFS suite's cluster when {@code fastio bench} runs it: one {@code MiniDFSCluster} for the
 * whole suite, in a JVM of its own, which every fork reaches by {@value HdfsLoadBenchmark#SHARED}.
 *
 * <p>Why not one per trial, in the benchmark's JVM (what {@link HdfsLoadBenchmark} does when run
 * by hand): the cluster's start (10–15 s on 2 cores) for each of the suite's benchmarks cost the
 * quick run two minutes; and the namenode and datanode run the same JDK stream classes as the
 * benchmark, so their calls polluted its profiles: the article's {@code DataInputStream} over
 * {@code fs.open} took 276 ms in one run and 1,290 ms in the next, with nothing changed. Why a
 * JVM of its own and not the runner's: the runner is the CLI's multi-release jar, in which the
 * namenode's web server cannot find its resources; the child runs with multi-release off.
 */
public final class SharedHdfs implements SuiteFixture {
    private static final String READY = "hdfs ready: ";

    @Override
    public Running start() throws IOException {
        Path base = Files.createTempDirectory("fastio-bench-hdfs");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx1g", "-Djdk.util.jar.enableMultiRelease=false",
                "-cp", System.getProperty("java.class.path"), SharedHdfs.class.getName(), base.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String uri = null;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith(READY)) {
                    uri = line.substring(READY.length());
                    break;
                }
            }
            if (uri == null) {
                throw new IOException("the in-process HDFS for the HdfsLoad suite did not start (exit "
                        + p.waitFor() + "); run the suite's benchmark by hand to see why: " + HdfsLoadBenchmark.class.getName());
            }
        } catch (IOException | RuntimeException | InterruptedException e) {
            stop(p, base);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the HDFS started", e);
            }
            throw e instanceof IOException ? (IOException) e : new IOException(e);
        }
        String started = uri;
        return new Running() {
            @Override
            public List<String> jvmArgs() {
                return List.of("-D" + HdfsLoadBenchmark.SHARED + "=" + started);
            }

            @Override
            public void close() throws IOException {
                stop(p, base);
            }
        };
    }

    /** Closes the child's input, which stops it; waits for it, then removes its files. */
    private static void stop(Process p, Path base) throws IOException {
        try {
            p.getOutputStream().close();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            delete(base);
        }
    }

    static void delete(Path base) throws IOException {
        try (Stream<Path> all = Files.walk(base)) {
            all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    /** The child: starts the cluster in {@code args[0]}, prints its URI, and stops when its input closes. */
    public static void main(String[] args) throws IOException {
        PrintStream out = System.out;
        MiniDFSCluster cluster = HdfsLoadBenchmark.startCluster(Path.of(args[0]));
        try {
            out.println(READY + cluster.getFileSystem().getUri());
            out.flush();
            while (System.in.read() >= 0) {
                // wait for the runner to close our input
            }
        } finally {
            cluster.shutdown();
        }
    }
}
