package dev.fastio.bench.run;

import java.util.Map;

/**
 * One benchmark class as the CLI runs it.
 *
 * @param name        what {@code --suite} matches (case-insensitive), e.g. {@code OpenStream}
 * @param pkg         the library package it measures ({@code read}, {@code copy}, ...); {@code --suite read} picks them all
 * @param benchmark   the JMH class
 * @param quickParams {@code @Param} overrides for {@code --quick}; the annotations hold the articles' values
 */
public record Suite(String name, String pkg, Class<?> benchmark, Map<String, String[]> quickParams) {
    public boolean matches(String selector) {
        return name.equalsIgnoreCase(selector) || pkg.equalsIgnoreCase(selector)
                || benchmark.getSimpleName().equalsIgnoreCase(selector);
    }
}
