package dev.fastio.report.stats;

/**
 * Student's t distribution, from the regularized incomplete beta function, and the standard
 * normal's tail: the maths behind every interval ({@link Estimate}) and the looks' boundaries
 * ({@link EstimateContext}), with no state beyond a cache of quantiles.
 */
final class StudentT {
    private StudentT() {}

    /**
     * The two-sided {@code confidence} quantile (its upper end) of Student's t with {@code df}
     * degrees of freedom, remembered by degrees of freedom and confidence: a page of 100,000
     * results asks it for a few distinct ones (a file's results have as many iterations each),
     * and each answer costs a bisection over the incomplete beta function.
     */
    static double confidenceQuantile(double confidence, double df) {
        java.util.List<Double> key = java.util.List.of(df, confidence);
        Double t = QUANTILES.get(key);
        if (t == null) {
            if (QUANTILES.size() > 4096) {
                QUANTILES.clear(); // fastio's own results' degrees of freedom are fractional: keep the memory bounded
            }
            t = quantile(1 - (1 - confidence) / 2, df);
            QUANTILES.put(key, t);
        }
        return t;
    }

    private static final java.util.concurrent.ConcurrentHashMap<java.util.List<Double>, Double> QUANTILES =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The {@code p} quantile (p ≥ 0.5) of Student's t with {@code df} degrees of freedom. */
    static double quantile(double p, double df) {
        if (df > 1e7) {
            df = 1e7;
        }
        double lo = 0;
        double hi = 1;
        while (cdf(hi, df) < p) {
            hi *= 2;
            if (hi > 1e12) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (cdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** P(T ≤ t) for t ≥ 0. */
    static double cdf(double t, double df) {
        double x = df / (df + t * t);
        return 1 - 0.5 * regularizedBeta(x, df / 2, 0.5);
    }

    /** P(Z > z) of the standard normal (Abramowitz–Stegun 7.1.26 on erfc; error below 1.5e-7). */
    static double normalTail(double z) {
        double x = z / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
                * Math.exp(-x * x);
        return erfc / 2;
    }

    /** I_x(a, b), by its continued fraction (Numerical Recipes, betacf), using the symmetry for fast convergence. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * betaFraction(x, a, b) / a;
        }
        return 1 - front * betaFraction(1 - x, b, a) / b;
    }

    private static double betaFraction(double x, double a, double b) {
        double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double h = d;
        for (int m = 1; m <= 500; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-14) {
                break;
            }
        }
        return h;
    }

    /** Lanczos' approximation of ln Γ(x), x > 0 (15 significant digits). */
    static double lnGamma(double x) {
        double[] g = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
        }
        x -= 1;
        double a = g[0];
        double t = x + 7.5;
        for (int i = 1; i < 9; i++) {
            a += g[i] / (x + i);
        }
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
    }
}
