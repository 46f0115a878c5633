package dev.fastio.bench.read;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * How the benchmarks consume a stream: reads of the given buffer to the end, as a parser would
 * (8 KB unless the experiment is about the read size). The sum
 * of the values read goes to the Blackhole so that the reads cannot be optimised away.
 */
public final class Drain {
    public static final int BUFFER = 8192;

    private Drain() {}

    public static long bytes(InputStream in, byte[] buf) throws IOException {
        long sum = 0;
        for (int n; (n = in.read(buf)) >= 0; ) {
            sum += n + buf[0];
        }
        return sum;
    }

    public static long chars(Reader in, char[] buf) throws IOException {
        long sum = 0;
        for (int n; (n = in.read(buf)) >= 0; ) {
            sum += n + buf[0];
        }
        return sum;
    }
}
