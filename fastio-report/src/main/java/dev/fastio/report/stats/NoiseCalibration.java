package dev.fastio.report.stats;

import dev.fastio.report.jmh.BenchmarkKey;
import dev.fastio.report.jmh.Quoted;
import dev.fastio.report.jmh.RegularOpen;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.jmh.Result;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fork-to-fork noise of one machine, measured from two or more runs of the same code on it:
 * what {@code RegressionGate} adds to every interval, so that a one-fork file is not judged on its
 * iterations alone (forks differ by more than their iterations say: docs/VERDICTS.md).
 *
 * <p><b>How.</b> For each benchmark both runs of a pair measured, {@code d = log(time₂ / time₁)}
 * should be 0; beyond what its iterations explain ({@code s²}, their variance of the log mean,
 * both sides), its spread is the forks' ({@code σ²·(1/f₁ + 1/f₂)}). Each benchmark gives one
 * observation {@code e = √(max(0, d² − s²) / (1/f₁ + 1/f₂))}, whose size for a normal spread is
 * that of |N(0, σ²)|. σ is estimated from the 90th percentile of the e's over every benchmark of
 * every pair (for a normal spread, 1.645·σ), not from their median: benchmarks noisier than the
 * typical one then raise σ, so they raise fewer false alarms. The rates this gives are in
 * docs/VERDICTS.md ("The regression gate").
 *
 * @param forkNoise σ: the relative spread of one fork's mean (0.05: 5%), at least {@link #FLOOR}
 * @param medianForkNoise σ from the median of the e's (for comparison: lower where a few benchmarks are noisy)
 * @param benchmarks how many benchmark observations it rests on
 * @param pairs how many pairs of runs
 * @param quantile the quantile of the observations σ was read from (0.9)
 */
public record NoiseCalibration(double forkNoise, double medianForkNoise, int benchmarks, int pairs, double quantile) {
    /** What the file says it is, so that another JSON file is not read as one. */
    public static final String FORMAT = "fastio fork-noise calibration 1";
    /** The least noise a calibration gives: no machine's forks agree better than this for long. */
    public static final double FLOOR = 0.01;
    /**
     * The most a calibration may say: at 50% between forks a 2× regression with 3 forks a side
     * cannot be settled, so a gate with more would pass anything. A machine that noisy needs more
     * forks or a quieter runner, not a calibration that hides regressions.
     */
    public static final double CEILING = 0.5;
    /** Runs whose median benchmark differs by more than this are not runs of the same code (or machine state). */
    static final double MAX_MEDIAN_SHIFT = 0.10;
    /** The quantile of the e's σ is read from, and the normal's at it (|z| at 90%). */
    private static final double QUANTILE = 0.99;
    private static final double Z_MEDIAN = 0.6745;

    /**
     * Measures the noise from runs of the same code: each run against the next.
     *
     * @param runs two or more runs' results
     * @return the calibration
     * @throws IllegalArgumentException fewer than two runs, or fewer than 5 benchmarks measured in both of a pair
     */
    public static NoiseCalibration measure(List<List<Result>> runs) {
        return measure(runs, QUANTILE);
    }

    /**
     * As {@link #measure(List)}, σ read from {@code quantile} of the observations (for
     * docs/measure/GateRates.java, which measures what each quantile costs in false alarms).
     */
    public static NoiseCalibration measure(List<List<Result>> runs, double quantile) {
        if (!(quantile > 0 && quantile < 1)) {
            throw new IllegalArgumentException("quantile must be between 0 and 1, not " + quantile);
        }
        if (runs.size() < 2) {
            throw new IllegalArgumentException("calibrating takes two runs of the same code or more, not " + runs.size());
        }
        List<Double> e = new ArrayList<>();
        List<Double> shifts = new ArrayList<>();
        for (int i = 0; i + 1 < runs.size(); i++) {
            Map<String, Result> next = new LinkedHashMap<>();
            runs.get(i + 1).forEach(r -> next.putIfAbsent(BenchmarkKey.of(r), r));
            for (Result a : runs.get(i)) {
                Result b = next.get(BenchmarkKey.of(a));
                if (b == null) {
                    continue;
                }
                double[] d = Estimate.logRatioParts(b, a);
                if (d != null) {
                    e.add(Math.sqrt(Math.max(0, d[0] * d[0] - d[1]) / (1.0 / a.forks() + 1.0 / b.forks())));
                    shifts.add(d[0]);
                }
            }
            if (!shifts.isEmpty()) {
                shifts.sort(null);
                double median = quantile(shifts, 0.5);
                if (Math.abs(median) > Math.log1p(MAX_MEDIAN_SHIFT)) {
                    throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "run %d and run %d differ by %+.0f%% in their"
                            + " median benchmark: not two runs of the same code on one machine, whose noise is what a calibration measures",
                            i + 1, i + 2, Math.expm1(median) * 100));
                }
                shifts.clear();
            }
        }
        if (e.size() < 5) {
            throw new IllegalArgumentException("the runs have " + e.size() + " benchmarks in common with a finite time;"
                    + " calibrating takes 5 or more (runs of the same suite, on the same machine)");
        }
        e.sort(null);
        double q = quantile(e, quantile) / zOf(quantile);
        double m = quantile(e, 0.5) / Z_MEDIAN;
        if (q > CEILING) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "the runs' forks differ by %.0f%%, more than the %.0f%%"
                    + " a gate can work with (a 2× regression would pass): run more forks, or on a quieter machine", q * 100, CEILING * 100));
        }
        return new NoiseCalibration(Math.max(FLOOR, q), m, e.size(), runs.size() - 1, quantile);
    }

    /** The p-quantile of |N(0, 1)|: Φ⁻¹((1 + p) / 2), by bisection on the normal tail. */
    static double zOf(double p) {
        double lo = 0;
        double hi = 10;
        for (int i = 0; i < 100; i++) {
            double mid = (lo + hi) / 2;
            if (2 * StudentT.normalTail(mid) > 1 - p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    private static double quantile(List<Double> sorted, double p) {
        double at = p * (sorted.size() - 1);
        int lo = (int) Math.floor(at);
        int hi = Math.min(sorted.size() - 1, lo + 1);
        return sorted.get(lo) + (at - lo) * (sorted.get(hi) - sorted.get(lo));
    }

    /** This calibration as the small JSON file {@link #read} reads, naming the runs it came {@code from}. */
    public String toJson(List<String> from) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("format", FORMAT);
        o.put("forkNoise", forkNoise);
        o.put("medianForkNoise", medianForkNoise);
        o.put("benchmarks", benchmarks);
        o.put("pairs", pairs);
        o.put("quantile", quantile);
        o.put("from", from);
        Gson gson = new GsonBuilder().setPrettyPrinting().create();
        return gson.toJson(o) + "\n";
    }

    /**
     * Reads a file {@link #write} wrote.
     *
     * @throws ReportException it is not one, or its noise is not a number from {@link #FLOOR} to 1
     */
    public static NoiseCalibration read(Path file) throws ReportException {
        String name = Quoted.text(file.toString());
        Map<String, Object> fields = new LinkedHashMap<>();
        if (Files.exists(file) && !Files.isRegularFile(file)) { // a FIFO would wait for a writer: the file calibrate wrote is regular
            throw new ReportException(name + " is not a regular file (a FIFO, a device or a folder): give the file fastio report calibrate wrote");
        }
        try (Reader r = new java.io.BufferedReader(new java.io.InputStreamReader(RegularOpen.open(file), StandardCharsets.UTF_8));
                com.google.gson.stream.JsonReader json = new com.google.gson.stream.JsonReader(r)) {
            json.beginObject();
            while (json.hasNext()) {
                String key = json.nextName();
                Object value = switch (json.peek()) {
                    case STRING -> json.nextString();
                    case NUMBER -> json.nextDouble();
                    default -> {
                        json.skipValue();
                        yield "";
                    }
                };
                if (fields.put(key, value) != null) {
                    throw new ReportException(name + " names \"" + Quoted.text(key) + "\" twice: which to believe is not for the gate to guess");
                }
            }
            json.endObject();
            if (json.peek() != com.google.gson.stream.JsonToken.END_DOCUMENT) {
                throw new ReportException(name + " has more after its object: not a noise calibration");
            }
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ReportException("no such noise calibration: " + name, e);
        } catch (java.nio.file.FileSystemException e) {
            throw new ReportException("cannot read " + name + ": " + (e.getReason() != null ? e.getReason() : e.getMessage()), e);
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            // Gson's own text (its advice on lenient parsing, its troubleshooting links) is not for the user: where, and what
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            int advice = why.indexOf(" Use JsonReader");
            why = advice > 0 ? why.substring(0, advice) : why;
            throw new ReportException(name + " is not a noise calibration (JSON that fastio report calibrate wrote): "
                    + Quoted.text(why.length() > 160 ? why.substring(0, 160) + "…" : why), e);
        }
        if (!FORMAT.equals(fields.get("format"))) {
            throw new ReportException(name + " is not a noise calibration (fastio report calibrate writes one)");
        }
        double noise = number(fields, "forkNoise", name);
        if (!(noise >= FLOOR && noise <= CEILING)) {
            throw new ReportException(name + " gives a fork noise of " + noise + ", not from " + FLOOR + " to " + CEILING);
        }
        double benchmarks = number(fields, "benchmarks", name);
        double pairs = number(fields, "pairs", name);
        if (!(benchmarks >= 5) || !(pairs >= 1)) {
            throw new ReportException(name + " rests on " + benchmarks + " benchmarks in " + pairs + " pairs; a calibration takes 5 or more in 1 or more");
        }
        Object median = fields.get("medianForkNoise");
        Object q = fields.get("quantile");
        return new NoiseCalibration(noise, median instanceof Double d ? d : noise, (int) benchmarks, (int) pairs, q instanceof Double d ? d : QUANTILE);
    }

    private static double number(Map<String, Object> fields, String key, String name) throws ReportException {
        if (!(fields.get(key) instanceof Double d) || !Double.isFinite(d)) {
            throw new ReportException(name + " has no number \"" + key + "\": not a noise calibration");
        }
        return d;
    }
}
