package dev.fastio.internal.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.fastio.read.FileChangedException;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one-version rule on a clock the test moves, with passes that script what each read saw:
 * when one pass suffices, when the rule reads again, what it accepts, and the clock at its ends.
 */
class OneVersionTest {
    /** A clock the test sets; a sleep moves it. */
    static final class TestClock implements Clock {
        long now = 1_800_000_000_000L;
        final List<Long> slept = new ArrayList<>();

        @Override
        public long nanoTime() {
            return now * 1_000_000L;
        }

        @Override
        public long currentTimeMillis() {
            return now;
        }

        @Override
        public void sleep(long millis) {
            slept.add(millis);
            now += millis;
        }
    }

    /** What one scripted pass saw: its content, and the ctime and size of its stamp after. */
    record Seen(String content, long ctime, long size) {}

    /** Passes that give what the script says, one entry per read; a read takes {@code readMillis} of the clock. */
    static class Scripted implements OneVersion.Pass<String> {
        final TestClock clock;
        final List<Seen> script;
        final long readMillis;
        int reads;
        Seen last;

        Scripted(TestClock clock, long readMillis, Seen... script) {
            this.clock = clock;
            this.readMillis = readMillis;
            this.script = List.of(script);
        }

        @Override
        public String read() {
            last = script.get(Math.min(reads++, script.size() - 1));
            clock.now += readMillis;
            return last.content;
        }

        @Override
        public long changedMillis() {
            return last.size != last.content.length() ? OneVersion.UNSETTLED : last.ctime;
        }

        @Override
        public FileStamp stamp() {
            return new FileStamp(last.size, FileTime.fromMillis(last.ctime), FileTime.fromMillis(last.ctime), 7L, true);
        }

        @Override
        public boolean same(String a, String b) {
            return a.equals(b);
        }
    }

    private final TestClock clock = new TestClock();
    private final OneVersion rule = new OneVersion(clock);

    @Test
    void aFileOlderThanTheWindowIsReadOnce() throws Exception {
        long old = clock.now - OneVersion.WINDOW_MILLIS - 1;
        Scripted pass = new Scripted(clock, 1, new Seen("abc", old, 3));
        assertThat(rule.read("f", pass)).isEqualTo("abc");
        assertThat(pass.reads).isEqualTo(1);
        assertThat(clock.slept).isEmpty();
    }

    @Test
    void aFileChangedWithinTheWindowIsReadAgainAndTheAgreeingPassReturned() throws Exception {
        long recent = clock.now - 200;
        Scripted pass = new Scripted(clock, 1, new Seen("abc", recent, 3), new Seen("abc", recent, 3));
        assertThat(rule.read("f", pass)).isEqualTo("abc");
        assertThat(pass.reads).isEqualTo(2);
        assertThat(clock.slept).as("the tick after its ctime was long past").isEmpty();
    }

    @Test
    void aWriteThatStartedDuringTheReadIsAChange() {
        long start = clock.now;
        Scripted pass = new Scripted(clock, 2, new Seen("abX", start + 1, 3), new Seen("abc", start + 1, 3));
        assertThat(catchThrowable(() -> rule.read("f", pass))).isInstanceOf(FileChangedException.class)
                .hasMessageContaining("f").hasMessageContaining("written to while it was read");
        assertThat(pass.reads).isEqualTo(1);
    }

    /**
     * The kernel's coarse clock may stamp a write that began during the read a tick before the
     * read began: such a ctime is confirmed, after the tick has passed, and the pass that saw
     * the write half-done differs from the next.
     */
    @Test
    void aWriteStampedATickEarlyIsConfirmedAfterTheTick() {
        long start = clock.now;
        for (long ctime : new long[] {start - OneVersion.TICK_MILLIS + 1, start}) {
            clock.slept.clear();
            Scripted pass = new Scripted(clock, 0, new Seen("abX", ctime, 3), new Seen("abc", ctime, 3));
            assertThat(catchThrowable(() -> rule.read("f", pass))).isInstanceOf(FileChangedException.class)
                    .hasMessageContaining("a second read differs");
            assertThat(pass.reads).isEqualTo(2);
            assertThat(clock.slept).containsExactly(ctime + OneVersion.TICK_MILLIS - start);
            clock.now = start;
        }
    }

    @Test
    void aFileWrittenJustBeforeTheReadIsConfirmedAfterTheTickAndGiven() throws Exception {
        long ctime = clock.now - 3;
        Scripted pass = new Scripted(clock, 1, new Seen("abc", ctime, 3), new Seen("abc", ctime, 3));
        assertThat(rule.read("f", pass)).isEqualTo("abc");
        assertThat(clock.slept).containsExactly(OneVersion.TICK_MILLIS - 3 - 1);
    }

    /**
     * The torn array that got through before this rule: a writer rewriting the file at the pace
     * of the reads, so that two reads were torn alike. Their contents agree; their stamps do not
     * (each new write call moved the ctime), and the rule never accepts such a pair.
     */
    @Test
    void twoPassesThatAgreeAcrossAMovedStampAreNotOneVersion() {
        long t = clock.now - 100;
        Scripted pass = new Scripted(clock, 3, new Seen("1-2-1", t, 5), new Seen("1-2-1", t + 3, 5));
        Throwable thrown = catchThrowable(() -> rule.read("ints.bin", pass));
        assertThat(thrown).isInstanceOf(FileChangedException.class).hasMessageContaining("ints.bin")
                .hasMessageContaining("a second read differs");
        assertThat(pass.reads).isEqualTo(2);
    }

    @Test
    void passesThatDifferUnderOneStampAreNotOneVersionEither() {
        long t = clock.now - 100;
        Scripted pass = new Scripted(clock, 1, new Seen("aaa", t, 3), new Seen("aab", t, 3));
        assertThat(catchThrowable(() -> rule.read("f", pass))).isInstanceOf(FileChangedException.class);
    }

    @Test
    void aPassWhoseSizeDisagreesWithItsStampIsAChangeHoweverOldTheFile() {
        long old = clock.now - 60_000;
        Scripted pass = new Scripted(clock, 1, new Seen("abc", old, 4));
        assertThat(catchThrowable(() -> rule.read("f", pass))).isInstanceOf(FileChangedException.class)
                .hasMessageContaining("changed while it was read");
    }

    @Test
    void aConfirmingPassThatSeesTheSizeChangeIsAChange() {
        long t = clock.now - 100;
        Scripted pass = new Scripted(clock, 1, new Seen("abc", t, 3), new Seen("abc", t, 4));
        assertThat(catchThrowable(() -> rule.read("f", pass))).isInstanceOf(FileChangedException.class);
    }

    @Test
    void aPassWithNoVersionToJudgeIsReadOnce() throws Exception {
        OneVersion.Pass<String> pipe = new Scripted(clock, 1, new Seen("x", 0, 1)) {
            @Override
            public long changedMillis() {
                return OneVersion.NO_VERSION;
            }
        };
        assertThat(rule.read("pipe", pipe)).isEqualTo("x");
        assertThat(((Scripted) pipe).reads).isEqualTo(1);
    }

    /**
     * Before Linux 6.13 a write within the tick of the last change may keep the ctime, so the
     * confirming pass's stamp vouches only once the clock has left that tick. A pass is confirmed
     * only for a ctime more than a tick before it began, so it never waits, down to the millisecond.
     */
    @Test
    void aConfirmingPassNeverWaitsForAFileWrittenBeforeTheRead() throws Exception {
        long written = clock.now - OneVersion.TICK_MILLIS - 1;
        Scripted pass = new Scripted(clock, 0, new Seen("abc", written, 3), new Seen("abc", written, 3));
        assertThat(rule.read("f", pass)).isEqualTo("abc");
        assertThat(pass.reads).isEqualTo(2);
        assertThat(clock.slept).isEmpty();
    }

    @Test
    void aCtimeSetFarAheadWaitsOneTickNotUntilThen() throws Exception {
        long ahead = clock.now + 3_600_000;
        Scripted pass = new Scripted(clock, 0, new Seen("abc", ahead, 3), new Seen("abc", ahead, 3));
        assertThat(rule.read("f", pass)).isEqualTo("abc");
        assertThat(clock.slept).containsExactly(OneVersion.TICK_MILLIS);
    }

    /** The window at its ends: times a filesystem can hold but no clock reached, and a clock set back during the read. */
    @Test
    void theWindowAtItsEnds() {
        long now = clock.now;
        assertThat(rule.racy(now)).isTrue();
        assertThat(rule.racy(now - 200)).isTrue();
        assertThat(rule.racy(now - OneVersion.WINDOW_MILLIS)).isTrue();
        assertThat(rule.racy(now - OneVersion.WINDOW_MILLIS - 1)).isFalse();
        assertThat(rule.racy(now + 60_000)).as("set ahead (touch -d): confirmed").isTrue();
        assertThat(rule.racy(Long.MIN_VALUE + 1)).as("saturated far past").isFalse();
        assertThat(rule.racy(Long.MAX_VALUE - 1)).isTrue();
        assertThat(rule.settled(OneVersion.UNSETTLED, now)).isFalse();
        // a read that began "an hour from now" by a clock set back since: a write now must still count
        assertThat(rule.settled(now - 10, now + 3_600_000)).isFalse();
    }
}
