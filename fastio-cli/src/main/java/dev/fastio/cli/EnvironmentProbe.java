package dev.fastio.cli;

import com.google.gson.GsonBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the report's "Environment" table shows: read off this machine when the suites run. */
final class EnvironmentProbe {
    private EnvironmentProbe() {}

    static Map<String, String> probe(Path dataDir, String mode, String command) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("date", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        env.put("JDK", System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.vm.version") + ", " + System.getProperty("java.vendor") + ")");
        env.put("java.home", System.getProperty("java.home"));
        // the benchmark forks run this JDK with --enable-native-access=ALL-UNNAMED, as this JVM runs from the jar
        env.put("native layer", dev.fastio.internal.nativeio.NativeLayer.awaitBound().status());
        env.put("gzip inflater", dev.fastio.internal.gzip.Inflaters.status());
        env.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.put("CPU", cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cores");
        env.put("memory", memTotal());
        env.put("data folder", dataDir.toAbsolutePath().toString());
        env.put("data filesystem", filesystem(dataDir));
        env.put("mode", mode);
        env.put("command", command);
        return env;
    }

    static void write(Path file, Map<String, String> env) throws IOException {
        dev.fastio.copy.AtomicWrite.write(file, new GsonBuilder().setPrettyPrinting().create().toJson(env)
                .getBytes(StandardCharsets.UTF_8), false);
    }

    private static String cpuModel() {
        return firstValue(Path.of("/proc/cpuinfo"), "model name").orElse(System.getProperty("os.arch"));
    }

    private static String memTotal() {
        return firstValue(Path.of("/proc/meminfo"), "MemTotal").orElse("unknown");
    }

    private static java.util.Optional<String> firstValue(Path file, String key) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return lines.stream().filter(l -> l.startsWith(key)).map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst();
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    private static String filesystem(Path dir) {
        try {
            FileStore store = Files.getFileStore(dir);
            return store.type() + " (" + store.name() + ")";
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }
}
