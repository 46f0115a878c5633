/**
 * fastio: file I/O the way measured fastest on the JDK it runs on. The exported packages are what
 * users call, one per job. Everything under {@code dev.fastio.internal} is mechanism (the open and
 * copy strategies, the buffer pool, the part runner, file sizes) and is not exported. (The
 * benchmarks race strategies by name on the class path, where a module descriptor hides nothing.)
 */
module dev.fastio {
    requires com.github.benmanes.caffeine;
    // the native layer's binding on JDK 17 to 21 (an automatic module; resolving it resolves its
    // natives jar, org.jnrproject.jffi.nativelibs, with it)
    requires org.jnrproject.jffi;

    exports dev.fastio.read;
    exports dev.fastio.array;
    exports dev.fastio.ipv4;
    exports dev.fastio.cache;
    exports dev.fastio.copy;
    exports dev.fastio.gzip;

    // fastio-hadoop loads arrays by the same rules, through the same pooled buffers and part runner
    exports dev.fastio.internal to dev.fastio.hadoop;
    exports dev.fastio.internal.array to dev.fastio.hadoop;
    exports dev.fastio.internal.cache to dev.fastio.hadoop;
    exports dev.fastio.internal.buffer to dev.fastio.hadoop;
    exports dev.fastio.internal.parallel to dev.fastio.hadoop;
    exports dev.fastio.internal.ipv4 to dev.fastio.hadoop;
    exports dev.fastio.internal.version to dev.fastio.hadoop;
}
