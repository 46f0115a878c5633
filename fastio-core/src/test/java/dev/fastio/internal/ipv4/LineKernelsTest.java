package dev.fastio.internal.ipv4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * How the kernel is chosen and what is logged. The choice is a function of the property, whether
 * the module is in the boot layer and the JDK, so most cases run in any JVM; the build also runs
 * the IPv4 tests in a JVM with {@code --add-modules jdk.incubator.vector}
 * ({@code -Dfastio.test.vectorModule=true} there), where the vector kernel must really be chosen.
 */
class LineKernelsTest {
    /** What {@link LineKernels#choose} logged: level, message. */
    private final List<Map.Entry<Level, String>> logged = new ArrayList<>();

    private LineKernels.Choice choose(String asked, boolean modulePresent, int jdk) {
        return LineKernels.choose(asked, modulePresent, jdk, (l, m) -> logged.add(Map.entry(l, m)));
    }

    private String onlyLine(Level level) {
        assertThat(logged).hasSize(1);
        assertThat(logged.get(0).getKey()).isEqualTo(level);
        return logged.get(0).getValue();
    }

    @Test
    void withoutTheModuleAutoIsScalarAndOneDebugLineNamesTheFlag() {
        LineKernels.Choice c = choose(null, false, 25);
        assertThat(c.name()).isEqualTo("scalar");
        assertThat(c.line()).isSameAs(ScalarLineKernel.INSTANCE);
        assertThat(onlyLine(Level.DEBUG)).contains("scalar").contains("--add-modules jdk.incubator.vector");
    }

    @Test
    void withTheModuleBeforeTheMeasuredJdkAutoIsScalarAndSaysWhy() {
        LineKernels.Choice c = choose("auto", true, 17);
        assertThat(c.name()).isEqualTo("scalar");
        assertThat(onlyLine(Level.DEBUG)).contains("JDK 17").contains("-Dfastio.ipv4.kernel=vector");
    }

    @Test
    void forcingTheVectorKernelWithoutTheModuleFallsBackWithAWarningNamingTheFlag() {
        LineKernels.Choice c = choose("vector", false, 25);
        assertThat(c.line()).isSameAs(ScalarLineKernel.INSTANCE);
        assertThat(onlyLine(Level.WARNING)).contains("--add-modules jdk.incubator.vector");
    }

    @Test
    void eachKernelCanBeForced() {
        assertThat(choose("scalar", true, 25).name()).isEqualTo("scalar");
        assertThat(choose(" Block ", false, 17).name()).isEqualTo("block");
        assertThat(choose("block", false, 17).line()).isSameAs(ScalarLineKernel.INSTANCE); // for the lines it refuses
        assertThat(logged).extracting(Map.Entry::getKey).containsOnly(Level.DEBUG);
    }

    @Test
    void anUnknownValueIsAWarningAndChoosesAsAutoDoes() {
        LineKernels.Choice c = choose("simd", false, 25);
        assertThat(c.name()).isEqualTo("scalar");
        assertThat(onlyLine(Level.WARNING)).contains("simd").contains("none of scalar, vector, block, auto");
    }

    @Test
    void namedKernelsAndUnknownNames() {
        assertThat(LineKernels.named("scalar")).get().extracting(LineKernels.Choice::name).isEqualTo("scalar");
        assertThat(LineKernels.named("block")).get().extracting(LineKernels.Choice::name).isEqualTo("block");
        assertThat(LineKernels.named("vector").isPresent()).isEqualTo(LineKernels.vectorModulePresent());
        assertThatThrownBy(() -> LineKernels.named("fast")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fast");
    }

    @Test
    void theSelfCheckCatchesAKernelThatMisreads() {
        assertThat(LineKernels.parsesKnownLines(ScalarLineKernel.INSTANCE)).isTrue();
        LineKernel offByOne = new LineKernel() {
            @Override
            public long line(byte[] b, int i) {
                long r = ScalarLineKernel.INSTANCE.line(b, i);
                return r < 0 ? r : r + 1;
            }

            @Override
            public int chains() {
                return 2;
            }

            @Override
            public String name() {
                return "broken";
            }
        };
        assertThat(LineKernels.parsesKnownLines(offByOne)).isFalse();
        LineKernel acceptsAll = new LineKernel() {
            @Override
            public long line(byte[] b, int i) {
                long r = ScalarLineKernel.INSTANCE.line(b, i);
                return r < 0 ? (long) (i + 9) << 32 : r; // takes "01.2.3.4", a leading zero
            }

            @Override
            public int chains() {
                return 2;
            }

            @Override
            public String name() {
                return "lax";
            }
        };
        assertThat(LineKernels.parsesKnownLines(acceptsAll)).isFalse();
    }

    /** This JVM, as started: without the module, the scalar kernel (or what the property forces). */
    @Test
    void theJvmsOwnChoiceFollowsTheModuleAndTheJdk() {
        LineKernels.Choice c = LineKernels.chosen();
        String forced = System.getProperty(LineKernels.PROPERTY);
        if (forced == null) {
            boolean vector = LineKernels.vectorModulePresent() && Runtime.version().feature() >= LineKernels.VECTOR_FROM_JDK;
            assertThat(c.name()).isEqualTo(vector ? "vector" : "scalar");
        }
    }

    /** The build's second test run adds the module: the vector kernel must be there, and exact on its self-check. */
    @Test
    @EnabledIfSystemProperty(named = "fastio.test.vectorModule", matches = "true")
    void withTheModuleTheVectorKernelRuns() {
        assertThat(LineKernels.vectorModulePresent()).isTrue();
        LineKernels.Choice v = LineKernels.named("vector").orElseThrow();
        assertThat(v.line()).isInstanceOf(VectorLineKernel.class);
        assertThat(choose("vector", true, Runtime.version().feature()).line()).isInstanceOf(VectorLineKernel.class);
        assertThat(choose(null, true, 25).line()).isInstanceOf(VectorLineKernel.class);
        assertThat(choose(null, true, 25).why()).contains("jdk.incubator.vector is in the boot layer");
        assertThat(LineKernelTest.kernels()).extracting(LineKernel::name).containsExactly("scalar", "vector");
    }
}
