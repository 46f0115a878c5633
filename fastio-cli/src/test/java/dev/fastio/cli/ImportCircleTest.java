package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.read.FastRead;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No two classes of fastio-core in different packages depend on each other, directly or through
 * others (an import circle: the package graph can then not be read from the bottom up). Read with
 * {@code jdeps} from the packaged multi-release jar, the overlay included where this JDK reads it.
 * Classes of one package may refer to each other; nested classes count as their top-level class.
 * And {@code internal.nativeio} (the bindings) depends on no other package of fastio's.
 */
class ImportCircleTest {
    @Test
    void noClassesOfTwoPackagesDependOnEachOther() throws Exception {
        Path jar = Path.of(FastRead.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(jar.toString()).endsWith(".jar");
        String modulePath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("caffeine") || p.contains("jffi")).collect(Collectors.joining(File.pathSeparator));
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String release = Runtime.version().feature() >= 22 ? Integer.toString(Runtime.version().feature()) : "base";
        int rc = jdeps.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                "-verbose:class", "-filter:none", "--multi-release", release, "--module-path", modulePath, jar.toString());
        assertThat(rc).as(err.toString(StandardCharsets.UTF_8)).isZero();

        Map<String, Set<String>> edges = new HashMap<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[1].equals("->") && f[0].startsWith("dev.fastio.") && f[2].startsWith("dev.fastio.")) {
                String from = topLevel(f[0]);
                String to = topLevel(f[2]);
                if (!from.equals(to)) {
                    edges.computeIfAbsent(from, k -> new HashSet<>()).add(to);
                }
            }
        }
        assertThat(edges.get("dev.fastio.array.ArrayFiles")).as("jdeps read fastio's classes").contains("dev.fastio.internal.array.ChunkedArrayIO");
        List<Set<String>> circles = new ArrayList<>();
        for (Set<String> component : stronglyConnected(edges)) {
            if (component.stream().map(ImportCircleTest::packageOf).distinct().count() > 1) {
                circles.add(new TreeSet<>(component));
            }
        }
        assertThat(circles).as("classes of different packages that depend on each other").isEmpty();
        // the native layer's package holds the bindings only: it depends on no other package of fastio's
        // (the engines that call it live in their jobs' packages, above it)
        Set<String> bindingsReach = new TreeSet<>();
        edges.forEach((from, to) -> {
            if (packageOf(from).equals("dev.fastio.internal.nativeio")) {
                to.stream().filter(t -> !packageOf(t).equals("dev.fastio.internal.nativeio")).forEach(bindingsReach::add);
            }
        });
        assertThat(bindingsReach).as("what internal.nativeio depends on outside itself").isEmpty();
    }

    private static String topLevel(String cls) {
        int dollar = cls.indexOf('$');
        return dollar < 0 ? cls : cls.substring(0, dollar);
    }

    private static String packageOf(String cls) {
        return cls.substring(0, cls.lastIndexOf('.'));
    }

    /** Tarjan's algorithm, iterative: each set is a strongly connected component of more than one class. */
    private static List<Set<String>> stronglyConnected(Map<String, Set<String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<Set<String>> result = new ArrayList<>();
        int[] counter = {0};
        for (String start : edges.keySet()) {
            if (index.containsKey(start)) {
                continue;
            }
            Deque<Object[]> work = new ArrayDeque<>();
            work.push(new Object[] {start, edges.getOrDefault(start, Set.of()).iterator()});
            index.put(start, counter[0]);
            low.put(start, counter[0]++);
            stack.push(start);
            onStack.add(start);
            while (!work.isEmpty()) {
                Object[] frame = work.peek();
                String v = (String) frame[0];
                @SuppressWarnings("unchecked")
                java.util.Iterator<String> it = (java.util.Iterator<String>) frame[1];
                if (it.hasNext()) {
                    String w = it.next();
                    if (!index.containsKey(w)) {
                        index.put(w, counter[0]);
                        low.put(w, counter[0]++);
                        stack.push(w);
                        onStack.add(w);
                        work.push(new Object[] {w, edges.getOrDefault(w, Set.of()).iterator()});
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = (String) work.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> component = new HashSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        component.add(w);
                    } while (!w.equals(v));
                    if (component.size() > 1) {
                        result.add(component);
                    }
                }
            }
        }
        return result;
    }
}
