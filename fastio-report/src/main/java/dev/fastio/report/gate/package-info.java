/**
 * Runs against runs: the regression gate between two runs, its summaries, and the history of many.
 * Depends on {@code jmh} and {@code stats}, and may on {@code claims}.
 *
 * <p>The order of the packages is checked by {@code PackageOrderTest}.
 */
package dev.fastio.report.gate;
