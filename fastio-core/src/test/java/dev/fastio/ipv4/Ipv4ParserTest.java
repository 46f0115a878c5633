package dev.fastio.ipv4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.internal.ipv4.ChannelLineSource;
import dev.fastio.internal.ipv4.LineKernels;
import dev.fastio.internal.ipv4.ParallelLineParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Ipv4ParserTest {
    @TempDir
    Path dir;

    /** The plain JDK reference: readLine + parse each line. */
    static int[] reference(Path f) throws IOException {
        List<Integer> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.US_ASCII)) {
            for (String line; (line = r.readLine()) != null; ) {
                out.add(Ipv4.parse(line));
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private Path textFile(String name, int[] ips, String eol, boolean finalNewline) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ips.length; i++) {
            sb.append(Ipv4.format(ips[i]));
            if (i < ips.length - 1 || finalNewline) {
                sb.append(eol);
            }
        }
        return Files.writeString(dir.resolve(name), sb, StandardCharsets.US_ASCII);
    }

    @Test
    void aDirectoryIsAnErrorNamingIt() {
        for (int threads : new int[] {1, 3}) {
            assertThatThrownBy(() -> Ipv4Parser.strict().withParallelism(threads).parse(dir)).as("threads=%d", threads)
                    .isInstanceOf(IOException.class).hasMessageContaining(dir.toString());
        }
    }

    @Test
    void edgeFiles() throws IOException {
        assertThat(Ipv4Parser.strict().parse(Files.writeString(dir.resolve("empty"), "")).addresses()).isEmpty();
        assertThat(Ipv4Parser.strict().parse(Files.writeString(dir.resolve("one"), "0.0.0.0")).addresses()).containsExactly(0);
        assertThat(Ipv4Parser.strict().parse(Files.writeString(dir.resolve("one-nl"), "255.255.255.255\n")).addresses())
                .containsExactly(-1);
        assertThat(Ipv4Parser.strict().parse(Files.writeString(dir.resolve("crlf"), "1.2.3.4\r\n5.6.7.8\r\n")).addresses())
                .containsExactly(Ipv4.parse("1.2.3.4"), Ipv4.parse("5.6.7.8"));
        assertThat(Ipv4Parser.strict().withEncoding(Ipv4Encoding.SIGNED_SORTABLE)
                .parse(Files.writeString(dir.resolve("s"), "0.0.0.0\n")).addresses()).containsExactly(Integer.MIN_VALUE);
    }

    @Property(tries = 40)
    void parallelParsingMatchesTheJdkReferenceWhereverTheCutsFall(
            @ForAll @IntRange(min = 0, max = 700_000) int lines, @ForAll boolean crlf, @ForAll boolean finalNewline,
            @ForAll @IntRange(min = 1, max = 7) int parts) throws IOException {
        Path d = Files.createTempDirectory("fastio-ipv4");
        try {
            int[] ips = new Random(lines).ints(lines).toArray();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < lines; i++) {
                sb.append(Ipv4.format(ips[i]));
                if (i < lines - 1 || finalNewline) {
                    sb.append(crlf ? "\r\n" : "\n");
                }
            }
            Path f = Files.writeString(d.resolve("ips.txt"), sb, StandardCharsets.US_ASCII);
            AtomicLong progress = new AtomicLong();
            Ipv4ParseResult r = Ipv4Parser.strict().withParallelism(parts).withProgress(progress::addAndGet).parse(f);
            assertThat(r.addresses()).isEqualTo(ips).isEqualTo(reference(f));
            assertThat(r.lines()).isEqualTo(lines);
            assertThat(progress.get()).isEqualTo(Files.size(f));
        } finally {
            try (var s = Files.walk(d)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void everyBlockAndPartBoundaryOffset() throws IOException {
        // a file just over the parallel threshold, with its size nudged across block multiples
        int[] base = new Random(7).ints(400_000).toArray();
        for (int extra = 0; extra < 16; extra++) {
            int[] ips = java.util.Arrays.copyOf(base, base.length + extra);
            Path f = textFile("b" + extra, ips, "\n", extra % 2 == 0);
            for (int parts : new int[] {1, 2, 3, 5}) {
                assertThat(Ipv4Parser.strict().withParallelism(parts).parse(f).addresses()).as("parts=%d", parts).isEqualTo(ips);
            }
        }
    }

    /**
     * Blocks of 0 to 40 lines, so that the 2 or 4 stretches a block is cut into are empty, one line
     * or uneven, with a malformed line at each position in turn: every kernel that runs here gives
     * the addresses and the first bad line number the exact parser gives.
     */
    @Test
    void everyKernelOnBlocksOfAFewLinesWithAMalformedLineAnywhere() throws IOException {
        List<LineKernels.Choice> kernels = new ArrayList<>();
        for (String name : new String[] {"scalar", "block", "vector"}) {
            LineKernels.named(name).ifPresent(kernels::add);
        }
        Random r = new Random(33);
        for (int count = 0; count <= 40; count++) {
            int[] ips = r.ints(count).toArray();
            Path good = textFile("few" + count, ips, count % 3 == 0 ? "\r\n" : "\n", count % 2 == 0);
            for (LineKernels.Choice kernel : kernels) {
                try (ChannelLineSource src = new ChannelLineSource(good)) {
                    assertThat(new ParallelLineParser(src, false, Ipv4Encoding.NATURAL, 1, ParallelLineParser.MIN_BLOCK, n -> { }, kernel)
                            .run().addresses()).as("%s, %d lines", kernel.name(), count).isEqualTo(ips);
                }
            }
            for (int bad = 0; bad < count; bad++) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < count; i++) {
                    sb.append(i == bad ? "1.2.3.04" : Ipv4.format(ips[i])).append('\n');
                }
                Path f = Files.writeString(dir.resolve("bad" + count + "-" + bad), sb);
                for (LineKernels.Choice kernel : kernels) {
                    assertThatThrownBy(() -> {
                        try (ChannelLineSource src = new ChannelLineSource(f)) {
                            new ParallelLineParser(src, false, Ipv4Encoding.NATURAL, 1, ParallelLineParser.MIN_BLOCK, n -> { }, kernel).run();
                        }
                    }).as("%s, line %d of %d", kernel.name(), bad + 1, count).isInstanceOf(MalformedIpv4Exception.class)
                            .hasMessageStartingWith(f + ":" + (bad + 1) + ": ");
                }
            }
        }
    }

    /**
     * A 9 MB file with near-miss lines scattered through it, parsed leniently and strictly with
     * every kernel that runs here (scalar, block; vector where jdk.incubator.vector is added) and 1 to 7 threads (so pieces outnumber threads and are taken in any order):
     * addresses, line counts, malformed counts and the first malformed line numbers are those of
     * the exact parser run line by line.
     */
    @Test
    void everyKernelAndEveryThreadCountAgreeWithTheExactParserOnMixedFiles() throws IOException {
        Random r = new Random(18);
        String[] misses = {"1.2.3", "256.1.1.1", "01.2.3.4", "1.2.3.4.5", "", "1..2.3", "1.2.3.4 ", "a.b.c.d", "1.2.3.1000",
            "\r", "12.34.56.789", "9".repeat(20), "1.2.3.4\r\r"};
        StringBuilder sb = new StringBuilder();
        List<Integer> good = new ArrayList<>();
        List<Long> badLines = new ArrayList<>();
        for (int i = 0; i < 600_000; i++) {
            if (r.nextInt(1000) == 0) {
                sb.append(misses[r.nextInt(misses.length)]);
                badLines.add((long) i + 1);
            } else {
                int ip = r.nextBoolean() ? r.nextInt() : r.nextInt() & 0x0F3F_071F;
                sb.append(Ipv4.format(ip));
                good.add(ip);
            }
            sb.append(r.nextInt(10) == 0 ? "\r\n" : "\n");
        }
        Path f = Files.writeString(dir.resolve("mixed.txt"), sb);
        int[] expected = good.stream().mapToInt(Integer::intValue).toArray();
        List<LineKernels.Choice> kernels = new ArrayList<>();
        for (String name : new String[] {"scalar", "block", "vector"}) {
            LineKernels.named(name).ifPresent(kernels::add);
        }
        for (LineKernels.Choice kernel : kernels) {
            for (int threads : new int[] {1, 2, 3, 7}) {
                String as = "kernel=" + kernel.name() + " threads=" + threads;
                Ipv4ParseResult lenient;
                try (ChannelLineSource src = new ChannelLineSource(f)) {
                    lenient = new ParallelLineParser(src, true, Ipv4Encoding.NATURAL, threads, Ipv4Parser.DEFAULT_BLOCK_BYTES,
                            n -> { }, kernel).run();
                }
                assertThat(lenient.addresses()).as(as).isEqualTo(expected);
                assertThat(lenient.lines()).as(as).isEqualTo(600_000);
                assertThat(lenient.malformedLines()).as(as).isEqualTo(badLines.size());
                assertThat(lenient.firstMalformed()).as(as).extracting(MalformedLine::lineNumber)
                        .isEqualTo(badLines.subList(0, ParallelLineParser.SAMPLES));
                assertThatThrownBy(() -> {
                    try (ChannelLineSource src = new ChannelLineSource(f)) {
                        new ParallelLineParser(src, false, Ipv4Encoding.NATURAL, threads, Ipv4Parser.DEFAULT_BLOCK_BYTES,
                                n -> { }, kernel).run();
                    }
                }).as(as).isInstanceOf(MalformedIpv4Exception.class)
                        .hasMessageStartingWith(f + ":" + badLines.get(0) + ": ");
            }
        }
    }

    @Test
    void piecesOutnumberThreadsOnBigFilesAndNeverFallBelowTheMinimum() {
        assertThat(ParallelLineParser.piecesFor(371_000_000, 2)).isEqualTo(64);
        assertThat(ParallelLineParser.piecesFor(371_000_000, 16)).isEqualTo(353);
        assertThat(ParallelLineParser.piecesFor(9_000_000, 2)).isEqualTo(8);
        assertThat(ParallelLineParser.piecesFor(5_000_000, 7)).isEqualTo(7);
        assertThat(ParallelLineParser.piecesFor(1_000_000, 4)).isEqualTo(1);
        assertThat(ParallelLineParser.piecesFor(371_000_000, 1)).isEqualTo(1);
    }

    @Test
    void theBlockSizeChangesNothingButSpeed() throws IOException {
        int[] ips = new Random(11).ints(300_000).toArray();
        Path f = textFile("blocks", ips, "\r\n", false);
        for (int block : new int[] {4096, 4097, 65_536, 262_144, 1 << 20}) {
            for (int parts : new int[] {1, 2, 3}) {
                assertThat(Ipv4Parser.strict().withBlockBytes(block).withParallelism(parts).parse(f).addresses())
                        .as("block=%d parts=%d", block, parts).isEqualTo(ips);
            }
        }
        assertThatThrownBy(() -> Ipv4Parser.strict().withBlockBytes(4095)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("4095");
    }

    @Test
    void aLineLongerThanABlockIsReportedWithItsNumber() throws IOException {
        String junk = "9".repeat(10_000);
        Path f = Files.writeString(dir.resolve("long"), "1.2.3.4\n" + junk + "\n5.6.7.8\n");
        assertThatThrownBy(() -> Ipv4Parser.strict().withBlockBytes(4096).parse(f))
                .isInstanceOf(MalformedIpv4Exception.class).hasMessageContaining(f + ":2: malformed IPv4 address '9999");
        Ipv4ParseResult r = Ipv4Parser.lenient().withBlockBytes(4096).parse(f);
        assertThat(r.addresses()).containsExactly(Ipv4.parse("1.2.3.4"), Ipv4.parse("5.6.7.8"));
        assertThat(r.malformedLines()).isEqualTo(1);
        assertThat(r.firstMalformed()).singleElement().satisfies(m -> assertThat(m.lineNumber()).isEqualTo(2));
    }

    @Test
    void strictModeNamesFileLineAndText() throws IOException {
        int[] ips = new Random(1).ints(600_000).toArray(); // over 4 MB: parsed in parts
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ips.length; i++) {
            sb.append(i == 500_000 ? "10.0.300.1" : Ipv4.format(ips[i])).append('\n');
        }
        Path f = Files.writeString(dir.resolve("bad.txt"), sb);
        assertThatThrownBy(() -> Ipv4Parser.strict().parse(f))
                .isInstanceOf(MalformedIpv4Exception.class)
                .hasMessage(f + ":500001: malformed IPv4 address '10.0.300.1' (an octet over 255)");
    }

    @Test
    void strictModeReportsTheFirstOfSeveralErrorsInFileOrder() throws IOException {
        StringBuilder sb = new StringBuilder();
        Random r = new Random(2);
        for (int i = 0; i < 600_000; i++) {
            sb.append(i == 100 ? "1.2.3" : i == 550_000 ? "x" : Ipv4.format(r.nextInt())).append('\n');
        }
        Path f = Files.writeString(dir.resolve("bad2.txt"), sb);
        assertThatThrownBy(() -> Ipv4Parser.strict().withParallelism(4).parse(f))
                .isInstanceOfSatisfying(MalformedIpv4Exception.class, e -> {
                    assertThat(e.line().lineNumber()).isEqualTo(101);
                    assertThat(e.line().reason()).isEqualTo("fewer than 4 octets");
                });
    }

    @Test
    void lenientModeCountsAndKeepsTheFirstFew() throws IOException {
        String text = "1.2.3.4\n\n01.2.3.4\n5.6.7.8\r\n1.2.3.4.5\nabc\n256.0.0.0\n9.9.9.9";
        Path f = Files.writeString(dir.resolve("mixed.txt"), text);
        Ipv4ParseResult r = Ipv4Parser.lenient().parse(f);
        assertThat(r.addresses()).containsExactly(Ipv4.parse("1.2.3.4"), Ipv4.parse("5.6.7.8"), Ipv4.parse("9.9.9.9"));
        assertThat(r.lines()).isEqualTo(8);
        assertThat(r.malformedLines()).isEqualTo(5);
        assertThat(r.firstMalformed()).extracting(MalformedLine::lineNumber).containsExactly(2L, 3L, 5L, 6L, 7L);
        assertThat(r.firstMalformed().get(1).reason()).isEqualTo("an octet with a leading zero");
        assertThat(r.firstMalformed().get(2).text()).isEqualTo("1.2.3.4.5");
    }

    @Test
    void textRoundTripThroughTheWriter() throws IOException {
        int[] ips = new Random(3).ints(100_000).toArray();
        for (Ipv4Encoding e : Ipv4Encoding.values()) {
            int[] encoded = java.util.Arrays.stream(ips).map(e::encode).toArray();
            Path f = dir.resolve("w-" + e);
            Ipv4Files.write(f, encoded, e);
            assertThat(reference(f)).isEqualTo(ips);
            assertThat(Ipv4Parser.strict().withEncoding(e).parse(f).addresses()).isEqualTo(encoded);
        }
    }

    @Test
    void aResultIsAValue() throws IOException {
        Path f = java.nio.file.Files.writeString(dir.resolve("v.txt"), "1.2.3.4\n10.0.0.1\nbad\n");
        Ipv4ParseResult a = Ipv4Parser.lenient().parse(f);
        Ipv4ParseResult b = Ipv4Parser.lenient().withParallelism(1).parse(f);
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotSameAs(b);
        assertThat(a.toString()).isEqualTo("Ipv4ParseResult[2 addresses, 3 lines, 1 malformed, first: " + a.firstMalformed().get(0) + "]")
                .doesNotContain("[I@");
        // the addresses are the caller's own array: changing it changes the value
        a.addresses()[0] = 0;
        assertThat(a).isNotEqualTo(b);
        assertThat(a.firstMalformed()).isUnmodifiable();
    }
}
