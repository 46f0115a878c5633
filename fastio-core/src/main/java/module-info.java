/**
 * fastio: file I/O the way measured fastest on the JDK it runs on. The exported packages are what
 * users call, one per job; {@code dev.fastio.buffer}, {@code dev.fastio.parallel} and
 * {@code dev.fastio.internal} are mechanism shared among them and are not exported. (The
 * benchmarks race strategies by name on the class path, where a module descriptor hides nothing.)
 */
module dev.fastio {
    requires com.github.benmanes.caffeine;

    exports dev.fastio.read;
    exports dev.fastio.array;
    exports dev.fastio.ipv4;
    exports dev.fastio.cache;
    exports dev.fastio.copy;
    exports dev.fastio.gzip;
}
