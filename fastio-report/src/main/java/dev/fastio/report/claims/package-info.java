/**
 * The claims an experiment makes and how they are judged: experiments and their results, the
 * comparisons ({@link dev.fastio.report.claims.Compare}), what each check looked at ({@link
 * dev.fastio.report.claims.ClaimTrace}), and the verdicts. Depends on {@code jmh} and {@code stats}.
 *
 * <p>The order of the packages is checked by {@code PackageOrderTest}.
 */
package dev.fastio.report.claims;
