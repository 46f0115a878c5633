package dev.fastio.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens a rendered report in headless Chromium and checks that every chart was drawn and painted
 * and that the page logged no error. Skipped where no Chromium is installed, unless
 * {@code FASTIO_REQUIRE_BROWSER=1} (CI sets it, after installing Debian's {@code chromium}).
 */
class ReportBrowserTest {
    @TempDir
    Path dir;

    @Test
    void chartsAreDrawnAndTheConsoleHasNoErrors() throws Exception {
        String chromium = findChromium();
        boolean required = "1".equals(System.getenv("FASTIO_REQUIRE_BROWSER"));
        if (chromium == null) {
            assertThat(required).as("FASTIO_REQUIRE_BROWSER=1 but no chromium on PATH").isFalse();
            Assumptions.abort("no chromium installed");
        }
        Path results = Fixtures.write(dir, "results.json", Fixtures.plainJmhJson());
        Path report = dir.resolve("report.html");
        HtmlReport.write(results, report);

        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + dir.resolve("profile"), "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000", "--dump-dom", report.toUri().toString()));
        Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("stderr.txt").toFile()).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        String stderr = Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);

        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertThat(body.find()).as("dumped DOM has a body; chromium stderr:%n%s", stderr).isTrue();
        String attrs = body.group(1);
        int charts = attr(attrs, "data-charts");
        assertThat(charts).isEqualTo(countCanvases(dom)).isGreaterThanOrEqualTo(2);
        assertThat(attr(attrs, "data-charts-drawn")).isEqualTo(charts);
        assertThat(attr(attrs, "data-charts-painted")).isEqualTo(charts);
        assertThat(attrs).doesNotContain("data-errors");
        // Chromium echoes page console messages to stderr as CONSOLE(...) lines
        assertThat(stderr.lines().filter(l -> l.contains("CONSOLE") || l.contains("Uncaught")))
                .as("console output").isEmpty();
    }

    private static int countCanvases(String dom) {
        return dom.split("<canvas ", -1).length - 1;
    }

    private static int attr(String attrs, String name) {
        Matcher m = Pattern.compile(name + "=\"(\\d+)\"").matcher(attrs);
        assertThat(m.find()).as("attribute %s in <body%s>", name, attrs).isTrue();
        return Integer.parseInt(m.group(1));
    }

    static String findChromium() throws IOException {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
                Path exe = Path.of(d, name);
                if (Files.isExecutable(exe)) {
                    return exe.toString();
                }
            }
        }
        return null;
    }
}
