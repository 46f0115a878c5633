package dev.fastio.report.jmh;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a run was measured on, as far as its file says: the JDK of its results, the JMH version
 * that wrote it, and, where {@code fastio bench} left an {@code environment.json} beside it, the
 * CPU and OS. {@code RegressionGate} lists the differences between two runs, so a change of JDK or
 * machine is never taken for a change of code without a word.
 *
 * @param jdk the distinct JDKs of the results, joined
 * @param jmh the distinct JMH versions the file names, joined ("" where it names none)
 * @param cpu the CPU, from environment.json ("" where there is none)
 * @param os the OS, from environment.json ("" where there is none)
 */
public record RunEnvironment(String jdk, String jmh, String cpu, String os) {
    /**
     * @param file the results file (its {@code jmhVersion} fields are read again, and an
     *     {@code environment.json} beside it, if any)
     * @param results its results, as read
     */
    public static RunEnvironment of(Path file, List<Result> results) {
        TreeSet<String> jdks = new TreeSet<>();
        results.forEach(r -> jdks.add(Environment.jdk(r)));
        Map<String, String> env = Environment.describe(file, results);
        return new RunEnvironment(String.join(", ", jdks), String.join(", ", jmhVersions(file)),
                env.getOrDefault("CPU", ""), env.getOrDefault("OS", ""));
    }

    /** The {@code jmhVersion} values of a JMH JSON file (an array of result objects); none where it cannot be read so. */
    static TreeSet<String> jmhVersions(Path file) {
        TreeSet<String> out = new TreeSet<>();
        if (!Files.isRegularFile(file)) {
            return out; // a pipe or FIFO was read once already: opening it again would wait for a writer that is gone
        }
        try (Reader in = new java.io.InputStreamReader(RegularOpen.open(file), StandardCharsets.UTF_8); JsonReader json = new JsonReader(in)) {
            if (json.peek() != JsonToken.BEGIN_ARRAY) {
                return out;
            }
            json.beginArray();
            while (json.hasNext()) {
                if (json.peek() != JsonToken.BEGIN_OBJECT) {
                    json.skipValue();
                    continue;
                }
                json.beginObject();
                while (json.hasNext()) {
                    if (json.nextName().equals("jmhVersion") && json.peek() == JsonToken.STRING) {
                        out.add(json.nextString());
                    } else {
                        json.skipValue();
                    }
                }
                json.endObject();
            }
        } catch (IOException | RuntimeException e) {
            // the results were read already: this second look only names the version, where it can
        }
        return out;
    }

    /** What differs between the baseline's environment and the change's, one line each. */
    public static List<String> differences(RunEnvironment old, RunEnvironment neu) {
        List<String> out = new ArrayList<>();
        differ(out, "JDK", old.jdk, neu.jdk);
        differ(out, "JMH", old.jmh, neu.jmh);
        differ(out, "CPU", old.cpu, neu.cpu);
        differ(out, "OS", old.os, neu.os);
        return out;
    }

    private static void differ(List<String> out, String what, String a, String b) {
        if (!a.isEmpty() && !b.isEmpty() && !a.equals(b)) {
            out.add(what + ": " + a + " (OLD) against " + b + " (NEW)");
        }
    }
}
