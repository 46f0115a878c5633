package dev.fastio.bench.run;

import dev.fastio.internal.nativeio.NativeDecoder;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A benchmark of fastio with one native deflate decoder forced ({@code -Dfastio.gzip.inflater=…}),
 * which fails where the native layer cannot bind it (JDK 17 to 21, or the Debian package not
 * installed). {@link SuiteOptions} leaves it out there, as it does a missing program
 * ({@link NeedsTool}); the report then shows the claims that read it as not measured. The
 * runner asks its own native layer, which the {@code fastio} launcher starts with native access
 * on JDK 22+, as the benchmark's forks are.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface NeedsNativeDecoder {
    /** @return the decoder the benchmark forces */
    NativeDecoder value();
}
