package dev.fastio.report.gzip;

import static dev.fastio.report.Compare.faster;
import static dev.fastio.report.Compare.notSlower;

import dev.fastio.report.Claim;
import dev.fastio.report.Experiment;
import java.util.List;

/** Article 004, gzip half. */
public final class GzipExperiments {
    private static final String A004 = "article 004";

    private GzipExperiments() {}

    public static List<Experiment> all() {
        return List.of(new Experiment("GzipBenchmark",
                "Decompressing gzip",
                "004 · java.io.BufferedInputStream and java.util.zip.GZIPInputStream",
                "Is GZIPInputStream's 512-byte default buffer too small, is a BufferedInputStream under it redundant, and how fast can a gzip file be read?",
                "gzipInputStreamDefault", "lines",
                List.of(
                        new Claim(A004, "A 64 KB input buffer is faster than GZIPInputStream's 512-byte default.",
                                faster("gzipInputStream64k", "gzipInputStreamDefault", r -> true, 0.05)),
                        new Claim(A004, "A BufferedInputStream under GZIPInputStream is redundant: a 64 KB GZIPInputStream buffer alone is at least as fast.",
                                notSlower("gzipInputStream64k", "gzipInputStreamOverBuffered", r -> true, 0.05)),
                        new Claim("fastio", "GzipReader is at least 1.4× faster than new GZIPInputStream(new FileInputStream(f)).",
                                faster("fastio", "gzipInputStreamDefault", r -> true, 1 - 1 / 1.4)),
                        new Claim("fastio", "GzipReader is no slower than gzip -d.",
                                notSlower("fastio", "gzipDashD", r -> true, 0.0)))));
    }
}
