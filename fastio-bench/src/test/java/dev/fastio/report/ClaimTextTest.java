package dev.fastio.report;

import dev.fastio.report.claims.Claim;
import dev.fastio.report.claims.Experiment;
import dev.fastio.report.claims.Experiments;
import dev.fastio.report.claims.Scope;
import dev.fastio.report.claims.Verdict;
import dev.fastio.report.jmh.Result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.bench.run.Suites;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A claim's text and its check cannot disagree about which files it is about. A claim that is
 * about some sizes is made with {@link Claim#scoped}, which writes the scope's phrase into the
 * text from the same numbers the check uses. This test finds the claims that escape that: a size
 * written into a claim's text by hand (say "under 5 MB" on a claim checked on files up to 50 KB)
 * fails it, unless the size is a setting of the method being measured ("a 64 KB buffer", "the
 * 8 KB default", "every 512 B", "the 104 MB list") or a rate ("5 GB/s").
 */
class ClaimTextTest {
    /** A size as claim texts write them: "5 MB", "32 KiB", "16 B", "1.3 GB". */
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s?(B|kB|KB|KiB|MB|MiB|GB|GiB)\\b");
    /** Words before a size that make it a setting: "every 512 B", "the default block (256 KiB)". */
    private static final Pattern SETTING_BEFORE = Pattern.compile("\\b(?:every|default)\\b\\W+(?:\\w+\\W+)?$");
    /** Words after a size that make it a setting of the method measured, not the files a claim is about. */
    private static final Pattern SETTING_AFTER = Pattern.compile("^[-)\\s]*(?:\\S+\\s+){0,2}?(?:buffer|buffered|default|reads?|list)\\b");

    /** The sizes in {@code text} outside {@code scope}'s phrase that are not settings; empty when text and scope agree. */
    static List<String> strayScopeSizes(String text, Scope scope) {
        String rest = scope.phrase().isEmpty() ? text : text.replace(scope.phrase(), " ");
        List<String> stray = new ArrayList<>();
        Matcher m = SIZE.matcher(rest);
        while (m.find()) {
            String before = rest.substring(Math.max(0, m.start() - 24), m.start());
            String after = rest.substring(m.end());
            if (after.startsWith("/s") || SETTING_BEFORE.matcher(before).find() || SETTING_AFTER.matcher(after).find()) {
                continue; // a rate, or a setting of the method measured
            }
            stray.add(m.group());
        }
        return stray;
    }

    @Test
    void noClaimNamesASizeItsCheckDoesNotUse() {
        List<String> bad = new ArrayList<>();
        int scoped = 0;
        for (Experiment e : Experiments.known()) {
            for (Claim c : e.claims()) {
                if (c.scope() != Scope.ALL) {
                    scoped++;
                    assertThat(c.text()).as("the text of a scoped claim says its scope").contains(c.scope().phrase());
                }
                List<String> stray = strayScopeSizes(c.text(), c.scope());
                if (!stray.isEmpty()) {
                    bad.add(e.benchmarkClass() + ": \"" + c.text() + "\" names " + stray + "; its check is about "
                            + c.scope());
                }
            }
        }
        assertThat(scoped).as("claims about some sizes").isGreaterThanOrEqualTo(15);
        assertThat(bad).as("claims whose text names sizes their check does not use (make them with Claim.scoped)").isEmpty();
    }

    /** The check this test exists for: the example from the issue, and its fixed form. */
    @Test
    void aHandWrittenSizeThatDisagreesWithTheScopeIsFound() {
        Scope upTo50k = Scope.upTo("file", 51_200);
        assertThat(strayScopeSizes("For small files (under 5 MB), NIO transfer is not faster than a custom buffer.", upTo50k))
                .containsExactly("5 MB");
        assertThat(strayScopeSizes("A validated hit costs half a re-read (4 KB and 32 KB files).", Scope.ALL))
                .containsExactly("4 KB", "32 KB");
        Claim fixed = Claim.scoped("a", "For small files ({scope}), NIO transfer is not faster than a custom 4 KB buffer.",
                Scope.under("file", 5L << 20), s -> rs -> Verdict.notMeasured("-"));
        assertThat(fixed.text()).isEqualTo("For small files (under 5 MiB), NIO transfer is not faster than a custom 4 KB buffer.");
        assertThat(strayScopeSizes(fixed.text(), fixed.scope())).isEmpty();
        assertThat(strayScopeSizes("every 512 B; a 64 KB-buffered stream; the 8 KB default; the 26 M-address (104 MB) list;"
                + " 5 GB/s; the default block (256 KiB)", Scope.ALL)).isEmpty();
    }

    @Test
    void aScopedClaimMustSayItsScope() {
        assertThatThrownBy(() -> Claim.scoped("a", "For small files, cp is slow.", Scope.under("file", 5L << 20),
                s -> rs -> Verdict.notMeasured("-"))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("{scope}");
    }

    /** Every scope names a size param of its benchmark, and at full scale picks some of its results but not all. */
    @Test
    void everyScopeSelectsSomeOfItsExperimentsResults() {
        List<Result> all = ClaimsExistTest.everyResult();
        for (Experiment e : Experiments.known()) {
            Class<?> bench = Suites.all().stream().filter(s -> s.benchmark().getSimpleName().equals(e.benchmarkClass()))
                    .findFirst().orElseThrow().benchmark();
            Map<String, String[]> params = ClaimsExistTest.params(bench);
            List<Result> mine = all.stream().filter(r -> r.className().equals(bench.getName())).toList();
            for (Claim c : e.claims()) {
                if (c.scope() == Scope.ALL) {
                    continue;
                }
                assertThat(params).as("the param of the scope of \"%s\"", c.text()).containsKey(c.scope().param());
                long in = mine.stream().filter(c.scope()).count();
                assertThat(in).as("results in the scope of \"%s\"", c.text()).isPositive().isLessThan(mine.size());
            }
        }
    }

    @Test
    void scopesTestTheSizesTheirPhrasesName() {
        Scope under = Scope.under("file", 5L << 20);
        assertThat(under.phrase()).isEqualTo("under 5 MiB");
        assertThat(under.test(result("file", "binary-5242879"))).isTrue();
        assertThat(under.test(result("file", "binary-5242880"))).isFalse();
        Scope from = Scope.from("size", 500_000);
        assertThat(from.phrase()).isEqualTo("500 kB and up");
        assertThat(from.test(result("size", "500000"))).isTrue();
        assertThat(from.test(result("size", "499999"))).isFalse();
        Scope upTo = Scope.upTo("size", 32 * 1024);
        assertThat(upTo.phrase()).isEqualTo("up to 32 KiB");
        assertThat(upTo.test(result("size", "32768"))).isTrue();
        assertThat(upTo.test(result("size", "32769"))).isFalse();
        Scope of = Scope.of("file", 4096, 32768);
        assertThat(of.phrase()).isEqualTo("4 KiB and 32 KiB");
        assertThat(of.test(result("file", "4096"))).isTrue();
        assertThat(of.test(result("file", "8192"))).isFalse();
        assertThat(of.test(result("file", "csv"))).as("no size").isFalse();
        assertThat(of.test(result("other", "4096"))).as("another param").isFalse();
    }

    private static Result result(String param, String value) {
        return new Result("B", "m", "avgt", 1, Map.of(param, value), 1, 0.1, "ms/op", Map.of(), "17", "vm", "1",
                List.of(1.0), 1);
    }
}
