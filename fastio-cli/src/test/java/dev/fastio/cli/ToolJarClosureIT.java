package dev.fastio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * Every class the tool jar's commands can reach is in the tool jar or the JDK, and none is JMH's.
 * The tool jar takes the benchmark module's classes by file-name patterns ({@code fastio-cli/pom.xml},
 * execution {@code tool-jar}): a class named the wrong way would go missing (a
 * {@code NoClassDefFoundError} the day a command first reaches it), or bring JMH in. This check
 * does not trust the patterns; it walks the classes from the tool jar's entry points.
 *
 * <ul>
 *   <li><b>Entry points.</b> The classes the launcher ({@code ./fastio}) runs from the tool jar
 *       ({@code -cp "$tool_jar" CLASS}: {@code Main}, {@code Training}); the class of every
 *       command of {@code Main} that the launcher does not send to the benchmark jar, each built
 *       by {@code Main.tree} from the tool jar alone, in a class loader of its own; every provider
 *       the jar's {@code META-INF/services} files name (the report's experiment catalogs, jline's
 *       terminal providers); and what fastio's classes load by name ({@link #BY_NAME}).</li>
 *   <li><b>Edges.</b> The JDK's {@code jdeps -verbose:class -filter:none} on the tool jar: every
 *       class a class file names (constant pool, descriptors, signatures, annotations), in the
 *       view of each JDK the jar serves (its base release, and the running JDK's where the jar is
 *       multi-release and has classes for it).</li>
 *   <li><b>The rule.</b> A class reached that jdeps finds neither in the jar nor in the JDK fails
 *       the check, named with the chain of classes that reach it, unless it is one the tool jar
 *       leaves out on purpose and only the classes allowed to name it do ({@link #ABSENT}); a JMH
 *       class reached fails it wherever it is.</li>
 *   <li><b>What it cannot see, held to a list.</b> A class loaded by name is no edge: a reached
 *       fastio class that calls {@code Class.forName}, {@code ClassLoader.loadClass},
 *       {@code Lookup.findClass} or {@code ServiceLoader.load} fails the check unless
 *       {@link #BY_NAME} or {@link #SERVICES} says what it loads. (Third-party libraries are in
 *       the tool jar whole, with what they load by name.)</li>
 * </ul>
 *
 * Classes the jar holds that no entry point reaches do not matter here. Runs after
 * {@code package} (failsafe), on the jars the build just made.
 */
class ToolJarClosureIT {
    static final Path TOOL_JAR = ToolJarIT.TOOL_JAR;
    static final Path BENCH_JAR = Path.of("target", "fastio.jar").toAbsolutePath();
    static final Path LAUNCHER = Path.of("..", "fastio").toAbsolutePath().normalize();

    /**
     * A class the tool jar leaves out on purpose although a class it reaches names it: the classes
     * allowed to name it ({@code referrers}), and why that is safe. A name ending in '.' is a
     * package and those below it.
     */
    record Absent(String missing, String referrers, String why) {
        boolean covers(String cls, String from) {
            return matches(missing, cls) && matches(referrers, from);
        }

        private static boolean matches(String pattern, String cls) {
            return pattern.endsWith(".") ? cls.startsWith(pattern) : cls.equals(pattern);
        }
    }

    static final List<Absent> ABSENT = List.of(
            new Absent("dev.fastio.cli.BenchCommand", "dev.fastio.cli.Main",
                    "bench runs from the benchmark jar: Main.tree adds BenchCommand only where benchIsHere() finds the"
                            + " suite runner on the class path, and in the tool jar a stand-in that says where bench runs"),
            new Absent("org.jline.nativ.", "org.jline.terminal.",
                    "jline-native (JNI) is not in the tool jar's artifactSet: jline-terminal tries it inside"
                            + " catch (Throwable) and falls back to its reflection pipe"));

    /** fastio's classes that load classes by name, and the classes they load. */
    static final Map<String, List<String>> BY_NAME = Map.of(
            // the JDK 22+ overlay's FFM binding (META-INF/versions/22); a JDK 17 build has none
            "dev.fastio.internal.nativeio.NativeBindings", List.of("dev.fastio.internal.nativeio.FfmBinding"),
            // JDK 21's virtual thread class, to tell a virtual thread (no class of the jar's)
            "dev.fastio.internal.nativeio.Syscalls", List.of());

    /** fastio's classes that load through {@code ServiceLoader}, and the service they load. */
    static final Map<String, String> SERVICES = Map.of(
            "dev.fastio.report.claims.Experiments", "dev.fastio.report.claims.ExperimentCatalog");

    /** The calls that load a class by name or through a service ({@code owner.name}, as in the class file). */
    static final Set<String> LOADS_BY_NAME = Set.of("java/lang/Class.forName", "java/lang/ClassLoader.loadClass",
            "java/lang/invoke/MethodHandles$Lookup.findClass");
    static final Set<String> LOADS_SERVICES = Set.of("java/util/ServiceLoader.load", "java/util/ServiceLoader.loadInstalled");

    @Test
    void everyClassTheToolCommandsReachIsInTheToolJarOrTheJdkAndNoneIsJmhs() throws Exception {
        Map<String, String> entries = entryPoints();
        int base = baseRelease();
        Set<Integer> releases = new TreeSet<>(List.of(base));
        if (hasVersionedClasses(TOOL_JAR)) {
            releases.add(Runtime.version().feature());
        }
        List<String> problems = new ArrayList<>();
        for (int release : releases) {
            problems.addAll(check(entries, release));
        }
        assertThat(problems).as("the tool jar (%s) against the classes its commands reach, releases %s", TOOL_JAR, releases)
                .isEmpty();
    }

    /** The entry points: class name, and why it is one. */
    static Map<String, String> entryPoints() throws Exception {
        Map<String, String> entries = new LinkedHashMap<>();
        String launcher = Files.readString(LAUNCHER);
        Matcher m = Pattern.compile("-cp \"\\$tool_jar\" ([\\w.$]+)").matcher(launcher);
        while (m.find()) {
            entries.putIfAbsent(m.group(1), "the launcher runs it from the tool jar");
        }
        assertThat(entries).as("classes the launcher runs from the tool jar (-cp \"$tool_jar\" CLASS in %s)", LAUNCHER)
                .containsKey(Main.class.getName());

        Set<String> elsewhere = new TreeSet<>();
        // [[ "$cmd" == bench ]]; then exec ... -jar "$bench_jar", or [[ "$cmd" != bench ]] || exec ... -jar "$bench_jar"
        Matcher b = Pattern.compile("\\[\\[ \"\\$cmd\" (?:== (\\w+) \\]\\]; then\\s*\\n\\s*|!= (\\w+) \\]\\] \\|\\| )exec \"\\$java\" -jar \"\\$bench_jar\"")
                .matcher(launcher);
        while (b.find()) {
            elsewhere.add(b.group(1) != null ? b.group(1) : b.group(2));
        }

        // each command the tool jar serves, built as Main builds it, from the tool jar alone
        try (URLClassLoader alone = new URLClassLoader(new URL[] {TOOL_JAR.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> main = Class.forName(Main.class.getName(), true, alone);
            assertThat(main.getClassLoader()).as("Main from the tool jar").isSameAs(alone);
            Field field = main.getDeclaredField("COMMANDS");
            field.setAccessible(true);
            List<String> commands = ((List<?>) field.get(null)).stream().map(String.class::cast).toList();
            assertThat(elsewhere).as("the commands the launcher sends to the benchmark jar (%s)", LAUNCHER).isNotEmpty()
                    .isSubsetOf(commands);
            Method tree = main.getDeclaredMethod("tree", OutputStream.class, List.class);
            tree.setAccessible(true);
            for (String name : commands) {
                if (elsewhere.contains(name)) {
                    continue;
                }
                Object commandLine = tree.invoke(null, OutputStream.nullOutputStream(), List.of(name));
                Map<?, ?> subcommands = (Map<?, ?>) commandLine.getClass().getMethod("getSubcommands").invoke(commandLine);
                Object sub = subcommands.get(name);
                assertThat(sub).as("command %s built from the tool jar alone", name).isNotNull();
                Class<?> cls = sub.getClass().getMethod("getCommand").invoke(sub).getClass();
                assertThat(cls.getClassLoader()).as("the class of command %s comes from the tool jar", name).isSameAs(alone);
                entries.putIfAbsent(cls.isHidden() ? cls.getNestHost().getName() : cls.getName(), "the class of the command " + name);
            }
        }
        return entries;
    }

    /** The problems of one release's view of the tool jar: none where every class reached is there. */
    static List<String> check(Map<String, String> entries, int release) throws IOException {
        String self = TOOL_JAR.getFileName().toString();
        Map<String, Set<String>> deps = new HashMap<>();
        Map<String, String> where = new HashMap<>();
        jdeps(TOOL_JAR, release, deps, where);
        List<String> problems = new ArrayList<>();
        Set<String> benchJar = classes(BENCH_JAR, release);

        Map<String, String> reachedFrom = new LinkedHashMap<>(); // class -> the class that reached it first ("" for an entry point)
        Map<String, String> why = new LinkedHashMap<>(entries);
        Deque<String> todo = new ArrayDeque<>();
        for (String root : entries.keySet()) {
            reachedFrom.put(root, "");
            todo.add(root);
        }
        try (JarFile tool = open(TOOL_JAR, release)) {
            services(tool).forEach((provider, file) -> {
                why.putIfAbsent(provider, "named by " + file);
                if (reachedFrom.putIfAbsent(provider, "") == null) {
                    todo.add(provider);
                }
            });
            while (!todo.isEmpty()) {
                String c = todo.poll();
                if (!self.equals(where.get(c))) {
                    continue; // the JDK's, or missing: judged below
                }
                Set<String> named = new TreeSet<>(deps.getOrDefault(c, Set.of()));
                if (c.startsWith("dev.fastio.")) {
                    for (String call : calls(tool, c)) {
                        if (LOADS_BY_NAME.contains(call) && !BY_NAME.containsKey(c)) {
                            problems.add(c + " loads classes by name (" + call.replace('/', '.') + "), which no class file shows:"
                                    + " add what it loads to ToolJarClosureIT.BY_NAME — reached as" + path(c, reachedFrom, why));
                        }
                        if (LOADS_SERVICES.contains(call) && !SERVICES.containsKey(c)) {
                            problems.add(c + " loads services (" + call.replace('/', '.') + "): add the service to"
                                    + " ToolJarClosureIT.SERVICES — reached as" + path(c, reachedFrom, why));
                        }
                    }
                    for (String loaded : BY_NAME.getOrDefault(c, List.of())) {
                        if (self.equals(where.get(loaded))) {
                            named.add(loaded);
                        } else if (benchJar.contains(loaded)) {
                            problems.add(loaded + ", which " + c + " loads by name, is in the benchmark jar but not in the tool jar"
                                    + " — " + c + " is reached as" + path(c, reachedFrom, why));
                        } // else in neither: not built (the FFM overlay of a JDK 17 build), and the loader copes
                    }
                    String service = SERVICES.get(c);
                    if (service != null) {
                        Set<String> wanted = providers(BENCH_JAR, release, service);
                        Set<String> have = providers(TOOL_JAR, release, service);
                        if (!have.containsAll(wanted)) {
                            problems.add("META-INF/services/" + service + ", which " + c + " loads, names " + have + " in the tool jar but "
                                    + wanted + " in the benchmark jar — " + c + " is reached as" + path(c, reachedFrom, why));
                        }
                    }
                }
                for (String d : named) {
                    if (!self.equals(where.get(d)) && !isJdk(where.get(d))) {
                        // judged on every edge, not only the first: an absence allowed from one class is not from another
                        Absent absent = ABSENT.stream().filter(a -> a.covers(d, c)).findFirst().orElse(null);
                        if (absent == null || d.startsWith("org.openjdk.jmh.")) {
                            problems.add(missing(d, benchJar) + namedBy(c, reachedFrom, why));
                        }
                    }
                    if (reachedFrom.putIfAbsent(d, c) == null) {
                        todo.add(d);
                    }
                }
            }
        }
        for (String root : why.keySet()) { // the launcher's, the commands', the services files'
            if (!self.equals(where.get(root))) {
                problems.add("the entry point " + root + " (" + why.get(root) + ") is not in the tool jar");
            }
        }
        for (String c : reachedFrom.keySet()) {
            if (c.startsWith("org.openjdk.jmh.") && self.equals(where.get(c))) {
                problems.add("JMH's " + c + " is reached, and in the tool jar" + namedBy(reachedFrom.get(c), reachedFrom, why));
            }
        }
        long inJar = reachedFrom.keySet().stream().filter(c -> self.equals(where.get(c))).count();
        long all = where.values().stream().filter(self::equals).count();
        System.out.printf("release %d: entry points %s; %d of the tool jar's %d classes reached; %d problems%n",
                release, why.keySet(), inJar, all, problems.size());
        return problems.stream().distinct().toList();
    }

    private static String missing(String cls, Set<String> benchJar) {
        if (cls.startsWith("org.openjdk.jmh.")) {
            return "JMH's " + cls + " is reached: the tool commands must run without JMH";
        }
        if (cls.startsWith("dev.fastio.")) {
            return cls + " is reached but not in the tool jar" + (benchJar.contains(cls) ? " (the benchmark jar has it:"
                    + " fastio-cli/pom.xml, execution tool-jar, leaves it out)" : "");
        }
        return cls + " is reached but neither in the tool jar nor in the JDK";
    }

    /** " — named by C, reached as C <- B <- A (the entry point: why)". */
    private static String namedBy(String from, Map<String, String> reachedFrom, Map<String, String> why) {
        return " — named by " + from + ", reached as" + path(from, reachedFrom, why);
    }

    /** " C <- B <- A (the entry point: why)". */
    private static String path(String from, Map<String, String> reachedFrom, Map<String, String> why) {
        StringBuilder sb = new StringBuilder();
        String c = from;
        for (int i = 0; i < 1000; i++) {
            sb.append(i == 0 ? " " : " <- ").append(c);
            String up = reachedFrom.get(c);
            if (up == null || up.isEmpty()) {
                return sb.append(" (the entry point: ").append(why.get(c)).append(')').toString();
            }
            c = up;
        }
        return sb.toString();
    }

    private static boolean isJdk(String location) {
        return location != null && !location.equals("not found");
    }

    /** jdeps' class-to-class edges of {@code jar} as {@code release} sees it, and where each class it names is. */
    static void jdeps(Path jar, int release, Map<String, Set<String>> deps, Map<String, String> where) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new AssertionError("no jdeps in " + System.getProperty("java.home") + ": run the build with a JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = jdeps.run(new PrintWriter(out), new PrintWriter(err),
                "--multi-release", Integer.toString(release), "-verbose:class", "-filter:none", jar.toString());
        assertThat(status).as("jdeps: %s%s", err, out).isZero();
        String self = jar.getFileName().toString();
        // "   dev.fastio.cli.Main   -> dev.fastio.cli.GenCommand   fastio-tool.jar" (or a module, "JDK internal API (...)",
        // "not found"); a class of a multi-release jar's META-INF/versions/22 is "22/dev.fastio...."
        Pattern edge = Pattern.compile("^\\s+(?:\\d+/)?(\\S+)\\s+->\\s+(?:\\d+/)?(\\S+)\\s+(\\S.*?)\\s*$");
        for (String line : out.toString().split("\\R")) {
            Matcher m = edge.matcher(line);
            if (m.matches()) {
                deps.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
                where.put(m.group(1), self);
                where.putIfAbsent(m.group(2), m.group(3));
            }
        }
        assertThat(deps).as("jdeps' edges of %s (its output did not parse?)%n%s", jar, out).isNotEmpty();
    }

    /** The classes of {@code jar} as {@code release} sees it. */
    static Set<String> classes(Path jar, int release) throws IOException {
        Set<String> classes = new TreeSet<>();
        try (JarFile j = open(jar, release)) {
            j.versionedStream().map(JarEntry::getName).filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                    .forEach(n -> classes.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
        }
        return classes;
    }

    /** The providers the jar's services files name: provider, and the file. */
    static Map<String, String> services(JarFile jar) throws IOException {
        Map<String, String> providers = new TreeMap<>();
        for (JarEntry e : jar.versionedStream().filter(e -> e.getName().startsWith("META-INF/services/") && !e.isDirectory()).toList()) {
            boolean flat = e.getName().indexOf('/', "META-INF/services/".length()) < 0;
            for (String line : read(jar, e).split("\\R")) {
                String s = line.replaceFirst("#.*", "").strip();
                Matcher property = Pattern.compile("class\\s*=\\s*(\\S+)").matcher(s); // jline's provider files
                if (property.matches()) {
                    providers.putIfAbsent(property.group(1), e.getName());
                } else if (flat && !s.isEmpty()) {
                    providers.putIfAbsent(s, e.getName()); // java.util.ServiceLoader's
                }
            }
        }
        return providers;
    }

    static Set<String> providers(Path jar, int release, String service) throws IOException {
        try (JarFile j = open(jar, release)) {
            JarEntry e = j.getJarEntry("META-INF/services/" + service);
            Set<String> providers = new TreeSet<>();
            if (e != null) {
                read(j, e).lines().map(l -> l.replaceFirst("#.*", "").strip()).filter(l -> !l.isEmpty()).forEach(providers::add);
            }
            return providers;
        }
    }

    /** The methods {@code cls}'s class file calls ({@code owner.name}), read from its constant pool. */
    static Set<String> calls(JarFile jar, String cls) throws IOException {
        JarEntry e = jar.getJarEntry(cls.replace('.', '/') + ".class");
        try (InputStream in = jar.getInputStream(e)) {
            return methodRefs(in.readAllBytes());
        }
    }

    /** The Methodref and InterfaceMethodref entries of a class file's constant pool, as {@code owner.name}. */
    static Set<String> methodRefs(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        assertThat(in.readInt()).as("a class file's magic").isEqualTo(0xCAFEBABE);
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] first = new int[count];
        int[] second = new int[count];
        int[] tag = new int[count];
        for (int i = 1; i < count; i++) {
            tag[i] = in.readUnsignedByte();
            switch (tag[i]) {
                case 1 -> utf8[i] = in.readUTF(); // modified UTF-8 after a u2 length, as DataInput reads it
                case 7, 8, 16, 19, 20 -> first[i] = in.readUnsignedShort();
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++; // takes two entries
                }
                case 9, 10, 11, 12, 17, 18 -> {
                    first[i] = in.readUnsignedShort();
                    second[i] = in.readUnsignedShort();
                }
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("constant pool tag " + tag[i] + " at entry " + i);
            }
        }
        Set<String> refs = new TreeSet<>();
        for (int i = 1; i < count; i++) {
            if (tag[i] == 10 || tag[i] == 11) {
                String owner = utf8[first[first[i]]];
                String name = utf8[first[second[i]]];
                refs.add(owner + "." + name);
            }
        }
        return refs;
    }

    private static JarFile open(Path jar, int release) throws IOException {
        return new JarFile(jar.toFile(), true, ZipFile.OPEN_READ, Runtime.Version.parse(Integer.toString(release)));
    }

    private static String read(JarFile jar, JarEntry e) throws IOException {
        try (InputStream in = jar.getInputStream(e)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The release the tool jar's base is compiled for (its Main's class file version). */
    static int baseRelease() throws IOException {
        try (JarFile j = new JarFile(TOOL_JAR.toFile()); InputStream in = j.getInputStream(j.getJarEntry("dev/fastio/cli/Main.class"))) {
            byte[] head = in.readNBytes(8);
            return ((head[6] & 0xff) << 8 | (head[7] & 0xff)) - 44;
        }
    }

    private static boolean hasVersionedClasses(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.isMultiRelease() && j.stream().anyMatch(e -> e.getName().startsWith("META-INF/versions/") && e.getName().endsWith(".class"));
        }
    }
}
