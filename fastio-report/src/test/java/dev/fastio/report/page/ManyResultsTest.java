package dev.fastio.report.page;

import dev.fastio.report.jmh.RealFilesTest;
import dev.fastio.report.claims.Experiments;
import dev.fastio.report.jmh.Result;
import dev.fastio.report.stats.EstimateContext;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A page of many results: every result in its table, charts no larger than a chart can show,
 * and each chart's cells found from an index, not by looking through every result (100,000
 * results of one class took minutes; ReportBenchmark in fastio-bench measures the page's time).
 */
public class ManyResultsTest {
    /** {@code n} results of one class: {@code methods} methods, the rest of the grid in params "size" and "g". */
    public static List<Result> grid(int n, int methods, int sizes) {
        List<Result> rs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("size", Integer.toString(16 * ((i / methods) % sizes)));
            p.put("g", Integer.toString(i / (methods * sizes)));
            double score = 10 + (i % 7);
            rs.add(new Result("org.example.Big", "m" + (i % methods), "avgt", 1, p, score, 0.5, "ns/op", Map.of(), "17", "vm", "1",
                    List.of(score - 0.2, score, score + 0.2), 1));
        }
        return rs;
    }

    @Test
    void aHundredThousandResultsOfOneClassAreAllTabled() {
        List<Result> rs = grid(100_000, 4, 250);
        String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
        assertThat(RealFilesTest.count(html, "<tr class=r>")).isEqualTo(100_000);
        List<Chart> charts = Chart.of(Experiments.group(EstimateContext.DEFAULT, rs).get(0), "c");
        assertThat(charts).hasSize(100).allSatisfy(c -> {
            assertThat(c.omitted()).isNull();
            assertThat(c.labels()).hasSize(250);
            assertThat(c.series()).hasSize(4);
        });
    }

    @Test
    void aChartOfMoreBarsThanOneCanShowIsLeftOutSayingWhy() {
        List<Result> rs = grid(Chart.MAX_BARS + 1, 1, Chart.MAX_BARS + 1); // one method at 2,001 sizes: 2,001 bars
        List<Chart> charts = Chart.of(Experiments.group(EstimateContext.DEFAULT, rs).get(0), "c");
        assertThat(charts).singleElement().satisfies(c -> {
            assertThat(c.omitted()).contains("not charted, 2,001 bars are more than one chart can show (2,000 at most)");
            assertThat(c.labels()).isEmpty();
        });
        String html = HtmlReport.render(EstimateContext.DEFAULT, rs, Map.of());
        assertThat(html).contains("<p class=omitted>").doesNotContain("<canvas ");
        assertThat(RealFilesTest.count(html, "<tr class=r>")).isEqualTo(Chart.MAX_BARS + 1);
        // just within the limit: drawn
        assertThat(Chart.of(Experiments.group(EstimateContext.DEFAULT, rs.subList(0, Chart.MAX_BARS)).get(0), "c")).singleElement()
                .satisfies(c -> assertThat(c.omitted()).isNull());
        // a comparison of as many rows: its chart too
        String cmp = HtmlReport.renderComparison(EstimateContext.DEFAULT, rs, "a", rs, "b");
        assertThat(cmp).contains("<p class=omitted>").doesNotContain("<canvas ");
    }

    /** Two parameters that change together: a chart per value of one, each with its own x values, not every chart's. */
    @Test
    void eachChartHasTheXValuesOfItsOwnResults() {
        List<Result> rs = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("a", Integer.toString(i));
            p.put("b", Integer.toString(i * 2));
            rs.add(new Result("org.example.Sparse", "m" + (i % 3), "avgt", 1, p, 5, 0.1, "ns/op", Map.of(), "17", "vm", "1"));
        }
        List<Chart> charts = Chart.of(Experiments.group(EstimateContext.DEFAULT, rs).get(0), "c");
        assertThat(charts).hasSize(1_000).allSatisfy(c -> {
            assertThat(c.labels()).hasSize(1);
            assertThat(c.series()).hasSize(1);
        });
        long points = charts.stream().flatMap(c -> c.series().stream()).flatMap(s -> s.data().stream()).filter(v -> v != null).count();
        assertThat(points).isEqualTo(1_000);
    }
}
