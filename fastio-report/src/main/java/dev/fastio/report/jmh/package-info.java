/**
 * The run's files: JMH's results (read streaming, under a heap budget), the environment and run
 * records beside them, which benchmark a result is ({@link dev.fastio.report.jmh.BenchmarkKey}), and
 * how a result's values are written ({@link dev.fastio.report.jmh.Format}). The first step of the
 * report: it depends on no other package of the report.
 *
 * <p>The order of the packages is checked by {@code PackageOrderTest}.
 */
package dev.fastio.report.jmh;
