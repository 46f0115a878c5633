package dev.fastio.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The report's packages follow its pipeline, and each depends only on those before it: reading
 * the run's files, the statistics of its results, the claims judged from them, then the gate and
 * history and the pages that show them all. Read with {@code jdeps} from the compiled classes of
 * this module, so an import used only in a comment does not count and a use without an import
 * (a fully qualified name) does; a package that depends on a later one, or on itself through
 * others (a circle), fails.
 */
class PackageOrderTest {
    /** The order: each package may depend on those before it, never on those after. */
    static final List<String> ORDER = List.of(
            "dev.fastio.report.jmh",     // JMH's results file and the files beside it; which benchmark a result is; labels
            "dev.fastio.report.stats",   // estimates and their intervals, Student's t, warm-up, fork noise, the fork log
            "dev.fastio.report.claims",  // claims, experiments, verdicts and what each check looked at
            "dev.fastio.report.gate",    // two runs compared, the history of many
            "dev.fastio.report.page");   // the HTML pages and the files they are written to

    @Test
    void eachPackageDependsOnlyOnThoseBeforeIt() throws Exception {
        Map<String, Set<String>> uses = packageDependencies(Path.of("target", "classes"));
        assertThat(uses.keySet()).as("every package of the report is in the order").isSubsetOf(ORDER);
        assertThat(uses.get("dev.fastio.report.page")).as("jdeps read the classes").contains("dev.fastio.report.claims");
        Map<String, Set<String>> upward = new TreeMap<>();
        uses.forEach((from, to) -> to.stream().filter(t -> ORDER.indexOf(t) > ORDER.indexOf(from))
                .forEach(t -> upward.computeIfAbsent(from, k -> new TreeSet<>()).add(t)));
        // with every package below the ones it uses, there can be no circle: a circle needs an edge upward
        assertThat(upward).as("packages that depend on a later one in the order (or a circle)").isEmpty();
    }

    /** Package → the report's other packages its classes use, from {@code jdeps -verbose:package}. */
    static Map<String, Set<String>> packageDependencies(Path classes) {
        assertThat(classes.resolve("dev/fastio/report")).as("compiled classes at " + classes.toAbsolutePath()).isDirectory();
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps: run the build with a JDK"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = jdeps.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                "-verbose:package", "-filter:none", "--ignore-missing-deps", classes.toString());
        assertThat(rc).as(err.toString(StandardCharsets.UTF_8)).isZero();
        Map<String, Set<String>> uses = new TreeMap<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[1].equals("->") && f[0].startsWith("dev.fastio.report") && f[2].startsWith("dev.fastio.report")) {
                uses.computeIfAbsent(f[0], k -> new TreeSet<>());
                if (!f[0].equals(f[2])) {
                    uses.get(f[0]).add(f[2]);
                }
            }
        }
        return uses;
    }
}
