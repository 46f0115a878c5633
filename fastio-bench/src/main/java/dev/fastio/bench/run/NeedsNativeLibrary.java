package dev.fastio.bench.run;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A benchmark of a library whose native code ships for some platforms only (Intel GKL: Linux and
 * macOS on x86-64). Elsewhere {@link SuiteRunner} leaves it out rather than failing the suite, as
 * it does for a missing program ({@link NeedsTool}; {@link SuiteRunner#shipsHere} decides); the report's claims then judge fastio against
 * the peers that ran. Where the platform is one the library ships for, the benchmark runs, and a
 * library that still fails to load fails it: that is worth seeing.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface NeedsNativeLibrary {
    /** @return the library's name, for messages */
    String value();

    /** @return the {@code os.arch} values its native code ships for */
    String[] arch();

    /** @return the prefixes of the {@code os.name} values its native code ships for */
    String[] os();

    /**
     * @return a CPU feature its native code needs, as Linux names it in {@code /proc/cpuinfo}'s
     *     flags ({@code avx}: a VM whose CPU model lacks it cannot load GKL); empty for none
     */
    String cpuFlag() default "";
}
