package dev.fastio.ipv4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fastio.internal.version.ManualClock;
import dev.fastio.internal.version.OneVersion;
import dev.fastio.read.FileChangedException;
import dev.fastio.read.OpenDescriptors;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A strict parse of a file rewritten in place while it is parsed (issue 60): two valid versions
 * of one length whose lines differ in length, written over each other without pause. A parse
 * gives one version's addresses or a {@link FileChangedException}; never a
 * {@link MalformedIpv4Exception} naming a line cut between the versions (such as
 * {@code 1.2.3.410.20.30.40}), which is in neither file. And a file that is malformed is still
 * reported as such, with its line, when the version rule confirms it with a second pass.
 */
class RewrittenIpv4FileTest {
    @TempDir
    Path dir;

    /** {@code count} copies of {@code line}. */
    private static byte[] lines(String line, int count) {
        return line.repeat(count).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aFileRewrittenInPlaceDuringTheParseIsAChangeNotAMalformedLine() throws Exception {
        // 8-byte and 12-byte lines, 2.4 MB each: several pieces on several threads
        byte[] a = lines("1.2.3.4\n", 300_000);
        byte[] b = lines("10.20.30.40\n", 200_000);
        assertThat(a).hasSameSizeAs(b);
        Path f = Files.write(dir.resolve("ips.txt"), a);
        Ipv4ParseResult resultA = Ipv4Parser.strict().parse(f);
        Files.write(f, b);
        Ipv4ParseResult resultB = Ipv4Parser.strict().parse(f);
        var fds = OpenDescriptors.snapshot();

        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong rewrites = new AtomicLong();
        Thread writer = new Thread(() -> {
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                for (long k = 0; !stop.get(); k++) {
                    ByteBuffer next = ByteBuffer.wrap((k & 1) == 0 ? a : b);
                    long at = 0;
                    while (next.hasRemaining()) {
                        at += ch.write(next, at); // in place, the same length: only the lines move
                    }
                    rewrites.incrementAndGet();
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "rewriter");
        writer.start();
        int versions = 0;
        int changed = 0;
        int torn = 0;
        try {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (System.nanoTime() < end) {
                try {
                    Ipv4ParseResult r = Ipv4Parser.strict().parse(f);
                    if (!r.equals(resultA) && !r.equals(resultB)) {
                        // the rule's one accepted state besides a version: what the file held while
                        // one write call, stalled (a loaded machine preempts it), had copied part of
                        // the new version over the old, seen alike by both passes (OneVersion's javadoc)
                        assertThat(heldDuringOneWrite(r, a, b) || heldDuringOneWrite(r, b, a))
                                .as("a parse that returned gave one version, or the content of the file during one write").isTrue();
                        torn++;
                    }
                    versions++;
                } catch (FileChangedException e) {
                    assertThat(e).hasMessageContaining(f.toString());
                    changed++;
                } catch (MalformedIpv4Exception e) {
                    throw new AssertionError("a line cut by the rewrite was reported as malformed (" + versions + " versions, "
                            + changed + " changes before it)", e);
                }
            }
        } finally {
            stop.set(true);
            writer.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertThat(rewrites.get()).as("the file was rewritten during the parses").isGreaterThan(10);
        assertThat(versions + changed).as("%d parses gave a version (%d of them the content during one write), %d a change", versions, torn, changed).isGreaterThan(3);
        assertThat(OpenDescriptors.openedSince(fds)).as("descriptors").isEmpty();
    }

    /**
     * Whether {@code r} is the strict parse of {@code to}'s first k bytes followed by {@code from}'s
     * from k, for some k: the file during one in-place write of {@code to} over {@code from}. The
     * leading run of equal addresses places k within a few lines.
     */
    private boolean heldDuringOneWrite(Ipv4ParseResult r, byte[] from, byte[] to) throws IOException {
        int[] ips = r.addresses();
        int lead = 0;
        while (lead < ips.length && ips[lead] == ips[0]) {
            lead++;
        }
        int lineLength = 0;
        while (to[lineLength++] != '\n') { }
        Path mix = dir.resolve("mix.txt");
        for (long k = Math.max(0, (long) (lead - 2) * lineLength); k <= Math.min(to.length, (long) (lead + 2) * lineLength); k++) {
            byte[] held = from.clone();
            System.arraycopy(to, 0, held, 0, (int) k);
            Files.write(mix, held);
            try {
                if (Ipv4Parser.strict().parse(mix).equals(r)) {
                    return true;
                }
            } catch (MalformedIpv4Exception cut) {
                // a cut line: not what r is
            }
        }
        return false;
    }

    @Test
    void theContentDuringOneWriteIsToldFromAnyOtherMix() throws Exception {
        byte[] a = lines("1.2.3.4\n", 6_000);
        byte[] b = lines("10.20.30.40\n", 4_000);
        byte[] oneWrite = a.clone();
        System.arraycopy(b, 0, oneWrite, 0, 24_000); // b's first 2,000 lines written over a
        byte[] twoWrites = oneWrite.clone();
        System.arraycopy(b, 36_000, twoWrites, 36_000, 12_000); // and a stretch further on: no one write leaves that
        Ipv4ParseResult one = Ipv4Parser.strict().parse(Files.write(dir.resolve("one.txt"), oneWrite));
        Ipv4ParseResult two = Ipv4Parser.strict().parse(Files.write(dir.resolve("two.txt"), twoWrites));
        assertThat(heldDuringOneWrite(one, a, b)).isTrue();
        assertThat(heldDuringOneWrite(two, a, b) || heldDuringOneWrite(two, b, a)).isFalse();
    }

    @Test
    void aMalformedFileJustWrittenIsReportedWithItsLine() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 300_000; i++) {
            text.append(i == 250_123 ? "10.2..127.11\n" : "10.0." + (i >> 8 & 255) + "." + (i & 255) + "\n");
        }
        Path f = Files.writeString(dir.resolve("bad.txt"), text); // just written: the rule confirms with a second pass
        try {
            Ipv4Parser.strict().parse(f);
            throw new AssertionError("parsed a malformed file");
        } catch (MalformedIpv4Exception e) {
            assertThat(e.line()).isEqualTo(new MalformedLine(250_124, "10.2..127.11", e.line().reason()));
            assertThat(e).hasMessageContaining(f.toString());
        }
    }

    @Test
    void theWaitForAMalformedFileToSettleRunsOnTheParsersClock() throws Exception {
        Path f = Files.writeString(dir.resolve("bad-now.txt"), "10.0.0.1\n10.2..127.11\n"); // just written: racy
        ManualClock clock = new ManualClock(); // nothing writes during the parse: a moved clock is sound
        long before = clock.nanoTime(); // moves only when the parser's rule waits
        Throwable t = catchThrowable(() -> Ipv4Parser.strict().withRule(new OneVersion(clock)).parse(f));
        assertThat(t).isInstanceOf(MalformedIpv4Exception.class).hasMessageContaining(f.toString());
        assertThat(((MalformedIpv4Exception) t).line().lineNumber()).isEqualTo(2);
        assertThat((clock.nanoTime() - before) / 1_000_000).as("the parse waited out the window on its own clock, not the system's")
                .isBetween(OneVersion.WINDOW_MILLIS / 2, OneVersion.WINDOW_MILLIS + OneVersion.TICK_MILLIS + 1);
    }
}
