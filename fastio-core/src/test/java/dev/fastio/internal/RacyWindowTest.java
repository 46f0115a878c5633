package dev.fastio.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The racy window at its ends: times of every size, including ones a file system can hold but no clock reached. */
class RacyWindowTest {
    @Test
    void onlyTimesWithinTheWindowOrAheadAreRacy() {
        long now = System.currentTimeMillis();
        assertThat(RacyWindow.racy(FileTime.fromMillis(now))).isTrue();
        assertThat(RacyWindow.racy(FileTime.fromMillis(now - 200))).isTrue();
        assertThat(RacyWindow.racy(FileTime.fromMillis(now - 5_000))).isFalse();
        assertThat(RacyWindow.racy(FileTime.fromMillis(now + 60_000))).as("set ahead (touch -d): confirmed").isTrue();
        assertThat(RacyWindow.racy(FileTime.fromMillis(0))).isFalse();
        assertThat(RacyWindow.racy(FileTime.fromMillis(Long.MIN_VALUE))).as("saturated far past").isFalse();
        assertThat(RacyWindow.racy(FileTime.from(Instant.MIN))).isFalse();
        assertThat(RacyWindow.racy(FileTime.from(Instant.MAX))).isTrue();
        assertThat(RacyWindow.racySince(Long.MIN_VALUE)).isFalse();
    }

    /**
     * A read whose start time the wall clock later went back past (NTP, a resumed VM): a file
     * written just now, during that read, must still be confirmed. Judged from the start alone,
     * an hour-later start made the write look an hour old.
     */
    @Test
    void aClockSetBackDuringTheReadStillConfirms(@TempDir Path dir) throws Exception {
        Path f = Files.write(dir.resolve("f"), new byte[] {1, 2, 3});
        long now = System.currentTimeMillis();
        assertThat(RacyWindow.mustConfirm(f, now, 3)).isTrue();
        assertThat(RacyWindow.mustConfirm(f, now + 3_600_000, 3)).as("started 'an hour from now' by the clock set back since").isTrue();
        if (FileStamp.readBasic(f).changed() != null) { // the native layer's statx; the JDK path has the mtime only
            Files.setLastModifiedTime(f, FileTime.fromMillis(now - 10_000)); // sets the mtime; the ctime stays now
            assertThat(RacyWindow.mustConfirm(f, now, 3)).as("its ctime, not its mtime, decides").isTrue();
        }
    }
}
