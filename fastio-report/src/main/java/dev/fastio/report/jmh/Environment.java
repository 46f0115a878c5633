package dev.fastio.report.jmh;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the results were measured. {@code fastio bench} writes {@value #FILE} beside
 * {@code results.json}; for a plain JMH file the JDK is taken from the results themselves.
 */
public final class Environment {
    public static final String FILE = "environment.json";

    private Environment() {}

    /**
     * "JDK 17.0.15 (OpenJDK 64-Bit Server VM 17.0.15+6)", leaving out what the file does not say;
     * "not recorded in the file" where it says none of it (JMH before 1.19 wrote no JDK).
     */
    public static String jdk(Result r) {
        String v = version(r);
        return "JDK " + version(r);
    }

    private static final String NOT_RECORDED = "not recorded in the file";

    /** "17.0.15 (OpenJDK 64-Bit Server VM 17.0.15+6)", without the parts the file leaves out. */
    static String version(Result r) {
        String vm = (r.vmName() + " " + r.vmVersion()).trim();
        String version = r.jdkVersion().trim();
        if (version.isEmpty() && vm.isEmpty()) {
            return NOT_RECORDED;
        }
        return (version.isEmpty() ? "?" : version) + (vm.isEmpty() ? "" : " (" + vm + ")");
    }

    public static Map<String, String> describe(Path resultsFile, List<Result> results) {
        Map<String, String> env = new LinkedHashMap<>();
        Path beside = resultsFile.toAbsolutePath().getParent().resolve(FILE);
        if (Files.isRegularFile(beside)) {
            try (Reader r = new java.io.InputStreamReader(RegularOpen.open(beside), StandardCharsets.UTF_8)) {
                JsonElement root = JsonParser.parseReader(r);
                if (root.isJsonObject()) {
                    JsonObject o = root.getAsJsonObject();
                    o.entrySet().forEach(e -> env.put(e.getKey(),
                            e.getValue().isJsonPrimitive() ? e.getValue().getAsString() : e.getValue().toString()));
                }
            } catch (IOException | JsonParseException | IllegalStateException e) {
                env.put("note", "environment.json beside the results could not be read: " + e.getMessage());
            }
        }
        if (!results.isEmpty()) {
            Result first = results.get(0);
            env.putIfAbsent("JDK", version(first));
        }
        if (!Files.isRegularFile(beside)) {
            env.put("note", "OS, CPU and filesystem are recorded when the results come from `fastio bench`");
        }
        return env;
    }
}
