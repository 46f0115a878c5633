package dev.fastio.bench.data;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.LongConsumer;

/** Deterministic content generators: a SplitMix64 stream, so output is the same on every JDK. */
final class Generators {
    private static final int CHUNK = 1 << 20;

    private Generators() {}

    /** SplitMix64: tiny, fast, and fully specified, unlike {@code java.util.Random}'s future. */
    static final class Mix {
        private long state;

        Mix(long seed) {
            this.state = seed;
        }

        long next() {
            long z = (state += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        int below(int bound) {
            return (int) ((next() >>> 33) % bound);
        }
    }

    static void binary(long size, long seed, OutputStream out, LongConsumer progress) throws IOException {
        Mix mix = new Mix(seed);
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK);
        long left = size;
        while (left > 0) {
            chunk.clear();
            while (chunk.remaining() >= 8) {
                chunk.putLong(mix.next());
            }
            int n = (int) Math.min(left, CHUNK - chunk.remaining());
            out.write(chunk.array(), 0, n);
            left -= n;
            progress.accept(n);
        }
    }

    private static final String[] ASCII_WORDS = words(
            "file channel buffer stream reader byte array page cache kernel disk copy read write "
            + "fast slow direct heap native benchmark result score error fork warmup iteration");
    private static final String[] LATIN1_WORDS = words(
            "café naïve façade crème brûlée déjà vu garçon über straße größe señor año piñata "
            + "smörgåsbord fjörð ça été élève où là-bas æble øl å");
    private static final String[] JAPANESE_WORDS = words(
            "ファイル 読み込み 書き込み 高速 低速 バッファ ストリーム 日本語 文字列 性能 測定 "
            + "東京 大阪 桜 山 川 空 海 こんにちは ありがとう さようなら");

    private static String[] words(String s) {
        return s.split(" ");
    }

    static DataFile.Generator text(Language language) {
        String[] vocabulary = switch (language) {
            case ASCII -> ASCII_WORDS;
            case LATIN1 -> LATIN1_WORDS;
            case JAPANESE -> JAPANESE_WORDS;
        };
        byte[][] encoded = new byte[vocabulary.length][];
        for (int i = 0; i < vocabulary.length; i++) {
            encoded[i] = vocabulary[i].getBytes(StandardCharsets.UTF_8);
        }
        return (size, seed, out, progress) -> writeWords(encoded, size, seed, out, progress);
    }

    enum Language { ASCII, LATIN1, JAPANESE }

    /**
     * Lines of words, each UTF-8 encoded whole, ending exactly at {@code size}: the tail is
     * padded with ASCII so no character is cut.
     */
    private static void writeWords(byte[][] words, long size, long seed, OutputStream out, LongConsumer progress)
            throws IOException {
        Mix mix = new Mix(seed);
        byte[] chunk = new byte[CHUNK];
        int fill = 0;
        long written = 0;
        int lineLength = 0;
        while (written + fill < size) {
            long room = size - written - fill;
            byte[] word = words[mix.below(words.length)];
            boolean endLine = lineLength > 60;
            int need = word.length + 1;
            if (room <= need || fill + need > chunk.length) {
                if (room <= need) {
                    // pad the tail with ASCII: letters then a final newline
                    while (written + fill < size) {
                        chunk[fill++] = (written + fill == size) ? (byte) '\n' : (byte) 'x';
                        if (fill == chunk.length) {
                            out.write(chunk, 0, fill);
                            progress.accept(fill);
                            written += fill;
                            fill = 0;
                        }
                    }
                    break;
                }
                out.write(chunk, 0, fill);
                progress.accept(fill);
                written += fill;
                fill = 0;
                continue;
            }
            System.arraycopy(word, 0, chunk, fill, word.length);
            fill += word.length;
            chunk[fill++] = endLine ? (byte) '\n' : (byte) ' ';
            lineLength = endLine ? 0 : lineLength + need;
        }
        out.write(chunk, 0, fill);
        progress.accept(fill);
    }

    /** Article 002's small CSV: every line starts with "0,1,2,3,4,5". */
    static void csv(long size, long seed, OutputStream out, LongConsumer progress) throws IOException {
        Mix mix = new Mix(seed);
        StringBuilder sb = new StringBuilder();
        while (sb.length() < size) {
            sb.append("0,1,2,3,4,5");
            for (int i = 0; i < 6; i++) {
                sb.append(',').append(mix.below(100_000));
            }
            sb.append('\n');
        }
        sb.setLength((int) size - 1);
        sb.append('\n');
        byte[] bytes = sb.toString().getBytes(StandardCharsets.US_ASCII);
        out.write(bytes);
        progress.accept(bytes.length);
    }

    /** One IPv4 address for index i of the list: the same sequence feeds the text and binary forms. */
    static int[] ipv4Block(Mix mix, int count) {
        int[] ips = new int[count];
        for (int i = 0; i < count; i++) {
            ips[i] = (int) mix.next();
        }
        return ips;
    }

    /** Writes {@code a.b.c.d\n} for the natural bit pattern {@code ip}; returns bytes written. */
    static int formatIpv4(int ip, byte[] dst, int off) {
        int p = off;
        for (int shift = 24; shift >= 0; shift -= 8) {
            int octet = (ip >>> shift) & 0xFF;
            if (octet >= 100) {
                dst[p++] = (byte) ('0' + octet / 100);
            }
            if (octet >= 10) {
                dst[p++] = (byte) ('0' + octet / 10 % 10);
            }
            dst[p++] = (byte) ('0' + octet % 10);
            dst[p++] = (byte) (shift == 0 ? '\n' : '.');
        }
        return p - off;
    }
}
