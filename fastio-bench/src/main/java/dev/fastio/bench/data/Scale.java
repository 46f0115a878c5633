package dev.fastio.bench.data;

/** How big the generated data set is. */
public enum Scale {
    /** Every file kind, sizes capped so the whole quick suite runs in minutes. */
    QUICK,
    /** The articles' own sizes (a 1.3 GB copy source, 26 M IPv4 lines). */
    FULL
}
