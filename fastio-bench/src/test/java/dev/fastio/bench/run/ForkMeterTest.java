package dev.fastio.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The meter's arithmetic on readings as /proc gives them, including a run whose ticks read lower at the end. */
class ForkMeterTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void otherWorkIsTheMachinesBusyTicksLessThisRunsOverTheWallTime() {
        // 2 s in which the machine was busy 300 ticks (3 core-seconds) and this run 100: 1 core of other work
        assertThat(ForkMeter.otherCores(new ForkMeter.Reading(1_000, 500, 0), new ForkMeter.Reading(1_300, 600, 2 * SECOND)))
                .isEqualTo(1.0);
        // all of it this run's: none other
        assertThat(ForkMeter.otherCores(new ForkMeter.Reading(1_000, 500, 0), new ForkMeter.Reading(1_300, 800, 2 * SECOND)))
                .isZero();
    }

    @Test
    void neverMoreThanTheWholeMachineWasBusy() {
        // this run's ticks read 400 lower at the end (a fork exited between the readings, not yet
        // reaped): the machine was busy 200 ticks over 1 s, so at most 2 cores of other work, not 6
        assertThat(ForkMeter.otherCores(new ForkMeter.Reading(1_000, 900, 0), new ForkMeter.Reading(1_200, 500, SECOND)))
                .isEqualTo(2.0);
    }

    @Test
    void noFigureWithoutTwoReadingsInOrder() {
        assertThat(ForkMeter.otherCores(null, new ForkMeter.Reading(1, 1, 1))).isNaN();
        assertThat(ForkMeter.otherCores(new ForkMeter.Reading(1, 1, 5), new ForkMeter.Reading(2, 1, 5))).isNaN();
    }
}
