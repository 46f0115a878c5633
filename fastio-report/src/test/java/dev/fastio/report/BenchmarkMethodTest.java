package dev.fastio.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BenchmarkMethodTest {
    /** Stands in for a JMH class: two benchmark methods of the two shapes fastio's have. */
    static class SomeBenchmark {
        public long copyWithBuffer() {
            return 1;
        }

        public void readInto(StringBuilder sink) {
            sink.append('x');
        }
    }

    @Test
    void aMethodReferenceGivesTheMethodsName() {
        assertThat(BenchmarkMethod.name(SomeBenchmark::copyWithBuffer)).isEqualTo("copyWithBuffer");
        assertThat(BenchmarkMethod.<SomeBenchmark, StringBuilder>name(SomeBenchmark::readInto)).isEqualTo("readInto");
    }

    @Test
    void aLambdaIsNotAMethodName() {
        assertThatThrownBy(() -> BenchmarkMethod.name((SomeBenchmark b) -> b.copyWithBuffer()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a method reference");
    }
}
