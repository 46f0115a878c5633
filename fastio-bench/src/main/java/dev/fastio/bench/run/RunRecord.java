package dev.fastio.bench.run;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import dev.fastio.copy.AtomicWrite;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * What a run of {@code fastio bench} needs to go on after an interruption, as {@value #FILE} in
 * its folder: how it was asked for (mode, suites, settings, budget), what it ran on (the JDK,
 * the machine, the benchmark jar), and its sittings (when each ran, what it finished). It is
 * rewritten after every JMH run, as the results are, so a run killed at any moment can be
 * resumed from it ({@code fastio bench --resume DIR}); a resumed run on another JDK, machine or
 * build is refused ({@link #differences}): its figures would not be one run's.
 */
public final class RunRecord {
    public static final String FILE = "run.json";

    /** The most a record may hold; a bigger file is not one {@code fastio bench} wrote. */
    private static final long MAX_BYTES = 1L << 20;

    /** One stretch of a run between a start (or a resume) and its end or interruption. */
    public static final class Sitting {
        public String started;
        public String ended;
        public double seconds;
        /** First-pass benchmarks this sitting finished. */
        public int firstPass;
        /** Planned rounds this sitting ran (or began). */
        public List<Integer> rounds = new ArrayList<>();
        /** Forks it ran. */
        public int forks;
        /** Whether it reached its end (the report written), not an interruption. */
        public boolean finished;
    }

    public String mode;
    public String command;
    public List<String> suites = new ArrayList<>();
    public long budgetSeconds;
    public int forks;
    public int warmups;
    public int warmupMillis;
    public int iterations;
    public int iterationMillis;
    public boolean gcProfiler;
    public String dataDir;
    /** Whether the run generates missing data (not {@code --no-gen}); a resume does as the run did. */
    public boolean generate = true;
    public int looks;
    /** Rounds the planner has judged and planned so far (a look each), whether or not they finished. */
    public int roundsPlanned;
    /** First-pass benchmarks in all. */
    public int firstPassTotal;
    public Map<String, String> identity = new LinkedHashMap<>();
    public List<Sitting> sittings = new ArrayList<>();

    /** A record for a new run; its first sitting starts now. */
    public static RunRecord start(String mode, String command, List<String> suites, long budgetSeconds, RunSettings s, int looks) {
        RunRecord r = new RunRecord();
        r.mode = mode;
        r.command = command;
        r.suites = new ArrayList<>(suites);
        r.budgetSeconds = budgetSeconds;
        r.forks = s.forks();
        r.warmups = s.warmupIterations();
        r.warmupMillis = s.warmupMillis();
        r.iterations = s.iterations();
        r.iterationMillis = s.iterationMillis();
        r.gcProfiler = s.gcProfiler();
        r.dataDir = s.dataDir().toAbsolutePath().toString();
        r.looks = looks;
        r.identity = identity();
        r.newSitting();
        return r;
    }

    /** The settings the run was started with. */
    public RunSettings settings() {
        RunSettings base = mode.equals("full") ? RunSettings.full(Path.of(dataDir)) : RunSettings.quick(Path.of(dataDir));
        return base.withForks(forks).withIterations(warmups, warmupMillis, iterations, iterationMillis).withGcProfiler(gcProfiler);
    }

    /** Starts the next sitting; its number (from 1). */
    public int newSitting() {
        Sitting s = new Sitting();
        s.started = now();
        s.ended = s.started;
        sittings.add(s);
        return sittings.size();
    }

    public Sitting current() {
        return sittings.get(sittings.size() - 1);
    }

    /** Seconds the sittings before this one took: what the budget has already spent. */
    public double spentBefore() {
        return sittings.subList(0, sittings.size() - 1).stream().mapToDouble(x -> x.seconds).sum();
    }

    /** The current sitting's end moved to now, {@code seconds} long. */
    public void touch(double seconds) {
        current().ended = now();
        current().seconds = seconds;
    }

    /**
     * How this JVM differs from the one the run began on (its JDK, machine or benchmark jar), one
     * line each; empty where it is the same.
     */
    public List<String> differences() {
        Map<String, String> here = identity();
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : identity.entrySet()) {
            String now = here.get(e.getKey());
            if (!e.getValue().equals(now)) {
                out.add(e.getKey() + ": the run's " + e.getValue() + ", here " + now);
            }
        }
        here.keySet().stream().filter(k -> !identity.containsKey(k)).forEach(k -> out.add(k + ": not recorded by the run"));
        return out;
    }

    /** The sittings, one line each, for the report's environment table. */
    public String sittingsText() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < sittings.size(); i++) {
            Sitting s = sittings.get(i);
            b.append(i == 0 ? "" : "; ").append(i + 1).append(": ").append(minute(s.started)).append(" to ").append(minute(s.ended))
                    .append(" (").append(Math.round(s.seconds / 60)).append(" min, ").append(s.firstPass)
                    .append(" first-pass benchmarks");
            if (!s.rounds.isEmpty()) {
                b.append(", round").append(s.rounds.size() == 1 ? " " : "s ").append(s.rounds.get(0));
                if (s.rounds.size() > 1) {
                    b.append('–').append(s.rounds.get(s.rounds.size() - 1));
                }
            }
            b.append(", ").append(s.forks).append(" forks").append(s.finished ? "" : ", interrupted").append(')');
        }
        return b.toString();
    }

    /** "2026-11-28 22:01" of an ISO date-time. */
    private static String minute(String isoDateTime) {
        return isoDateTime.substring(0, Math.min(16, isoDateTime.length())).replace('T', ' ');
    }

    public void write(Path dir) throws IOException {
        AtomicWrite.write(dir.resolve(FILE), GSON.toJson(this).getBytes(StandardCharsets.UTF_8), false);
    }

    /**
     * The record in {@code dir}.
     *
     * @throws IOException none there, not a regular file (a link is not followed), or not a record
     */
    public static RunRecord read(Path dir) throws IOException {
        dir = trustedFolder(dir);
        Path file = dir.resolve(FILE);
        // the record says where data is generated and what runs: only a folder and a file of this
        // user's that no one else can write, so another user cannot plant one (THREATS.md)
        for (Path p : new Path[] {dir, file}) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !ownOnly(p)) {
                throw new IOException(p + " is not this user's own (another user owns it or can write it): a record there "
                        + "could have been written by someone else");
            }
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(file + " is not there (or not a regular file): not a folder `fastio bench` wrote, "
                    + "or one from before runs could be resumed");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readNBytes((int) MAX_BYTES + 1);
        }
        if (bytes.length > MAX_BYTES) {
            throw new IOException(file + " is larger than " + (MAX_BYTES >> 10) + " KiB: not a record `fastio bench` wrote");
        }
        RunRecord r;
        try {
            r = GSON.fromJson(new String(bytes, StandardCharsets.UTF_8), RunRecord.class);
        } catch (JsonParseException e) {
            // Gson's message is several lines and a link: the first line's place in the file is what helps
            String where = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("").replaceFirst("^.*Exception: ", "");
            throw new IOException(file + " is not a run record `fastio bench` wrote (not its JSON: " + where + ")", e);
        }
        // bounds well past any run's, so that no sum or product of them overflows (a budget of 2^63 s would never end)
        if (r == null || !("quick".equals(r.mode) || "full".equals(r.mode)) || r.dataDir == null || r.dataDir.indexOf('\0') >= 0
                || r.identity == null || r.identity.containsKey(null) || r.identity.containsValue(null)
                || r.sittings == null || r.sittings.isEmpty() || r.sittings.size() > 10_000 || r.suites == null || r.suites.contains(null)
                || r.looks < 1 || r.looks > 100 || r.budgetSeconds < 0 || r.budgetSeconds > MAX_SECONDS
                || r.forks < 0 || r.forks > 1_000 || r.warmups < 0 || r.warmups > 1_000 || r.iterations < 1 || r.iterations > 1_000
                || r.warmupMillis < 1 || r.warmupMillis > 3_600_000 || r.iterationMillis < 1 || r.iterationMillis > 3_600_000
                || r.roundsPlanned < 0 || r.roundsPlanned > 100 || r.sittings.stream().anyMatch(s -> s == null || s.started == null
                        || s.ended == null || s.rounds == null || !(s.seconds >= 0 && s.seconds <= MAX_SECONDS))) {
            throw new IOException(file + " is not a run record `fastio bench` wrote (a field is missing or out of range)");
        }
        return r;
    }

    /** Owned by this user, not a link, and writable by neither group nor others; true where POSIX attributes are not kept. */
    /** A year: longer than any budget or sitting a record can honestly hold. */
    private static final long MAX_SECONDS = 366L * 24 * 3600;

    /**
     * {@code dir} resolved once to its real path, where every folder above it is owned by root or
     * this user and writable by no one else unless it has the sticky bit: then no one else can
     * swap a name on the way to it (for a link to a folder of theirs) between this check and the
     * run's reads and writes, which use the path returned. A check of the folder alone was not
     * enough: in a parent another user can write, the folder was swapped for a link to a forged
     * record between the check and the read (found from outside; THREATS.md).
     *
     * @param dir a run's folder, or a data folder (which need not exist yet: its nearest existing
     *     folder is checked, and the rest is made by this user)
     * @return the real path to use from here on
     * @throws IOException a folder on the way is another user's or writable by others
     */
    public static Path trustedFolder(Path dir) throws IOException {
        Path abs = dir.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new IOException(dir + ": no folder on its way exists");
        }
        Path real = existing.toRealPath();
        Integer me = uid(Path.of("/proc/self"));
        if (me != null) {
            for (Path p = real; p != null; p = p.getParent()) {
                Integer owner = uid(p);
                int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
                boolean othersWrite = (mode & 0022) != 0;
                boolean sticky = (mode & 01000) != 0;
                if (owner == null || (owner != 0 && !owner.equals(me)) || (othersWrite && !(sticky && p != real))) {
                    throw new IOException(dir + " is reached through " + p + ", which " + (othersWrite ? "others can write" : "another user owns")
                            + ": someone else could swap a name on the way to it");
                }
            }
        }
        return real.resolve(existing.relativize(abs));
    }

    /** The owner's uid, or null where the filesystem has no unix view. */
    private static Integer uid(Path p) throws IOException {
        try {
            return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean ownOnly(Path p) throws IOException {
        java.nio.file.attribute.PosixFileAttributes a;
        try {
            a = Files.readAttributes(p, java.nio.file.attribute.PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException e) {
            return true;
        }
        java.nio.file.attribute.UserPrincipal me = p.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
        java.util.Set<java.nio.file.attribute.PosixFilePermission> perms = a.permissions();
        return !a.isSymbolicLink() && a.owner().equals(me)
                && !perms.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE)
                && !perms.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
    }

    /** The JDK, the machine and the benchmark jar this JVM runs: what a resumed run must share with its start. */
    static Map<String, String> identity() {
        Map<String, String> id = new LinkedHashMap<>();
        id.put("JDK", System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.vm.version") + ", " + System.getProperty("java.vendor") + ") at "
                + System.getProperty("java.home"));
        id.put("machine", firstLine(Path.of("/proc/sys/kernel/hostname")) + ", machine id " + firstLine(Path.of("/etc/machine-id"))
                + ", " + value(Path.of("/proc/cpuinfo"), "model name") + ", " + Runtime.getRuntime().availableProcessors()
                + " cores, " + value(Path.of("/proc/meminfo"), "MemTotal"));
        id.put("build", build());
        return id;
    }

    /** The benchmark jar: its size and CRC32C (another commit, or the same one built again, is another build). */
    private static String build() {
        try {
            Path jar = Path.of(RunRecord.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                return "classes in " + jar;
            }
            CRC32C crc = new CRC32C();
            byte[] buf = new byte[1 << 16];
            long size = 0;
            try (InputStream in = Files.newInputStream(jar)) {
                for (int n; (n = in.read(buf)) > 0; size += n) {
                    crc.update(buf, 0, n);
                }
            }
            return jar.getFileName() + ", " + size + " bytes, CRC32C " + Long.toHexString(crc.getValue());
        } catch (IOException | java.net.URISyntaxException | RuntimeException e) {
            return "unknown (" + e + ")";
        }
    }

    private static String firstLine(Path file) {
        try (java.io.BufferedReader r = Files.newBufferedReader(file)) {
            String l = r.readLine();
            return l == null ? "unknown" : l.strip();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String value(Path file, String key) {
        try {
            return Files.readAllLines(file).stream().filter(l -> l.startsWith(key)).map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String now() {
        return ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().create();
}
