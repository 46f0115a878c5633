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
 * fastio-core's packages depend one way, down a list of layers, read with {@code jdeps} from the
 * packaged multi-release jar (the overlay included where this JDK reads it). From the bottom:
 * <ol>
 *   <li><b>words</b>: the public packages' exceptions and values ({@code FileChangedException},
 *       {@code CopyOptions}, {@code Tail}, ...): every public class that reaches no internal class;
 *   <li><b>helpers</b>: {@code internal} (file sizes, errors that name their file),
 *       {@code internal.buffer}, {@code internal.parallel};
 *   <li><b>native</b>: {@code internal.nativeio}, the bindings, which depend on no other package;
 *   <li><b>version</b>: {@code internal.version}, the one rule of a file's version (stamps, the
 *       racy window, the growing-file rule, the clock);
 *   <li><b>engines</b>: the jobs' mechanisms, {@code internal.read}, {@code .copy}, ...;
 *   <li><b>entry points</b>: the public packages' other classes ({@code FastRead},
 *       {@code FileCopy}, ...).
 * </ol>
 * A public package is two nodes, its words and its entry points: its exceptions and values must
 * stay where users import them from, and every layer speaks them. Every other package is one
 * node. The test fails on a circle between nodes, on an import from a lower layer to a higher
 * one, and on a package no layer names (a new one must be placed). Classes of one package may
 * refer to each other; nested classes count as their top-level class; no two classes of
 * different packages may depend on each other, through others either.
 */
class LayersTest {
    private static final String WORDS = "words";

    /** The layers from the bottom, as the class comment lists them. */
    private static final List<Set<String>> LAYERS = List.of(
            Set.of(WORDS),
            Set.of("dev.fastio.internal", "dev.fastio.internal.buffer", "dev.fastio.internal.parallel"),
            Set.of("dev.fastio.internal.nativeio"),
            Set.of("dev.fastio.internal.version"),
            Set.of("dev.fastio.internal.read", "dev.fastio.internal.copy", "dev.fastio.internal.gzip", "dev.fastio.internal.ipv4",
                    "dev.fastio.internal.array", "dev.fastio.internal.cache"),
            Set.of("dev.fastio.read", "dev.fastio.copy", "dev.fastio.gzip", "dev.fastio.ipv4", "dev.fastio.array", "dev.fastio.cache"));

    @Test
    void noClassesOfTwoPackagesDependOnEachOther() throws Exception {
        Map<String, Set<String>> edges = classEdges();
        List<Set<String>> circles = new ArrayList<>();
        for (Set<String> component : stronglyConnected(edges)) {
            if (component.stream().map(LayersTest::packageOf).distinct().count() > 1) {
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

    @Test
    void packagesDependOneWayDownTheLayers() throws Exception {
        Map<String, Set<String>> classes = classEdges();
        Map<String, String> node = nodes(classes);
        Map<String, Set<String>> nodeEdges = new HashMap<>();
        Set<String> upward = new TreeSet<>();
        Set<String> unplaced = new TreeSet<>();
        classes.forEach((from, tos) -> {
            for (String to : tos) {
                String a = node.get(from);
                String b = node.get(to);
                if (a.equals(b)) {
                    continue;
                }
                nodeEdges.computeIfAbsent(a, k -> new HashSet<>()).add(b);
                int la = layerOf(a);
                int lb = layerOf(b);
                if (la < 0 || lb < 0) {
                    unplaced.add(la < 0 ? a : b);
                } else if (la < lb) {
                    upward.add(a + " -> " + b + " (" + from + " -> " + to + ")");
                }
            }
        });
        assertThat(unplaced).as("packages no layer names: place them in LAYERS").isEmpty();
        assertThat(upward).as("imports from a lower layer to a higher one").isEmpty();
        List<Set<String>> circles = stronglyConnected(nodeEdges).stream().map(c -> (Set<String>) new TreeSet<>(c)).toList();
        assertThat(circles).as("packages (a public package's words apart) in a circle").isEmpty();
        // the words are what every layer speaks: each public package has some, and the engines use them
        assertThat(node.values()).as("the words of the public packages").contains("dev.fastio.read " + WORDS, "dev.fastio.copy " + WORDS);
        assertThat(nodeEdges.get("dev.fastio.internal.version")).as("the version rule throws the read job's words")
                .contains("dev.fastio.read " + WORDS);
    }

    /** Each class's node: its package, or for a public package's class, "package words" where it reaches no internal class. */
    static Map<String, String> nodes(Map<String, Set<String>> classes) {
        Set<String> all = new HashSet<>(classes.keySet());
        classes.values().forEach(all::addAll);
        Map<String, String> node = new HashMap<>();
        for (String c : all) {
            String p = packageOf(c);
            node.put(c, p.startsWith("dev.fastio.internal") || reachesInternal(c, classes) ? p : p + " " + WORDS);
        }
        return node;
    }

    private static boolean reachesInternal(String start, Map<String, Set<String>> classes) {
        Set<String> seen = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(start));
        while (!todo.isEmpty()) {
            for (String next : classes.getOrDefault(todo.pop(), Set.of())) {
                if (packageOf(next).startsWith("dev.fastio.internal")) {
                    return true;
                }
                if (seen.add(next)) {
                    todo.push(next);
                }
            }
        }
        return false;
    }

    private static int layerOf(String node) {
        if (node.endsWith(" " + WORDS)) {
            return 0;
        }
        for (int i = 1; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(node)) {
                return i;
            }
        }
        return -1;
    }

    /** Class to the classes of fastio's it depends on (outside itself), top-level names. */
    static Map<String, Set<String>> classEdges() throws Exception {
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
        return edges;
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
