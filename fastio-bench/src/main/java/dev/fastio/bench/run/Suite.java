package dev.fastio.bench.run;

import java.util.Map;

/**
 * One benchmark class as the CLI runs it.
 *
 * @param name        what {@code --suite} matches (case-insensitive), e.g. {@code OpenStream}
 * @param pkg         the library package it measures ({@code read}, {@code copy}, ...); {@code --suite read} picks them all
 * @param benchmark   the JMH class
 * @param quickParams {@code @Param} overrides for {@code --quick}; the annotations hold the articles' values
 * @param cold        one operation per fresh JVM ({@code SingleShotTime}): the runner sets forks
 *                    (3 quick, 10 full) and no warm-up, instead of the usual iterations
 * @param fixture     what the runner starts for the suite's forks to share, or null
 */
public record Suite(String name, String pkg, Class<?> benchmark, Map<String, String[]> quickParams, boolean cold,
        SuiteFixture fixture) {
    public Suite(String name, String pkg, Class<?> benchmark, Map<String, String[]> quickParams) {
        this(name, pkg, benchmark, quickParams, false, null);
    }

    public Suite(String name, String pkg, Class<?> benchmark, Map<String, String[]> quickParams, boolean cold) {
        this(name, pkg, benchmark, quickParams, cold, null);
    }

    public Suite(String name, String pkg, Class<?> benchmark, Map<String, String[]> quickParams, SuiteFixture fixture) {
        this(name, pkg, benchmark, quickParams, false, fixture);
    }

    public boolean matches(String selector) {
        return name.equalsIgnoreCase(selector) || pkg.equalsIgnoreCase(selector)
                || benchmark.getSimpleName().equalsIgnoreCase(selector);
    }
}
