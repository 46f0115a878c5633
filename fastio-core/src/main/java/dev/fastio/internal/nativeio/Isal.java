package dev.fastio.internal.nativeio;

import dev.fastio.internal.gzip.RawInflater;

/**
 * ISA-L's inflater as JDK 17 to 21 see it: absent. On JDK 22 and later the multi-release jar
 * replaces this class with one that binds {@code libisal.so.2} through the FFM API (source:
 * {@code src/main/java22}).
 */
public final class Isal {
    /** How the decoder is named in messages and the report. */
    public static final String NAME = "ISA-L igzip (libisal.so.2)";

    private Isal() {}

    /** @return why ISA-L cannot be used here: the JDK is older than 22 */
    public static String refusal() {
        return "JDK " + Runtime.version().feature() + " has no FFM API (ISA-L is bound from JDK 22 on)";
    }

    /**
     * Never called on these JDKs.
     *
     * @param inputChunk unused
     * @return never
     */
    public static RawInflater newInflater(int inputChunk) {
        throw new IllegalStateException(refusal());
    }
}
