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
 * that folder for the moment jffi initializes, and clears them. A user who set
 * {@code -Djffi.boot.library.path} chose their stub: it is used as it is.
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
        String user = System.getProperty(BOOT);
        if (user != null) {
            com.kenai.jffi.Invoker.getInstance(); // the user's stub, as they set it
            return "from -D" + BOOT + "=" + user;
        }
        String platform = platform();
        String resource = "jni/" + platform + "/" + STUB;
        byte[] stub = read(resource);
        String digest = contentName(stub);
        List<String> refused = new ArrayList<>();
        int uid = uid();
        for (Path base : candidates(uid)) {
            try {
                Path folder = prepare(base, "jffi-" + digest, platform, stub, uid);
                String previousExtract = System.getProperty(EXTRACT);
                System.setProperty(BOOT, folder.toString());
                System.setProperty(EXTRACT, folder.toString());
                try {
                    com.kenai.jffi.Invoker.getInstance(); // loads the stub, from there
                } finally {
                    System.clearProperty(BOOT);
                    if (previousExtract == null) {
                        System.clearProperty(EXTRACT);
                    } else {
                        System.setProperty(EXTRACT, previousExtract);
                    }
                }
                return folder.resolve(platform).resolve(STUB).toString();
            } catch (IOException e) {
                refused.add(base + ": " + e.getMessage());
            }
        }
        throw new IOException("no folder only this user can write to put jffi's stub in (" + String.join("; ", refused) + ")");
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
        makeOwn(sub, uid);
        Path real = sub.toRealPath();
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
                // another JVM of this user made it meanwhile, or someone else did: the chain check decides
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
