package dev.fastio.bench.data;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import dev.fastio.copy.AtomicWrite;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * Writes the data set into a folder, with a {@value #MANIFEST} recording each file's size and
 * CRC32C so that a second run skips what is already there. Every file is written with
 * {@link AtomicWrite}, so an interrupted run never leaves a short file under a real name.
 */
public final class DataGenerator {
    public static final String MANIFEST = "manifest.json";
    /** Bump when a generator's output changes, so old files are regenerated. */
    static final int FORMAT = 1;

    /** Told what happens, for a progress bar. */
    public interface Listener {
        void start(long totalBytes, int files);

        void file(String name, boolean skipped);

        void bytes(long n);

        Listener NONE = new Listener() {
            @Override
            public void start(long totalBytes, int files) {}

            @Override
            public void file(String name, boolean skipped) {}

            @Override
            public void bytes(long n) {}
        };
    }

    public record Outcome(int generated, int skipped, long bytesWritten) {}

    static final class Manifest {
        int format = FORMAT;
        TreeMap<String, Entry> files = new TreeMap<>();
    }

    static final class Entry {
        long size;
        String crc32c;
    }

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().create();

    private DataGenerator() {}

    public static Outcome generate(Path dir, Scale scale, boolean verify, Listener listener) throws IOException {
        createWritableDir(dir);
        Manifest manifest = readManifest(dir.resolve(MANIFEST));
        List<DataFile> files = DataSets.files(scale);
        long total = 0;
        for (DataFile f : files) {
            total += estimatedBytes(f);
        }
        listener.start(total, files.size());
        int generated = 0;
        int skipped = 0;
        long written = 0;
        for (DataFile f : files) {
            Path target = dir.resolve(f.name());
            Entry entry = manifest.files.get(f.name());
            if (isCurrent(target, entry, verify)) {
                listener.file(f.name(), true);
                listener.bytes(estimatedBytes(f));
                skipped++;
                continue;
            }
            listener.file(f.name(), false);
            Entry made = write(f, target, listener);
            manifest.files.put(f.name(), made);
            writeManifest(dir.resolve(MANIFEST), manifest); // after each file: an interrupted run keeps what it made
            generated++;
            written += made.size;
        }
        return new Outcome(generated, skipped, written);
    }

    static long estimatedBytes(DataFile f) {
        if (f.name().startsWith("ipv4-")) {
            return f.name().endsWith(".bin") ? f.size() * 4 : f.name().endsWith(".gz") ? f.size() * 65 / 10 : f.size() * 143 / 10;
        }
        return f.size();
    }

    private static void createWritableDir(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (AccessDeniedException e) {
            throw new IOException("cannot create data folder " + dir + ": permission denied", e);
        }
        if (!Files.isWritable(dir)) {
            throw new IOException("data folder " + dir + " is not writable");
        }
    }

    private static boolean isCurrent(Path target, Entry entry, boolean verify) throws IOException {
        if (entry == null || !Files.isRegularFile(target) || Files.size(target) != entry.size) {
            return false;
        }
        return !verify || crc32c(target).equals(entry.crc32c);
    }

    private static Entry write(DataFile f, Path target, Listener listener) throws IOException {
        CRC32C crc = new CRC32C();
        long[] count = {0};
        AtomicWrite.write(target, file -> {
            try (OutputStream out = new CheckedOutputStream(
                    new BufferedOutputStream(java.nio.channels.Channels.newOutputStream(file), 1 << 16), crc)) {
                f.generator().write(f.size(), f.seed(), out, n -> {
                    count[0] += n;
                    listener.bytes(n);
                });
            }
        });
        Entry e = new Entry();
        e.size = count[0];
        e.crc32c = Long.toHexString(crc.getValue());
        return e;
    }

    static String crc32c(Path file) throws IOException {
        CRC32C crc = new CRC32C();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                crc.update(buf, 0, n);
            }
        }
        return Long.toHexString(crc.getValue());
    }

    private static Manifest readManifest(Path file) throws IOException {
        if (!Files.exists(file)) {
            return new Manifest();
        }
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Manifest m = GSON.fromJson(r, Manifest.class);
            // an unreadable or older manifest just means: regenerate everything
            return m == null || m.format != FORMAT || m.files == null ? new Manifest() : m;
        } catch (JsonParseException e) {
            return new Manifest();
        }
    }

    private static void writeManifest(Path file, Manifest m) throws IOException {
        AtomicWrite.write(file, GSON.toJson(m).getBytes(StandardCharsets.UTF_8), false);
    }
}
