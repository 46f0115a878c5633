package dev.fastio.bench.cache;

import org.openjdk.jmh.annotations.Threads;

/** {@link FileCacheBenchmark} with two threads sharing one cache (the machine has two cores). */
@Threads(2)
public class FileCacheTwoThreadsBenchmark extends FileCacheBenchmark {}
