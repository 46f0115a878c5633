package dev.fastio.report.gate;

import dev.fastio.report.jmh.Format;
import com.google.gson.GsonBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link RegressionGate}'s verdicts written for CI: Markdown (regressions first, then
 * improvements, then what is not settled, then counts: for {@code $GITHUB_STEP_SUMMARY} and pull
 * request comments) and JSON (every row, for tools). Text from the files (benchmark names,
 * params) is escaped, so a name cannot break the table or inject markup.
 */
public final class GateSummary {
    /** Rows of "not settled" and "faster" shown in the Markdown; the JSON has them all. */
    static final int MAX_ROWS = 30;

    private GateSummary() {}

    /**
     * The Markdown summary.
     *
     * @param gate the verdicts
     * @param oldName how the baseline is named (its file)
     * @param newName how the change is named
     * @param noiseSource where the calibrated noise came from, or null where none was given
     */
    public static String markdown(RegressionGate gate, String oldName, String newName, String noiseSource) {
        StringBuilder md = new StringBuilder();
        md.append("### fastio report compare: ").append(gate.exitStatus() == 0 ? "PASS" : "FAIL").append(", ")
                .append(counts(gate));
        if (!gate.onlyOld().isEmpty()) {
            md.append(", ").append(gate.onlyOld().size()).append(" of OLD's missing from NEW")
                    .append(gate.missingAllowed() ? " (allowed)" : "");
        }
        md.append("\n\n");
        md.append("Fails on a benchmark settled more than ").append(percent(gate.failOn())).append(" slower")
                .append(gate.missingAllowed() ? "" : ", and on one of OLD's missing from NEW (JMH leaves out a benchmark that"
                        + " failed; --allow-missing accepts removed ones)").append(". OLD ")
                .append(code(oldName)).append(", NEW ").append(code(newName)).append("; each verdict from the 99% interval of")
                .append(" NEW's time per operation over OLD's (throughput turned into time, so higher is never worse). ");
        if (Double.isNaN(gate.forkNoise())) {
            md.append("Noise: fastio's own benchmarks get the ").append(percent(gate.suiteNoise()))
                    .append(" measured for its suite; other files their own forks' spread, or with one fork their iterations' only.");
            if (gate.uncalibratedOneFork() > 0) {
                md.append(" **").append(gate.uncalibratedOneFork()).append(" rows come from one-fork files and no calibration was")
                        .append(" given: their intervals leave out the forks' spread, so they can raise false alarms;")
                        .append(" measure it with `fastio report calibrate`.**");
            }
        } else {
            md.append("Noise: a fork-to-fork spread of ").append(percent(gate.forkNoise())).append(" calibrated for this machine")
                    .append(noiseSource == null ? "" : " (" + code(noiseSource) + ")").append(", added to every result.");
        }
        md.append("\n\n");
        int settled = gate.count(RegressionGate.Verdict.SLOWER) + gate.count(RegressionGate.Verdict.FASTER)
                + gate.count(RegressionGate.Verdict.NO_CHANGE);
        if (settled == 0) {
            md.append("**Nothing was settled**: every interval is wider than the threshold allows. A pass here says only that no"
                    + " benchmark was shown slower; more forks (or a larger threshold) let the gate decide.\n\n");
        }
        double shift = gate.medianShift();
        if (Math.abs(shift) >= RegressionGate.RUN_SHIFT) {
            md.append("> **The whole run moved:** NEW's median benchmark is ").append(percent(Math.abs(shift)))
                    .append(shift > 0 ? " slower" : " faster").append(" than OLD's. Every benchmark moving together is more often")
                    .append(" the machine (load, another runner, a JDK flag) than the code: compare runs made the same way,")
                    .append(" close in time, or run both again.\n\n");
        }
        if (!gate.differences().isEmpty()) {
            md.append("> **The runs differ:**\n");
            gate.differences().forEach(d -> md.append("> - ").append(code(d)).append("\n"));
            md.append("\n");
        }
        section(md, gate, RegressionGate.Verdict.SLOWER, "Slower", Integer.MAX_VALUE);
        section(md, gate, RegressionGate.Verdict.FASTER, "Faster", MAX_ROWS);
        section(md, gate, RegressionGate.Verdict.NOT_SETTLED, "Not settled (largest change first)", MAX_ROWS);
        list(md, "In OLD only: missing from NEW", gate.onlyOld());
        list(md, "In NEW only", gate.onlyNew());
        list(md, "Params changed (those rows are not compared)", gate.paramsChanged());
        md.append("Counts: ").append(counts(gate)).append("; ").append(gate.onlyOld().size() + gate.onlyNew().size())
                .append(" in one run only, ").append(gate.paramsChanged().size()).append(" with changed params.\n");
        return md.toString();
    }

    private static String counts(RegressionGate gate) {
        return gate.count(RegressionGate.Verdict.SLOWER) + " slower, " + gate.count(RegressionGate.Verdict.FASTER) + " faster, "
                + gate.count(RegressionGate.Verdict.NO_CHANGE) + " no change, " + gate.count(RegressionGate.Verdict.NOT_SETTLED)
                + " not settled";
    }

    private static void section(StringBuilder md, RegressionGate gate, RegressionGate.Verdict v, String title, int max) {
        List<RegressionGate.Row> rows = gate.rows().stream().filter(r -> r.verdict() == v).toList();
        if (rows.isEmpty()) {
            return;
        }
        md.append("#### ").append(title).append(" (").append(rows.size()).append(")\n\n");
        md.append("| Benchmark | Params | Mode | Threads | OLD | NEW | NEW / OLD time [99%] |\n|---|---|---|---|---|---|---|\n");
        for (RegressionGate.Row r : rows.subList(0, Math.min(max, rows.size()))) {
            md.append("| ").append(code(r.name())).append(" | ").append(r.old().params().isEmpty() ? "" : code(Format.paramsColumn(r.old())))
                    .append(" | ").append(code(r.old().mode())).append(" | ").append(r.old().threads()).append(" | ")
                    .append(esc(Format.score(r.old().score()))).append(" ").append(code(r.old().unit())).append(" | ")
                    .append(esc(Format.score(r.neu().score()))).append(" ").append(code(r.neu().unit())).append(" | ")
                    .append(esc(r.ratio().ratioText())).append(" |\n");
        }
        if (rows.size() > max) {
            md.append("\n… and ").append(rows.size() - max).append(" more (--json writes every row).\n");
        }
        md.append("\n");
    }

    private static void list(StringBuilder md, String title, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        md.append("#### ").append(title).append(" (").append(items.size()).append(")\n\n");
        items.stream().limit(MAX_ROWS).forEach(i -> md.append("- ").append(code(i)).append("\n"));
        if (items.size() > MAX_ROWS) {
            md.append("- … and ").append(items.size() - MAX_ROWS).append(" more\n");
        }
        md.append("\n");
    }

    /** "10%", "12.5%". */
    public static String percent(double fraction) {
        double p = fraction * 100;
        return (p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.1f", p)) + "%";
    }

    /** The most characters of one name or value the Markdown shows (the JSON has it whole). */
    static final int MAX_TEXT = 160;

    /**
     * Text from the files as an inline code span: no markup, link, mention ({@code @team}), math
     * or issue reference is rendered inside one; no backtick in it can end it, no {@code |} split
     * its table cell; control characters (C0, DEL, C1: a terminal's escapes) and the marks that
     * reorder text (bidirectional overrides) become U+FFFD; a long one is cut.
     */
    static String code(String s) {
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX_TEXT) + 8).append('`');
        int n = 0;
        for (int i = 0; i < s.length() && n < MAX_TEXT; i++, n++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7f && c <= 0x9f || c == '\u200e' || c == '\u200f' || c >= '\u202a' && c <= '\u202e'
                    || c >= '\u2066' && c <= '\u2069' || c == '\u2028' || c == '\u2029') {
                b.append('\ufffd');
            } else if (c == '`') {
                b.append('\'');
            } else if (c == '|') {
                b.append("\\|");
            } else {
                b.append(c);
            }
        }
        if (s.length() > MAX_TEXT) {
            b.append('…');
        }
        return b.append('`').toString();
    }

    /** Markdown-escaped text for a table cell or list item: no markup, no cell break, one line. */
    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\n', '\r', '\t' -> b.append(' ');
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '|', '\\', '`', '*', '_', '[', ']', '#', '!', '~' -> b.append('\\').append(c);
                default -> b.append(c < 0x20 ? ' ' : c);
            }
        }
        return b.toString();
    }

    /** Every verdict as JSON: the threshold, the noise, the counts, every row, the unmatched and the differences. */
    public static String json(RegressionGate gate, String oldName, String newName) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("old", oldName);
        o.put("new", newName);
        o.put("failOn", gate.failOn());
        o.put("forkNoise", Double.isNaN(gate.forkNoise()) ? null : gate.forkNoise());
        o.put("result", gate.exitStatus() == 0 ? "pass" : "fail");
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (RegressionGate.Verdict v : RegressionGate.Verdict.values()) {
            counts.put(v.text(), gate.count(v));
        }
        o.put("counts", counts);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RegressionGate.Row r : gate.rows()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("benchmark", r.old().className() + "." + r.old().method());
            row.put("params", r.old().params());
            row.put("mode", r.old().mode());
            row.put("threads", r.old().threads());
            row.put("verdict", r.verdict().text());
            row.put("old", Map.of("score", finite(r.old().score()), "unit", r.old().unit()));
            row.put("new", Map.of("score", finite(r.neu().score()), "unit", r.neu().unit()));
            Map<String, Object> ratio = new LinkedHashMap<>();
            ratio.put("value", finite(r.ratio().value()));
            ratio.put("low", finite(r.ratio().low()));
            ratio.put("high", finite(r.ratio().high()));
            row.put("newOverOldTime", ratio);
            rows.add(row);
        }
        o.put("rows", rows);
        o.put("onlyOld", gate.onlyOld());
        o.put("onlyNew", gate.onlyNew());
        o.put("paramsChanged", gate.paramsChanged());
        o.put("differences", gate.differences());
        o.put("medianShift", Double.isNaN(gate.medianShift()) ? null : gate.medianShift());
        return new GsonBuilder().serializeNulls().setPrettyPrinting().create().toJson(o) + "\n";
    }

    /** JSON has no NaN or infinity: those are written as strings. */
    private static Object finite(double d) {
        return Double.isFinite(d) ? (Object) d : Double.toString(d);
    }
}
