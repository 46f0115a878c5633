package dev.fastio.gzip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh JVM's first gzip reader over a stream the caller opened ({@code fastio gunzip -c} reads
 * a counted stream): for an input of 1 MiB or more, {@link Gzip#open(InputStream, String, long, int)}
 * waits for the native layer's binding, as {@link Gzip#open(Path)} does, and inflates with ISA-L
 * where it is installed. The reader's constructor does not wait, and in a fresh JVM got zlib.
 */
class FreshJvmStreamTest {
    @TempDir
    Path dir;

    /** Opens {@code args[0]} as a stream and prints the inflater the first reader chose. */
    public static final class FirstReader {
        public static void main(String[] args) throws Exception {
            Path f = Path.of(args[0]);
            try (GzipReader r = Gzip.open(Files.newInputStream(f), f.toString(), Files.size(f), 1)) {
                long n = 0;
                byte[] buf = new byte[1 << 16];
                for (int k; (k = r.read(buf)) > 0; ) {
                    n += k;
                }
                System.out.println(n + " bytes by " + r.inflater());
            }
        }
    }

    @Test
    void aLargeStreamWaitsForIsaLInAFreshJvm() throws Exception {
        assumeThat(Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libisal.so.2"))).as("libisal2 installed").isTrue();
        assumeThat(System.getProperty("fastio.native", "true")).as("the native layer on").isNotEqualTo("false");
        byte[] content = new byte[3 << 20];
        new Random(59).nextBytes(content); // incompressible: 3 MiB of gzip
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(content);
        }
        Path f = Files.write(dir.resolve("big.gz"), gz.toByteArray());
        assertThat(Files.size(f)).isGreaterThanOrEqualTo(1 << 20);

        String path = Stream.of(System.getProperty("jdk.module.path", ""), System.getProperty("java.class.path", ""))
                .filter(p -> !p.isEmpty()).collect(Collectors.joining(File.pathSeparator));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        cmd.addAll(List.of("-cp", path, FirstReader.class.getName(), f.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).as("the first reader of a fresh JVM").contains(content.length + " bytes by ISA-L");
    }
}
