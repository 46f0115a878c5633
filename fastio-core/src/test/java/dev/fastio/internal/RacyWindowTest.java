package dev.fastio.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;

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
}
