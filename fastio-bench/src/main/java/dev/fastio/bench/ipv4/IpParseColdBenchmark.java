package dev.fastio.bench.ipv4;

import dev.fastio.bench.run.FastioBenchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link IpParseBenchmark} as a short-lived process sees it: one parse per fresh JVM, no warm-up
 * ({@code SingleShotTime}), as each of the article's Hadoop tasks does.
 */
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(value = 10, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS})
public class IpParseColdBenchmark extends IpParseBenchmark {}
