package dev.fastio.bench.run;

import dev.fastio.bench.data.DataDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * What a suite runs on this machine and with which JMH options: its benchmarks (less those whose
 * program or native library is not here, and the inherited C yardsticks), the iterations and
 * forks of the settings, the fork JVM's flags and the data folder; and the counts the progress
 * bar and the planner size a run by.
 */
public final class SuiteOptions {
    private SuiteOptions() {}

    /** Benchmarks × parameter combinations the suite will run, with these settings. */
    public static int benchmarkCount(Suite suite, RunSettings settings) {
        int count = 0;
        for (BenchmarkListEntry e : entries(suite)) {
            count += combinations(e, suite, settings);
        }
        return count;
    }

    public static long iterationsPerBenchmark(Suite suite, RunSettings s) {
        if (suite.cold()) {
            return coldForks(s);
        }
        return (long) (s.warmupIterations() + s.iterations()) * Math.max(1, s.forks());
    }

    /** Cold suites measure one operation per JVM: the fork count is the sample size. */
    static int coldForks(RunSettings s) {
        // full: 5, not the 10 a cold class declares for a plain JMH run; the rounds add forks where a claim needs them
        return s.forks() == 0 ? 0 : s.quickScale() ? 3 : 5;
    }

    /** The JVM arguments of every fork: the heap, native access and the data folder. */
    static List<String> forkJvmArgs(RunSettings s) {
        List<String> jvmArgs = new ArrayList<>(s.forkJvmArgs());
        jvmArgs.add("-D" + DataDir.PROPERTY + "=" + s.dataDir().toAbsolutePath());
        return jvmArgs;
    }

    static ChainedOptionsBuilder options(Suite suite, RunSettings s) {
        ChainedOptionsBuilder b = common(suite, s).include(includeRegex(suite));
        excludeRegexes(suite).forEach(b::exclude);
        if (suite.cold()) {
            b.forks(coldForks(s));
        }
        if (s.quickScale()) {
            suite.quickParams().forEach(b::param);
        }
        return b;
    }

    /** The settings of every run of {@code suite}: iterations, JVM flags, profiler; no benchmarks named. */
    static ChainedOptionsBuilder common(Suite suite, RunSettings s) {
        List<String> jvmArgs = forkJvmArgs(s);
        ChainedOptionsBuilder b = new OptionsBuilder()
                .forks(s.forks())
                .warmupIterations(s.warmupIterations())
                .warmupTime(TimeValue.milliseconds(s.warmupMillis()))
                .measurementIterations(s.iterations())
                .measurementTime(TimeValue.milliseconds(s.iterationMillis()))
                // jvmArgs, not jvmArgsAppend: a method's own @Fork(jvmArgsAppend) (the JDK-path twin of a
                // native-layer benchmark, run with -Dfastio.native=false) must survive these options
                .jvmArgs(jvmArgs.toArray(String[]::new))
                .shouldFailOnError(true)
                .timeout(TimeValue.minutes(10));
        if (suite.cold()) {
            b.warmupIterations(0).measurementIterations(1);
        }
        if (s.gcProfiler()) {
            b.addProfiler(GCProfiler.class);
        }
        if (s.forks() == 0) {
            // in-process runs (tests) read the data folder from this JVM's property
            System.setProperty(DataDir.PROPERTY, s.dataDir().toAbsolutePath().toString());
        }
        return b;
    }

    static String includeRegex(Suite suite) {
        return "^" + Pattern.quote(suite.benchmark().getName()) + "\\.";
    }

    /**
     * The benchmarks a suite leaves out: those that need a program the PATH lacks
     * ({@link NeedsTool}) or a native library that does not ship for this platform
     * ({@link NeedsNativeLibrary}) or a native decoder this JVM cannot bind ({@link NeedsNativeDecoder}), and the C yardsticks ({@code c…} methods, a process each) a class
     * inherits: the cold and two-thread variants of a suite would only run the same C program
     * again, in more forks.
     */
    static List<String> excludeRegexes(Suite suite) {
        List<String> out = new ArrayList<>();
        for (java.lang.reflect.Method m : suite.benchmark().getMethods()) {
            NeedsTool tool = m.getAnnotation(NeedsTool.class);
            if (tool != null && !onPath(tool.value())) { // a process benchmark whose program is not installed
                out.add("^" + Pattern.quote(suite.benchmark().getName()) + "\\." + m.getName() + "$");
                continue;
            }
            NeedsNativeLibrary lib = m.getAnnotation(NeedsNativeLibrary.class);
            if (lib != null && !shipsHere(lib)) { // a library whose native code does not ship for this platform
                out.add("^" + Pattern.quote(suite.benchmark().getName()) + "\\." + m.getName() + "$");
                continue;
            }
            NeedsNativeDecoder decoder = m.getAnnotation(NeedsNativeDecoder.class);
            if (decoder != null && dev.fastio.internal.gzip.Decoders.refusal(dev.fastio.internal.nativeio.NativeLayer.awaitBound(), decoder.value()) != null) {
                out.add("^" + Pattern.quote(suite.benchmark().getName()) + "\\." + m.getName() + "$");
                continue;
            }
            boolean inherited = m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class) && m.getDeclaringClass() != suite.benchmark();
            if (inherited && (m.isAnnotationPresent(DeclaringSuiteOnly.class)
                    || m.getName().length() > 1 && m.getName().charAt(0) == 'c' && Character.isUpperCase(m.getName().charAt(1)))) {
                out.add("^" + Pattern.quote(suite.benchmark().getName()) + "\\." + m.getName() + "$");
            }
        }
        return out;
    }

    /**
     * Whether this JVM's platform ({@code os.arch}, {@code os.name}, and on Linux the CPU flags of
     * {@code /proc/cpuinfo}) is one {@code lib} ships native code for.
     */
    static boolean shipsHere(NeedsNativeLibrary lib) {
        return shipsHere(lib, cpuFlags(Path.of("/proc/cpuinfo")));
    }

    /** As {@link #shipsHere(NeedsNativeLibrary)}, with the CPU's flags given (null: unknown, not checked). */
    static boolean shipsHere(NeedsNativeLibrary lib, java.util.Set<String> cpuFlags) {
        String arch = System.getProperty("os.arch", "").toLowerCase(java.util.Locale.ROOT);
        String os = System.getProperty("os.name", "");
        return java.util.Arrays.asList(lib.arch()).contains(arch) && java.util.Arrays.stream(lib.os()).anyMatch(os::startsWith)
                && (lib.cpuFlag().isEmpty() || cpuFlags == null || cpuFlags.contains(lib.cpuFlag()));
    }

    /** The flags of the first CPU in {@code cpuinfo} ("flags : fpu vme … avx …"), or null where there is no such file. */
    static java.util.Set<String> cpuFlags(Path cpuinfo) {
        try (java.util.stream.Stream<String> lines = Files.lines(cpuinfo)) {
            return lines.filter(l -> l.startsWith("flags")).findFirst()
                    .map(l -> java.util.Set.of(l.substring(l.indexOf(':') + 1).trim().split("\\s+")))
                    .orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether {@code program} is an executable file in a folder of the PATH. */
    static boolean onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String folder : path.split(java.io.File.pathSeparator)) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, program))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The suite's first pass as one target per benchmark and parameter set, in JMH's order: what
     * a full run runs one JMH run at a time, so that every benchmark's forks are on disk as soon
     * as it ends and an interrupted run loses at most the one that was running
     * ({@link SuiteRunner.Session#firstPass(List, java.util.Set)}). Cold suites get their fork
     * count ({@link #coldForks}), the others the settings' forks.
     */
    public static List<SuiteRunner.Target> firstPassTargets(Suite suite, RunSettings s) {
        List<SuiteRunner.Target> out = new ArrayList<>();
        int forks = s.forks() == 0 ? 0 : suite.cold() ? coldForks(s) : s.forks();
        String prefix = suite.benchmark().getName() + ".";
        for (BenchmarkListEntry e : entries(suite)) {
            String method = e.getUsername().substring(prefix.length());
            java.util.TreeMap<String, String[]> values = new java.util.TreeMap<>();
            if (e.getParams().hasValue()) {
                for (Map.Entry<String, String[]> p : e.getParams().get().entrySet()) {
                    String[] override = s.quickScale() ? suite.quickParams().get(p.getKey()) : null;
                    values.put(p.getKey(), override != null ? override : p.getValue());
                }
            }
            List<Map<String, String>> combos = new ArrayList<>();
            combos.add(Map.of());
            for (Map.Entry<String, String[]> p : values.entrySet()) {
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> c : combos) {
                    for (String v : p.getValue()) {
                        Map<String, String> m = new java.util.TreeMap<>(c);
                        m.put(p.getKey(), v);
                        next.add(m);
                    }
                }
                combos = next;
            }
            for (Map<String, String> c : combos) {
                out.add(new SuiteRunner.Target(suite, method, e.getMode().shortLabel(), c, forks));
            }
        }
        return out;
    }

    private static Collection<BenchmarkListEntry> entries(Suite suite) {
        return BenchmarkList.defaultList().find(SuiteRunner.SILENT, List.of(includeRegex(suite)), excludeRegexes(suite));
    }

    private static int combinations(BenchmarkListEntry e, Suite suite, RunSettings s) {
        int n = 1;
        if (e.getParams().hasValue()) {
            for (Map.Entry<String, String[]> p : e.getParams().get().entrySet()) {
                String[] override = s.quickScale() ? suite.quickParams().get(p.getKey()) : null;
                n *= override != null ? override.length : p.getValue().length;
            }
        }
        return n;
    }
}
