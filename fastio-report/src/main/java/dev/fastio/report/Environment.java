package dev.fastio.report;

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

    public static Map<String, String> describe(Path resultsFile, List<Result> results) {
        Map<String, String> env = new LinkedHashMap<>();
        Path beside = resultsFile.toAbsolutePath().getParent().resolve(FILE);
        if (Files.isRegularFile(beside)) {
            try (Reader r = Files.newBufferedReader(beside, StandardCharsets.UTF_8)) {
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
            env.putIfAbsent("JDK", first.jdkVersion() + " (" + first.vmName() + " " + first.vmVersion() + ")");
        }
        if (!Files.isRegularFile(beside)) {
            env.put("note", "OS, CPU and filesystem are recorded when the results come from `fastio bench`");
        }
        return env;
    }
}
