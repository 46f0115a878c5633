package dev.fastio.bench.data;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.LongConsumer;

/**
 * One generated input file: its name in the data folder, its exact size in bytes, and the
 * generator that writes it. Generation is deterministic: the same name always gives the same
 * bytes.
 */
public record DataFile(String name, long size, Generator generator) {

    /** Writes exactly {@code size} bytes to {@code out}, reporting progress in bytes. */
    @FunctionalInterface
    public interface Generator {
        void write(long size, long seed, OutputStream out, LongConsumer progress) throws IOException;
    }

    /** The seed is derived from the name, so a file's content does not depend on which others exist. */
    public long seed() {
        long h = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * 0x100000001B3L;
        }
        return h;
    }
}
