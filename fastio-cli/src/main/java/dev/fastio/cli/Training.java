package dev.fastio.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * The training run behind the start-up cache ({@code ./fastio} makes it once per build and JDK:
 * a JDK 25+ AOT cache, or an AppCDS archive on 17 to 24). It runs the tool commands in this JVM
 * on small inputs it writes to a temporary folder, several times each, so that the cache holds
 * the classes they load and, on JDK 25+, the method profiles their loops gather; a command
 * started with the cache then starts with both. Its output is thrown away; a failing command
 * fails the training (the launcher then runs without a cache).
 *
 * <p>{@code --check} runs each command once on a small input: the launcher runs it with the new
 * cache required ({@code -XX:AOTMode=on}, {@code -Xshare:on}) and its checksums verified before it
 * marks the cache as one that started a JVM, and uses only a cache so marked.
 */
public final class Training {
    /** Lines of the IPv4 list: enough for the parse and inflate loops to be profiled, a second or two in all. */
    static final int LINES = 200_000;
    static final int ROUNDS = 6;

    private Training() {}

    public static void main(String[] args) throws IOException {
        boolean check = args.length == 1 && args[0].equals("--check");
        if (args.length > 0 && !check) {
            throw new IllegalArgumentException("usage: Training [--check]");
        }
        Path dir = Files.createTempDirectory("fastio-training");
        try {
            if (check) {
                run(dir, 2_000, 1);
            } else {
                run(dir, LINES, ROUNDS);
            }
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    static void run(Path dir, int lines, int rounds) throws IOException {
        Path ips = dir.resolve("ips.txt");
        Random r = new Random(1);
        StringBuilder text = new StringBuilder(lines * 15);
        for (int i = 0; i < lines; i++) {
            text.append(r.nextInt(256)).append('.').append(r.nextInt(256)).append('.').append(r.nextInt(256)).append('.')
                    .append(r.nextInt(256)).append('\n');
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.US_ASCII);
        Files.write(ips, bytes);
        Path gz = dir.resolve("ips.txt.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz), 1 << 16)) {
            out.write(bytes);
        }
        Path small = Files.write(dir.resolve("small.bin"), new byte[5000]);
        command("--version");
        command("--help");
        for (int i = 0; i < rounds; i++) {
            command("copy", small.toString(), dir.resolve("small-" + i).toString());
            command("copy", ips.toString(), dir.resolve("copy-" + i).toString());
            command("gunzip", "-c", gz.toString());
            command("gunzip", gz.toString(), dir.resolve("out-" + i + ".txt").toString());
            command("ips", "pack", "-q", ips.toString(), dir.resolve("ips-" + i + ".bin").toString());
            command("ips", "unpack", dir.resolve("ips-" + i + ".bin").toString(), dir.resolve("ips-" + i + ".txt").toString());
        }
    }

    private static void command(String... args) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        int status = Main.run(args, OutputStream.nullOutputStream(), out, out);
        if (status != 0) {
            throw new UncheckedIOException(new IOException("training: fastio " + String.join(" ", args) + " exited " + status + ": " + text));
        }
    }
}
