/**
 * The HTML pages (a run's report, two runs compared, a history), their charts, and the files they
 * are written to. The last step: may depend on every other package of the report, and none depends on
 * it.
 *
 * <p>The order of the packages is checked by {@code PackageOrderTest}.
 */
package dev.fastio.report.page;
