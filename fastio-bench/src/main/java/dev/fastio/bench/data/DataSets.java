package dev.fastio.bench.data;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The catalog of every input the seed articles use, by scale. Benchmarks find their files here by
 * name ({@link #binary}, {@link #text}, ...), so the generator and the readers cannot disagree.
 */
public final class DataSets {
    /** Article 000: InputStream / Reader opening. */
    public static final long[] OPEN_SIZES = {16, 4 * 1024, 32 * 1024, 500_000, 5_000_000};
    /** Article 003: file copy, 5 KB ... 1.3 GB; the last only at full scale. */
    public static final long[] COPY_SIZES_QUICK = {5 * 1024, 50 * 1024, 5L << 20, 50L << 20};
    public static final long COPY_SIZE_ENORMOUS = 1_300L << 20;
    /** Article 001: the IPv4 list, 26 M lines at full scale. */
    public static final int IPV4_LINES_FULL = 26_000_000;
    public static final int IPV4_LINES_QUICK = 2_000_000;
    /** Article 002: the small CSV. */
    public static final long CSV_SIZE = 2_048;

    private DataSets() {}

    public static List<DataFile> files(Scale scale) {
        List<DataFile> files = new ArrayList<>();
        for (long size : OPEN_SIZES) {
            files.add(new DataFile(binaryName(size), size, Generators::binary));
            files.add(new DataFile(textName(size), size, Generators.text(Generators.Language.ASCII)));
            files.add(new DataFile(latin1Name(size), size, Generators.text(Generators.Language.LATIN1)));
            files.add(new DataFile(japaneseName(size), size, Generators.text(Generators.Language.JAPANESE)));
        }
        List<Long> copySizes = new ArrayList<>();
        for (long s : COPY_SIZES_QUICK) {
            copySizes.add(s);
        }
        if (scale == Scale.FULL) {
            copySizes.add(COPY_SIZE_ENORMOUS);
        }
        for (long size : copySizes) {
            files.add(new DataFile(binaryName(size), size, Generators::binary));
            files.add(new DataFile(textName(size), size, Generators.text(Generators.Language.ASCII)));
        }
        files.add(new DataFile(csvName(), CSV_SIZE, Generators::csv));
        // the quick list is in both scales: the unbuffered DataInputStream run always reads it
        List<Integer> ipv4 = scale == Scale.FULL ? List.of(IPV4_LINES_QUICK, IPV4_LINES_FULL) : List.of(IPV4_LINES_QUICK);
        for (int lines : ipv4) {
            files.add(new DataFile(ipv4TextName(lines), lines, DataSets::ipv4Text));
            files.add(new DataFile(ipv4BinaryName(lines), lines, DataSets::ipv4Binary));
        }
        // article 004: the IPv4 text, gzipped (the largest list of the scale)
        int gzLines = ipv4.get(ipv4.size() - 1);
        files.add(new DataFile(ipv4GzipName(gzLines), gzLines, DataSets::ipv4Gzip));
        // the same text as BGZF, whose blocks fastio inflates on every core
        files.add(new DataFile(ipv4BgzfName(gzLines), gzLines, DataSets::ipv4Bgzf));
        // de-duplicate names (a size may be in two articles' lists)
        List<DataFile> unique = new ArrayList<>();
        for (DataFile f : files) {
            if (unique.stream().noneMatch(u -> u.name().equals(f.name()))) {
                unique.add(f);
            }
        }
        return unique;
    }

    public static int ipv4Lines(Scale scale) {
        return scale == Scale.FULL ? IPV4_LINES_FULL : IPV4_LINES_QUICK;
    }

    public static String binaryName(long size) {
        return "binary-" + size + ".bin";
    }

    public static String textName(long size) {
        return "text-" + size + ".txt";
    }

    public static String latin1Name(long size) {
        return "latin1-" + size + ".txt";
    }

    public static String japaneseName(long size) {
        return "japanese-" + size + ".txt";
    }

    public static String csvName() {
        return "small.csv";
    }

    public static String ipv4TextName(int lines) {
        return "ipv4-" + lines + ".txt";
    }

    public static String ipv4GzipName(int lines) {
        return "ipv4-" + lines + ".txt.gz";
    }

    public static String ipv4BgzfName(int lines) {
        return "ipv4-" + lines + ".txt.bgz";
    }

    public static String ipv4BinaryName(int lines) {
        return "ipv4-" + lines + ".bin";
    }

    /** The text and binary IPv4 files hold the same addresses: both draw from this seed. */
    private static long ipv4Seed(long lines) {
        return new DataFile("ipv4-" + lines, lines, null).seed();
    }

    private static final int IPV4_BLOCK = 1 << 16;

    private static void ipv4Text(long lines, long seed, OutputStream out, LongConsumer progress) throws IOException {
        Generators.Mix mix = new Generators.Mix(ipv4Seed(lines));
        byte[] buf = new byte[IPV4_BLOCK * 16];
        for (long done = 0; done < lines; ) {
            int n = (int) Math.min(IPV4_BLOCK, lines - done);
            int len = 0;
            for (int ip : Generators.ipv4Block(mix, n)) {
                len += Generators.formatIpv4(ip, buf, len);
            }
            out.write(buf, 0, len);
            progress.accept(len);
            done += n;
        }
    }

    /** The IPv4 text at gzip level 6; progress counts compressed bytes, which is what the file holds. */
    private static void ipv4Gzip(long lines, long seed, OutputStream out, LongConsumer progress) throws IOException {
        try (OutputStream gz = dev.fastio.gzip.Gzip.writer(counting(out, progress), dev.fastio.gzip.Gzip.DEFAULT_LEVEL)) {
            ipv4Text(lines, seed, gz, n -> {});
        }
    }

    /** The IPv4 text as BGZF at level 6 (fastio's writer; {@code bgzip} reads it back). */
    private static void ipv4Bgzf(long lines, long seed, OutputStream out, LongConsumer progress) throws IOException {
        try (OutputStream gz = dev.fastio.gzip.Gzip.bgzfWriter(counting(out, progress), dev.fastio.gzip.Gzip.DEFAULT_LEVEL)) {
            ipv4Text(lines, seed, gz, n -> {});
        }
    }

    /** Counts compressed bytes into {@code progress}; closing it flushes (the generator closes the file itself). */
    private static OutputStream counting(OutputStream out, LongConsumer progress) {
        return new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                progress.accept(len);
            }

            @Override
            public void write(int b) throws IOException {
                out.write(b);
                progress.accept(1);
            }

            @Override
            public void close() throws IOException {
                flush(); // the generator closes the file itself
            }
        };
    }

    /**
     * Big-endian ints, as {@code DataOutputStream.writeInt} writes them, in the article's
     * sort-preserving signed form ({@code natural ^ 0x80000000}, its {@code + Integer.MIN_VALUE}).
     */
    private static void ipv4Binary(long lines, long seed, OutputStream out, LongConsumer progress) throws IOException {
        Generators.Mix mix = new Generators.Mix(ipv4Seed(lines));
        ByteBuffer buf = ByteBuffer.allocate(IPV4_BLOCK * 4);
        for (long done = 0; done < lines; ) {
            int n = (int) Math.min(IPV4_BLOCK, lines - done);
            buf.clear();
            for (int ip : Generators.ipv4Block(mix, n)) {
                buf.putInt(ip ^ 0x80000000);
            }
            out.write(buf.array(), 0, buf.position());
            progress.accept(buf.position());
            done += n;
        }
    }
}
