package dev.fastio.internal.version;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The time a cache measures a file's age from: never later than it should be, never overflowing. */
class FileStampTest {
    private static FileStamp modifiedAt(FileTime t) {
        return new FileStamp(1, t, null, null, true);
    }

    @Test
    void theNewestTimeIsRoundedUpToTheMillisecond() {
        assertThat(modifiedAt(FileTime.from(Instant.ofEpochSecond(1_700_000_000, 1_000_000))).newestMillis())
                .isEqualTo(1_700_000_000_001L);
        assertThat(modifiedAt(FileTime.from(Instant.ofEpochSecond(1_700_000_000, 1_000_001))).newestMillis())
                .as("a nanosecond past a millisecond counts as the next").isEqualTo(1_700_000_000_002L);
        assertThat(modifiedAt(FileTime.from(Instant.ofEpochSecond(-1, 500_000_001))).newestMillis()).isEqualTo(-499);
    }

    @Test
    void timesBeyondALongOfMillisecondsSaturate() {
        assertThat(modifiedAt(FileTime.from(Instant.MAX)).newestMillis()).isEqualTo(Long.MAX_VALUE);
        assertThat(modifiedAt(FileTime.from(Instant.MIN)).newestMillis()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void theChangeTimeCountsWhenItIsLater() {
        FileStamp s = new FileStamp(1, FileTime.fromMillis(1_000), FileTime.fromMillis(5_000), null, true);
        assertThat(s.newestMillis()).isEqualTo(5_000);
    }
}
