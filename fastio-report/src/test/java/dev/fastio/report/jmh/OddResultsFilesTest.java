package dev.fastio.report.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results files nobody meant to write: joined, cut short, not UTF-8, a folder, every field of
 * every JSON type. Each is read or refused with one line that names the file and the result,
 * field or byte, and never shows a Java class name or a control character from the file.
 */
public class OddResultsFilesTest {
    @TempDir
    Path dir;

    /** One ordinary result, as JMH writes it, with every field the reader reads. */
    public static JsonObject full() {
        return JsonParser.parseString("""
                {"jmhVersion":"1.37","benchmark":"org.example.Bench.run","mode":"avgt","threads":1,"forks":2,
                 "jdkVersion":"21.0.2","vmName":"OpenJDK 64-Bit Server VM","vmVersion":"21.0.2+13",
                 "params":{"size":"16"},
                 "primaryMetric":{"score":10.5,"scoreError":0.5,"scoreConfidence":[10,11],"scoreUnit":"us/op",
                   "scorePercentiles":{"0.0":10.0,"50.0":10.5,"100.0":11.0},
                   "rawData":[[10.0,10.5,11.0],[10.2,10.6,10.7]],
                   "rawDataHistogram":[[[[10.0,3],[11.0,1]]],[[[10.5,2]]]]},
                 "secondaryMetrics":{"gc.alloc.rate.norm":{"score":16.0,"scoreError":"NaN","scoreUnit":"B/op",
                   "rawData":[[16.0]]}}}
                """).getAsJsonObject();
    }

    private Path write(String name, String content) throws IOException {
        return Fixtures.write(dir, name, content);
    }

    private static String array(JsonObject... results) {
        JsonArray a = new JsonArray();
        for (JsonObject r : results) {
            a.add(r);
        }
        return a.toString();
    }

    /** The one-line message of the error reading {@code file}, checked for what every such message must be. */
    private static String error(Path file) {
        Throwable t = catchThrowable(() -> JmhResults.read(file));
        assertThat(t).as("reading %s", file).isInstanceOf(ReportException.class);
        String m = t.getMessage();
        assertThat(m).contains(file.toString()).doesNotContain("\n").doesNotContain("\r").doesNotContain("\u001b")
                .doesNotContain("Exception").doesNotContain("JsonNull").doesNotContain("JsonObject").doesNotContain("For input string");
        return m;
    }

    // ---- more than one JSON value ----

    @Test
    void twoOrThreeFilesJoinedWithCatAreRefusedNamingTheByteWhereTheSecondBegins() throws Exception {
        String a = array(full()) + "\n";
        String b = array(full(), full());
        Path two = write("two.json", a + b);
        assertThat(error(two)).contains("holds more after its JSON array")
                .contains(String.format("byte %,d (line 2, column 1)", a.getBytes(StandardCharsets.UTF_8).length));
        String aNoNewline = array(full());
        Path three = write("three.json", aNoNewline + b + "\n" + array(full()));
        assertThat(error(three)).contains(String.format("byte %,d (line 1, column %,d)", aNoNewline.length(), aNoNewline.length() + 1));
        // a multi-byte character before the second array: the column counts characters, the offset bytes
        JsonObject wide = full();
        wide.addProperty("vmName", "Ωμέγα VM");
        String w = array(wide);
        Path multi = write("multi.json", w + "  [1]");
        int bytes = w.getBytes(StandardCharsets.UTF_8).length;
        assertThat(error(multi)).contains(String.format("byte %,d (line 1, column %,d)", bytes + 2, w.length() + 3));
    }

    @Test
    void anythingButWhitespaceAfterTheArrayIsRefused() throws Exception {
        String ok = array(full());
        for (String tail : List.of("x", "]", "}", ",", "// comment", "# comment", "/* c */", "null", "1", "\"s\"", "{}", "\u0000",
                "\t\n  garbage")) {
            Path f = write("tail.json", ok + tail);
            assertThat(error(f)).as("tail %s", tail).contains("holds more after its JSON array").contains("byte ");
        }
        for (String tail : List.of("", "\n", "\r\n", " \t \n\n\n", "\n\r\n\t ")) {
            assertThat(JmhResults.read(write("ws.json", ok + tail))).hasSize(1);
        }
    }

    // ---- not JSON text, or not a file ----

    @Test
    void bytesThatAreNotUtf8AreNamedByOffset() throws Exception {
        byte[] good = array(full()).getBytes(StandardCharsets.UTF_8);
        int inName = array(full()).indexOf("Bench");
        for (byte[] bad : List.of(new byte[] {(byte) 0xff}, new byte[] {(byte) 0xc0, (byte) 0x80} /* overlong NUL */,
                new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80} /* a surrogate */, new byte[] {(byte) 0xe2, (byte) 0x82} /* cut short */,
                new byte[] {(byte) 0x80} /* a lone continuation byte */)) {
            byte[] content = new byte[good.length + bad.length];
            System.arraycopy(good, 0, content, 0, inName);
            System.arraycopy(bad, 0, content, inName, bad.length);
            System.arraycopy(good, inName, content, inName + bad.length, good.length - inName);
            Path f = dir.resolve("latin.json");
            Files.write(f, content);
            assertThat(error(f)).contains("is not UTF-8").contains(String.format("offset %,d", inName))
                    .contains(String.format("0x%02x", bad[0] & 0xff));
        }
        Path cut = dir.resolve("cut.json");
        Files.write(cut, new byte[] {'[', '"', (byte) 0xe2, (byte) 0x82});
        assertThat(error(cut)).contains("is not UTF-8").contains("offset 2");
        Path binary = dir.resolve("binary.json");
        Files.write(binary, new byte[] {(byte) 0x1f, (byte) 0x8b, 8, 0}); // gzip's magic: a .json.gz not unpacked
        assertThat(error(binary)).contains("is not UTF-8 text: byte 0x8b at offset 1");
        Path nul = dir.resolve("nul.json");
        Files.write(nul, new byte[4096]); // a file of zeros (a disk that lost it)
        assertThat(error(nul)).contains("is not valid JSON");
    }

    @Test
    void aFolderAnEmptyFileAndWhitespaceAlone() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("results"));
        assertThat(error(folder)).contains("is a folder, not a JMH results file");
        assertThat(error(write("empty.json", ""))).contains("is empty");
        assertThat(error(write("blank.json", " \n\t\r\n"))).contains("is empty");
        assertThat(error(dir.resolve("missing.json"))).contains("no such results file");
    }

    @Test
    void everyCutOfAFileEndsEarly() throws Exception {
        String whole = array(full(), full());
        for (int n = 1; n < whole.length(); n++) {
            String prefix = whole.substring(0, n);
            Path f = write("cut.json", prefix);
            assertThat(error(f)).as("cut after %s", prefix).contains("ends early").contains("complete results before it");
        }
        // cut inside the second result: says how many came before it
        Path f = write("cut.json", whole.substring(0, whole.length() - 20));
        assertThat(error(f)).contains("ends early").contains("inside result #2 (org.example.Bench.run)")
                .contains("1 complete results before it").contains(String.format("at byte %,d", whole.length() - 20));
    }

    // ---- every field, every JSON type ----

    /** The JSON types a field can hold, as the messages name them. */
    private static final Map<String, String> TYPES = new LinkedHashMap<>();

    static {
        TYPES.put("null", "null");
        TYPES.put("true", "true");
        TYPES.put("12", "the number 12");
        TYPES.put("\"abc\"", "the string \"abc\"");
        TYPES.put("[]", "an array");
        TYPES.put("{}", "an object");
    }

    /** A field the reader reads: where it is, and which of {@link #TYPES} it takes. */
    private record Field(String name, String path, List<String> accepts) {}

    private static final List<Field> FIELDS = List.of(
            new Field("mode", "mode", List.of("\"abc\"")),
            new Field("threads", "threads", List.of("12")),
            new Field("jdkVersion", "jdkVersion", List.of("\"abc\"")),
            new Field("vmName", "vmName", List.of("\"abc\"")),
            new Field("vmVersion", "vmVersion", List.of("\"abc\"")),
            new Field("params", "params", List.of("{}")),
            new Field("params.size", "params/size", List.of("true", "12", "\"abc\"")),
            new Field("primaryMetric.score", "primaryMetric/score", List.of("12")),
            new Field("primaryMetric.scoreError", "primaryMetric/scoreError", List.of("12")),
            new Field("primaryMetric.scoreUnit", "primaryMetric/scoreUnit", List.of("\"abc\"")),
            new Field("primaryMetric.scorePercentiles", "primaryMetric/scorePercentiles", List.of("{}")),
            new Field("primaryMetric.scorePercentiles.50.0", "primaryMetric/scorePercentiles/50.0", List.of("12")),
            new Field("primaryMetric.rawData", "primaryMetric/rawData", List.of("[]")),
            new Field("primaryMetric.rawData[0]", "primaryMetric/rawData/0", List.of("[]")),
            new Field("primaryMetric.rawData[0]", "primaryMetric/rawData/0/0", List.of("12")),
            new Field("primaryMetric.rawDataHistogram", "primaryMetric/rawDataHistogram", List.of("[]")),
            new Field("primaryMetric.rawDataHistogram[0]", "primaryMetric/rawDataHistogram/0", List.of("[]")),
            new Field("primaryMetric.rawDataHistogram[0]", "primaryMetric/rawDataHistogram/0/0", List.of("[]")),
            new Field("primaryMetric.rawDataHistogram[0]", "primaryMetric/rawDataHistogram/0/0/0", List.of()),
            new Field("primaryMetric.rawDataHistogram[0] value", "primaryMetric/rawDataHistogram/0/0/0/0", List.of("12")),
            new Field("primaryMetric.rawDataHistogram[0] count", "primaryMetric/rawDataHistogram/0/0/0/1", List.of("12")),
            new Field("secondaryMetrics", "secondaryMetrics", List.of("{}")),
            new Field("secondaryMetrics.gc.alloc.rate.norm", "secondaryMetrics/gc.alloc.rate.norm", List.of("{}")),
            new Field("secondaryMetrics.gc.alloc.rate.norm.score", "secondaryMetrics/gc.alloc.rate.norm/score", List.of("12")),
            new Field("secondaryMetrics.gc.alloc.rate.norm.scoreError", "secondaryMetrics/gc.alloc.rate.norm/scoreError", List.of("12")),
            new Field("secondaryMetrics.gc.alloc.rate.norm.scoreUnit", "secondaryMetrics/gc.alloc.rate.norm/scoreUnit", List.of("\"abc\"")));

    /** {@code result} with the value at {@code path} ("a/b/0") replaced by {@code json}. */
    public static JsonObject with(JsonObject result, String path, String json) {
        JsonObject copy = result.deepCopy();
        String[] parts = path.split("/");
        JsonElement at = copy;
        for (int i = 0; i < parts.length - 1; i++) {
            at = at.isJsonObject() ? at.getAsJsonObject().get(parts[i]) : at.getAsJsonArray().get(Integer.parseInt(parts[i]));
        }
        String last = parts[parts.length - 1];
        JsonElement value = JsonParser.parseString(json);
        if (at.isJsonObject()) {
            at.getAsJsonObject().add(last, value);
        } else {
            at.getAsJsonArray().set(Integer.parseInt(last), value);
        }
        return copy;
    }

    @Test
    void everyFieldOfEveryJsonTypeIsReadOrNamedInOneLine() throws Exception {
        List<String> checked = new ArrayList<>();
        for (Field field : FIELDS) {
            for (Map.Entry<String, String> type : TYPES.entrySet()) {
                Path f = write("typed.json", array(full(), with(full(), field.path(), type.getKey())));
                if (field.accepts().contains(type.getKey())) {
                    assertThat(JmhResults.read(f)).as("%s = %s", field.name(), type.getKey()).hasSize(2);
                } else {
                    assertThat(error(f)).as("%s = %s", field.name(), type.getKey())
                            .contains("result #2 (org.example.Bench.run)").contains(field.name() + " is " + type.getValue());
                }
                checked.add(field.name() + "=" + type.getKey());
            }
        }
        assertThat(checked).hasSize(FIELDS.size() * TYPES.size());
    }

    @Test
    void theNameThePrimaryMetricAndTheScoreAreRequired() throws Exception {
        for (String type : TYPES.keySet()) {
            Path f = write("name.json", array(with(full(), "benchmark", type)));
            assertThat(error(f)).as("benchmark = %s", type).contains("result #1")
                    .containsAnyOf("benchmark is " + TYPES.get(type), "expected Class.method");
            if (!type.equals("{}")) {
                assertThat(error(write("pm.json", array(with(full(), "primaryMetric", type))))).as("primaryMetric = %s", type)
                        .contains("result #1 (org.example.Bench.run): primaryMetric is " + TYPES.get(type));
            }
        }
        assertThat(error(write("pm.json", array(with(full(), "primaryMetric", "{}"))))).contains("has no primaryMetric.score");
        JsonObject noName = full();
        noName.remove("benchmark");
        assertThat(error(write("noname.json", array(noName)))).contains("result #1 has no 'benchmark' name");
        for (String name : List.of("noDot", ".run", "Bench.", "")) {
            JsonObject r = full();
            r.addProperty("benchmark", name);
            assertThat(error(write("dot.json", array(r)))).contains("expected Class.method");
        }
        // the top level and each result
        for (String type : List.of("null", "true", "12", "\"abc\"", "{}")) {
            assertThat(error(write("top.json", type))).as("top = %s", type).contains("expected a JSON array");
        }
        for (String type : List.of("null", "true", "12", "\"abc\"", "[]")) {
            assertThat(error(write("elem.json", "[" + type + "]"))).as("element = %s", type)
                    .contains("result #1 is " + TYPES.get(type) + ", expected a JSON object");
        }
        assertThat(error(write("none.json", "[]"))).contains("holds no benchmark results");
    }

    @Test
    void threadsAreAWholeNumberOfOneOrMore() throws Exception {
        for (String bad : List.of("0", "-1", "2.5", "1e10", "\"abc\"", "\"\"", "\"4 threads\"")) {
            assertThat(error(write("t.json", array(with(full(), "threads", bad))))).as(bad)
                    .contains("result #1 (org.example.Bench.run): threads is").contains("expected a whole number");
        }
        for (String good : List.of("1", "14", "4.0", "2e1", "\"4\"")) {
            assertThat(JmhResults.read(write("t.json", array(with(full(), "threads", good))))).singleElement()
                    .satisfies(r -> assertThat(r.threads()).isEqualTo((int) Double.parseDouble(good.replace("\"", ""))));
        }
    }

    @Test
    void scoresMayBeNotFiniteAndNumbersMayBeStrings() throws Exception {
        for (String v : List.of("\"Infinity\"", "\"-Infinity\"", "\"NaN\"", "1e999", "-1e999", "\"+Infinity\"")) {
            JsonObject r = with(with(with(full(), "primaryMetric/score", v), "primaryMetric/scoreError", v), "primaryMetric/rawData/0/1", v);
            Result read = JmhResults.read(write("nf.json", array(r))).get(0);
            assertThat(read.score()).as(v).matches(d -> !Double.isFinite(d));
            assertThat(read.error()).as(v).matches(d -> !Double.isFinite(d));
            assertThat(read.samples().get(1)).as(v).matches(d -> !Double.isFinite(d));
        }
        Result quoted = JmhResults.read(write("q.json", array(with(full(), "primaryMetric/score", "\"2.5e1\"")))).get(0);
        assertThat(quoted.score()).isEqualTo(25.0);
        for (String bad : List.of("\"abc\"", "\"1.0f\"", "\"0x10\"", "\" 1\"", "\"\"")) {
            assertThat(error(write("s.json", array(with(full(), "primaryMetric/score", bad))))).as(bad)
                    .contains("primaryMetric.score is the string").contains("expected a number");
        }
    }

    @Test
    void textFromTheFileReachesAMessageWithItsControlCharactersEscaped() throws Exception {
        JsonObject r = with(full(), "threads", "\"x\"");
        r.addProperty("benchmark", "org.example.Bench.run\u001b]0;pwned\u0007\u009b31m\u202e\n");
        String m = error(write("hostile.json", array(r)));
        assertThat(m).contains("org.example.Bench.run\\x1b]0;pwned\\x07\\x9b31m\\u{202e}\\x0a").doesNotContain("\u0007")
                .doesNotContain("\u009b").doesNotContain("\u202e");
        JsonObject p = with(full(), "params/we\u001bird\r", "null");
        assertThat(error(write("param.json", array(p)))).contains("params.we\\x1bird\\x0d is null");
        JsonObject s = with(full(), "primaryMetric/score", "\"\u001b[2J\"");
        assertThat(error(write("score.json", array(s)))).contains("the string \"\\x1b[2J\"");
        JsonObject longName = full();
        longName.addProperty("benchmark", "x.Y." + "m".repeat(10_000));
        longName.addProperty("threads", "abc");
        assertThat(error(write("long.json", array(longName)))).contains("(10004 characters)").hasSizeLessThan(600);
        // a file whose own name holds a newline
        Path odd = write("a\nb\u001b.json", array(with(full(), "threads", "null")));
        Throwable t = catchThrowable(() -> JmhResults.read(odd));
        assertThat(t.getMessage()).contains("a\\x0ab\\x1b.json").doesNotContain("\n").doesNotContain("\u001b");
    }

    @Test
    void aSampleModeHistogramIsCountedNotKept() throws Exception {
        StringBuilder pairs = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            pairs.append(i == 0 ? "" : ",").append('[').append(i * 0.5).append(",3]");
        }
        JsonObject r = with(full(), "primaryMetric/rawDataHistogram", "[[[" + pairs + "]],[[[1.0,2]]]]");
        JsonObject noRaw = r.deepCopy();
        noRaw.getAsJsonObject("primaryMetric").remove("rawData");
        HeapBudget budget = new HeapBudget(Long.MAX_VALUE);
        Result read = JmhResults.read(write("hist.json", array(noRaw)), budget).get(0);
        assertThat(read.histogramCount()).isEqualTo(600_002);
        assertThat(read.forks()).isEqualTo(2);
        assertThat(read.samples()).isEmpty();
        assertThat(budget.used()).as("the heap kept for a 4 MB histogram").isLessThan(4_000);
    }

    @Test
    void resultsBeyondTheHeapBudgetAreTooLargeSayingHowLarge() throws Exception {
        List<JsonObject> many = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            many.add(with(full(), "params/size", "\"" + i + "\""));
        }
        Path f = write("many.json", array(many.toArray(JsonObject[]::new)));
        assertThatThrownBy(() -> JmhResults.read(f, new HeapBudget(100_000))).isInstanceOf(ReportException.class)
                .hasMessageContaining(f + " (").hasMessageContaining("is too large to report in this JVM's heap")
                .hasMessageContaining("results read by byte").hasMessageContaining("-Xmx").hasMessageNotContaining("\n");
        // one result's raw data alone can be too large
        StringBuilder raw = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            raw.append(i == 0 ? "" : ",").append(i);
        }
        Path one = write("raw.json", array(with(full(), "primaryMetric/rawData", "[[" + raw + "]]")));
        assertThatThrownBy(() -> JmhResults.read(one, new HeapBudget(100_000))).hasMessageContaining("is too large")
                .hasMessageContaining("the 0 results read");
        assertThat(JmhResults.read(one, new HeapBudget(2_000_000)).get(0).samples()).hasSize(100_000);
    }
}
