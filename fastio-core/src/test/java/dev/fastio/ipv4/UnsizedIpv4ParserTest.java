package dev.fastio.ipv4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.internal.UnsizedSources;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A list whose size reads 0 (a named pipe here; procfs files alike) parses to the same result as
 * the same bytes in a regular file, at sizes around the 4 KiB block this test sets and the
 * read-to-end paths, and errors name the pipe and the exact line.
 */
class UnsizedIpv4ParserTest {
    @TempDir
    Path dir;

    private static byte[] list(int lines, long seed, boolean crlf, boolean finalNewline) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            if (i > 0) {
                sb.append(crlf && r.nextBoolean() ? "\r\n" : "\n");
            }
            sb.append(Ipv4.format(r.nextInt()));
        }
        if (finalNewline && lines > 0) {
            sb.append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aPipeParsesLikeTheSameBytesInARegularFile() throws Exception {
        int k = 0;
        for (int lines : new int[] {0, 1, 2, 300, 301, 5_000, 40_000}) {
            for (boolean crlf : new boolean[] {false, true}) {
                for (boolean finalNewline : new boolean[] {false, true}) {
                    byte[] b = list(lines, lines * 4L + k, crlf, finalNewline);
                    Path regular = Files.write(dir.resolve("r" + k), b);
                    for (Ipv4Parser parser : new Ipv4Parser[] {Ipv4Parser.strict(), Ipv4Parser.strict().withBlockBytes(4096),
                            Ipv4Parser.lenient().withParallelism(1)}) {
                        Path pipe = UnsizedSources.pipe(dir, "p" + k++, b);
                        Ipv4ParseResult want = parser.parse(regular);
                        Ipv4ParseResult got = parser.parse(pipe);
                        assertThat(got.addresses()).as("%d lines crlf=%s", lines, crlf).isEqualTo(want.addresses());
                        assertThat(got.lines()).isEqualTo(want.lines());
                        assertThat(got.addresses()).hasSize(lines);
                    }
                }
            }
        }
    }

    @Test
    void malformedLinesInAPipeAreNamedExactly() throws Exception {
        byte[] good = list(10_000, 5, false, true);
        String text = new String(good, StandardCharsets.US_ASCII) + "1.2.3.04\n" + new String(list(10, 6, false, true),
                StandardCharsets.US_ASCII);
        byte[] b = text.getBytes(StandardCharsets.US_ASCII);
        Path pipe = UnsizedSources.pipe(dir, "bad", b);
        assertThatThrownBy(() -> Ipv4Parser.strict().withBlockBytes(4096).parse(pipe)).isInstanceOf(MalformedIpv4Exception.class)
                .hasMessageContaining(pipe.toString()).hasMessageContaining("10001").hasMessageContaining("1.2.3.04");
        Path again = UnsizedSources.pipe(dir, "bad2", b);
        Ipv4ParseResult r = Ipv4Parser.lenient().parse(again);
        assertThat(r.malformedLines()).isEqualTo(1);
        assertThat(r.addresses()).hasSize(10_010);
        assertThat(r.firstMalformed().get(0).lineNumber()).isEqualTo(10_001);
    }
}
