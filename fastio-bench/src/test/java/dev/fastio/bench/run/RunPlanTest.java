package dev.fastio.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The plan a full run prints before it starts ({@code fastio bench --full --list}): its parts add up and it says what it counts. */
class RunPlanTest {
    private static final Pattern LINE = Pattern.compile("^  (\\S+) +(\\d+) benchmarks? +(\\d+) forks? +about +([\\d.]+) min$", Pattern.MULTILINE);

    @Test
    void theSuitesLinesAddUpToTheHeaderAndTheFirstPassAndTheTextSaysWhatAForkCosts() {
        RunPlan plan = RunPlan.of(Suites.all(), RunSettings.full(Path.of("data")), 7200);
        String text = plan.text();
        Matcher m = LINE.matcher(text);
        int benchmarks = 0;
        int suites = 0;
        double minutes = 0;
        while (m.find()) {
            suites++;
            int n = Integer.parseInt(m.group(2));
            benchmarks += n;
            minutes += Double.parseDouble(m.group(4));
            assertThat(m.group(0)).as("singular for one").doesNotContain(" 1 benchmarks").doesNotContain(" 1 forks");
        }
        assertThat(suites).isEqualTo(Suites.all().size());
        assertThat(text).contains("plan: " + benchmarks + " benchmarks in " + suites + " suites");
        assertThat(minutes).isCloseTo(plan.firstPassSeconds() / 60, org.assertj.core.data.Offset.offset(0.05 * suites + 0.5));
        assertThat(text).contains("plus " + Math.round(RunPlan.FORK_SECONDS) + " s for its JVM's start").contains("data generation not counted")
                .contains("rounds: up to 3").contains("the 2 h budget");
    }

    @Test
    void aFirstPassLongerThanTheBudgetSaysNoRoundFollows() {
        RunPlan plan = RunPlan.of(Suites.all(), RunSettings.full(Path.of("data")), 60);
        assertThat(plan.text()).contains("no time").contains("no round follows");
    }
}
