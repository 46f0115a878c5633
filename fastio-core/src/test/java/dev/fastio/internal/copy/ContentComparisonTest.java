package dev.fastio.internal.copy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fastio.internal.buffer.DirectBuffers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ContentComparison} against the plain answer (both files read whole and compared) on many
 * pairs: sizes 0, 1 and around the buffer's size, data and holes anywhere, the copy equal, one byte
 * different in data or in a hole, explicit zeros where the other has a hole, one side shorter;
 * with extents on neither side, one, or both, truthful or failing ("data everywhere"). Past
 * 2 GiB with extents, since a read of such a file whole is what extents avoid.
 */
class ContentComparisonTest {
    private static final int B = DirectBuffers.SIZE;

    @TempDir
    Path dir;

    /** A file of {@code length} bytes whose data is only in {@code ranges} (random non-zero bytes there), holes elsewhere. */
    private record Sparse(long length, List<long[]> ranges) implements ContentComparison.Extents {
        @Override
        public long nextData(long pos) {
            for (long[] r : ranges) {
                if (r[1] > pos) {
                    return Math.max(pos, r[0]);
                }
            }
            return Long.MAX_VALUE;
        }

        @Override
        public long nextHole(long pos) {
            for (long[] r : ranges) {
                if (r[0] <= pos && pos < r[1]) {
                    return r[1];
                }
            }
            return pos + 1; // not called in a hole by the comparison; if it were, "one byte of data" is still true
        }
    }

    /** Extents whose every call failed: data everywhere. */
    private static final ContentComparison.Extents FAILING = new ContentComparison.Extents() {
        @Override
        public long nextData(long pos) {
            return pos;
        }

        @Override
        public long nextHole(long pos) {
            return Long.MAX_VALUE;
        }
    };

    private Path write(String name, Sparse s, long seed) throws IOException {
        Path p = dir.resolve(name);
        Random r = new Random(seed);
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            for (long[] range : s.ranges()) {
                byte[] b = new byte[(int) (range[1] - range[0])];
                for (int i = 0; i < b.length; i++) {
                    b[i] = (byte) (1 + r.nextInt(255));
                }
                ch.write(ByteBuffer.wrap(b), range[0]);
            }
            ch.truncate(s.length());
            if (ch.size() < s.length()) {
                ch.write(ByteBuffer.wrap(new byte[] {0}), s.length() - 1);
            }
        }
        return p;
    }

    private static long[] range(long from, long to) {
        return new long[] {from, to};
    }

    private static boolean plain(Path a, Path b, long size) throws IOException {
        byte[] x = Files.readAllBytes(a);
        byte[] y = Files.readAllBytes(b);
        return x.length >= size && y.length >= size
                && Arrays.equals(x, 0, (int) size, y, 0, (int) size);
    }

    private void check(Path a, Sparse ea, Path b, Sparse eb, long size, String what) throws IOException {
        boolean expected = plain(a, b, size);
        ContentComparison.Extents[][] kinds = {{null, null}, {ea, null}, {null, eb}, {ea, eb}, {FAILING, eb}, {ea, FAILING}};
        try (FileChannel x = FileChannel.open(a); FileChannel y = FileChannel.open(b)) {
            for (ContentComparison.Extents[] k : kinds) {
                assertThat(ContentComparison.same(x, k[0], y, k[1], size))
                        .as(what + ", size " + size + ", extents " + (k[0] != null) + "/" + (k[1] != null)).isEqualTo(expected);
                assertThat(x.position()).isZero();
            }
        }
    }

    @Test
    void agreesWithReadingBothWhole() throws IOException {
        long[] lengths = {0, 1, 2, 4095, 4096, 4097, B - 1, B, B + 1, 2L * B + 3, 3L * B - 1};
        Random r = new Random(42);
        int pairs = 0;
        for (long length : lengths) {
            for (int round = 0; round < 6; round++) {
                List<long[]> ranges = new ArrayList<>();
                long at = 0;
                while (length > 0 && at < length) {
                    long hole = round == 0 ? 0 : (long) (r.nextDouble() * length / 3);
                    long data = 1 + (long) (r.nextDouble() * Math.max(1, length / 4));
                    long from = Math.min(length, at + hole);
                    long to = Math.min(length, from + data);
                    if (from < to) {
                        ranges.add(range(from, to));
                    }
                    at = to + 1;
                }
                Sparse s = new Sparse(length, ranges);
                Path a = write("a", s, round);
                // the same file
                Path same = write("same", s, round);
                check(a, s, same, s, length, "equal");
                pairs++;
                if (length == 0) {
                    continue;
                }
                // one byte different: in data, or in a hole of the source
                long flip = (long) (r.nextDouble() * length);
                Path other = dir.resolve("other");
                Files.copy(same, other, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                byte[] one = new byte[1];
                try (FileChannel ch = FileChannel.open(a)) {
                    ch.read(ByteBuffer.wrap(one), flip);
                }
                one[0] = (byte) (one[0] + 1);
                try (FileChannel ch = FileChannel.open(other, StandardOpenOption.WRITE)) {
                    ch.write(ByteBuffer.wrap(one), flip);
                }
                List<long[]> otherRanges = new ArrayList<>(ranges);
                otherRanges.add(range(flip, flip + 1));
                otherRanges.sort((p, q) -> Long.compare(p[0], q[0]));
                Sparse so = new Sparse(length, merge(otherRanges));
                check(a, s, other, so, length, "one byte at " + flip);
                check(other, so, a, s, length, "one byte at " + flip + ", the other way");
                // only the prefix counts: the difference past it does not
                check(a, s, other, so, flip, "the prefix before the difference");
                // explicit zeros where the source has holes: equal, whatever each side says
                Path dense = dir.resolve("dense");
                Files.write(dense, Files.readAllBytes(a));
                Sparse all = new Sparse(length, List.of(range(0, length)));
                check(a, s, dense, all, length, "zeros written where the source has holes");
                // the copy shorter than the size asked
                Path shorter = dir.resolve("shorter");
                Files.write(shorter, Arrays.copyOf(Files.readAllBytes(a), (int) length - 1));
                check(a, s, shorter, new Sparse(length - 1, clip(ranges, length - 1)), length, "shorter");
                pairs += 5;
            }
        }
        assertThat(pairs).isGreaterThan(300);
    }

    /** Past 2 GiB, differences on each side of 2^31 and 2^32, found without reading the holes. */
    @Test
    void sparsePast4GiBIsComparedByItsData() throws IOException {
        long length = (4L << 30) + 4099;
        long two = 1L << 31;
        long four = 1L << 32;
        List<long[]> ranges = List.of(range(0, 10), range(two - 3, two + 3), range(four - 1, four + 1), range(length - 5, length));
        Sparse s = new Sparse(length, ranges);
        Path a = write("big-a", s, 7);
        Path b = write("big-b", s, 7);
        try (FileChannel x = FileChannel.open(a); FileChannel y = FileChannel.open(b, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            assertThat(ContentComparison.same(x, s, y, s, length)).isTrue();
            for (long at : new long[] {two - 1, two, two + 1, four, length - 1, 12_345_678_901L % length}) {
                ByteBuffer one = ByteBuffer.allocate(1);
                y.read(one, at);
                byte was = one.get(0);
                y.write(ByteBuffer.wrap(new byte[] {(byte) (was + 1)}), at);
                List<long[]> changed = new ArrayList<>(ranges);
                changed.add(range(at, at + 1));
                changed.sort((p, q) -> Long.compare(p[0], q[0]));
                Sparse sy = new Sparse(length, merge(changed));
                assertThat(ContentComparison.same(x, s, y, sy, length)).as("a byte changed at " + at).isFalse();
                assertThat(ContentComparison.same(x, s, y, sy, at)).as("the prefix before " + at).isTrue();
                y.write(ByteBuffer.wrap(new byte[] {was}), at);
            }
            assertThat(ContentComparison.same(x, s, y, s, length)).isTrue();
        }
    }

    private static List<long[]> merge(List<long[]> sorted) {
        List<long[]> out = new ArrayList<>();
        for (long[] r : sorted) {
            if (!out.isEmpty() && out.get(out.size() - 1)[1] >= r[0]) {
                long[] last = out.get(out.size() - 1);
                last[1] = Math.max(last[1], r[1]);
            } else {
                out.add(r.clone());
            }
        }
        return out;
    }

    private static List<long[]> clip(List<long[]> ranges, long length) {
        List<long[]> out = new ArrayList<>();
        for (long[] r : ranges) {
            if (r[0] < length) {
                out.add(range(r[0], Math.min(r[1], length)));
            }
        }
        return out;
    }
}
