package dev.fastio.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run will do and about how long it takes, printed before it starts ({@code fastio bench
 * --full}, and with {@code --list}): each suite's first-pass benchmarks and their time from the
 * settings, then the rounds in what is left of the budget. The estimate is a floor: an operation
 * that outlasts an iteration (the article's line-by-line parse of 26 M lines) lengthens its
 * benchmark, which the plan cannot know before it runs.
 */
public record RunPlan(RunSettings settings, long budgetSeconds, int looks, List<Line> lines) {
    /** One suite's share of the first pass. */
    public record Line(String suite, int benchmarks, int forks, double seconds) {}

    /**
     * A fork's cost beyond its iterations: the JVM's start with a pre-touched 2 GB heap (0.76 s
     * of it the touching, FastioBenchmark), JMH's set-up in the fork and its exit, and the
     * {@code Runner} the full run starts for each benchmark ({@link Planner#RUNNER_SECONDS}).
     * An estimate, checked against the full run of docs/PERFORMANCE.md.
     */
    static final double FORK_SECONDS = 2.0;

    /** A cold suite's one operation in a fresh JVM, set-up included. */
    static final double COLD_OPERATION_SECONDS = 1.5;

    public static RunPlan of(List<Suite> suites, RunSettings s, long budgetSeconds) {
        List<Line> lines = new ArrayList<>();
        for (Suite suite : suites) {
            List<SuiteRunner.Target> targets = SuiteOptions.firstPassTargets(suite, s);
            int forks = targets.stream().mapToInt(t -> Math.max(1, t.forks())).sum();
            double perFork = FORK_SECONDS + (suite.cold() ? COLD_OPERATION_SECONDS
                    : (s.warmupIterations() * s.warmupMillis() + s.iterations() * s.iterationMillis()) / 1000.0);
            lines.add(new Line(suite.name(), targets.size(), forks, forks * perFork + targets.size() * Planner.RUNNER_SECONDS));
        }
        return new RunPlan(s, budgetSeconds, Planner.looks(s), lines);
    }

    public double firstPassSeconds() {
        return lines.stream().mapToDouble(Line::seconds).sum();
    }

    public String text() {
        StringBuilder b = new StringBuilder();
        int benchmarks = lines.stream().mapToInt(Line::benchmarks).sum();
        b.append(String.format(Locale.ROOT, "plan: %d benchmarks in %d suites, one JMH run each: %d fork%s of %d × %s warm-up and "
                + "%d × %s measured (cold suites: %d one-shot forks)%n", benchmarks, lines.size(), settings.forks(),
                settings.forks() == 1 ? "" : "s", settings.warmupIterations(), time(settings.warmupMillis()), settings.iterations(),
                time(settings.iterationMillis()), SuiteOptions.coldForks(settings)));
        for (Line l : lines) {
            b.append(String.format(Locale.ROOT, "  %-20s %4d benchmark%s %5d fork%s  about %5.1f min%n", l.suite(), l.benchmarks(),
                    l.benchmarks() == 1 ? " " : "s", l.forks(), l.forks() == 1 ? " " : "s", l.seconds() / 60));
        }
        double first = firstPassSeconds();
        b.append(String.format(Locale.ROOT, "  first pass: about %.0f min: each fork its warm-up and measurement plus %.0f s for its JVM's "
                + "start and JMH's set-up, %.2f s more a benchmark for its JMH run (more where one operation outlasts an iteration; "
                + "data generation not counted)%n", first / 60, FORK_SECONDS, Planner.RUNNER_SECONDS));
        if (budgetSeconds > 0) {
            double left = budgetSeconds - first;
            b.append(String.format(Locale.ROOT, "  rounds: up to %d, more forks of the benchmarks behind open claims, in the %s "
                    + "the %s budget leaves (data generation comes out of it too)%n", looks - 1,
                    left > 0 ? String.format(Locale.ROOT, "%.0f min", left / 60) : "no time", hours(budgetSeconds)));
            if (left <= 0) {
                b.append("  the first pass alone outlasts the budget: it runs to its end, and no round follows\n");
            }
        }
        return b.toString();
    }

    private static String time(int millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private static String hours(long seconds) {
        return seconds % 3600 == 0 ? seconds / 3600 + " h" : seconds % 60 == 0 ? seconds / 60 + " min" : seconds + " s";
    }
}
