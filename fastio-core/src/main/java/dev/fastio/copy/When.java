package dev.fastio.copy;

/**
 * The three answers {@code cp} accepts for {@code --sparse=WHEN} and {@code --reflink=WHEN}, used
 * by {@link CopyOptions#sparse(When)} and {@link CopyOptions#reflink(When)} with the same
 * meanings.
 */
public enum When {
    /** Where it helps and is possible; otherwise silently the plain way (the default). */
    AUTO,
    /** Always: for {@code sparse}, every all-zero block becomes a hole; for {@code reflink}, a copy that cannot clone fails. */
    ALWAYS,
    /** Never: for {@code sparse}, holes are written out as zeros; for {@code reflink}, the copy gets its own blocks. */
    NEVER;

    /**
     * Parses {@code auto}, {@code always} or {@code never}, as {@code cp} spells them (any case).
     *
     * @param text the word
     * @return the value it names
     * @throws IllegalArgumentException for any other word, naming the three
     */
    public static When parse(String text) {
        for (When w : values()) {
            if (w.name().equalsIgnoreCase(text)) {
                return w;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not one of auto, always, never");
    }
}
