package dev.fastio.internal.nativeio;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Loads jffi's native stub so that no other user of the machine can put their code in its place.
 *
 * <p><b>Why.</b> jffi, left to itself, writes the stub from its jar to
 * {@code File.createTempFile("jffi", ".so")} in {@code java.io.tmpdir}, reopens that name to write
 * it (following a link planted there), and loads it by name. In a temporary folder with the
 * sticky bit (the usual {@code /tmp}) another user can neither remove nor rename the file; in one
 * without it (a shared scratch folder set as {@code TMPDIR}, or {@code -Djava.io.tmpdir}), they can
 * swap the name for their own library between the write and the load, and run their code in this
 * process. jffi also falls back to the working folder when the temporary one is not writable.
 *
 * <p><b>How.</b> Before any jffi class loads, fastio puts the stub (read from jffi's native jar on
 * the class path, compared byte for byte with what is there already) in
 * {@code <cache>/fastio/native/jffi-<length>-<crc32c>/<platform>/libjffi-1.2.so}, where the cache is
 * {@code $XDG_CACHE_HOME} or {@code ~/.cache}, else {@code java.io.tmpdir/fastio-<uid>}; and only
 * where every folder from the root down is owned by root or this user and writable by no one
 * else unless it has the sticky bit, the last ones (made here, 0700) this user's alone, the file
 * 0600, and the mount is not {@code noexec}. It then sets {@code jffi.boot.library.path} (where
 * jffi looks first) and {@code jffi.extract.dir} (where it would extract if that load failed) to
 * that folder for the moment jffi initializes, and clears them; it loads the stub itself first
 * (where jffi shares its class loader), so that jffi finds it loaded and never falls back to its
 * own places, and afterwards reads {@code /proc/self/maps} to see that this is the one jffi stub
 * mapped. A folder whose path holds {@code :} is refused (jffi splits its path there), as is a
 * symbolic link on the way owned by another user or in a folder others can change. A user who set
 * {@code -Djffi.boot.library.path} chose their stub: it is used as it is, if it is there.
 */
final class JffiStub {
    /** jffi 1.x loads {@code libjffi-1.2.so} (its stub's soname is independent of the jar's version). */
    private static final String STUB = "libjffi-1.2.so";
    private static final String BOOT = "jffi.boot.library.path";
    private static final String EXTRACT = "jffi.extract.dir";
    private static final long MAX_STUB = 16 << 20;

    private JffiStub() {}

    /**
     * Makes jffi load its stub from a folder only this user can write, then initializes jffi.
     *
     * @return where the stub was loaded from, for the status line
     * @throws Exception why it was not loaded: no stub for this platform, no safe folder, a load that failed
     */
    static String load() throws Exception {
        String platform = platform();
        String user = System.getProperty(BOOT);
        if (user != null) {
            // the user's stub, as they set it; but only a file that is there: where none is, jffi
            // would go on to extract its own to a temporary file, which this class exists to avoid
            Path chosen = userStub(user, platform);
            preload(chosen);
            com.kenai.jffi.Invoker.getInstance();
            checkMapped(chosen);
            return chosen + " (from -D" + BOOT + ")";
        }
        String resource = "jni/" + platform + "/" + STUB;
        byte[] stub = read(resource);
        String digest = contentName(stub);
        List<String> refused = new ArrayList<>();
        int uid = uid();
        for (Path base : candidates(uid)) {
            Path file;
            Path folder;
            try {
                folder = prepare(base, "jffi-" + digest, platform, stub, uid);
                file = folder.resolve(platform).resolve(STUB);
                preload(file);
            } catch (IOException e) {
                refused.add(base + ": " + e.getMessage());
                continue;
            }
            String previousExtract = System.getProperty(EXTRACT);
            System.setProperty(BOOT, folder.toString());
            System.setProperty(EXTRACT, folder.toString());
            try {
                com.kenai.jffi.Invoker.getInstance(); // finds the stub loaded, at the path it looks first
            } finally {
                System.clearProperty(BOOT);
                if (previousExtract == null) {
                    System.clearProperty(EXTRACT);
                } else {
                    System.setProperty(EXTRACT, previousExtract);
                }
            }
            checkMapped(file);
            return file.toString();
        }
        throw new IOException("no folder only this user can write to put jffi's stub in (" + String.join("; ", refused) + ")");
    }

    /**
     * Loads the stub at {@code file} before jffi does, where jffi's classes share this class's
     * loader (the JVM ties a library to one loader): jffi's own load of that path then finds it
     * loaded, and a stub that cannot be loaded is an error here, where jffi would go on to try
     * {@code java.library.path}, a file of its own in {@code java.io.tmpdir} and the working folder.
     */
    private static void preload(Path file) throws IOException {
        ClassLoader jffi = com.kenai.jffi.Invoker.class.getClassLoader(); // loaded, not initialized: no stub yet
        if (jffi != JffiStub.class.getClassLoader()) {
            return; // another loader: jffi loads it, from the path set first (checked after by checkMapped)
        }
        try {
            System.load(file.toString());
        } catch (UnsatisfiedLinkError e) {
            throw new IOException(file + " cannot be loaded: " + e.getMessage(), e);
        }
    }

    /**
     * The stub a user's {@code -Djffi.boot.library.path} names, where jffi looks for it: in each
     * of its folders, {@code <platform>/libjffi-1.2.so} then {@code libjffi-1.2.so}.
     */
    private static Path userStub(String bootPath, String platform) throws IOException {
        for (String dir : bootPath.split(java.io.File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            for (Path f : List.of(Path.of(dir, platform, STUB), Path.of(dir, STUB))) {
                if (Files.isRegularFile(f)) {
                    return f.toAbsolutePath();
                }
            }
        }
        throw new IOException("-D" + BOOT + "=" + bootPath + " holds no " + platform + "/" + STUB + " nor " + STUB
                + " (jffi would then extract its own to a temporary file)");
    }

    /**
     * After jffi has loaded: the one jffi stub mapped into this process is {@code expected}. Not a
     * defence (a library's code has run once it is mapped) but the proof that the folder checked
     * is the one loaded from, and an error, with the layer off, where it is not.
     */
    static void checkMapped(Path expected) throws IOException {
        String want = expected.toRealPath().toString();
        java.util.Set<String> mapped = new java.util.TreeSet<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            int slash = line.indexOf('/');
            if (slash > 0 && line.contains("jffi")) {
                mapped.add(line.substring(slash));
            }
        }
        if (!mapped.equals(java.util.Set.of(want))) {
            throw new IOException("jffi's stub is mapped from " + mapped + ", not only from " + want);
        }
    }

    /** jffi's name for this platform's stub folder in its jar. */
    static String platform() {
        String arch = System.getProperty("os.arch", "");
        String cpu = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64" : arch;
        return cpu + "-Linux";
    }

    private static byte[] read(String resource) throws IOException {
        ClassLoader loader = com.kenai.jffi.Invoker.class.getClassLoader(); // jffi's own, as its loader looks
        try (InputStream in = loader == null ? null : loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("jffi's native jar (com.github.jnr:jffi, classifier native) is not on the class path, or has no "
                        + resource);
            }
            byte[] b = in.readNBytes((int) MAX_STUB + 1);
            if (b.length > MAX_STUB) {
                throw new IOException(resource + " is larger than " + MAX_STUB + " bytes");
            }
            return b;
        }
    }

    /**
     * A name for the stub's folder from its content: its length and CRC-32C. Not a checksum that
     * guards anything (the bytes there are compared with the jar's in full before each load); it
     * keeps two jffi versions' stubs apart, and costs a fresh JVM nothing, where SHA-256 loaded the
     * JDK's security providers (25 ms, on the binding's thread but before the first copy).
     */
    static String contentName(byte[] b) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(b);
        return Integer.toHexString(b.length) + "-" + Long.toHexString(crc.getValue());
    }

    /** The user's cache folder, then a folder of theirs in the temporary one. */
    private static List<Path> candidates(int uid) {
        List<Path> bases = new ArrayList<>();
        String xdg = System.getenv("XDG_CACHE_HOME");
        String home = System.getProperty("user.home");
        if (xdg != null && xdg.startsWith("/")) {
            bases.add(Path.of(xdg, "fastio", "native"));
        } else if (home != null && home.startsWith("/")) {
            bases.add(Path.of(home, ".cache", "fastio", "native"));
        }
        String tmp = System.getProperty("java.io.tmpdir");
        if (tmp != null && tmp.startsWith("/")) {
            bases.add(Path.of(tmp, "fastio-" + uid, "native"));
        }
        return bases;
    }

    /**
     * Returns {@code base/name}, with {@code platform/libjffi-1.2.so} in it holding {@code stub}:
     * made where missing, checked where present, and refused unless only this user (or root) can
     * change anything on the way to it.
     */
    static Path prepare(Path base, String name, String platform, byte[] stub, int uid) throws IOException {
        Path folder = base.resolve(name);
        Path sub = folder.resolve(platform);
        if (folder.toString().contains(java.io.File.pathSeparator)) {
            throw new IOException("its path holds '" + java.io.File.pathSeparator + "', which jffi reads as a separator between folders");
        }
        checkLinks(sub, uid);
        makeOwn(sub, uid);
        Path real = sub.toRealPath();
        if (real.toString().contains(java.io.File.pathSeparator)) {
            throw new IOException(real + " holds '" + java.io.File.pathSeparator + "', which jffi reads as a separator between folders");
        }
        checkChain(real, uid, 2);
        checkExecutable(real);
        Path file = real.resolve(STUB);
        if (!holds(file, stub, uid)) {
            Path tmp = real.resolve(STUB + "." + ProcessHandle.current().pid() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
            try (SeekableByteChannel out = Files.newByteChannel(tmp,
                    java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                ByteBuffer b = ByteBuffer.wrap(stub);
                while (b.hasRemaining()) {
                    out.write(b);
                }
            } catch (IOException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            if (!holds(file, stub, uid)) {
                throw new IOException(file + " did not hold the stub just written");
            }
        }
        return real.getParent();
    }

    /**
     * Makes the missing folders of {@code dir} below the first that exists, each 0700, once that
     * one and every folder above it pass the chain's rule (nothing is made in another user's folder).
     */
    private static void makeOwn(Path dir, int uid) throws IOException {
        List<Path> missing = new ArrayList<>();
        Path p = dir;
        for (; p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS); p = p.getParent()) {
            missing.add(0, p);
        }
        if (p != null) {
            checkChain(p.toRealPath(), uid, 0);
        }
        for (Path q : missing) {
            try {
                Files.createDirectory(q, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException raced) {
                // another JVM of this user made it meanwhile, or someone else put something there
            }
            // nothing made through what another user put at a name: the next folder goes in this one only
            // if it is a folder (not a link) of this user's alone, which no one else can then replace
            Map<String, Object> a = Files.readAttributes(q, "unix:uid,mode,isDirectory", LinkOption.NOFOLLOW_LINKS);
            if (!(Boolean) a.get("isDirectory") || (Integer) a.get("uid") != uid || ((Integer) a.get("mode") & 077) != 0) {
                throw new AccessDeniedException(q.toString(), null, "not a folder of this user's alone once made (mode "
                        + Integer.toOctalString((Integer) a.get("mode") & 07777) + ", uid " + a.get("uid") + ")");
            }
        }
    }

    /**
     * Each symbolic link on the way to {@code dir}, as written: owned by root or {@code uid}, in a
     * folder that passes the chain's rule. Another user's link (in a sticky {@code /tmp}, where the
     * kernel follows it unless {@code fs.protected_symlinks} is set), or any link in a folder others
     * can change, would let them choose, and change, where the stub goes.
     */
    static void checkLinks(Path dir, int uid) throws IOException {
        Path at = dir.getRoot();
        for (Path name : dir) {
            at = at.resolve(name);
            if (!Files.exists(at, LinkOption.NOFOLLOW_LINKS)) {
                return; // from here on made by makeOwn, each checked as it is made
            }
            if (Files.isSymbolicLink(at)) {
                int owner = (Integer) Files.getAttribute(at, "unix:uid", LinkOption.NOFOLLOW_LINKS);
                if (owner != uid && owner != 0) {
                    throw new AccessDeniedException(at.toString(), null, "a symbolic link of another user's (uid " + owner + ")");
                }
                checkChain(at.getParent().toRealPath(), uid, 0);
            }
        }
    }

    /**
     * Every folder from {@code real} up to the root: a folder (never a link: {@code real} has
     * none), owned by root or {@code uid}, and writable by no one else unless it has the sticky
     * bit (which keeps others from renaming or removing what they do not own); the first
     * {@code own} of them (the stub's folder and its parent, made here) this user's alone.
     */
    static void checkChain(Path real, int uid, int own) throws IOException {
        int depth = 0;
        for (Path p = real; p != null; p = p.getParent(), depth++) {
            Map<String, Object> a = Files.readAttributes(p, "unix:uid,mode,isDirectory", LinkOption.NOFOLLOW_LINKS);
            int owner = (Integer) a.get("uid");
            int mode = (Integer) a.get("mode");
            if (!(Boolean) a.get("isDirectory")) {
                throw new IOException(p + " is not a folder");
            }
            if (owner != uid && owner != 0) {
                throw new AccessDeniedException(p.toString(), null, "owned by another user (uid " + owner + ")");
            }
            if (depth < own) {
                if (owner != uid || (mode & 077) != 0) {
                    throw new AccessDeniedException(p.toString(), null, "not this user's alone (mode " + Integer.toOctalString(mode & 07777) + ")");
                }
            } else if ((mode & 022) != 0 && (mode & 01000) == 0) {
                throw new AccessDeniedException(p.toString(), null, "writable by others without the sticky bit (mode "
                        + Integer.toOctalString(mode & 07777) + ")");
            }
        }
    }

    /** Whether {@code file} is a regular file of {@code uid}'s, writable by no one else, holding exactly {@code stub}. */
    private static boolean holds(Path file, byte[] stub, int uid) throws IOException {
        Map<String, Object> a;
        try {
            a = Files.readAttributes(file, "unix:uid,mode,isRegularFile,size", LinkOption.NOFOLLOW_LINKS);
        } catch (java.nio.file.NoSuchFileException absent) {
            return false;
        }
        if (!(Boolean) a.get("isRegularFile") || (Integer) a.get("uid") != uid || ((Integer) a.get("mode") & 022) != 0
                || (Long) a.get("size") != stub.length) {
            Files.delete(file); // in this user's own folder: a damaged or odd entry, made again
            return false;
        }
        return java.util.Arrays.equals(Files.readAllBytes(file), stub);
    }

    /** Refuses a folder on a {@code noexec} mount, where loading a library fails (after jffi would try its own temporary file). */
    private static void checkExecutable(Path real) throws IOException {
        String best = "";
        boolean noexec = false;
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] f = line.split(" ");
            if (f.length < 6) {
                continue;
            }
            String mount = f[4].replace("\\040", " ");
            if ((real.startsWith(mount)) && mount.length() >= best.length()) {
                best = mount;
                noexec = (',' + f[5] + ',').contains(",noexec,");
            }
        }
        if (noexec) {
            throw new IOException("on a noexec mount (" + best + ")");
        }
    }

    /** This process's effective user id: the second number of {@code /proc/self/status}'s {@code Uid:} line. */
    static int uid() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Uid:")) {
                int i = 4;
                for (int field = 0; field < 2; field++) {
                    while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                        i++;
                    }
                    int start = i;
                    while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                        i++;
                    }
                    if (field == 1) {
                        return Integer.parseInt(line.substring(start, i));
                    }
                }
            }
        }
        throw new IOException("no Uid line in /proc/self/status");
    }
}
