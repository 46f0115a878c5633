package dev.fastio.bench.cache;

import static dev.fastio.report.claims.Compare.faster;
import static dev.fastio.report.claims.Compare.notSlower;
import static dev.fastio.report.claims.Compare.withinYardstick;

import dev.fastio.report.claims.Claim;
import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.Scope;
import java.util.List;

/** Article 002: caching file contents, and what a never-stale cache costs. */
public final class CacheExperiments {

    private CacheExperiments() {}

    public static List<Experiment> all() {
        return List.of(experiment(FileCacheBenchmark_.CLASS, "1 thread"), experiment(FileCacheTwoThreadsBenchmark_.CLASS, "2 threads"));
    }

    private static List<Claim> concat(List<Claim> a, List<Claim> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    static Experiment experiment(String cls, String threads) {
        return new Experiment(cls,
                "Caching file contents (" + threads + ")",
                "002 · Improving Java IO Performance: Caching Data, When Appropriate",
                "How much does re-reading a small file cost against a cached copy, and what does a cache that is never stale cost?",
                FileCacheBenchmark_.filesReadAllBytes, "file",
                concat(List.of(
                        new Claim("article 002", "A cached copy is orders of magnitude cheaper than re-reading the file (0.210 ms vs ≈1e-4 ms for ten uses).",
                                faster(FileCacheBenchmark_.articleCachedTenTimes, FileCacheBenchmark_.articleRereadTenTimes, r -> true, 0.99)),
                        Claim.scoped("fastio", "A validated FileCache hit costs at most half a Files.readAllBytes re-read ({scope} files).",
                                Scope.of("file", 4096, 32768), s -> faster(FileCacheBenchmark_.validatedHit, FileCacheBenchmark_.filesReadAllBytes, s, 0.5)),
                        new Claim("fastio", "A trusted FileCache hit is within 2× of a ConcurrentHashMap.get of the bytes.",
                                notSlower(FileCacheBenchmark_.trustedHit, FileCacheBenchmark_.mapGet, r -> true, 1.0))),
                threads.equals("1 thread") ? List.of(Claim.scoped("fastio", "With the native layer's one statx (FFM on JDK 22+, jffi on JDK 17–21), a validated FileCache hit costs at most"
                                + " 1.5× a C stat of the same file ({scope} files).",
                                Scope.of("file", 4096, 32768), s -> withinYardstick(FileCacheBenchmark_.validatedHit, s, 1.5, FileCacheBenchmark_.cStat))) : List.of()));
    }
}
