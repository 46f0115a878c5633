package dev.fastio.ipv4;

import java.util.List;

/**
 * What {@link Ipv4Parser#parse} read.
 *
 * @param addresses      the addresses in file order, in the parser's encoding
 * @param lines          lines read, malformed ones included
 * @param malformedLines lines skipped (lenient mode; always 0 in strict mode)
 * @param firstMalformed the first few skipped lines, in file order
 */
public record Ipv4ParseResult(int[] addresses, long lines, long malformedLines, List<MalformedLine> firstMalformed) {}
