package dev.fastio.report.jmh;

import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/** Number and label formatting shared by the HTML and the claims' texts. */
public final class Format {
    private Format() {}

    /** What the page and the claims' figures say of a quantity with no finite value ({@code Estimate.NOT_FINITE} is this). */
    public static final String NOT_FINITE = "not finite";

    /** Whether {@code s} is a number as Java reads one: a parameter value on a numeric axis. */
    public static boolean isNumber(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** 16 → "16 B", 4096 → "4 KiB", 500000 → "500 kB", 5000000 → "5 MB"; other values unchanged. */
    public static String size(String value) {
        if (!isNumber(value) || value.contains(".")) {
            return value;
        }
        long n = Long.parseLong(value);
        if (n < 1000) {
            return n + " B";
        }
        String[] binary = {"KiB", "MiB", "GiB"};
        String[] decimal = {"kB", "MB", "GB"};
        long b = 1024;
        long d = 1000;
        for (int i = 0; i < 3; i++, b *= 1024, d *= 1000) {
            long nextB = b * 1024;
            long nextD = d * 1000;
            if (n % b == 0 && (n < nextB || n % nextB != 0)) {
                return trim((double) n / b) + " " + binary[i];
            }
            if (n % d == 0 && (n < nextD || n % nextD != 0)) {
                return trim((double) n / d) + " " + decimal[i];
            }
        }
        return n + " B";
    }

    /**
     * A parameter value of one of fastio's benchmarks for display: its {@code size} params are
     * byte counts ("4 KiB"); other values as written.
     */
    public static String param(String name, String value) {
        return param(true, name, value);
    }

    /**
     * A parameter value for display: as bytes only where fastio itself declared it a byte size
     * ({@code fastio}: the result is of fastio's own benchmarks). Another project's
     * {@code collectionSize} or {@code mapSize} counts elements: shown as written.
     */
    public static String param(boolean fastio, String name, String value) {
        return fastio && name.toLowerCase(Locale.ROOT).contains("size") ? size(value) : value;
    }

    /** "size=4 KiB, layout=heap": every parameter with its name, for a table's column. */
    public static String paramsColumn(Result r) {
        StringJoiner j = new StringJoiner(", ");
        r.params().forEach((k, v) -> j.add(k + "=" + param(r.fastio(), k, v)));
        return j.length() == 0 ? "(no params)" : j.toString();
    }

    /** As {@link #paramsLabel(Map, String)}, with sizes only where {@code fastio} declared them. */
    public static String paramsLabel(Map<String, String> params, String xParam, boolean fastio) {
        StringJoiner j = new StringJoiner(", ");
        params.forEach((k, v) -> j.add(k + "=" + param(fastio, k, v)));
        if (!fastio) {
            return j.length() == 0 ? "(no params)" : j.toString();
        }
        return paramsLabel(params, xParam);
    }

    /** "4 KiB, latin1": the values of a parameter set, size-formatted; the x param first. */
    public static String paramsLabel(Map<String, String> params, String xParam) {
        StringJoiner j = new StringJoiner(", ");
        if (xParam != null && params.containsKey(xParam)) {
            j.add(param(xParam, params.get(xParam)));
        }
        params.forEach((k, v) -> {
            if (!k.equals(xParam)) {
                j.add(k + "=" + param(k, v));
            }
        });
        return j.length() == 0 ? "(no params)" : j.toString();
    }

    /** A duration given in nanoseconds, in the unit that suits it: "850 ns", "4.37 µs", "31.2 ms". */
    public static String nanos(double ns) {
        if (Double.isNaN(ns)) {
            return "–";
        }
        if (ns < 1e3) {
            return String.format(Locale.ROOT, "%.0f ns", ns);
        }
        if (ns < 1e6) {
            return String.format(Locale.ROOT, "%.2f µs", ns / 1e3);
        }
        return ns < 1e9 ? String.format(Locale.ROOT, "%.1f ms", ns / 1e6) : String.format(Locale.ROOT, "%.2f s", ns / 1e9);
    }

    /** A run's time given in seconds, in the unit that suits it: "40 s", "9.2 min", "3.1 h"; "under 1 s" and "more than a week" at the ends. */
    public static String duration(double seconds) {
        if (!(seconds >= 0.5)) {
            return "under 1 s"; // NaN too: a caller that has no time says so before calling
        }
        if (seconds >= 7 * 86_400) {
            return "more than a week";
        }
        if (seconds < 90) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        return seconds < 5400 ? String.format(Locale.ROOT, "%.1f min", seconds / 60) : String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }

    /** A number for a table: "–" where it is not measured (NaN), "not finite" where it is infinite. */
    public static String number(double d) {
        if (Double.isNaN(d)) {
            return "–";
        }
        if (Double.isInfinite(d)) {
            return NOT_FINITE;
        }
        double a = Math.abs(d);
        if (a == 0) {
            return "0";
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", d);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", d);
        }
        if (a >= 0.01) {
            return String.format(Locale.ROOT, "%.3f", d);
        }
        return String.format(Locale.ROOT, "%.2e", d);
    }

    /** A score: "not finite" where it is infinite or NaN (a score is always measured). */
    public static String score(double d) {
        return Double.isFinite(d) ? number(d) : NOT_FINITE;
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.1f", d);
    }
}
