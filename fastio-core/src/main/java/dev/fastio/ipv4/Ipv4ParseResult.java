package dev.fastio.ipv4;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What {@link Ipv4Parser#parse} read: the addresses in file order, and the counts. A value: two
 * results are equal when their addresses and counts are; {@link #toString} gives the counts, not
 * the array.
 *
 * <p>{@link #addresses()} hands over the parser's array without a copy (it can hold hundreds of
 * megabytes): it is the caller's own, and changing it changes what this result holds.
 */
public final class Ipv4ParseResult {
    private final int[] addresses;
    private final long lines;
    private final long malformedLines;
    private final List<MalformedLine> firstMalformed;

    /**
     * A result, as a parser built on fastio's gives it (fastio's own parsers make every result
     * users see; tests of code that takes one can make their own).
     *
     * @param addresses the addresses in file order: held, not copied
     * @param lines the lines read, malformed ones included
     * @param malformedLines the lines that are not addresses
     * @param firstMalformed the first few of them
     */
    public Ipv4ParseResult(int[] addresses, long lines, long malformedLines, List<MalformedLine> firstMalformed) {
        this.addresses = Objects.requireNonNull(addresses);
        this.lines = lines;
        this.malformedLines = malformedLines;
        this.firstMalformed = List.copyOf(firstMalformed);
    }

    /**
     * Returns the addresses in file order, in the parser's encoding: the caller's own array, not a copy.
     *
     * @return the addresses in file order, in the parser's encoding: the caller's own array, not a copy
     */
    public int[] addresses() {
        return addresses;
    }

    /**
     * Returns the lines read, malformed ones included.
     *
     * @return the lines read, malformed ones included
     */
    public long lines() {
        return lines;
    }

    /**
     * Returns the lines skipped (lenient mode; always 0 in strict mode, which throws instead).
     *
     * @return the lines skipped (lenient mode; always 0 in strict mode, which throws instead)
     */
    public long malformedLines() {
        return malformedLines;
    }

    /**
     * Returns the first five skipped lines, in file order; an unmodifiable list.
     *
     * @return the first five skipped lines, in file order; an unmodifiable list
     */
    public List<MalformedLine> firstMalformed() {
        return firstMalformed;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ipv4ParseResult r && lines == r.lines && malformedLines == r.malformedLines
                && Arrays.equals(addresses, r.addresses) && firstMalformed.equals(r.firstMalformed);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(addresses), lines, malformedLines, firstMalformed);
    }

    @Override
    public String toString() {
        return "Ipv4ParseResult[" + addresses.length + " addresses, " + lines + " lines, " + malformedLines + " malformed"
                + (firstMalformed.isEmpty() ? "" : ", first: " + firstMalformed.get(0)) + "]";
    }
}
