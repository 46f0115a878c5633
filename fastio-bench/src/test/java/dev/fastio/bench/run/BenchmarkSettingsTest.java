package dev.fastio.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Each benchmark class carries the settings {@link RunSettings#declared} reads, so running one
 * class with plain JMH gives the same forks, iterations and heap; cold classes carry theirs; the
 * full run warms up as they do.
 */
class BenchmarkSettingsTest {
    @Test
    void everySuiteClassCarriesTheFullRunsSettings() {
        RunSettings full = RunSettings.declared(Path.of("fastio-data"));
        assertThat(RunSettings.full(Path.of("fastio-data")).warmupIterations()).isEqualTo(full.warmupIterations());
        assertThat(RunSettings.full(Path.of("fastio-data")).warmupMillis()).isEqualTo(full.warmupMillis());
        for (Suite s : Suites.all()) {
            Class<?> c = s.benchmark();
            Fork fork = c.getAnnotation(Fork.class);
            Warmup warmup = c.getAnnotation(Warmup.class);
            Measurement measurement = c.getAnnotation(Measurement.class);
            assertThat(fork).as("@Fork on %s", c.getSimpleName()).isNotNull();
            assertThat(warmup).as("@Warmup on %s", c.getSimpleName()).isNotNull();
            assertThat(measurement).as("@Measurement on %s", c.getSimpleName()).isNotNull();
            assertThat(fork.jvmArgs()).as(c.getSimpleName()).containsExactlyElementsOf(RunSettings.FORK_JVM_ARGS);
            if (s.cold()) {
                assertThat(fork.value()).as(c.getSimpleName()).isEqualTo(10);
                assertThat(warmup.iterations()).isZero();
                assertThat(measurement.iterations()).isEqualTo(1);
                continue;
            }
            assertThat(fork.value()).as(c.getSimpleName()).isEqualTo(full.forks());
            assertThat(warmup.iterations()).as(c.getSimpleName()).isEqualTo(full.warmupIterations());
            assertThat(warmup.timeUnit().toMillis(warmup.time())).isEqualTo(full.warmupMillis());
            assertThat(measurement.iterations()).as(c.getSimpleName()).isEqualTo(full.iterations());
            assertThat(measurement.timeUnit().toMillis(measurement.time())).isEqualTo(full.iterationMillis());
            assertThat(warmup.timeUnit()).isEqualTo(TimeUnit.SECONDS);
        }
    }

    /**
     * JMH takes a method's own {@code @Fork} whole, in place of its class's: one that adds a flag
     * ({@code jvmArgsAppend}) must name the shared ones too ({@link FastioBenchmark}'s constants).
     */
    @Test
    void aMethodsOwnForkKeepsTheSharedFlags() {
        int seen = 0;
        for (Suite s : Suites.all()) {
            for (java.lang.reflect.Method m : s.benchmark().getMethods()) {
                Fork fork = m.getAnnotation(Fork.class);
                if (fork != null) {
                    seen++;
                    assertThat(fork.jvmArgs()).as("%s.%s", s.benchmark().getSimpleName(), m.getName())
                            .containsExactlyElementsOf(RunSettings.FORK_JVM_ARGS);
                }
            }
        }
        assertThat(seen).as("methods with a @Fork of their own").isPositive();
    }

    @Test
    void inheritedCYardsticksAndDeclaringSuiteOnlyProbesAreLeftOutOfTheColdAndTwoThreadSuites() {
        java.util.Map<String, java.util.List<String>> excluded = new java.util.HashMap<>();
        for (Suite s : Suites.all()) {
            excluded.put(s.name(), SuiteOptions.excludeRegexes(s));
        }
        assertThat(excluded.get("IpLoad")).isEmpty();
        assertThat(excluded.get("FileCache")).isEmpty();
        assertThat(excluded.get("IpLoadCold")).containsExactlyInAnyOrder(
                "^\\Qdev.fastio.bench.array.IpLoadColdBenchmark\\E\\.cReadWhole$",
                "^\\Qdev.fastio.bench.array.IpLoadColdBenchmark\\E\\.cReadStaged$");
        assertThat(excluded.get("FileCacheTwoThreads")).containsExactlyInAnyOrder(
                "^\\Qdev.fastio.bench.cache.FileCacheTwoThreadsBenchmark\\E\\.cStat$",
                "^\\Qdev.fastio.bench.cache.FileCacheTwoThreadsBenchmark\\E\\.statUnixView$",
                "^\\Qdev.fastio.bench.cache.FileCacheTwoThreadsBenchmark\\E\\.statBasicView$",
                "^\\Qdev.fastio.bench.cache.FileCacheTwoThreadsBenchmark\\E\\.validatedHitJdkPath$");
        assertThat("dev.fastio.bench.array.IpLoadColdBenchmark.cReadWhole").matches(excluded.get("IpLoadCold").get(0).replace("cReadStaged", "cReadWhole"));
    }

    /** A process benchmark whose program is not on the PATH is left out, not failed; one that is there runs. */
    @Test
    void processBenchmarksNeedTheirProgramOnThePath() throws Exception {
        for (java.lang.reflect.Method m : dev.fastio.bench.gzip.GzipBenchmark.class.getMethods()) {
            NeedsTool tool = m.getAnnotation(NeedsTool.class);
            if (tool == null) {
                continue;
            }
            String regex = "^\\Qdev.fastio.bench.gzip.GzipBenchmark\\E\\." + m.getName() + "$";
            Suite gzip = Suites.all().stream().filter(s -> s.name().equals("Gzip")).findFirst().orElseThrow();
            if (SuiteOptions.onPath(tool.value())) {
                assertThat(SuiteOptions.excludeRegexes(gzip)).doesNotContain(regex);
            } else {
                assertThat(SuiteOptions.excludeRegexes(gzip)).contains(regex);
            }
        }
        assertThat(SuiteOptions.onPath("sh")).isTrue();
        assertThat(SuiteOptions.onPath("no-such-program-fastio")).isFalse();
    }

    /**
     * A benchmark of a native library is left out where the library ships no code for the
     * platform (GKL on aarch64, say), so that the suite and the README's quick run still finish;
     * it runs where the library ships, and there a library that does not load fails it.
     */
    @Test
    void nativeLibraryBenchmarksRunOnlyWhereTheLibraryShips() throws Exception {
        Suite peers = Suites.all().stream().filter(s -> s.name().equals("GzipPeers")).findFirst().orElseThrow();
        int annotated = 0;
        for (java.lang.reflect.Method m : dev.fastio.bench.gzip.GzipPeersBenchmark.class.getMethods()) {
            NeedsNativeLibrary lib = m.getAnnotation(NeedsNativeLibrary.class);
            if (lib == null) {
                continue;
            }
            annotated++;
            String regex = "^\\Qdev.fastio.bench.gzip.GzipPeersBenchmark\\E\\." + m.getName() + "$";
            if (SuiteOptions.shipsHere(lib)) {
                assertThat(SuiteOptions.excludeRegexes(peers)).doesNotContain(regex);
            } else {
                assertThat(SuiteOptions.excludeRegexes(peers)).contains(regex);
            }
        }
        assertThat(annotated).as("the GKL benchmarks").isEqualTo(2);
        NeedsNativeLibrary gkl = dev.fastio.bench.gzip.GzipPeersBenchmark.class.getMethod("gklWhole").getAnnotation(NeedsNativeLibrary.class);
        assertThat(gkl.cpuFlag()).isEqualTo("avx");
        if (System.getProperty("os.arch").equals("amd64") && System.getProperty("os.name").startsWith("Linux")) {
            assertThat(SuiteOptions.shipsHere(gkl, java.util.Set.of("fpu", "sse2", "avx", "avx2"))).isTrue();
            assertThat(SuiteOptions.shipsHere(gkl, java.util.Set.of("fpu", "sse2"))).as("a CPU model without AVX (QEMU's qemu64)").isFalse();
            assertThat(SuiteOptions.shipsHere(gkl, null)).as("flags unknown: not held against it").isTrue();
        }
        String arch = System.getProperty("os.arch");
        try {
            System.setProperty("os.arch", "aarch64");
            assertThat(SuiteOptions.excludeRegexes(peers)).as("on aarch64").filteredOn(r -> !r.contains("Libdeflate"))
                    .hasSize(2).allMatch(r -> r.contains("gkl"));
        } finally {
            System.setProperty("os.arch", arch);
        }
    }

    /** A benchmark that forces a native decoder runs only where this JVM's native layer binds it. */
    @Test
    void nativeDecoderBenchmarksRunOnlyWhereTheDecoderBinds() {
        int annotated = 0;
        for (Suite suite : Suites.all()) {
            for (java.lang.reflect.Method m : suite.benchmark().getMethods()) {
                NeedsNativeDecoder decoder = m.getAnnotation(NeedsNativeDecoder.class);
                if (decoder == null || m.getDeclaringClass() != suite.benchmark()) {
                    continue;
                }
                annotated++;
                String regex = "^" + java.util.regex.Pattern.quote(suite.benchmark().getName()) + "\\." + m.getName() + "$";
                boolean binds = dev.fastio.internal.gzip.Decoders.refusal(dev.fastio.internal.nativeio.NativeLayer.awaitBound(), decoder.value()) == null;
                if (binds) {
                    assertThat(SuiteOptions.excludeRegexes(suite)).as(m.getName()).doesNotContain(regex);
                } else {
                    assertThat(SuiteOptions.excludeRegexes(suite)).as(m.getName()).contains(regex);
                }
            }
        }
        assertThat(annotated).as("the libdeflate benchmarks of GzipPeers and Gzip").isEqualTo(2);
    }

    @Test
    void cpuFlagsAreReadFromCpuinfo(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path cpuinfo = Files.writeString(dir.resolve("cpuinfo"), "processor\t: 0\nvendor_id\t: AuthenticAMD\n"
                + "flags\t\t: fpu vme sse2 avx avx2\n\nprocessor\t: 1\nflags\t\t: fpu\n");
        assertThat(SuiteOptions.cpuFlags(cpuinfo)).containsExactlyInAnyOrder("fpu", "vme", "sse2", "avx", "avx2");
        assertThat(SuiteOptions.cpuFlags(dir.resolve("missing"))).isNull();
        assertThat(SuiteOptions.cpuFlags(Files.writeString(dir.resolve("arm"), "Features\t: fp asimd\n"))).isNull();
    }
}
