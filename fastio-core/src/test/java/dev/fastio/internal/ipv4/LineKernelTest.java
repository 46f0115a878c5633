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
 * Every line kernel that runs in this JVM ({@link ScalarLineKernel} always, {@link VectorLineKernel}
 * where {@code jdk.incubator.vector} is added: the build runs these tests with and without it)
 * against the exact, byte-at-a-time {@link ExactLineParser}: a kernel may refuse a line (-1) and
 * leave it to the exact parser, but what it accepts it must read the same way, and it must never
 * accept a line the exact parser rejects, whatever bytes follow the line.
 */
class LineKernelTest {
    /**
     * The kernels under test: the scalar one, and the vector one where the module is in the boot
     * layer, taken directly (not through {@link LineKernels}, whose self-check would quietly drop
     * a broken vector kernel from the test). The build's run with the module must have it.
     */
    static List<LineKernel> kernels() {
        List<LineKernel> ks = new ArrayList<>(List.of(ScalarLineKernel.INSTANCE));
        if (LineKernels.vectorModulePresent()) {
            ks.add(VectorLineKernel.create());
        }
        if (Boolean.getBoolean("fastio.test.vectorModule") && ks.size() < 2) {
            throw new AssertionError("this test run adds jdk.incubator.vector, but the vector kernel is not there");
        }
        return ks;
    }

    private static final List<LineKernel> KERNELS = kernels();

    /** Bytes after the line: what the next line or stale buffer contents could hold. */
    private static final int TAIL = 40;

    private static byte[] buffer(String line, String next) {
        byte[] text = (line + next).getBytes(StandardCharsets.ISO_8859_1);
        return Arrays.copyOf(text, text.length + TAIL);
    }

    /** The exact parser's verdict on the line starting at 0 and ending at its first '\n'. */
    private static long exact(byte[] b) {
        int e = 0;
        while (b[e] != '\n') {
            e++;
        }
        long r = ExactLineParser.parse(b, 0, e);
        return r < 0 ? -1 : (long) (e + 1) << 32 | r;
    }

    private static void agree(String line, String next) {
        byte[] b = buffer(line, next);
        long expected = exact(b);
        for (LineKernel k : KERNELS) {
            long got = k.line(b, 0);
            if (got != -1 || expected == -1) {
                assertThat(got).as("%s kernel on %s", k.name(), show(line)).isEqualTo(expected);
            }
        }
    }

    private static String show(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }

    @Property(tries = 3000)
    void everyWellFormedLineIsTakenByTheFastPath(@ForAll @IntRange(min = 0, max = 255) int a,
            @ForAll @IntRange(min = 0, max = 255) int b, @ForAll @IntRange(min = 0, max = 255) int c,
            @ForAll @IntRange(min = 0, max = 255) int d, @ForAll boolean crlf, @ForAll("tails") String next) {
        String line = a + "." + b + "." + c + "." + d + (crlf ? "\r\n" : "\n");
        byte[] buf = buffer(line, next);
        long expected = (long) line.length() << 32 | (Ipv4.parse(a + "." + b + "." + c + "." + d) & 0xFFFF_FFFFL);
        assertThat(exact(buf)).isEqualTo(expected);
        for (LineKernel k : KERNELS) {
            assertThat(k.line(buf, 0)).as("%s kernel on %s", k.name(), show(line)).isEqualTo(expected);
        }
    }

    @Provide
    Arbitrary<String> tails() {
        return Arbitraries.strings().withChars("0123456789.\r\nx\u00ff ").ofMaxLength(20);
    }

    /** Lines from an alphabet of digits, separators and junk, so most are near misses. */
    @Property(tries = 20000)
    void noFastPathAcceptsWhatTheExactParserRejects(@ForAll("nearMisses") String body, @ForAll("tails") String next) {
        agree(body + "\n", next);
    }

    @Provide
    Arbitrary<String> nearMisses() {
        return Arbitraries.strings().withChars("0123456789....\r\u00ff:/ ").ofMaxLength(18);
    }

    @Test
    void namedEdgeCases() {
        String[] lines = {"0.0.0.0", "255.255.255.255", "256.1.1.1", "1.1.1.256", "01.1.1.1", "1.1.1.00", "1.1.1.0",
            "1.1.1", "1.1.1.1.1", "1..1.1", ".1.1.1", "1.1.1.", "", "1.1.1.1 ", " 1.1.1.1", "1.1.1.1\r\r",
            "1.1.1.1000", "1000.1.1.1", "9.9.9.9", "99.99.99.99", "199.199.199.199", "1:1.1.1", "1/1.1.1",
            "\r", "1.1.1.1\r", "255.255.255.25\r", "255.255.255.255\r"};
        for (String l : lines) {
            for (String next : new String[] {"", "1.2.3.4\n", "\n\n\n", "....", "\r\n"}) {
                agree(l + "\n", next);
            }
        }
    }

    /**
     * Every byte value at every position of the first 16 bytes, over lines of every length and
     * both line ends (the default kernel's counterpart of BlockKernelTest's window): whatever the
     * fast path accepts, the exact parser reads the same way, including where the line ends.
     */
    @Test
    void everyByteAtEveryPositionOfTheWindow() {
        String[] lines = {"1.2.3.4\n", "1.2.3.45\n", "10.20.3.4\r\n", "192.168.1.1\n", "255.255.255.255\n", "0.0.0.0\r\n",
            "99.199.249.250\n", "100.20.3.255\r\n", "8.88.188.8\n", "255.255.255.25\r\n"};
        for (String line : lines) {
            char[] text = (line + "7.7.7.7\n").toCharArray();
            for (int pos = 0; pos < 16; pos++) {
                char was = text[pos];
                for (int v = 0; v < 256; v++) {
                    text[pos] = (char) v; // ISO-8859-1: one char, one byte
                    agree(new String(text), "1.1.1.1\n"); // a newline after the window whatever was changed
                }
                text[pos] = was;
            }
        }
    }

    @Test
    void randomAddressesAtEveryLengthAgreeWithTheJdk() {
        Random r = new Random(7);
        for (int k = 0; k < 100_000; k++) {
            int ip = r.nextInt();
            // bias towards short octets too, so every length pattern occurs
            if (r.nextBoolean()) {
                ip &= 0x0F3F_071F;
            }
            agree(Ipv4.format(ip) + "\n", Ipv4.format(r.nextInt()) + "\n");
        }
    }
}
