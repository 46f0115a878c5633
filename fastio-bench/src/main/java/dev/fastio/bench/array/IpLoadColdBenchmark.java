package dev.fastio.bench.array;

import dev.fastio.bench.run.FastioBenchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Article 001's real case: each Hadoop task loads the list <em>once</em>, in a fresh JVM. One
 * load per fork, no warm-up ({@code SingleShotTime}): the code runs interpreted or freshly
 * compiled, as it does in a short-lived process. Compare with {@link IpLoadBenchmark}'s
 * steady state. Same methods, same file.
 */
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(value = 10, jvmArgs = {FastioBenchmark.HEAP_MIN, FastioBenchmark.HEAP_MAX, FastioBenchmark.PRE_TOUCH, FastioBenchmark.NATIVE_ACCESS})
public class IpLoadColdBenchmark extends IpLoadBenchmark {}
