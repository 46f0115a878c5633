package dev.fastio.report.page;

import dev.fastio.report.jmh.Fixtures;
import dev.fastio.report.jmh.ReportException;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the page goes: never over one of its results files, by whatever name or link; over an
 * existing file only when the caller says so; a new file that takes its name when complete.
 */
public class ReportOutputTest {
    @TempDir
    Path dir;

    private Path results(String name) throws IOException {
        return Fixtures.write(dir, name, Fixtures.plainJmhJson());
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theResultsFileIsNeverTheReportByAnyNameEvenWhenReplacing() throws Exception {
        Path r = results("r.json");
        byte[] before = Files.readAllBytes(r);
        Path symlink = Files.createSymbolicLink(dir.resolve("link.html"), r.getFileName());
        Path hardLink = Files.createLink(dir.resolve("hard.html"), r);
        Files.createDirectory(dir.resolve("sub"));
        for (Path out : List.of(r, symlink, hardLink, dir.resolve("sub/../r.json"), dir.resolve("./r.json"),
                Path.of("").toAbsolutePath().relativize(r))) {
            for (boolean replace : new boolean[] {true, false}) {
                assertThatThrownBy(() -> HtmlReport.write(EstimateContext.DEFAULT, r, out, replace)).as("%s", out).isInstanceOf(ReportException.class)
                        .hasMessageContaining("is the results file").hasMessageContaining("never written over its input");
                assertThatThrownBy(() -> HtmlReport.writeComparison(EstimateContext.DEFAULT, r, Fixtures.write(dir, "other.json", Fixtures.plainJmhJson()), out, replace))
                        .as("%s as A", out).hasMessageContaining("is the results file");
                assertThatThrownBy(() -> HtmlReport.writeComparison(EstimateContext.DEFAULT, dir.resolve("other.json"), r, out, replace))
                        .as("%s as B", out).hasMessageContaining("is the results file");
            }
        }
        assertThat(Files.readAllBytes(r)).isEqualTo(before);
        assertThat(Files.isSymbolicLink(symlink)).isTrue();
        assertThat(files()).containsExactly("hard.html", "link.html", "other.json", "r.json", "sub");
    }

    @Test
    void anExistingFileIsReplacedOnlyWhenAskedTo() throws Exception {
        Path r = results("r.json");
        Path out = Files.writeString(dir.resolve("report.html"), "mine");
        assertThatThrownBy(() -> HtmlReport.write(EstimateContext.DEFAULT, r, out, false)).isInstanceOf(ReportException.class)
                .hasMessage(out + " already exists; the report was not written (replace it, or name another output)");
        assertThatThrownBy(() -> HtmlReport.writeComparison(EstimateContext.DEFAULT, r, r, out, false)).hasMessageContaining("already exists");
        assertThat(Files.readString(out)).isEqualTo("mine");
        HtmlReport.write(EstimateContext.DEFAULT, r, out, true);
        assertThat(Files.readString(out)).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        HtmlReport.writeComparison(EstimateContext.DEFAULT, r, r, out, true);
        assertThat(Files.readString(out)).contains("two runs compared");
        Path fresh = dir.resolve("new/folder/page.html");
        HtmlReport.write(EstimateContext.DEFAULT, r, fresh, false);
        assertThat(fresh).isRegularFile();
        assertThat(files()).containsExactly("new", "r.json", "report.html");
    }

    @Test
    void aPageThatCannotBeWrittenLeavesNothing() throws Exception {
        Path r = results("r.json");
        Path folder = Files.createDirectory(dir.resolve("report.html"));
        assertThatThrownBy(() -> HtmlReport.write(EstimateContext.DEFAULT, r, folder, true)).isInstanceOf(ReportException.class)
                .hasMessageStartingWith("cannot write report " + folder).hasMessageNotContaining("Exception");
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThatThrownBy(() -> HtmlReport.write(EstimateContext.DEFAULT, r, file.resolve("report.html"), true)).isInstanceOf(ReportException.class)
                .hasMessageStartingWith("cannot write report").hasMessageNotContaining("Exception");
        assertThat(files()).containsExactly("a-file", "r.json", "report.html");
        assertThat(folder).isEmptyDirectory();
    }
}
