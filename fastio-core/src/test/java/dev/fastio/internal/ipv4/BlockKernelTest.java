package dev.fastio.internal.ipv4;

import dev.fastio.ipv4.Ipv4;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The stretch kernel ({@link BlockKernel}) against the exact, byte-at-a-time
 * {@link ExactLineParser}: what it accepts it must read the same way, it must refuse every line
 * the exact parser rejects whatever bytes surround the line, and it must accept every well-formed
 * line (else it would be correct but slow).
 */
class BlockKernelTest {
    /** The exact parser's address for {@code b[s..nl)}, or -1. */
    private static long exact(byte[] b, int s, int nl) {
        long r = ExactLineParser.parse(b, s, nl);
        return r < 0 ? -1 : r;
    }

    /** The line at {@code s} of {@code b}, ending at the first newline: kernel and exact parser agree. */
    private static void agree(byte[] b, int s, String what) {
        int nl = s;
        while (b[nl] != '\n') {
            nl++;
        }
        long expected = exact(b, s, nl);
        long got = BlockKernel.line(b, s, nl);
        if (got != -1 || expected == -1) {
            assertThat(got).as("line %s", what).isEqualTo(expected);
        }
    }

    private static byte[] padded(String text) {
        byte[] t = text.getBytes(StandardCharsets.ISO_8859_1);
        return Arrays.copyOf(t, t.length + BlockKernel.PAD);
    }

    private static String show(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.ISO_8859_1).replace("\r", "\\r").replace("\n", "\\n");
    }

    @Property(tries = 3000)
    void everyWellFormedLineIsAccepted(@ForAll @IntRange(min = 0, max = 255) int a, @ForAll @IntRange(min = 0, max = 255) int b,
            @ForAll @IntRange(min = 0, max = 255) int c, @ForAll @IntRange(min = 0, max = 255) int d,
            @ForAll boolean crlf, @ForAll("tails") String next) {
        String address = a + "." + b + "." + c + "." + d;
        String line = address + (crlf ? "\r\n" : "\n");
        byte[] buf = padded(line + next);
        int nl = line.length() - 1;
        assertThat(BlockKernel.line(buf, 0, nl)).as(line).isEqualTo(Ipv4.parse(address) & 0xFFFF_FFFFL);
    }

    @Provide
    Arbitrary<String> tails() {
        return Arbitraries.strings().withChars("0123456789.\r\nx\u00ff ").ofMaxLength(20);
    }

    @Property(tries = 20000)
    void neverAcceptsWhatTheExactParserRejects(@ForAll("nearMisses") String body, @ForAll("tails") String next) {
        byte[] b = padded(body + "\n" + next);
        agree(b, 0, body);
    }

    @Provide
    Arbitrary<String> nearMisses() {
        return Arbitraries.strings().withChars("0123456789....\r\u00ff:/ \u0080").ofMaxLength(20);
    }

    /**
     * Every byte value at every position of the 16 bytes the kernel loads for a line, for lines
     * of every length from 7 to 15 and both line ends: each change either leaves a line the exact
     * parser reads (the kernel must agree) or breaks it (the kernel must refuse or agree).
     */
    @Test
    void everyByteAtEveryPositionOfTheWindow() {
        String[] lines = {"1.2.3.4\n", "1.2.3.45\n", "10.20.3.4\r\n", "192.168.1.1\n", "255.255.255.255\n", "0.0.0.0\r\n",
            "99.199.249.250\n", "100.20.3.255\r\n", "8.88.188.8\n", "255.255.255.25\r\n"};
        for (String line : lines) {
            String text = line + "7.7.7.7\n";
            for (int pos = 0; pos < 16; pos++) {
                for (int v = 0; v < 256; v++) {
                    byte[] b = padded(text);
                    b[pos] = (byte) v;
                    if (b[0] == '\n') {
                        continue; // the line became empty: parse() never gives the kernel a line it cannot start
                    }
                    agree(b, 0, line.strip() + " with byte " + v + " at " + pos);
                }
            }
        }
    }

    @Test
    void randomAddressesAtEveryLengthAgreeWithTheJdk() {
        Random r = new Random(7);
        for (int k = 0; k < 100_000; k++) {
            int ip = r.nextInt();
            if (r.nextBoolean()) {
                ip &= 0x0F3F_071F; // short octets too, so every length pattern occurs
            }
            String line = Ipv4.format(ip) + "\n";
            byte[] b = padded(line + Ipv4.format(r.nextInt()) + "\n");
            assertThat(BlockKernel.line(b, 0, line.length() - 1)).as(line).isEqualTo(ip & 0xFFFF_FFFFL);
        }
    }

    /**
     * Whole blocks through {@link BlockKernel#parse}, the exact parser taking each refused line as
     * the parser does: the addresses are those of parsing line by line, for blocks that cross
     * the kernel's 4 KiB stretches, with short and long junk lines among valid ones.
     */
    @Property(tries = 300)
    void blocksGiveTheAddressesOfParsingLineByLine(@ForAll("blocks") List<String> lines) {
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(l).append('\n');
        }
        byte[] b = padded(sb.toString());
        int to = b.length - BlockKernel.PAD;
        List<Long> expected = new ArrayList<>();
        for (int s = 0; s < to; ) {
            int nl = s;
            while (b[nl] != '\n') {
                nl++;
            }
            long r = exact(b, s, nl);
            if (r >= 0) {
                expected.add(r);
            }
            s = nl + 1;
        }
        BlockKernel k = new BlockKernel(new int[to / 8 + lines.size() + 1]);
        List<Long> got = new ArrayList<>();
        int s = 0;
        while (true) {
            int refused = k.parse(b, s, to, 0);
            if (refused == to) {
                break;
            }
            int nl = refused;
            while (b[nl] != '\n') {
                nl++;
            }
            long r = exact(b, refused, nl);
            if (r >= 0) {
                k.out[k.count++] = (int) r; // a line the kernel left to the exact parser, which took it
            }
            s = nl + 1;
            if (s == to) {
                break;
            }
        }
        for (int i = 0; i < k.count; i++) {
            got.add(k.out[i] & 0xFFFF_FFFFL);
        }
        assertThat(got).as(show(b, 0, Math.min(to, 200))).isEqualTo(expected);
    }

    @Provide
    Arbitrary<List<String>> blocks() {
        Arbitrary<String> valid = Arbitraries.integers().map(i -> Ipv4.format(i) + (i % 7 == 0 ? "\r" : ""));
        Arbitrary<String> junk = Arbitraries.strings().withChars("0123456789.\r x").ofMaxLength(30);
        Arbitrary<String> longLine = Arbitraries.strings().withChars("0123456789.").ofMinLength(4000).ofMaxLength(9000);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(90, valid), net.jqwik.api.Tuple.of(9, junk), net.jqwik.api.Tuple.of(1, longLine))
                .list().ofMinSize(1).ofMaxSize(1500);
    }
}
