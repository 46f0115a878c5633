package dev.fastio.bench.read;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * How every read benchmark consumes a stream: 8 KB reads to the end, as a parser would. The sum
 * of the values read goes to the Blackhole so that the reads cannot be optimised away.
 */
final class Drain {
    static final int BUFFER = 8192;

    private Drain() {}

    static long bytes(InputStream in, byte[] buf) throws IOException {
        long sum = 0;
        for (int n; (n = in.read(buf)) >= 0; ) {
            sum += n + buf[0];
        }
        return sum;
    }

    static long chars(Reader in, char[] buf) throws IOException {
        long sum = 0;
        for (int n; (n = in.read(buf)) >= 0; ) {
            sum += n + buf[0];
        }
        return sum;
    }
}
