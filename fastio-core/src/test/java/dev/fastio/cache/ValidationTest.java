package dev.fastio.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The policies' intervals, which fastio-hadoop's cache reads through {@link Validation#interval()}. */
class ValidationTest {
    @Test
    void eachPolicySaysHowLongACheckedEntryIsServed() {
        assertThat(Validation.always().interval()).isEqualTo(Duration.ZERO);
        assertThat(Validation.every(Duration.ofMillis(1500)).interval()).isEqualTo(Duration.ofMillis(1500));
        assertThat(Validation.trustUntilInvalidated().interval()).isEqualTo(Duration.ofNanos(Long.MAX_VALUE));
        assertThat(Validation.every(Duration.ofSeconds(3))).hasToString("every PT3S");
        assertThatThrownBy(() -> Validation.every(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }
}
