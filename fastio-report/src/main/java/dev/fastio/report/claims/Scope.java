package dev.fastio.report.claims;

import dev.fastio.report.jmh.Format;
import dev.fastio.report.jmh.Result;
import java.util.Arrays;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The results a claim is judged on, and the words that say so in its text: both made from the
 * same numbers, so a claim cannot say "under 5 MB" and be checked on files up to 50 KB. A scope
 * restricts by the size a parameter names: a plain number ({@code size=32768}) or the number
 * after the last dash ({@code file=binary-5242880}). {@link Claim#scoped} puts the phrase into the
 * claim's text; {@code ClaimTextTest} checks that every size a claim's text names is its scope's.
 *
 * @param phrase the words for the claim's text ("under 5 MiB"), empty for {@link #ALL}
 * @param param the parameter whose size is tested; null for {@link #ALL}
 * @param min the smallest size in scope, inclusive
 * @param max the largest size in scope, inclusive
 * @param exact the only sizes in scope, when not null
 */
public record Scope(String phrase, String param, long min, long max, long[] exact) implements Predicate<Result> {
    /** Every result. */
    public static final Scope ALL = new Scope("", null, Long.MIN_VALUE, Long.MAX_VALUE, null);

    /**
     * @param param the size parameter
     * @param bytes the bound, exclusive
     * @return results of sizes below {@code bytes}: "under 5 MiB"
     */
    public static Scope under(String param, long bytes) {
        return new Scope("under " + Format.size(Long.toString(bytes)), param, 0, bytes - 1, null);
    }

    /**
     * @param param the size parameter
     * @param bytes the bound, inclusive
     * @return results of sizes up to {@code bytes}: "up to 32 KiB"
     */
    public static Scope upTo(String param, long bytes) {
        return new Scope("up to " + Format.size(Long.toString(bytes)), param, 0, bytes, null);
    }

    /**
     * @param param the size parameter
     * @param bytes the bound, inclusive
     * @return results of {@code bytes} and more: "5 MiB and up"
     */
    public static Scope from(String param, long bytes) {
        return new Scope(Format.size(Long.toString(bytes)) + " and up", param, bytes, Long.MAX_VALUE, null);
    }

    /**
     * @param param the size parameter
     * @param sizes the sizes in scope
     * @return results of exactly these sizes: "4 KiB and 32 KiB"
     */
    public static Scope of(String param, long... sizes) {
        String[] words = Arrays.stream(sizes).mapToObj(s -> Format.size(Long.toString(s))).toArray(String[]::new);
        String phrase = words.length == 1 ? words[0]
                : String.join(", ", Arrays.copyOf(words, words.length - 1)) + " and " + words[words.length - 1];
        return new Scope(phrase, param, Arrays.stream(sizes).min().orElse(0), Arrays.stream(sizes).max().orElse(0), sizes.clone());
    }

    /**
     * @param value a size parameter's value: "32768" or "binary-5242880"
     * @return the size it names, or -1 when it names none ("csv")
     */
    public static long sizeOf(String value) {
        if (value == null) {
            return -1;
        }
        String n = value.substring(value.lastIndexOf('-') + 1);
        return n.isEmpty() || !n.chars().allMatch(Character::isDigit) || n.length() > 18 ? -1 : Long.parseLong(n);
    }

    @Override
    public boolean test(Result r) {
        if (param == null) {
            return true;
        }
        long size = sizeOf(r.param(param));
        if (size < 0 || size < min || size > max) {
            return false;
        }
        return exact == null || Arrays.stream(exact).anyMatch(s -> s == size);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scope s && phrase.equals(s.phrase) && java.util.Objects.equals(param, s.param) && min == s.min
                && max == s.max && Arrays.equals(exact, s.exact);
    }

    @Override
    public int hashCode() {
        return phrase.hashCode();
    }

    @Override
    public String toString() {
        return param == null ? "all results" : param + " " + phrase + (exact == null ? ""
                : " " + Arrays.stream(exact).mapToObj(Long::toString).collect(Collectors.joining(",", "[", "]")));
    }
}
