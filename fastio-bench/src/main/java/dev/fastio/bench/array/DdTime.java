package dev.fastio.bench.array;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The time {@code dd if=FILE of=/dev/null bs=1M} reports for itself, the first yardstick for loads
 * ("at most 1.6× the time dd takes in the same run"). The benchmark's own score is the whole
 * process, start-up included; dd's figure leaves the start-up out. JMH reports {@code ddNs} and
 * {@code ddRuns} as secondary metrics; the report divides them.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class DdTime {
    /** GNU dd's last line: "104000000 bytes (104 MB, 99 MiB) copied, 0.00987 s, 10.5 GB/s". */
    private static final Pattern COPIED = Pattern.compile("copied, ([0-9.eE+-]+) s");

    public long ddNs;
    public long ddRuns;

    @Setup(Level.Iteration)
    public void reset() {
        ddNs = 0;
        ddRuns = 0;
    }

    /** Runs dd over {@code file} and adds the time it reports; returns its exit status. */
    int run(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("dd", "if=" + file, "of=/dev/null", "bs=1M").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = p.waitFor();
        Matcher m = COPIED.matcher(out);
        if (status != 0 || !m.find()) {
            throw new IOException("dd on " + file + " failed (exit " + status + "): " + out.strip());
        }
        ddNs += Math.round(Double.parseDouble(m.group(1)) * 1e9);
        ddRuns++;
        return status;
    }
}
