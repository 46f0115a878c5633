package dev.fastio.internal.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fastio.read.FileChangedException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;

/**
 * The growing-file rule's verdicts, stamp by stamp: what throws, what is proven by the stamps
 * alone, and what the content must decide. Every reader of a growing file calls these.
 */
class GrowingPrefixTest {
    private static final String FILE = "/logs/app.log";
    private static final Object KEY = "dev 1 inode 7";
    private static final FileTime OLD = FileTime.fromMillis(1_000_000_000_000L);
    private static final FileTime LATER = FileTime.fromMillis(1_000_000_005_000L);

    private static FileStamp stamp(long size, FileTime t, Object key) {
        return new FileStamp(size, t, t, key, true);
    }

    @Test
    void theSameOldVersionIsProvenByItsStamps() throws Exception {
        assertThat(GrowingPrefix.mustConfirm(FILE, 100, stamp(100, OLD, KEY), stamp(100, OLD, KEY), false)).isFalse();
    }

    @Test
    void aRacyOneIsConfirmedByContentEvenWhenItsStampsAgree() throws Exception {
        assertThat(GrowingPrefix.mustConfirm(FILE, 100, stamp(100, OLD, KEY), stamp(100, OLD, KEY), true)).isTrue();
    }

    @Test
    void aFileThatGrewOrWhoseTimesMovedIsConfirmedByContent() throws Exception {
        assertThat(GrowingPrefix.mustConfirm(FILE, 100, stamp(100, OLD, KEY), stamp(180, LATER, KEY), false)).as("grew").isTrue();
        assertThat(GrowingPrefix.mustConfirm(FILE, 100, stamp(100, OLD, KEY), stamp(100, LATER, KEY), false)).as("rewritten at its size").isTrue();
        assertThat(GrowingPrefix.mustConfirm(FILE, 100, stamp(100, OLD, KEY), null, false)).as("no stamp now: its name is gone").isTrue();
    }

    @Test
    void aFileNowShorterThanThePrefixWasTruncated() {
        assertThatThrownBy(() -> GrowingPrefix.mustConfirm(FILE, 100, stamp(100, OLD, KEY), stamp(99, LATER, KEY), false))
                .isInstanceOf(FileChangedException.class)
                .hasMessageContaining(FILE).hasMessageContaining("truncated").hasMessageContaining("100 → 99");
        assertThatThrownBy(() -> GrowingPrefix.mustConfirm(FILE, 100, stamp(100, OLD, KEY), stamp(0, LATER, KEY), false))
                .isInstanceOf(FileChangedException.class);
    }

    @Test
    void aNameThatStandsForAnotherFileNowWasReplaced() {
        assertThatThrownBy(() -> GrowingPrefix.mustConfirm(FILE, 100, stamp(100, OLD, KEY), stamp(500, LATER, "dev 1 inode 8"), false))
                .isInstanceOf(FileChangedException.class)
                .hasMessageContaining(FILE).hasMessageContaining("replaced by another file");
    }

    @Test
    void twoReadsThatDifferAreAChangeNamingTheFile() throws Exception {
        GrowingPrefix.confirm(FILE, 100, true);
        assertThatThrownBy(() -> GrowingPrefix.confirm(FILE, 100, false))
                .isInstanceOf(FileChangedException.class)
                .hasMessageContaining(FILE).hasMessageContaining("first 100 bytes").hasMessageContaining("differ");
    }

    @Test
    void aReadThatEndsBeforeThePrefixIsATruncationWhereSizesAreLengths() throws Exception {
        assertThatThrownBy(() -> GrowingPrefix.endedEarly(FILE, null, 100, 60))
                .isInstanceOf(FileChangedException.class).hasMessageContaining("ended at byte 60");
        assertThatThrownBy(() -> GrowingPrefix.endedEarly(FILE, Path.of("/tmp"), 100, 60)).isInstanceOf(FileChangedException.class);
        // procfs: sizes are not lengths, the content wins (the caller keeps what it read)
        GrowingPrefix.endedEarly("/proc/self/stat", Path.of("/proc/self/stat"), 4096, 300);
    }
}
