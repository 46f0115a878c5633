package dev.fastio.internal.copy;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The one pattern of the hidden names fastio writes under before a file is put in place:
 * {@code .fastio-<16 hex digits>.tmp}, 28 bytes whatever the destination's name, so a
 * destination name of up to 255 bytes (the usual limit) still works. Only where an unnamed
 * file ({@code O_TMPFILE}, the native layer) cannot be used, or for a moment while replacing, does such a
 * name exist; a process killed then leaves it, and files matching the pattern that no process
 * has open may be deleted.
 */
public final class TemporaryFiles {
    /** The prefix of every temporary name. */
    public static final String PREFIX = ".fastio-";
    /** The suffix of every temporary name. */
    public static final String SUFFIX = ".tmp";

    private TemporaryFiles() {}

    /** A fresh name; the caller creates it exclusively and takes another on a clash. */
    public static String name() {
        String hex = Long.toHexString(ThreadLocalRandom.current().nextLong());
        return PREFIX + "0".repeat(16 - hex.length()) + hex + SUFFIX;
    }
}
