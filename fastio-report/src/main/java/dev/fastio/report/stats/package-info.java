/**
 * The statistics of a run's results: each {@link dev.fastio.report.stats.Estimate} (a time or a
 * ratio with its interval), made in an {@link dev.fastio.report.stats.EstimateContext} its caller
 * gives (looks, fork noise, recorder); Student's t ({@code StudentT}); warm-up; the machine's fork
 * noise; the fork log. Depends on {@code jmh} only.
 *
 * <p>The order of the packages is checked by {@code PackageOrderTest}.
 */
package dev.fastio.report.stats;
